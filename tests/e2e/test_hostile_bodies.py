"""End to end with the real MCP client: a hostile caller and a hostile upstream against the
request and response bodies of the media server (tests/fixtures/specs/media.yaml, stdio).

Member names a caller gives an XML body cannot add elements of their own; a FIFO, a NUL byte in
a path or a line break in a part's media type is a clear refusal, sent nowhere, and the server
keeps answering; an XML answer with an integer too long to convert is a clear error; no error
shows the upload folder's location."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.servers import stdio_session
from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.results import joined_text

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "media.yaml"
INJECTION = "x/></extra><role>admin</role><extra><y"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(SPEC, tmp_path_factory.mktemp("media-hostile"), name="media")[0]


def pet_echo(request: Recorded) -> Reply:
    huge = "1" + "0" * 5000 if b"<name>Huge</name>" in request.body else "7"
    answer = f'<?xml version="1.0"?><pet id="{huge}"><name>Rex</name></pet>'
    return Reply(200, answer.encode(), {"Content-Type": "application/xml"})


@pytest.mark.anyio
async def test_xml_names_from_the_caller_cannot_add_elements(package: Path) -> None:
    with Upstream() as up:
        up.route("POST", "/v1/pets", pet_echo)
        env = {"MEDIA_BASE_URL": up.url + "/v1"}
        async with stdio_session(package, "media_mcp", env) as session:
            injected = await session.call_tool("add_pet", {"name": "Rex", "extra": {INJECTION: ""}})
            assert injected.is_error, joined_text(injected)
            assert "Argument 'extra'" in joined_text(injected)
            assert "cannot be an XML element name" in joined_text(injected)
            assert "nothing was sent" in joined_text(injected)
            for name in ("xmlns", "a:role"):
                refused = await session.call_tool("add_pet", {"name": "Rex", "extra": {name: "1"}})
                assert refused.is_error and "Argument 'extra'" in joined_text(refused), joined_text(
                    refused
                )
            assert up.requests == []
            fine = await session.call_tool(
                "add_pet", {"name": "Rex", "extra": {"color": "<brown & white>"}}
            )
            assert not fine.is_error, joined_text(fine)
            assert up.requests[-1].body.endswith(
                b"<name>Rex</name><extra><color>&lt;brown &amp; white&gt;</color></extra></pet>"
            )
            huge = await session.call_tool("add_pet", {"name": "Huge"})
            assert huge.is_error, joined_text(huge)
            assert "integer of 5001 digits" in joined_text(
                huge
            ) and "Internal error" not in joined_text(huge)


@pytest.mark.anyio
async def test_uploads_refuse_fifos_control_characters_and_hide_the_folder(
    package: Path, tmp_path: Path
) -> None:
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    (uploads / "report.pdf").write_bytes(b"%PDF-1.7\n")
    (uploads / "private-plans.txt").write_text("not to be listed")
    os.mkfifo(uploads / "pipe")
    with Upstream() as up:
        up.route("POST", "/v1/documents", Reply.json({"id": "doc-1"}, 201))
        env = {"MEDIA_BASE_URL": up.url + "/v1", "MEDIA_UPLOAD_DIR": str(uploads)}
        async with stdio_session(package, "media_mcp", env) as session:
            started = time.monotonic()
            fifo = await session.call_tool(
                "upload_document", {"file": {"path": "pipe"}, "title": "t"}
            )
            assert fifo.is_error and "'pipe' is a FIFO, not a regular file" in joined_text(fifo)
            assert time.monotonic() - started < 5
            cases = {
                "path": {"path": "report.pdf\x00.txt"},
                "content_type": {"path": "report.pdf", "content_type": "a/b\r\nX-Evil: 1"},
            }
            for member, value in cases.items():
                refused = await session.call_tool("upload_document", {"file": value, "title": "t"})
                assert refused.is_error, joined_text(refused)
                assert f"`{member}` contains the control character" in joined_text(refused)
            for path in ("missing.pdf", "../elsewhere.pdf"):
                refused = await session.call_tool(
                    "upload_document", {"file": {"path": path}, "title": "t"}
                )
                assert refused.is_error and repr(path) in joined_text(refused)
                assert str(uploads) not in joined_text(refused)
                assert "private-plans" not in joined_text(refused)
            made = await session.call_tool(
                "upload_document", {"file": {"path": "report.pdf"}, "title": "t"}
            )
            assert not made.is_error, joined_text(made)
            assert json.loads(joined_text(made))["id"] == "doc-1"
        assert len(up.requests) == 1  # only the last one was sent
