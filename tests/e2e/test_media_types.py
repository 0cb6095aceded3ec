"""End to end for request and response media types: a package generated from
tests/fixtures/specs/media.yaml runs as a real process, driven by the real MCP client over stdio,
against a local upstream that reads what it receives: a multipart upload (a file from a path in
the upload folder and fields), a binary body from base64 content, an XML body built from the
schema and an XML answer read into the tree JSON would give; on the way, a 202 with an empty
body, an argument valid under two branches of a oneOf, and path values refused before any
request."""

from __future__ import annotations

import base64
import email.parser
import email.policy
import json
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "media.yaml"
PDF = b"%PDF-1.7\n" + bytes(range(256)) + b"\n%%EOF\n"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(SPEC, tmp_path_factory.mktemp("media"), name="media")[0]


def parts(request: Recorded) -> dict[str, list[tuple[str | None, str, bytes]]]:
    """The parts the upstream received, parsed by the standard library's MIME parser."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request.body)
    found: dict[str, list[tuple[str | None, str, bytes]]] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True)
        assert isinstance(name, str) and isinstance(payload, bytes), part
        found.setdefault(name, []).append((part.get_filename(), part.get_content_type(), payload))
    return found


def stored(request: Recorded) -> Reply:
    received = parts(request)
    filename, content_type, data = received["file"][0]
    assert (filename, content_type, data) == ("report.pdf", "application/pdf", PDF)
    assert received["title"] == [(None, "text/plain", b"Quarterly report")]
    assert received["labels"] == [(None, "text/plain", b"q3"), (None, "text/plain", b"final")]
    assert received["metadata"] == [(None, "application/json", b'{"source":"scanner"}')]
    return Reply.json({"id": "doc-1", "title": "Quarterly report", "size": len(data)}, 201)


def pet_stored(request: Recorded) -> Reply:
    assert request.headers["content-type"] == "application/xml"
    assert request.headers["accept"] == "application/xml"
    assert request.body == (
        b"<?xml version='1.0' encoding='utf-8'?>\n<pet id=\"7\"><name>Rex</name>"
        b"<status>available</status><photos><url>https://img.test/rex.png</url></photos></pet>"
    )
    answer = (
        '<?xml version="1.0"?><pet id="7"><name>Rex</name><status>available</status>'
        "<photos><url>https://img.test/rex.png</url><url>https://img.test/rex2.png</url>"
        "</photos></pet>"
    )
    return Reply(200, answer.encode(), {"Content-Type": "application/xml; charset=utf-8"})


@pytest.mark.anyio
async def test_multipart_binary_and_xml_bodies_reach_the_upstream_as_described(
    package: Path, tmp_path: Path
) -> None:
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    (uploads / "report.pdf").write_bytes(PDF)
    with Upstream() as up:
        up.route("POST", "/v1/documents", stored)
        up.route("PUT", "/v1/documents/{id}/content", Reply(202, b"", {"Location": "/v1/jobs/9"}))
        up.route("POST", "/v1/pets", pet_stored)
        up.route("POST", "/v1/notifications", Reply(202, b"", {}))
        env = {"MEDIA_BASE_URL": up.url + "/v1", "MEDIA_UPLOAD_DIR": str(uploads)}
        async with stdio_session(package, "media_mcp", env) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            file_schema = tools["upload_document"].input_schema["properties"]["file"]
            assert set(file_schema["properties"]) >= {"content", "path"}
            made = await session.call_tool(
                "upload_document",
                {
                    "file": {"path": "report.pdf"},
                    "title": "Quarterly report",
                    "labels": ["q3", "final"],
                    "metadata": {"source": "scanner"},
                    "fields": ["*"],
                },
            )
            assert not made.is_error, text_of(made)
            assert json.loads(text_of(made))["size"] == len(PDF)
            outside = await session.call_tool(
                "upload_document", {"file": {"path": "../secret"}, "title": "x"}
            )
            assert outside.is_error and "outside MEDIA_UPLOAD_DIR" in text_of(outside)
            replaced = await session.call_tool(
                "replace_content",
                {"id": "doc-1", "body": {"content": base64.b64encode(b"new bytes").decode()}},
            )
            assert not replaced.is_error, text_of(replaced)
            # 202 with an empty body: accepted, not an error, and where to look
            assert text_of(replaced) == (
                "Accepted: HTTP 202, the upstream accepted the request; the result is not ready"
                " yet; Location: /v1/jobs/9 (where the result will be)."
            )
            for bad in ("", " ", ".", ".."):  # refused before any request
                refused = await session.call_tool(
                    "replace_content", {"id": bad, "body": {"content": "eA=="}}
                )
                assert refused.is_error and "'id'" in text_of(refused)
            # a value valid under both branches of an overlapping oneOf is accepted
            queued = await session.call_tool(
                "notify", {"recipient": {"email": "ann@example.test"}, "text": "Hi"}
            )
            assert not queued.is_error, text_of(queued)
            assert text_of(queued).startswith("Accepted: HTTP 202")
            pet = await session.call_tool(
                "add_pet",
                {
                    "id": 7,
                    "name": "Rex",
                    "status": "available",
                    "photoUrls": ["https://img.test/rex.png"],
                    "fields": ["*"],
                },
            )
            assert not pet.is_error, text_of(pet)
            assert json.loads(text_of(pet)) == {
                "id": 7,
                "name": "Rex",
                "status": "available",
                "photoUrls": ["https://img.test/rex.png", "https://img.test/rex2.png"],
            }
        sent = [(r.method, r.path) for r in up.requests]
        assert sent == [
            ("POST", "/v1/documents"),  # the refused path sent nothing
            ("PUT", "/v1/documents/doc-1/content"),
            ("POST", "/v1/notifications"),
            ("POST", "/v1/pets"),
        ]
        binary = up.requests[1]
        assert binary.body == b"new bytes"
        assert up.requests[2].json() == {"recipient": {"email": "ann@example.test"}, "text": "Hi"}
        assert binary.headers["content-type"] == "application/octet-stream"
