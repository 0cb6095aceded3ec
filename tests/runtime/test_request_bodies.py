"""Request bodies other than JSON and forms: multipart (files from a path or base64 content),
bytes, text and XML built from the schema; XML responses read into the tree JSON would give."""

from __future__ import annotations

import base64
import email.parser
import email.policy
from pathlib import Path

import pytest

from generator.runtime.config.auth import RequestAuth
from generator.runtime.errors import InvalidArguments
from generator.runtime.model import Binding, Limits, Param, ResponseConfig, Tool
from generator.runtime.config.uploads import UploadPolicy
from generator.runtime.upstream.http_call import build_request
from generator.runtime.upstream.xml_body import XmlBodyError, build_xml, parse_xml

NO_AUTH = RequestAuth({}, {}, {})
BASE = "https://api.example.test"


def tool(params, content_type, method="POST", xml=None, response=ResponseConfig()) -> Tool:
    return Tool(
        name="t",
        title="t",
        description="",
        input_schema={"type": "object"},
        annotations={},
        binding=Binding("http", method, "/upload", content_type, xml=xml),
        params=tuple(params),
        response=response,
        limits=Limits(),
    )


def parts_of(body: bytes | None, content_type: str) -> list[tuple[object, ...]]:
    """(name, filename, content type, bytes) of each part, read by the standard library."""
    assert body is not None
    head = f"Content-Type: {content_type}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body)
    assert message.is_multipart()
    return [
        (
            part.get_param("name", header="content-disposition"),
            part.get_filename(),
            part.get_content_type(),
            part.get_payload(decode=True),
        )
        for part in message.iter_parts()
    ]


ATTACH = (
    Param("pictures", "body", "pictures", True, file="bytes", content_type="image/png"),
    Param("meta", "body", "meta"),
    Param("tags", "body", "tags"),
    Param("title", "body", "title"),
)


def test_multipart_sends_files_fields_lists_and_objects_as_parts(tmp_path: Path) -> None:
    (tmp_path / "b.png").write_bytes(b"\x89PNG-from-disk")
    policy = UploadPolicy(folder=str(tmp_path))
    args = {
        "pictures": [
            {"content": base64.b64encode(b"\x89PNG-inline").decode(), "filename": "a.png"},
            {"path": "b.png"},
        ],
        "meta": {"kind": "cover"},
        "tags": ["x", "y"],
        "title": "Two pictures",
    }
    req = build_request(tool(ATTACH, "multipart/form-data"), BASE, args, NO_AUTH, policy)
    content_type = req.headers["Content-Type"]
    assert content_type.startswith("multipart/form-data; boundary=")
    assert parts_of(req.body, content_type) == [
        ("pictures", "a.png", "image/png", b"\x89PNG-inline"),
        ("pictures", "b.png", "image/png", b"\x89PNG-from-disk"),
        ("meta", None, "application/json", b'{"kind":"cover"}'),
        ("tags", None, "text/plain", b"x"),
        ("tags", None, "text/plain", b"y"),
        ("title", None, "text/plain", b"Two pictures"),
    ]


def test_a_path_upload_needs_the_upload_folder_and_stays_inside_it(tmp_path: Path) -> None:
    inside = tmp_path / "uploads"
    inside.mkdir()
    (inside / "ok.txt").write_text("fine")
    (tmp_path / "secret.txt").write_text("not for upload")
    (inside / "link.txt").symlink_to(tmp_path / "secret.txt")
    upload = tool((Param("file", "body", "file", file="bytes"),), "multipart/form-data")

    def send(value, policy):
        return build_request(upload, BASE, {"file": value}, NO_AUTH, policy)

    with pytest.raises(InvalidArguments, match="uploading from a path is off.*_UPLOAD_DIR"):
        send({"path": str(inside / "ok.txt")}, UploadPolicy())
    policy = UploadPolicy(folder=str(inside), env="DEMO")
    assert b"fine" in send({"path": "ok.txt"}, policy).body
    for escape in ("../secret.txt", str(tmp_path / "secret.txt"), "link.txt"):
        with pytest.raises(InvalidArguments, match="outside DEMO_UPLOAD_DIR"):
            send({"path": escape}, policy)
    with pytest.raises(InvalidArguments, match="there is no file 'gone.txt'"):
        send({"path": "gone.txt"}, policy)
    with pytest.raises(InvalidArguments, match="is a folder"):
        send({"path": "."}, policy)
    (inside / "locked.txt").write_text("x")
    (inside / "locked.txt").chmod(0)
    try:
        import os

        if os.geteuid() != 0:  # root reads any file: the refusal cannot happen
            with pytest.raises(InvalidArguments, match="cannot be read"):
                send({"path": "locked.txt"}, policy)
    finally:
        (inside / "locked.txt").chmod(0o600)


