"""Overlay filter sets and adapters: strict loading with lines, pointer checks, the IR result."""

from __future__ import annotations

import textwrap

from generator.ir.models import AdapterSpec, FilterBranchSpec
from generator.overlays import apply_overlay, parse_overlay
from generator.overlays.apply_output import check_pointer
from generator.render.tooldata import server_data
from generator.runtime.model import model_from_json
from tests.overlays.overlay_ir import ISSUE, THINGS

GOOD = """
operations:
  listThings:
    adapters:
      - {name: summary, options: {fields: {key: results.id, more: has_more}}}
      - {name: token_cap, options: {max_tokens: 500}}
  showPetById:
    adapters: [my_pkg.adapters:render, pets_entry_point]
filter_sets:
  default:
    listPets:
      retain: [/name, /owner/login]
      patches:
        - {op: remove, path: /*/owner/id}
  partners:
    listThings:
      - when: [{op: test, path: /has_more, value: true}]
        retain: [/results/id, /has_more, /next_cursor]
      - retain: [/results]
        patches:
          - {op: add, path: /note, value: last page}
          - {op: replace, path: /note, value: the last page}
          - {op: copy, from: /results/0, path: /first}
          - {op: move, from: /first, path: /head}
          - {op: test, path: /results/0/size, value: 1}
"""


def load(text: str):
    return parse_overlay(textwrap.dedent(text).lstrip("\n"), "ov.yaml")


def codes(diags) -> list[tuple[str, int | None, str | None]]:
    return [(d.code, d.line, d.pointer) for d in diags]


def test_filters_and_adapters_reach_the_ir_and_spec_json(spec) -> None:
    overlay, diags = load(GOOD)
    assert diags == []
    assert overlay.filter_sets == ("default", "partners")
    new, diags = apply_overlay(spec, overlay, file="ov.yaml")
    assert diags == [], [d.render() for d in diags]
    assert new.filter_sets == ("default", "partners")
    ops = {op.id: op for op in new.operations}
    assert ops["listPets"].filters == (
        (
            "default",
            (
                FilterBranchSpec(
                    retain=("/name", "/owner/login"),
                    patches=({"op": "remove", "path": "/*/owner/id"},),
                ),
            ),
        ),
    )
    assert ops["showPetById"].adapters == (
        AdapterSpec("my_pkg.adapters:render"),
        AdapterSpec("pets_entry_point"),
    )
    assert ops["listThings"].description.endswith(
        "\nReturns a summary (key, more), at most 500 tokens; pass `fields` to get JSON fields"
        " instead."
    )
    data = server_data(new)
    assert data["filter_sets"] == ["default", "partners"]
    model = model_from_json(data)
    things = model.tool("listThings")
    assert things is not None
    assert things.filters["partners"][0]["when"] == [
        {"op": "test", "path": "/has_more", "value": True}
    ]
    assert things.adapters[1] == {"name": "token_cap", "options": {"max_tokens": 500}}
    pets = model.tool("createPets")
    assert pets is not None and pets.filters == {} and model.filter_sets == ("default", "partners")


def test_malformed_pointers_patches_and_adapters_are_located_errors() -> None:
    _, diags = load("""
        operations:
          listPets:
            adapters: [notion_markdwn, "bad name!", {name: token_cap}, {name: x:y:z}]
        filter_sets:
          none: {}
          default:
            listPets:
              retain: [name, /a~2b]
              patches:
                - {op: mov, path: /a}
                - {op: add, path: /a}
                - {op: copy, path: /a}
                - {op: remove, path: ""}
                - {op: remove, path: /a, extra: 1}
            showPetById: []
            listThings:
              - when: [{op: add, path: /a, value: 1}]
              - {when: [{path: /has_more, value: true}]}
        """)
    assert codes(diags) == [
        ("OVERLAY_ADAPTER_INVALID", 3, "/operations/listPets/adapters/0/name"),
        ("OVERLAY_ADAPTER_INVALID", 3, "/operations/listPets/adapters/1/name"),
        ("OVERLAY_VALUE", 3, "/operations/listPets/adapters/2"),
        ("OVERLAY_ADAPTER_INVALID", 3, "/operations/listPets/adapters/3/name"),
        ("OVERLAY_VALUE", 5, "/filter_sets/none"),
        ("OVERLAY_FILTER_POINTER_INVALID", 8, "/filter_sets/default/listPets/retain/0"),
        ("OVERLAY_FILTER_POINTER_INVALID", 8, "/filter_sets/default/listPets/retain/1"),
        ("OVERLAY_FILTER_PATCH_INVALID", 10, "/filter_sets/default/listPets/patches/0/op"),
        ("OVERLAY_FILTER_PATCH_INVALID", 11, "/filter_sets/default/listPets/patches/1"),
        ("OVERLAY_FILTER_PATCH_INVALID", 12, "/filter_sets/default/listPets/patches/2"),
        ("OVERLAY_FILTER_PATCH_INVALID", 13, "/filter_sets/default/listPets/patches/3/path"),
        ("OVERLAY_UNKNOWN_KEY", 14, "/filter_sets/default/listPets/patches/4/extra"),
        ("OVERLAY_TYPE", 15, "/filter_sets/default/showPetById"),
        ("OVERLAY_VALUE", 17, "/filter_sets/default/listThings/0"),  # no retain/patches
        ("OVERLAY_FILTER_PATCH_INVALID", 17, "/filter_sets/default/listThings/0/when/0/op"),
        ("OVERLAY_VALUE", 18, "/filter_sets/default/listThings/1"),
    ]
    hints = {d.pointer: d.hint for d in diags}
    assert (
        hints["/operations/listPets/adapters/0/name"]
        == "did you mean the built-in 'notion_markdown'?"
    )
    assert hints["/filter_sets/default/listPets/retain/0"] == "did you mean '/name'?"
    assert hints["/filter_sets/default/listPets/patches/0/op"] == "did you mean 'move'?"


