"""Maps keyed by data (ids, file names) read from a response: the second reading (repair) and
an undescribed response see them as the description's trees do (``{"*": entry}``) and shape
them entry by entry, instead of reading each key as a member of its own."""

from __future__ import annotations

import json

from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value, keyed_by_data

USER = {"login": "string", "id": "integer", "avatar_url": "string:uri", "site_admin": "boolean"}
FILE = {
    "filename": "string",
    "type": "string",
    "language": "string",
    "raw_url": "string:uri",
    "size": "integer",
}
# a shared snippet as described: a legacy person (``user``, sent as null) beside its owner
SNIPPET = {
    "id": "string",
    "description": "string",
    "public": "boolean",
    "created_at": "string:time",
    "updated_at": "string:time",
    "user": USER,
    "owner": USER,
    "files": {"*": FILE},
    "comments": "integer",
}


def _file(name: str, kind: str, size: int) -> dict[str, object]:
    return {
        "filename": name,
        "type": kind,
        "language": kind.split("/")[-1],
        "raw_url": f"https://files.example/raw/{name}",
        "size": size,
    }


def _snippet(ident: str, files: dict[str, dict[str, object]]) -> dict[str, object]:
    return {
        "id": ident,
        "description": "Hello",
        "public": True,
        "created_at": "2020-01-01T00:00:00Z",
        "updated_at": "2020-01-02T00:00:00Z",
        "user": None,
        "owner": {"login": "octocat", "id": 1, "avatar_url": "https://a.example/1.png"},
        "comments": 0,
        "files": files,
    }


BODY = [
    _snippet("aa5a315d", {"hello.py": _file("hello.py", "text/x-python", 120)}),
    _snippet(
        "bb6b426e",
        {
            "README.md": _file("README.md", "text/markdown", 30),
            "main.go": _file("main.go", "text/x-go", 900),
        },
    ),
]


def test_the_second_reading_keeps_a_map_keyed_by_file_names_entry_by_entry() -> None:
    """The description's person (``user``) is null, so the defaults are read again from the
    response: its ``files`` map was read as members named ``hello.py``, ``README.md``, ...,
    none of which the defaults chose, and every file was lost."""
    config = ShapeConfig(
        default_fields=decide_fields([SNIPPET], DefaultsContext(), kind="search", item=True),
        field_tree=SNIPPET,
        collection_path="",
        kind="search",
    )
    result = shape(BODY, config)
    assert result.repaired  # the second reading ran (the first kept nobody)
    items = json.loads(result.chunks[0])
    assert [i["owner"] for i in items] == [{"login": "octocat", "id": 1}] * 2
    assert [sorted(i["files"]) for i in items] == [["hello.py"], ["README.md", "main.go"]]
    for item, sent in zip(items, BODY):
        for name, entry in item["files"].items():
            assert entry["filename"] == name  # each entry shaped as one record
            assert set(entry) < set(sent["files"][name])  # type: ignore[index]


def test_an_entry_the_second_reading_empties_keeps_its_key() -> None:
    """Issue 33: a file whose name, type and language the upstream sent null shaped down to
    ``{}`` and went, key and all: the key (``blob.bin``) is data no other member says. It stays,
    with what the entry read on its own keeps."""
    blob = {**_file("blob.bin", "application/octet-stream", 77), "filename": None}
    blob.update(type=None, language=None)
    body = [
        _snippet(
            "aa5a315d", {"hello.py": _file("hello.py", "text/x-python", 120), "blob.bin": blob}
        )
    ]
    config = ShapeConfig(
        default_fields=decide_fields([SNIPPET], DefaultsContext(), kind="search", item=True),
        field_tree=SNIPPET,
        collection_path="",
        kind="search",
    )
    result = shape(body + BODY[1:], config)
    assert result.repaired
    files = json.loads(result.chunks[0])[0]["files"]
    assert list(files) == ["hello.py", "blob.bin"]  # in the order sent
    assert files["hello.py"] == {"filename": "hello.py"}
    assert files["blob.bin"] and set(files["blob.bin"]) <= {"raw_url", "size"}
    assert files["blob.bin"].get("size") == 77 or files["blob.bin"].get("raw_url")


def test_an_undescribed_answer_keeps_its_map_of_records() -> None:
    for kind, body in (("read", BODY[1]), ("search", BODY[::-1])):
        shaped = json.loads(shape(body, ShapeConfig(kind=kind)).chunks[0])
        one = shaped[0] if isinstance(shaped, list) else shaped
        assert sorted(one["files"]) == ["README.md", "main.go"], kind
        assert one["files"]["main.go"]["filename"] == "main.go", kind


def test_a_map_is_told_by_its_keys_being_data_not_by_its_values_alone() -> None:
    ref = {"ref": "main", "sha": "6dcb09b", "label": "octocat:main"}
    assert not keyed_by_data({"head": ref, "base": dict(ref, ref="dev")})  # two members
    assert not keyed_by_data({"self": {"href": "https://a.example/1"}, "html": {"href": "x"}})
    record = {"name": "a", "state": "ok"}
    for keys in (
        ["1", "2"],  # numbers
        ["3f2a9c1e", "b7d04e22"],  # hexadecimal ids
        ["0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"],  # a UUID
        ["2024-01-01", "2024-01-02"],  # dates
        ["alice@example.com"],  # addresses
        ["eu-west-1.example.net"],  # hosts
    ):
        assert keyed_by_data({k: dict(record) for k in keys}), keys
    # a key its record holds (its own name) is data, whatever it looks like; not when it is
    # the only entry (a wrapper names its one member so as well: ``{"title": {"id": "title"}}``)
    assert keyed_by_data({"alpha": {"name": "alpha", "n": 1}, "beta": {"name": "beta", "n": 2}})
    assert not keyed_by_data({"title": {"id": "title", "type": "title"}})
    # records of different schemas under data-like keys are not one map
    assert not keyed_by_data({"1": {"a": 1, "b": 2}, "2": {"c": 1, "d": 2}})
    tree = field_tree_from_value({"files": {"x.py": _file("x.py", "text/x-python", 1)}}, maps=True)
    assert tree == {"files": {"*": field_tree_from_value(_file("x.py", "text/x-python", 1))}}
    assert "x.py" in field_tree_from_value({"files": {"x.py": {"size": 1}}})["files"]
