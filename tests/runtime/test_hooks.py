"""User hooks (the package's hooks.py): optional, found beside the runtime, applied to requests."""

import importlib
import json
import sys
import textwrap
from pathlib import Path

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.executor import ServerRuntime
from generator.runtime.upstream.hooks import NO_HOOKS, Hooks, hooks_module_name, load_hooks
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.results import text_of
from tests.support.upstream import Reply, Upstream

SPEC = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "tools": [
        {
            "name": "get_thing",
            "input_schema": {
                "type": "object",
                "properties": {"id": {"type": "string"}},
                "required": ["id"],
                "additionalProperties": False,
            },
            "binding": {"kind": "http", "method": "GET", "path": "/things/{id}"},
            "params": [{"arg": "id", "location": "path", "wire": "id", "required": True}],
            "response": {"collection_path": None},
        }
    ],
}
TOKEN = "vault-token-0123456789"


def echo_headers(request) -> Reply:
    headers = request.headers
    return Reply.json({"id": headers.get("authorization", ""), "name": headers.get("x-tenant", "")})


def _package(tmp_path: Path, name: str, hooks_source: str | None) -> str:
    pkg = tmp_path / name
    (pkg / "runtime").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "runtime" / "__init__.py").write_text("")
    if hooks_source is not None:
        (pkg / "hooks.py").write_text(textwrap.dedent(hooks_source))
    sys.path.insert(0, str(tmp_path))
    return name


def test_the_hooks_module_is_the_runtimes_sibling() -> None:
    assert hooks_module_name("acme_mcp.runtime") == "acme_mcp.hooks"
    assert hooks_module_name("generator.runtime") == "generator.hooks"


def test_a_missing_hooks_module_means_no_hooks(tmp_path: Path) -> None:
    name = _package(tmp_path, "nohooks_mcp", None)
    try:
        assert load_hooks(f"{name}.hooks") is NO_HOOKS
        assert load_hooks(hooks_module_name("generator.runtime")) is NO_HOOKS  # in the generator
    finally:
        sys.path.remove(str(tmp_path))


def test_an_error_inside_the_hooks_module_is_not_hidden(tmp_path: Path) -> None:
    name = _package(tmp_path, "brokenhooks_mcp", "import not_a_real_module_xyz\n")
    try:
        with pytest.raises(ModuleNotFoundError):
            load_hooks(f"{name}.hooks")
    finally:
        sys.path.remove(str(tmp_path))


def test_hook_functions_are_found(tmp_path: Path) -> None:
    source = """
        def before_request(request):
            request["headers"]["X-Tenant"] = "acme"

        async def auth_headers(tool):
            return {"Authorization": "Bearer %s"}
    """ % TOKEN
    name = _package(tmp_path, "withhooks_mcp", source)
    try:
        hooks = load_hooks(f"{name}.hooks")
        assert hooks.active and hooks.before_request and hooks.auth_headers
    finally:
        sys.path.remove(str(tmp_path))


def _runtime(url: str, hooks: Hooks) -> ServerRuntime:
    model = model_from_json(SPEC)
    return ServerRuntime(
        model, Settings(base_url=url), credentials=CredentialSet(model.credentials, {}), hooks=hooks
    )


@pytest.mark.anyio
async def test_hooks_change_the_request_and_their_secrets_are_redacted() -> None:
    seen: list[str] = []

    def before(request: dict) -> dict:
        seen.append(request["tool"])
        request["headers"]["X-Tenant"] = "acme"
        request["query"].append(("trace", "1"))
        return request

    async def auth(tool: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {TOKEN}"}

    with Upstream() as up:
        up.route("GET", "/things/a", echo_headers)
        rt = _runtime(up.url, Hooks(before_request=before, auth_headers=auth))
        out = await rt.call("get_thing", {"id": "a"})
        await rt.aclose()
        sent = up.requests[0]
    assert not out.is_error, out.parts
    assert seen == ["get_thing"]
    assert sent.headers["x-tenant"] == "acme"
    assert sent.headers["authorization"] == f"Bearer {TOKEN}"
    assert ("trace", "1") in sent.query
    assert TOKEN not in "".join(out.parts)  # echoed back by the upstream, redacted
    assert json.loads(out.parts[0]) == {"id": "[REDACTED]", "name": "acme"}


@pytest.mark.anyio
async def test_a_hook_that_breaks_the_request_is_a_tool_error() -> None:
    def before(request: dict) -> dict:
        request["headers"]["X-Bad"] = "a\r\nInjected: 1"
        return request

    with Upstream() as up:
        up.route("GET", "/things/a", echo_headers)
        rt = _runtime(up.url, Hooks(before_request=before))
        out = await rt.call("get_thing", {"id": "a"})
        await rt.aclose()
        assert up.requests == []
    assert out.is_error and "hooks.py" in out.parts[0]


@pytest.mark.anyio
async def test_without_hooks_the_request_is_unchanged() -> None:
    with Upstream() as up:
        up.route("GET", "/things/a", echo_headers)
        rt = _runtime(up.url, NO_HOOKS)
        out = await rt.call("get_thing", {"id": "a"})
        await rt.aclose()
        assert "x-tenant" not in up.requests[0].headers
    assert not out.is_error


@pytest.mark.anyio
async def test_a_generated_package_runs_its_hooks_py(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mcp import Client

    from generator.pipeline import generate
    from tests.support.paths import SPECS

    target, _ = generate(SPECS / "petstore/openapi.yaml", tmp_path, name="hookdemo")
    (target / "src/hookdemo_mcp/hooks.py").write_text(
        "def before_request(request):\n" "    request['headers']['X-Tenant'] = request['tool']\n"
    )
    monkeypatch.syspath_prepend(str(target / "src"))
    server = importlib.import_module("hookdemo_mcp.server")  # the package generated above

    with Upstream() as up:
        up.route("GET", "/pets", Reply.json([{"id": 1, "name": "Rex"}]))
        monkeypatch.setenv("HOOKDEMO_BASE_URL", up.url)
        async with Client(server.create_server()) as client:
            result = await client.call_tool("list_pets", {})
        assert not result.is_error, text_of(result)
        assert up.requests[0].headers["x-tenant"] == "list_pets"


@pytest.mark.anyio
async def test_graphql_calls_go_through_the_hooks_too(tmp_path: Path) -> None:
    from generator.pipeline import build
    from tests.support.graphql_upstream import swapi_upstream
    from tests.support.paths import SPECS

    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("name: swapi\nauth: []\nselect: {include: [query.allPeople]}\n")
    files = build(SPECS / "swapi/schema.graphql", overlay_path=overlay).files
    schema = tmp_path / "schema.graphql"
    schema.write_bytes(files["src/swapi_mcp/schema.graphql"])
    model = model_from_json(json.loads(files["src/swapi_mcp/spec.json"]))

    def before(request: dict) -> None:
        request["headers"]["X-Tenant"] = "acme"

    with swapi_upstream() as up:
        rt = ServerRuntime(model, Settings(base_url=up.url + "/graphql"), hooks=Hooks(before))
        rt.graphql_schema_path = schema
        out = await rt.call("all_people", {"first": 1})
        await rt.aclose()
        assert not out.is_error, out.parts
        assert up.requests[0].headers["x-tenant"] == "acme"
