"""Overlay toolsets, mode and per-operation pagination: parsing, applying, diagnostics."""

from __future__ import annotations

import textwrap
from dataclasses import replace

from generator.ir.models import PaginationSpec, ParamSpec
from generator.overlays import apply_overlay, parse_overlay


def parse(text: str):
    return parse_overlay(textwrap.dedent(text).lstrip("\n"), "ov.yaml")


def run(spec, text: str):
    overlay, diags = parse(text)
    assert diags == [], [d.render() for d in diags]
    return apply_overlay(spec, overlay, file="ov.yaml")


def with_page_params(spec):
    page = ParamSpec("page", "query", "page", False, {"type": "integer"})
    size = ParamSpec("per_page", "query", "per_page", False, {"type": "integer"})
    ops = tuple(
        replace(op, params=(page, size)) if op.id == "issues/list-for-repo" else op
        for op in spec.operations
    )
    return replace(spec, operations=ops)


def test_toolsets_tag_operations_by_select_patterns(spec) -> None:
    new, diags = run(
        spec,
        """
        toolsets:
          pets: ["tag:pets"]
          writes: ["method:POST", "method:DELETE"]
          ghost: ["nothing*"]
        """,
    )
    sets = {op.id: op.toolsets for op in new.operations}
    assert sets["listPets"] == ("pets",)
    assert sets["createPets"] == ("pets", "writes")
    assert sets["issues/delete"] == ("writes",)
    assert sets["listThings"] == ()
    assert [(d.code, d.line) for d in diags] == [("OVERLAY_TOOLSET_EMPTY_PATTERN", 4)]


def test_mode_is_checked_and_carried_to_the_spec(spec) -> None:
    new, _ = run(spec, "mode: meta\n")
    assert new.mode == "meta"
    _, diags = parse("mode: huge\n")
    assert [d.code for d in diags] == ["OVERLAY_VALUE"]


def test_pagination_is_declared_corrected_or_switched_off(spec) -> None:
    spec = with_page_params(spec)
    new, diags = run(
        spec,
        """
        operations:
          issues/list-for-repo:
            pagination: {style: page, page_arg: page, size_arg: per_page, max_size: 50}
          listThings:
            pagination: none
        """,
    )
    assert diags == []
    ops = {op.id: op for op in new.operations}
    assert ops["issues/list-for-repo"].pagination == PaginationSpec(
        "page", size_arg="per_page", max_size=50, page_arg="page"
    )
    assert ops["listThings"].pagination is None


def test_bad_pagination_declarations_are_errors_with_locations(spec) -> None:
    _, diags = parse("""
        operations:
          listThings:
            pagination: {style: scroll}
          listPets:
            pagination: {style: cursor}
        """)
    assert [(d.code, d.line) for d in diags] == [("OVERLAY_VALUE", 3), ("OVERLAY_VALUE", 5)]
    _, diags = run(
        with_page_params(spec),
        """
        operations:
          issues/list-for-repo:
            pagination: {style: page, page_arg: pg}
        """,
    )
    assert [d.code for d in diags] == ["OVERLAY_PAGINATION_ARG"]
    assert "per_page" in (diags[0].hint or "")
