"""Overlay ``scopes``: parsed, checked with locations, applied over what the description says."""

from __future__ import annotations

import textwrap

from generator.overlays import apply_overlay, parse_overlay


def parse(text: str):
    return parse_overlay(textwrap.dedent(text).lstrip("\n"), "ov.yaml")


def test_scopes_replace_the_description_scopes_as_one_set_or_alternatives(spec):
    overlay, diags = parse("""
        operations:
          listPets: {scopes: [pets:read]}
          showPetById: {scopes: [[pets:read, pets:admin], [root]]}
          createPets: {scopes: []}
        """)
    assert diags == []
    new, diags = apply_overlay(spec, overlay, file="ov.yaml")
    ops = {op.id: op for op in new.operations}
    assert ops["listPets"].scopes == (("pets:read",),)
    assert ops["showPetById"].scopes == (("pets:read", "pets:admin"), ("root",))
    assert ops["createPets"].scopes == ()
    assert ops["issues/list-for-repo"].scopes == spec.operations[3].scopes


def test_bad_scopes_are_errors_with_their_line(spec):
    _, diags = parse("""
        operations:
          listPets:
            scopes: ["two words", 3, 'quote"d']
          showPetById:
            scopes: "pets:read"
          createPets:
            scopes: [[a], []]
        """)
    found = sorted((d.code, d.pointer, d.line) for d in diags)
    assert found == [
        ("OVERLAY_TYPE", "/operations/listPets/scopes/1", 3),
        ("OVERLAY_TYPE", "/operations/showPetById/scopes", 5),
        ("OVERLAY_VALUE", "/operations/createPets/scopes/1", 7),
        ("OVERLAY_VALUE", "/operations/listPets/scopes/0", 3),
        ("OVERLAY_VALUE", "/operations/listPets/scopes/2", 3),
    ]
    assert "RFC 6749" in next(d.hint for d in diags if d.pointer.endswith("scopes/0"))


def test_confirm_destructive_marks_destructive_tools_and_an_operation_can_say_otherwise(spec):
    overlay, diags = parse("""
        confirm: destructive
        operations:
          createPets: {annotations: {destructive: true}}
          issues/list-for-repo: {annotations: {destructive: true}, confirm: false}
          listPets: {confirm: true}
        """)
    assert diags == []
    new, _ = apply_overlay(spec, overlay, file="ov.yaml")
    confirm = {op.id: op.confirm for op in new.operations}
    assert confirm["createPets"] is True  # destructive after its annotations change
    assert confirm["issues/list-for-repo"] is False  # its own word wins
    assert confirm["listPets"] is True  # not destructive, asked about all the same
    assert confirm["showPetById"] is None  # as the server is told at run time


def test_bad_confirm_values(spec):
    _, diags = parse("""
        confirm: true
        operations:
          listPets: {confirm: "yes please"}
        """)
    found = sorted((d.code, d.pointer, d.line) for d in diags)
    assert found == [
        ("OVERLAY_TYPE", "/operations/listPets/confirm", 3),
        ("OVERLAY_VALUE", "/confirm", 1),
    ]
    assert "destructive" in next(d.hint for d in diags if d.pointer == "/confirm")
