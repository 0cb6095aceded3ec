"""The one reader of a local ``$ref`` (runtime/coercion.py) that the runtime, the judge and the
benchmarks' schema readers share."""

from __future__ import annotations

from generator.runtime.coercion import local_ref_target, resolve_local_ref

ROOT = {
    "$defs": {
        "Pet": {"type": "object", "properties": {"id": {"type": "string"}}},
        "Alias": {"$ref": "#/$defs/Pet"},
        "a~b/c": {"type": "integer"},
        "Loop": {"$ref": "#/$defs/Loop"},
    }
}


def test_a_chain_of_local_refs_is_followed_to_its_end() -> None:
    pet = ROOT["$defs"]["Pet"]
    assert resolve_local_ref({"$ref": "#/$defs/Alias"}, ROOT) is pet
    assert local_ref_target({"$ref": "#/$defs/Alias"}, ROOT) is pet


def test_json_pointer_escapes_are_read() -> None:
    assert local_ref_target({"$ref": "#/$defs/a~0b~1c"}, ROOT) == {"type": "integer"}


def test_a_ref_to_nothing_is_kept_by_the_runtime_and_absent_for_readers() -> None:
    dangling = {"$ref": "#/$defs/Missing"}
    assert resolve_local_ref(dangling, ROOT) is dangling
    assert local_ref_target(dangling, ROOT) is None
    assert local_ref_target({"$ref": "#/$defs/Loop"}, ROOT) is None


def test_non_local_refs_and_plain_values_pass_through() -> None:
    remote = {"$ref": "other.yaml#/Pet"}
    assert local_ref_target(remote, ROOT) is remote
    assert local_ref_target("text", ROOT) == "text"
    assert local_ref_target({"type": "string"}, ROOT) == {"type": "string"}
