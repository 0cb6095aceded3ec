"""$ref resolution: other files, cycles, and broken refs reported all at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.bench.multifile import write_multifile_spec
from generator.diagnostics import GenerationError
from generator.loaders import load_openapi
from generator.loaders.document import load_openapi_document
from generator.loaders.refs import RefResolver
from tests.support.loading import file_of

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _ops(path: Path) -> dict:
    spec, _ = load_openapi(path)
    return {op.id: op for op in spec.operations}


def test_refs_into_other_files_resolve_relative_to_the_referring_file() -> None:
    spec, diagnostics = load_openapi(FIXTURES / "cross_file" / "api.yaml")
    assert diagnostics == []
    assert spec.base_url == "https://example.test/api"
    ops = {op.id: op for op in spec.operations}
    assert ops["getItem"].input_schema == {
        "type": "object",
        "properties": {"itemId": {"type": "string", "description": "The item"}},
        "required": ["itemId"],
        "additionalProperties": False,
    }
    # NewItem in models.yaml refers to "#/Color" inside models.yaml
    assert ops["createItem"].input_schema["properties"] == {
        "name": {"type": "string", "description": "The item name"},
        "color": {"type": "string", "enum": ["red", "green"]},
    }
    shape = ops["getItem"].response
    assert shape.schema_name == "Item"
    # allOf merged; `owner` is a whole-file ref (people.yaml)
    assert shape.field_tree == {
        "name": "string",
        "color": "string:enum",
        "id": "integer",
        "owner": {"login": "string", "id": "integer"},
    }


def test_recursive_schemas_become_stubs_in_inputs() -> None:
    ops = _ops(FIXTURES / "circular.yaml")
    assert ops["createNode"].input_schema["properties"] == {
        "name": {"type": "string"},
        "children": {
            "type": "array",
            "items": {"type": "object", "description": "(recursive: Node)"},
        },
        "parent": {
            "type": "object",
            "properties": {
                "node": {"type": "object", "description": "(recursive: Node)"},
                "loop": {"type": "object", "description": "(recursive: Loop)"},
            },
        },
    }


def test_recursive_schemas_give_bounded_field_trees() -> None:
    shape = _ops(FIXTURES / "circular.yaml")["listNodes"].response
    assert shape.collection_path == ""
    assert shape.schema_name == "Node"
    tree = shape.field_tree
    assert tree["name"] == "string"
    assert tree["parent"]["loop"] == "any"  # Loop is allOf itself: cut, not expanded forever

    def depth(node: object) -> int:
        if isinstance(node, list):
            return depth(node[0])
        if isinstance(node, dict):
            return 1 + max((depth(v) for v in node.values()), default=0)
        return 0

    assert depth(tree) == 4


def test_every_broken_ref_is_listed_in_one_error() -> None:
    path = FIXTURES / "dangling.yaml"
    with pytest.raises(GenerationError) as info:
        load_openapi(path)
    found = [(d.code, d.pointer, d.line) for d in info.value.diagnostics]
    assert found == [
        ("REF_DANGLING", "/paths/~1a/get/requestBody", 8),
        ("REF_CYCLE", "/components/schemas/Chain", 32),
        ("REF_CYCLE", "/components/schemas/Chain2", 34),
        ("REF_REMOTE_UNSUPPORTED", "/components/requestBodies/Remote", 37),
    ]
    assert all(d.file == str(path) for d in info.value.diagnostics)
    assert "has no /components/requestBodies" in info.value.diagnostics[0].message


def test_resolved_targets_remember_their_component_name() -> None:
    doc = load_openapi_document(FIXTURES / "circular.yaml")
    resolver = RefResolver(doc)
    target = resolver.deref({"$ref": "#/components/schemas/Parent"}, doc, "")
    assert target.name == "Parent"
    assert target.pointer == "/components/schemas/Parent"
    assert set(target.value["properties"]) == {"node", "loop"}


def test_ref_siblings_are_laid_over_the_target(tmp_path: Path) -> None:
    spec = tmp_path / "siblings.yaml"
    spec.write_text(
        "openapi: 3.1.0\ninfo: {title: s, version: '1'}\npaths: {}\n"
        "components:\n  schemas:\n    A:\n      type: string\n      description: original\n"
    )
    doc = load_openapi_document(spec)
    resolver = RefResolver(doc)
    target = resolver.deref({"$ref": "#/components/schemas/A", "description": "override"}, doc, "")
    assert target.value == {"type": "string", "description": "override"}


def test_a_property_named_dollar_ref_is_not_a_reference(tmp_path: Path) -> None:
    spec = tmp_path / "dollar.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: d, version: '1'}\npaths: {}\n"
        "components:\n  schemas:\n    Member:\n      type: object\n      properties:\n"
        "        $ref:\n          type: string\n"
    )
    spec_ir, diagnostics = load_openapi(spec)
    assert spec_ir.operations == ()
    assert [d.code for d in diagnostics] == ["SERVER_MISSING"]


def test_a_spec_split_over_many_files_loads_every_operation_with_its_schemas(
    tmp_path: Path,
) -> None:
    entry, ops = write_multifile_spec(tmp_path, 40)
    assert sum(1 for _ in tmp_path.rglob("*.yaml")) == 40
    spec, diagnostics = load_openapi(entry)
    assert [d.code for d in diagnostics] == []
    assert len(spec.operations) == ops == 24
    by_id = {op.id: op for op in spec.operations}
    # a path item file's shared parameter comes from ../common/parameters.yaml
    assert by_id["deleteR5"].input_schema["required"] == ["id"]
    shape = by_id["getR5"].response
    assert shape.schema_name == "r5" and shape.field_tree is not None
    # ./r5_status.yaml and ../common/meta.yaml, relative to schemas/r5.yaml
    assert shape.field_tree["status"] == "string:enum"
    assert shape.field_tree["meta"] == {"created": "string:time"}
    assert shape.field_tree["previous"]["id"] == "string"  # schemas/r4.yaml, via ./r4.yaml


def test_each_file_is_loaded_once_however_its_refs_spell_it(tmp_path: Path) -> None:
    entry, _ = write_multifile_spec(tmp_path, 13)
    doc = load_openapi_document(entry)
    resolver = RefResolver(doc)
    resolver.check_all()
    from_root = resolver.lookup("./schemas/r1.yaml", doc)
    from_paths = resolver.lookup("../schemas/r1.yaml", resolver.lookup("paths/r1.yaml", doc).doc)
    from_sibling = resolver.lookup("./r1.yaml", resolver.lookup("schemas/r2.yaml", doc).doc)
    assert from_root.doc is from_paths.doc is from_sibling.doc


def test_a_broken_ref_deep_in_a_multi_file_spec_names_its_file(tmp_path: Path) -> None:
    entry, _ = write_multifile_spec(tmp_path, 16)
    broken = tmp_path / "schemas" / "r3.yaml"
    broken.write_text(broken.read_text().replace("./r3_status.yaml", "./r3_gone.yaml"))
    _, diagnostics = load_openapi(entry)  # a schema in no file: any value, with a warning
    [problem] = [d for d in diagnostics if "REF" in d.code]
    assert (
        problem.code == "SCHEMA_REF_DANGLING" and "r3_gone.yaml: file not found" in problem.message
    )
    assert file_of(problem) == broken
    assert problem.pointer == "/properties/status"
