"""Servers declared by path items and operations: each its own variable, named by what tells
it apart from the API's server."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.loaders import load_openapi
from generator.loaders.servers import _label
from tests.support.loading import http_binding

HOSTS = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "hosts.yaml"


def test_operations_and_path_items_keep_the_servers_they_declare() -> None:
    spec, diagnostics = load_openapi(HOSTS)
    assert spec.base_url == "https://eu.api.hosts.test/v1"  # {region} at its default
    assert [(s.key, s.url, s.description) for s in spec.servers] == [
        ("BUCKET", "https://media.storage.test", ""),
        ("UPLOADS", "https://uploads.hosts.test/v1", "The upload host"),
        ("V2", "/v2", ""),
    ]
    by_id = {op.id: http_binding(op).server for op in spec.operations}
    # a path item's server serves its operations; the operation's own wins; the API's own
    # server named again is no other server
    assert by_id == {
        "listThings": None,
        "listDrafts": None,
        "getFile": "UPLOADS",
        "putObject": "BUCKET",
        "listReports": "V2",
    }
    [info] = [d for d in diagnostics if d.code == "SERVERS_PER_OPERATION"]
    assert "HOSTS_UPLOADS_BASE_URL (default 'https://uploads.hosts.test/v1'" in info.message
    assert not [d for d in diagnostics if d.code == "SERVER_OVERRIDE_IGNORED"]


def test_a_server_without_a_usable_url_is_kept_and_its_variable_named(tmp_path: Path) -> None:
    spec = tmp_path / "api.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: Signed, version: '1'}\n"
        "servers: [{url: 'https://api.signed.test'}]\npaths:\n"
        "  /upload:\n    put:\n      servers: [{url: 'https://'}]\n"
        "      responses: {'200': {description: ok}}\n"
        "  /agent:\n    post:\n      servers: [{url: 'https://{agent_host}/v1'}]\n"
        "      responses: {'200': {description: ok}}\n",
        encoding="utf-8",
    )
    ir, diagnostics = load_openapi(spec)
    assert [(s.key, s.url) for s in ir.servers] == [
        ("AGENT_HOST", "https://{agent_host}/v1"),
        ("SERVER", "https://"),
    ]
    found = {(d.code, d.pointer, d.hint) for d in diagnostics if d.severity.value == "warning"}
    assert found == {
        (
            "SERVER_VARIABLE_UNDEFINED",
            "/paths/~1agent/post/servers/0/url",
            "Set SIGNED_AGENT_HOST_BASE_URL when running the server.",
        ),
        (
            "SERVER_URL_INCOMPLETE",
            "/paths/~1agent/post/servers/0/url",
            "Set SIGNED_AGENT_HOST_BASE_URL when running the server.",
        ),
        (
            "SERVER_URL_INCOMPLETE",
            "/paths/~1upload/put/servers/0/url",
            "Set SIGNED_SERVER_BASE_URL when running the server.",
        ),
    }


@pytest.mark.parametrize(
    "url, written, main, key",
    [
        (
            "https://uploads.github.com",
            "https://uploads.github.com",
            "https://api.github.com",
            "UPLOADS",
        ),
        (
            "https://inference.do-ai.run",
            "https://inference.do-ai.run",
            "https://api.digitalocean.com",
            "INFERENCE",
        ),
        ("https://chat.twilio.com", "https://chat.twilio.com", "https://api.twilio.com", "CHAT"),
        (
            "https://eu.files.example.com",
            "https://{region}.files.example.com",
            "https://api.example.com",
            "REGION",
        ),
        (
            "https://api.example.com/v2",
            "https://api.example.com/v2",
            "https://api.example.com/v1",
            "V2",
        ),
        ("/upload/v1", "/upload/v1", "https://api.example.com", "UPLOAD_V1"),
        (
            "https://www.partner.org",
            "https://www.partner.org",
            "https://api.example.com",
            "PARTNER",
        ),
    ],
)
def test_the_variable_is_named_by_what_tells_the_server_apart(url, written, main, key) -> None:
    assert _label(url, written, main) == key


def test_the_descriptions_other_servers_are_kept_as_places_redirects_may_lead(
    tmp_path: Path,
) -> None:
    spec = tmp_path / "api.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: Multi, version: '1'}\nservers:\n"
        "  - url: 'https://api.multi.test/v1'\n"
        "  - url: 'https://{region}.multi.test'\n"
        "    variables: {region: {default: eu}}\n"
        "  - url: 'https://{host}'\n"  # no default: no origin to allow
        "  - url: '/relative'\n"
        "paths: {}\n",
        encoding="utf-8",
    )
    ir, _ = load_openapi(spec)
    assert ir.base_url == "https://api.multi.test/v1"
    assert ir.other_urls == ("https://eu.multi.test",)
