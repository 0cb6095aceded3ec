"""End to end for Swagger 2.0: packages generated from the OAI 2.0 petstore and the real
Gotify, Harbor and Ory Hydra descriptions (plus a messy fixture with every collectionFormat)
run as real processes, driven by the real MCP client over stdio, against a local upstream.
Asserts on the exact outbound requests: paths, query strings with their array formats,
urlencoded form bodies, JSON bodies and credentials."""

import base64
import email.parser
import email.policy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from generator.pipeline import generate
from tests.support.paths import GENERATED, OPENAPI
from tests.support.servers import package_env, stdio_session
from tests.support.upstream import Reply, Upstream

FIXTURES = Path(__file__).resolve().parents[1] / "loaders" / "fixtures" / "swagger2"
FORM = "application/x-www-form-urlencoded"
SPECS = {
    "petstore2": OPENAPI / "oai.v2.0.petstore.yaml",
    "harbor": OPENAPI / "swagger2.harbor.yaml",
    "hydra": OPENAPI / "swagger2.ory-hydra.json",
    "messy": FIXTURES / "messy.yaml",
}


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("swagger2")
    built = {name: generate(spec, out, name=name)[0] for name, spec in SPECS.items()}
    built["gotify"] = GENERATED / "gotify-mcp"  # the committed example (golden-checked)
    return built


