"""Reading files: JSON/YAML, broken input as diagnostics with lines, lazy line lookup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from generator.diagnostics import GenerationError, Severity
from generator.loaders.document import load_document, load_openapi_document
from generator.loaders.lines import compose, yaml_events, yaml_line_composed, yaml_line_fast
from generator.loaders.document import split_pointer
from tests.support.paths import GOTIFY, PETSTORE

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "openapi"


def _fails(path: Path) -> tuple[str, int | None, str | None, str]:
    with pytest.raises(GenerationError) as info:
        load_openapi_document(path)
    (diag,) = info.value.diagnostics
    assert diag.severity is Severity.ERROR
    assert diag.file == str(path)
    return diag.code, diag.line, diag.pointer, diag.message


def test_invalid_yaml_names_file_and_line() -> None:
    code, line, _, message = _fails(FIXTURES / "invalid.yaml")
    assert (code, line) == ("DOCUMENT_INVALID_YAML", 9)
    assert "did not find expected key" in message


def test_invalid_json_names_file_and_line() -> None:
    code, line, _, _ = _fails(FIXTURES / "invalid.json")
    assert (code, line) == ("DOCUMENT_INVALID_JSON", 5)


def test_swagger_2_is_refused_with_its_own_code() -> None:
    assert _fails(FIXTURES / "swagger2.yaml")[:3] == ("SWAGGER2_UNSUPPORTED", 1, "/swagger")
    assert _fails(GOTIFY)[:3] == ("SWAGGER2_UNSUPPORTED", 12, "/swagger")


def test_an_openapi_version_past_3_2_is_refused() -> None:
    code, line, pointer, message = _fails(FIXTURES / "v40.yaml")
    assert (code, line, pointer) == ("OPENAPI_VERSION_UNSUPPORTED", 1, "/openapi")
    assert "4.0.0" in message and "3.2.x" in message


def test_a_document_that_is_not_a_mapping_is_refused() -> None:
    assert _fails(FIXTURES / "not_mapping.yaml")[0] == "DOCUMENT_NOT_MAPPING"


def test_a_mapping_without_openapi_is_refused() -> None:
    assert _fails(FIXTURES / "no_openapi.yaml")[0] == "NOT_OPENAPI"


def test_missing_file(tmp_path: Path) -> None:
    assert _fails(tmp_path / "nope.yaml")[0] == "DOCUMENT_NOT_FOUND"


def test_unquoted_version_number_is_refused(tmp_path: Path) -> None:
    spec = tmp_path / "float.yaml"
    spec.write_text("openapi: 3.1\ninfo: {title: x, version: '1'}\npaths: {}\n")
    assert _fails(spec)[:3] == ("OPENAPI_VERSION_INVALID", 1, "/openapi")


def test_yaml_keys_become_strings_and_timestamps_stay_text(tmp_path: Path) -> None:
    spec = tmp_path / "keys.yaml"
    spec.write_text(
        "a:\n  200: ok\n  no: yes\n  2023-09-12: day\n  2XX: x\n  <<: {merged: 1}\nversion: 2023-09-12\n"
    )
    data = load_document(spec).data
    assert data == {
        "a": {"200": "ok", "no": True, "2023-09-12": "day", "2XX": "x", "merged": 1},
        "version": "2023-09-12",
    }
    json.dumps(data)  # JSON-shaped


def test_a_plain_equals_sign_is_text_not_a_yaml_1_1_value_key(tmp_path: Path) -> None:
    """YAML 1.1 tags a plain ``=`` as its "value" key type, which a safe loader cannot build; in
    YAML 1.2 and JSON it is the one-character string (an operator enum: ``['>', <, =, '!=']``).
    A vendor's description (OneSignal's filter relations) did not load at all."""
    spec = tmp_path / "ops.yaml"
    spec.write_text(
        "openapi: 3.0.1\ninfo: {title: x, version: '1'}\npaths: {}\n"
        "components:\n  schemas:\n    Op:\n      type: string\n      enum:\n"
        "      - '>'\n      - <\n      - =\n      - '!='\n"
    )
    data = load_openapi_document(spec).data
    assert data["components"]["schemas"]["Op"]["enum"] == [">", "<", "=", "!="]


def test_json_line_lookup_follows_the_pointer() -> None:
    doc = load_document(CORPUS / "oai.v3.0.petstore.json")
    lines = doc.text.split("\n")
    line = doc.line_of("/paths/~1pets~1{petId}/get/parameters/0")
    assert line is not None
    assert '"name": "petId"' in lines[line - 1] or '"name": "petId"' in lines[line]
    pet = doc.line_of("/components/schemas/Pet")
    assert pet is not None and '"Pet":' in lines[pet - 1]
    # a pointer that goes past what exists gives the deepest existing node
    assert doc.line_of("/components/schemas/Pet/nothing/here") == doc.line_of(
        "/components/schemas/Pet"
    )
    assert doc.line_of("") == 1


def test_yaml_line_lookup_matches_the_composed_document() -> None:
    """The fast indentation scan agrees with libyaml's marks on every operation, parameter
    and response of a real 285 KB spec (block style with sequences at the parent's indent)."""
    doc = load_document(CORPUS / "spotify.fixed.yaml")
    root = compose(doc.text)
    events = yaml_events(doc.text)
    pointers = ["/info/title", "/components/schemas", "/nothing"]
    for path, item in doc.data["paths"].items():
        escaped = path.replace("~", "~0").replace("/", "~1")
        for method, op in item.items():
            pointers.append(f"/paths/{escaped}/{method}")
            for index, _ in enumerate(op.get("parameters", [])):
                pointers.append(f"/paths/{escaped}/{method}/parameters/{index}")
            for code in op.get("responses", {}):
                pointers.append(f"/paths/{escaped}/{method}/responses/{code}")
    assert len(pointers) > 300
    for pointer in pointers:
        tokens = split_pointer(pointer)
        assert yaml_line_fast(events, tokens) == yaml_line_composed(root, tokens), pointer


def test_yaml_flow_style_falls_back_to_composing(tmp_path: Path) -> None:
    spec = tmp_path / "flow.yaml"
    spec.write_text("a:\n  b: {c: 1,\n    d: 2}\n  e:\n    - f\n    - {g: 1}\n")
    doc = load_document(spec)
    assert doc.line_of("/a/b/d") == 3
    assert doc.line_of("/a/e/1/g") == 6
    assert doc.line_of("/a/e/0") == 5


def test_line_lookup_is_lazy_and_cached() -> None:
    doc = load_document(PETSTORE)
    assert doc._events is None and doc._yaml_root is None
    line = doc.line_of("/paths/~1pets/get")
    assert line is not None and doc.text.split("\n")[line - 1].strip() == "get:"
    assert doc._events is not None and doc._yaml_root is None
    assert doc.line_of("/paths/~1pets/get") == line


def test_the_same_file_loads_identically_as_yaml_and_json() -> None:
    as_yaml = load_document(PETSTORE).data
    as_json = load_document(CORPUS / "oai.v3.0.petstore.json").data
    assert as_yaml["paths"].keys() == as_json["paths"].keys()
    assert yaml.safe_dump(as_yaml["components"], sort_keys=True) == yaml.safe_dump(
        as_json["components"], sort_keys=True
    )


def test_an_exponent_without_a_dot_is_a_number_as_yaml_1_2_and_json_read_it(
    tmp_path: Path,
) -> None:
    # YAML 1.1 read ``minimum: 1e-08`` as a string: the tool's input schema was invalid
    spec = tmp_path / "openapi.yaml"
    spec.write_text(
        "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n"
        "x-numbers: {tiny: 1e-08, big: 2E6, signed: -3e+2, dotted: 1.5e3, quoted: '1e-08', "
        "word: e5, day: 2023-09-12}\n",
        encoding="utf-8",
    )
    numbers = load_openapi_document(spec).data["x-numbers"]
    assert numbers == {
        "tiny": 1e-08,
        "big": 2e6,
        "signed": -300.0,
        "dotted": 1500.0,
        "quoted": "1e-08",
        "word": "e5",
        "day": "2023-09-12",
    }
    assert isinstance(numbers["tiny"], float)