def test_uploads_are_capped_and_their_content_checked(tmp_path: Path) -> None:
    (tmp_path / "big.bin").write_bytes(b"x" * 101)
    upload = tool((Param("file", "body", "file", file="bytes"),), "multipart/form-data")
    policy = UploadPolicy(folder=str(tmp_path), max_bytes=100, env="DEMO")

    def send(value):
        return build_request(upload, BASE, {"file": value}, NO_AUTH, policy)

    with pytest.raises(InvalidArguments, match="larger than 100 bytes .DEMO_MAX_UPLOAD_BYTES"):
        send({"path": "big.bin"})
    with pytest.raises(InvalidArguments, match="larger than 100 bytes"):
        send({"content": base64.b64encode(b"y" * 200).decode()})
    with pytest.raises(InvalidArguments, match="not valid base64"):
        send({"content": "not base64!"})
    with pytest.raises(InvalidArguments, match="exactly one of `content`.*both"):
        send({"content": "eA==", "path": "big.bin"})
    with pytest.raises(InvalidArguments, match="exactly one of `content`.*neither"):
        send({"filename": "a.txt"})
    with pytest.raises(InvalidArguments, match="must be an object"):
        send("big.bin")


def test_a_binary_body_is_the_file_itself_with_its_media_type() -> None:
    body = Param("body", "body_whole", "body", True, file="bytes")
    data = base64.b64encode(b"\x00\x01binary").decode()
    req = build_request(
        tool((body,), "application/octet-stream", "PUT"), BASE, {"body": {"content": data}}, NO_AUTH
    )
    assert (req.body, req.headers["Content-Type"]) == (
        b"\x00\x01binary",
        "application/octet-stream",
    )
    # a range (image/*): the file's own type, as given or guessed from its name
    ranged = tool((body,), "image/*", "PUT")
    req = build_request(ranged, BASE, {"body": {"content": data, "filename": "a.png"}}, NO_AUTH)
    assert req.headers["Content-Type"] == "image/png"
    given = {"content": data, "content_type": "image/webp"}
    assert (
        build_request(ranged, BASE, {"body": given}, NO_AUTH).headers["Content-Type"]
        == "image/webp"
    )
    # a body the description says is base64 text (format: byte) is sent as that text
    text = Param("body", "body_whole", "body", True, file="base64")
    req = build_request(
        tool((text,), "image/jpeg", "PUT"), BASE, {"body": {"content": data}}, NO_AUTH
    )
    assert (req.body, req.headers["Content-Type"]) == (data.encode(), "image/jpeg")
    # an optional body that is not given: nothing sent
    optional = Param("body", "body_whole", "body", False, file="bytes")
    req = build_request(tool((optional,), "application/octet-stream"), BASE, {}, NO_AUTH)
    assert req.body is None and "Content-Type" not in req.headers


def test_a_multipart_body_without_named_parts_is_refused_not_crashed() -> None:
    # multipart/form-data whose schema is a string (Invoice Ninja's preimport: ``type:
    # string, format: binary``): no part to send it as, so a clear refusal, nothing sent
    whole = Param("body", "body_whole", "body", True)
    for value in ("some,csv\n1,2", ["a", "b"]):
        with pytest.raises(InvalidArguments, match="names no parts"):
            build_request(tool((whole,), "multipart/form-data"), BASE, {"body": value}, NO_AUTH)
    # an object body is still sent part by part
    req = build_request(tool((whole,), "multipart/form-data"), BASE, {"body": {"a": "1"}}, NO_AUTH)
    assert parts_of(req.body, req.headers["Content-Type"]) == [("a", None, "text/plain", b"1")]


def test_a_text_body_is_sent_as_written() -> None:
    body = Param("body", "body_whole", "body", True)
    req = build_request(tool((body,), "text/plain"), BASE, {"body": "Hello **world**"}, NO_AUTH)
    assert (req.body, req.headers["Content-Type"]) == (b"Hello **world**", "text/plain")


PET_LAYOUT = {
    "name": "pet",
    "prefix": "p",
    "ns": "https://example.test/pets",
    "type": "object",
    "properties": {
        "id": {"attribute": True, "type": "integer"},
        "photoUrls": {"name": "photos", "wrapped": True, "type": "array", "items": {"name": "url"}},
        "tags": {"type": "array", "items": {"name": "tag", "type": "object"}},
        "vaccinated": {"type": "boolean"},
    },
}