def form_parts(request) -> list[tuple[object, object]]:
    """(name, bytes) of each part of a multipart body, read by the standard library."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request.body)
    return [
        (part.get_param("name", header="content-disposition"), part.get_payload(decode=True))
        for part in message.iter_parts()
    ]


def tool_for(package: Path, method: str, path: str) -> str:
    spec = json.loads(next(package.glob("src/*/spec.json")).read_text())
    (name,) = [
        t["name"]
        for t in spec["tools"]
        if t["binding"]["method"] == method and t["binding"]["path"] == path
    ]
    return name


async def call(session, tool: str, args: dict) -> object:
    result = await session.call_tool(tool, args)
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


@pytest.mark.anyio
async def test_oai_petstore_2_0(packages):
    pets = [{"id": 1, "name": "Rex", "tag": "dog"}, {"id": 2, "name": "Tom"}]
    with Upstream() as up:
        up.route("GET", "/v1/pets", Reply.json(pets))
        up.route("GET", "/v1/pets/{id}", Reply.json(pets[:1]))
        env = {"PETSTORE2_BASE_URL": up.url + "/v1"}
        async with stdio_session(packages["petstore2"], "petstore2_mcp", env) as session:
            names = [t.name for t in (await session.list_tools()).tools]
            assert names[:3] == ["list_pets", "create_pets", "show_pet_by_id"]
            listed = await call(session, "list_pets", {"limit": 2, "fields": ["*"]})
            await call(session, "show_pet_by_id", {"petId": "a/b"})
        assert listed == pets
        first, second = up.requests
        assert (first.method, first.path, first.query) == ("GET", "/v1/pets", [("limit", "2")])
        assert first.headers["accept"] == "application/json" and first.body == b""
        assert (second.method, second.path, second.query) == ("GET", "/v1/pets/a%2Fb", [])


@pytest.mark.anyio
async def test_gotify_form_login_json_message_and_api_keys(packages):
    env_keys = {
        "GOTIFY_BASIC_AUTH_USERNAME": "admin",
        "GOTIFY_BASIC_AUTH_PASSWORD": "s3cret-pass",
        "GOTIFY_CLIENT_TOKEN_HEADER": "C-client-token",
        "GOTIFY_APP_TOKEN_QUERY": "A-app-token",
    }
    with Upstream() as up:
        up.route("POST", "/auth/local/login", Reply.json({"id": 4, "name": "laptop"}))
        up.route("GET", "/message", Reply.json({"messages": [], "paging": {"size": 0}}))
        up.route("POST", "/message", Reply.json({"id": 9, "message": "Disk full"}))
        env = {"GOTIFY_BASE_URL": up.url, **env_keys}
        async with stdio_session(packages["gotify"], "gotify_mcp", env) as session:
            names = {t.name for t in (await session.list_tools()).tools}
            assert {"local_login", "get_messages", "create_message"} <= names
            assert "upload_app_image" in names  # `type: file`: a multipart upload
            login = await call(session, "local_login", {"name": "laptop & desk"})
            await call(session, "get_messages", {"limit": 5})
            await call(
                session, "create_message", {"title": "Alert", "message": "Disk full", "priority": 8}
            )
        assert login == {"id": 4, "name": "laptop"}
        form, listing, created = up.requests
        assert (form.method, form.path, form.query) == ("POST", "/auth/local/login", [])
        assert form.headers["content-type"] == FORM
        assert form.body == b"name=laptop+%26+desk"
        assert form.headers["authorization"] == basic("admin", "s3cret-pass")
        assert (listing.path, listing.query) == ("/message", [("limit", "5")])
        assert listing.headers["x-gotify-key"] == "C-client-token"
        assert "authorization" not in listing.headers
        assert (created.path, created.query) == ("/message", [("token", "A-app-token")])
        assert created.headers["content-type"] == "application/json"
        assert created.json() == {"message": "Disk full", "priority": 8, "title": "Alert"}
        assert created.body == b'{"message":"Disk full","priority":8,"title":"Alert"}'


@pytest.mark.anyio
async def test_hydra_oauth2_token_and_introspection_are_urlencoded_forms(packages):
    token = {"access_token": "at-1", "token_type": "bearer", "expires_in": 3600}
    with Upstream() as up:
        up.route("POST", "/oauth2/token", Reply.json(token))
        up.route("POST", "/admin/oauth2/introspect", Reply.json({"active": True}))
        env = {
            "HYDRA_BASE_URL": up.url,
            "HYDRA_BASIC_USERNAME": "my-client",
            "HYDRA_BASIC_PASSWORD": "client-secret",
        }
        async with stdio_session(packages["hydra"], "hydra_mcp", env) as session:
            args = {
                "grant_type": "authorization_code",
                "client_id": "my-client",
                "code": "abc 123",
                "redirect_uri": "http://127.0.0.1/cb",
            }
            got = await call(session, "oauth2_token_exchange", {**args, "fields": ["*"]})
            await call(session, "introspect_o_auth2_token", {"token": "at-1", "scope": "openid"})
        assert got == token
        exchange, introspect = up.requests
        assert (exchange.method, exchange.path) == ("POST", "/oauth2/token")
        assert exchange.headers["content-type"] == FORM
        assert exchange.body == (
            b"grant_type=authorization_code&code=abc+123"
            b"&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&client_id=my-client"
        )
        assert exchange.headers["authorization"] == basic("my-client", "client-secret")
        assert introspect.path == "/admin/oauth2/introspect"
        assert introspect.body == b"token=at-1&scope=openid"
        assert "authorization" not in introspect.headers  # the spec asks for no credentials


@pytest.mark.anyio
async def test_harbor_csv_array_query_headers_and_base_path(packages):
    jobs = [{"id": 1, "status": "Success", "policy_id": 3}]
    with Upstream() as up:
        up.route("GET", "/api/v2.0/projects/{p}/webhook/jobs", Reply.json(jobs))
        env = {
            "HARBOR_BASE_URL": up.url + "/api/v2.0",
            "HARBOR_BASIC_USERNAME": "robot",
            "HARBOR_BASIC_PASSWORD": "robot-pass",
        }
        async with stdio_session(packages["harbor"], "harbor_mcp", env) as session:
            tools = {t.name for t in (await session.list_tools()).tools}
            assert len(tools) == 204  # 203 operations + harbor_continue
            await call(
                session,
                "list_webhook_jobs",
                {
                    "project_name_or_id": "library",
                    "policy_id": 3,
                    "status": ["Success", "Error"],
                    "X-Request-Id": "req-1",
                },
            )
        (sent,) = up.requests
        assert (sent.method, sent.path) == ("GET", "/api/v2.0/projects/library/webhook/jobs")
        assert sent.query == [("policy_id", "3"), ("status", "Success,Error")]
        assert sent.headers["x-request-id"] == "req-1"
        assert sent.headers["x-is-resource-name"] == "false"  # a header default is sent
        assert sent.headers["authorization"] == basic("robot", "robot-pass")


@pytest.mark.anyio
async def test_every_collection_format_and_form_arrays_on_the_wire(packages):
    items = [{"id": 1, "name": "bolt", "note": None, "owner": {"kind": "u", "login": "ann"}}]
    package = packages["messy"]
    notes_tool = tool_for(package, "PUT", "/items/{id}/notes")
    with Upstream() as up:
        up.route("GET", "/v2/items", Reply.json(items))
        up.route("PUT", "/v2/items/{id}/notes", Reply.json({"ok": True}))
        env = {"MESSY_BASE_URL": up.url + "/v2", "MESSY_KEY": "key-0123"}
        async with stdio_session(package, "messy_mcp", env) as session:
            names = {t.name for t in (await session.list_tools()).tools}
            assert {"upload_photo", "put_manifest"} <= names  # multipart, application/x-yaml
            listed = await call(
                session,
                "list_items",
                {
                    "page_size": 5,
                    "csv": ["a", "b"],
                    "ssv": ["a", "b"],
                    "tsv": [1, 2],
                    "pipes": ["x", "y"],
                    "multi": ["a", "c"],
                    "X-Trace": ["t1", "t2"],
                    "fields": ["*"],
                },
            )
            await call(
                session,
                notes_tool,
                {"id": 7, "text": "hello world", "tags": ["a", "b"], "flags": ["x", "y"]},
            )
        assert listed == items
        listing, form = up.requests
        assert listing.path == "/v2/items"
        assert listing.query == [
            ("page_size", "5"),
            ("csv", "a,b"),
            ("ssv", "a b"),
            ("tsv", "1\t2"),
            ("pipes", "x|y"),
            ("multi", "a"),
            ("multi", "c"),
            ("api_key", "key-0123"),
        ]
        assert listing.headers["x-trace"] == "t1,t2"
        assert (form.method, form.path) == ("PUT", "/v2/items/7/notes")
        # a `type: file` field makes the form multipart; the array formats still hold
        assert form.headers["content-type"].startswith("multipart/form-data; boundary=")
        assert form_parts(form) == [
            ("text", b"hello world"),
            ("tags", b"a,b"),
            ("flags", b"x"),
            ("flags", b"y"),
        ]
        assert form.query == [("api_key", "key-0123")]


@pytest.mark.slow
@pytest.mark.anyio
async def test_the_installed_gotify_package_serves_through_its_console_script(tmp_path: Path):
    source = shutil.copytree(GENERATED / "gotify-mcp", tmp_path / "src-copy")
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
        + [str(source)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    with Upstream() as up:
        up.route("POST", "/auth/local/login", Reply.json({"id": 4, "name": "cli"}))
        env = package_env(
            source,
            {
                "PYTHONPATH": str(target),
                "GOTIFY_BASE_URL": up.url,
                "GOTIFY_BASIC_AUTH_USERNAME": "admin",
                "GOTIFY_BASIC_AUTH_PASSWORD": "s3cret-pass",
            },
        )
        params = StdioServerParameters(command=str(target / "bin" / "gotify-mcp"), env=env)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                assert await call(session, "local_login", {"name": "cli"}) == {
                    "id": 4,
                    "name": "cli",
                }
        (sent,) = up.requests
        assert (sent.path, sent.body) == ("/auth/local/login", b"name=cli")
        assert sent.headers["authorization"] == basic("admin", "s3cret-pass")
