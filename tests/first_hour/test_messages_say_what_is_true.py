"""Messages that say what is true and what to do: a rejected credential, impersonation keys,
selection hints, ``preview --check``, a description given as the overlay, the server's --help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.diagnostics import GenerationError
from generator.pipeline import build, generate
from tests.support.paths import REPO
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream

# The structure of Gitea's Swagger 2.0 security: seven alternatives, two of which impersonate
# another user (a Sudo header and query parameter) and one a second factor for basic auth.
GITEA_LIKE: dict[str, Any] = {
    "swagger": "2.0",
    "info": {"title": "Forge API", "version": "1.0"},
    "basePath": "/api/v1",
    "securityDefinitions": {
        "BasicAuth": {"type": "basic"},
        "Token": {"type": "apiKey", "name": "token", "in": "query"},
        "AccessToken": {"type": "apiKey", "name": "access_token", "in": "query"},
        "AuthorizationHeaderToken": {
            "type": "apiKey",
            "name": "Authorization",
            "in": "header",
            "description": 'API tokens must be prepended with "token" followed by a space.',
        },
        "SudoParam": {
            "type": "apiKey",
            "name": "sudo",
            "in": "query",
            "description": "Sudo API request as the user provided as the key. Admin privileges"
            " are required.",
        },
        "SudoHeader": {
            "type": "apiKey",
            "name": "Sudo",
            "in": "header",
            "description": "Sudo API request as the user provided as the key. Admin privileges"
            " are required.",
        },
        "TOTPHeader": {
            "type": "apiKey",
            "name": "X-FORGE-OTP",
            "in": "header",
            "description": "Must be used in combination with BasicAuth if two-factor"
            " authentication is enabled.",
        },
    },
    "security": [
        {"BasicAuth": []},
        {"Token": []},
        {"AccessToken": []},
        {"AuthorizationHeaderToken": []},
        {"SudoParam": []},
        {"SudoHeader": []},
        {"TOTPHeader": []},
    ],
    "paths": {
        "/repos/{owner}/{repo}": {
            "get": {
                "operationId": "repoGet",
                "tags": ["repository"],
                "parameters": [
                    {"name": "owner", "in": "path", "required": True, "type": "string"},
                    {"name": "repo", "in": "path", "required": True, "type": "string"},
                ],
                "responses": {"200": {"description": "ok", "schema": {"type": "object"}}},
            }
        }
    },
}
SUDO = ("FORGE_SUDO_HEADER", "FORGE_SUDO_PARAM", "FORGE_TOTPHEADER", "FORGE_TOTP_HEADER")


@pytest.fixture(scope="module")
def forge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("forge")
    spec = out / "swagger.yaml"
    spec.write_text(yaml.safe_dump(GITEA_LIKE))
    return generate(spec, out / "build", name="forge")[0]


async def _call_refused(package: Path, env: dict[str, str]) -> tuple[str, list[Any]]:
    with Upstream() as upstream:
        upstream.route("GET", "/api/v1/repos/{owner}/{repo}", Reply.json({"message": "no"}, 401))
        async with stdio_session(
            package, "forge_mcp", {"FORGE_BASE_URL": upstream.url + "/api/v1", **env}
        ) as session:
            result = await session.call_tool("repo_get", {"owner": "o", "repo": "r"})
        assert result.is_error
        return text_of(result), upstream.requests


@pytest.mark.anyio
async def test_a_rejected_credential_says_it_was_set_and_rejected(forge: Path) -> None:
    text, requests = await _call_refused(
        forge, {"FORGE_ACCESS_TOKEN": "tok-0123456789", "FORGE_SUDO_HEADER": "alice"}
    )
    assert "rejected the credentials sent (FORGE_ACCESS_TOKEN, FORGE_SUDO_HEADER are set)" in text
    assert "; set " not in text
    (sent,) = requests  # the token, with the impersonation header beside it
    assert ("access_token", "tok-0123456789") in sent.query and sent.headers["sudo"] == "alice"


@pytest.mark.anyio
async def test_without_credentials_only_real_credentials_are_suggested(forge: Path) -> None:
    text, _ = await _call_refused(forge, {})
    assert "no credentials were sent; set FORGE_BASIC_AUTH_USERNAME and" in text
    assert " or FORGE_TOKEN or FORGE_ACCESS_TOKEN or " in text
    assert not any(name in text for name in SUDO)


def test_impersonation_keys_are_described_as_no_credential_by_themselves(forge: Path) -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "forge_mcp", "--help"],
        env={"PYTHONPATH": str(forge / "src")},
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    text = " ".join(shown.split())
    assert "FORGE_SUDO_HEADER value of the Sudo header, sent along with another credential" in text
    assert "FORGE_ACCESS_TOKEN API key, sent in the access_token query parameter" in text
    assert "no longer supported" not in text


TAGS = [f"area{n:02d}" for n in range(20)] + ["repository", "organization", "user"]


def _tagged_spec(tmp_path: Path) -> Path:
    paths = {
        f"/{tag}": {
            "get": {
                "operationId": f"list_{tag}",
                "tags": [tag],
                "responses": {"200": {"description": "ok"}},
            }
        }
        for tag in TAGS
    }
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Tags", "version": "1"},
        "servers": [{"url": "https://api.example.org"}],
        "paths": paths,
    }
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(document))
    return spec


def test_a_selection_hint_lists_the_closest_tags_first_and_says_how_many_more(
    tmp_path: Path,
) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("select: {exclude: ['tag:repo']}\n")
    result = build(_tagged_spec(tmp_path), overlay_path=overlay, name="tags")
    (found,) = [d for d in result.diagnostics if d.code == "OVERLAY_SELECT_NO_MATCH"]
    assert found.hint is not None
    assert found.hint.startswith("tags, closest first: repository, ")
    assert found.hint.endswith(", ... (11 more)")


def test_a_description_given_as_the_overlay_asks_whether_they_were_swapped(
    tmp_path: Path,
) -> None:
    spec = _tagged_spec(tmp_path)
    with pytest.raises(GenerationError) as raised:
        build(spec, overlay_path=spec, name="tags")
    (error,) = raised.value.diagnostics
    assert error.code == "OVERLAY_IS_DESCRIPTION"
    assert "were SPEC and --overlay swapped?" in error.message


def test_preview_check_failures_come_with_a_hint(tmp_path: Path) -> None:
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Pets", "version": "1"},
        "servers": [{"url": "https://api.example.org"}],
        "paths": {
            "/pets/{id}": {
                "get": {
                    "operationId": "getPet",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "example": {"id": 7, "name": "Rex", "weight_kg": 31}
                                }
                            },
                        }
                    },
                }
            }
        },
    }
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(document))
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("operations: {getPet: {include: [weight_kg]}}\n")
    proc = subprocess.run(
        [sys.executable, "-m", "generator", "preview", str(spec), "--overlay", str(overlay),
         "--check"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 1
    assert "hint: the defaults dropped id, name: add them to the default fields with" in (
        proc.stdout
    )
    assert "`operations: {get_pet: {include: [...]}}` in the overlay" in proc.stdout
    assert "preview --check: 1 tool break" in proc.stderr and "hint above" in proc.stderr


def test_help_names_no_server_that_no_tool_uses(tmp_path: Path) -> None:
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Files", "version": "1"},
        "servers": [{"url": "https://api.example.org"}],
        "paths": {
            "/files": {
                "get": {"operationId": "listFiles", "responses": {"200": {"description": "ok"}}},
                "post": {
                    "operationId": "uploadFile",
                    "servers": [{"url": "https://uploads.example.org"}],
                    "responses": {"201": {"description": "ok"}},
                },
            }
        },
    }
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(document))
    overlay = tmp_path / "overlay.yaml"
    for selection, expected in (("[uploadFile]", True), ("[listFiles]", False)):
        overlay.write_text(f"select: {{include: {selection}}}\n")
        package, _ = generate(spec, tmp_path / selection, overlay_path=overlay, name="files")
        shown = subprocess.run(
            [sys.executable, "-m", "files_mcp", "--help"],
            env={"PYTHONPATH": str(package / "src")},
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout
        text = " ".join(shown.split())
        assert "tool(s) are served by" not in text
        assert ("FILES_UPLOADS_BASE_URL" in text) is expected
        if expected:
            assert "base URL of the server the description gives upload_file" in text