def test_an_xml_body_follows_the_schema_names_attributes_and_wrapped_arrays() -> None:
    params = [Param(n, "body", n) for n in ("id", "name", "photoUrls", "tags", "vaccinated")]
    xml_tool = tool(params, "application/xml", xml=PET_LAYOUT)
    args = {
        "id": 7,
        "name": "Rex & <Co>",
        "photoUrls": ["https://a.test/1.png", "https://a.test/2.png"],
        "tags": [{"label": "good"}, {"label": "loud"}],
        "vaccinated": True,
    }
    req = build_request(xml_tool, BASE, args, NO_AUTH)
    assert req.headers["Content-Type"] == "application/xml"
    assert req.body == (
        b"<?xml version='1.0' encoding='utf-8'?>\n"
        b'<p:pet xmlns:p="https://example.test/pets" id="7"><name>Rex &amp; &lt;Co&gt;</name>'
        b"<photos><url>https://a.test/1.png</url><url>https://a.test/2.png</url></photos>"
        b"<tag><label>good</label></tag><tag><label>loud</label></tag>"
        b"<vaccinated>true</vaccinated></p:pet>"
    )
    # and it reads back into the same tree
    assert parse_xml(req.body.decode(), PET_LAYOUT) == args
    # an XML document given as text is sent as written
    whole = tool([Param("body", "body_whole", "body", True)], "text/xml")
    assert build_request(whole, BASE, {"body": "<a>1</a>"}, NO_AUTH).body == b"<a>1</a>"


def test_an_xml_response_is_read_into_the_tree_json_would_give() -> None:
    text = """<?xml version="1.0"?>
    <ListResult xmlns="https://example.test/ns">
      <Item id="1"><Name>First</Name><Size>10</Size></Item>
      <Item id="2"><Name>Second</Name><Size>2.5</Size></Item>
      <NextMarker>abc</NextMarker>
      <Note lang="en">mixed</Note>
    </ListResult>"""
    assert parse_xml(text) == {  # no layout: every value a string, repeated elements a list
        "Item": [
            {"id": "1", "Name": "First", "Size": "10"},
            {"id": "2", "Name": "Second", "Size": "2.5"},
        ],
        "NextMarker": "abc",
        "Note": {"lang": "en", "text": "mixed"},
    }
    layout = {
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {
                    "name": "Item",
                    "type": "object",
                    "properties": {
                        "id": {"attribute": True, "type": "integer"},
                        "Size": {"type": "number"},
                    },
                },
            }
        },
    }
    one = text.replace('<Item id="2"><Name>Second</Name><Size>2.5</Size></Item>', "")
    assert parse_xml(one, layout)["items"] == [{"id": 1, "Name": "First", "Size": 10}]


@pytest.mark.parametrize(
    "hostile, reason",
    [
        (
            '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>'
            "<lolz>&lol2;</lolz>",
            "DTD",
        ),
        (
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>',
            "DTD",
        ),
        ("<a><b></a>", "not well-formed"),
    ],
)
def test_xml_with_entities_or_broken_markup_is_refused(hostile: str, reason: str) -> None:
    with pytest.raises(XmlBodyError, match=reason):
        parse_xml(hostile)


def test_building_xml_without_a_layout_names_elements_after_keys() -> None:
    assert build_xml({"a": 1, "b": [True, None], "c": None}, None, "root") == (
        b"<?xml version='1.0' encoding='utf-8'?>\n<root><a>1</a><b>true</b><b /></root>"
    )


@pytest.mark.parametrize(
    "name", ["x/><role>admin</role><y", "a:role", "xmlns", "XMLNS", "1st", "has space", "-x", ""]
)
def test_member_names_the_schema_does_not_describe_must_be_plain_xml_names(name: str) -> None:
    pet = tool(
        (Param("extra", "body", "extra"),),
        "application/xml",
        xml={"name": "pet", "properties": {"extra": {"type": "object"}}},
    )
    with pytest.raises(InvalidArguments, match=r"Argument 'extra'.*nothing was sent"):
        build_request(pet, BASE, {"extra": {"ok": {name: "v"}}}, NO_AUTH)
    sent = build_request(pet, BASE, {"extra": {"ok": {"é_1.x-y": "<v>"}}}, NO_AUTH)
    assert sent.body is not None and sent.body.endswith(
        b"<pet><extra><ok><\xc3\xa9_1.x-y>&lt;v&gt;</\xc3\xa9_1.x-y></ok></extra></pet>"
    )


def test_a_value_xml_cannot_carry_is_refused_and_a_huge_integer_is_a_clear_error() -> None:
    pet = tool((Param("name", "body", "name"),), "application/xml", xml={"name": "pet"})
    with pytest.raises(InvalidArguments, match=r"Argument 'name': its value holds '\\x00'"):
        build_request(pet, BASE, {"name": "Rex\x00"}, NO_AUTH)
    layout = {"properties": {"id": {"type": "integer"}}}
    assert parse_xml("<pet><id>12</id></pet>", layout) == {"id": 12}
    with pytest.raises(XmlBodyError, match="integer of 4301 digits, more than the 4300"):
        parse_xml(f"<pet><id>{'9' * 4301}</id></pet>", layout)