def test_pointers_that_cannot_exist_in_the_response_are_located_errors(spec) -> None:
    overlay, diags = load("""
        operations:
          listThings:
            adapters: [{name: summary, options: {fields: {key: results.idd}}}]
        filter_sets:
          default:
            listPets:
              retain: [/nmae, /0/owner/login/x, /owner/login]
              patches:
                - {op: remove, path: /owner}
            listThings:
              when: [{path: /results/id, value: 1}]
              retain: [/results/size, /next_cursor]
            nosuchOp: {retain: [/a]}
        """)
    assert diags == []
    _, diags = apply_overlay(spec, overlay, file="ov.yaml")
    assert codes(diags) == [
        ("OVERLAY_UNKNOWN_FIELD", 3, "/operations/listThings/adapters/0/options/fields/key"),
        ("OVERLAY_FILTER_POINTER_UNKNOWN", 7, "/filter_sets/default/listPets/retain/0"),
        ("OVERLAY_FILTER_POINTER_UNKNOWN", 7, "/filter_sets/default/listPets/retain/1"),
        ("OVERLAY_FILTER_POINTER_UNKNOWN", 9, "/filter_sets/default/listPets/patches/0/path"),
        ("OVERLAY_FILTER_POINTER_UNKNOWN", 11, "/filter_sets/default/listThings/when/0/path"),
        ("OVERLAY_UNKNOWN_OPERATION", 13, "/filter_sets/default/nosuchOp"),
    ]
    hints = [d.hint for d in diags]
    assert hints[1] == "did you mean '/name'?"
    assert hints[3] == "did you mean '/*/owner'?"
    assert hints[4] == "did you mean '/results/*/id'?"
    assert "is a string and has no field 'x'" in diags[2].message


def test_check_pointer_accepts_what_may_exist() -> None:
    issue_list: dict = dict(tree=[ISSUE], collection_path="")
    ok = [
        ("/0/labels/3/name", False),
        ("/*/labels/*/color", False),
        ("/labels/name", True),  # retain: through arrays
        ("/0/pull_request/anything/below", False),  # "any" is open
        ("/0/reactions/x", False),  # an undescribed leaf is open
    ]
    for text, through in ok:
        assert check_pointer(**issue_list, text=text, through_arrays=through) is None, text
    assert check_pointer(**issue_list, text="/labels/name", through_arrays=False) is not None
    assert check_pointer(THINGS, None, "/results/-", through_arrays=False, parent=True) is None
    assert check_pointer(THINGS, None, "/newkey", through_arrays=False, parent=True) is None
    assert check_pointer(THINGS, None, "/nope/x", through_arrays=False, parent=True) is not None
    # a wrapper around a collection is not described: its other fields are accepted
    item = {"id": "string"}
    assert check_pointer(item, "data", "/has_more", through_arrays=False) is None
    assert check_pointer(item, "data", "/data/0/id", through_arrays=False) is None
    assert check_pointer(item, "data", "/data/0/idd", through_arrays=False) is not None
    assert check_pointer(None, None, "/anything", through_arrays=False) is None
