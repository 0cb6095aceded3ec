"""Loading an overlay: strict schema, diagnostics with codes, lines and suggestions."""

from __future__ import annotations

import textwrap

import pytest

from generator.diagnostics import GenerationError, Severity
from generator.ir.models import ShapingLimits
from generator.overlays import AuthEntry, load_overlay, parse_overlay


def parse(text: str):
    return parse_overlay(textwrap.dedent(text).lstrip("\n"), "ov.yaml")


def codes(diags) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in diags]


def test_empty_file_is_a_valid_empty_overlay(write):
    overlay, diags = load_overlay(write(""))
    assert diags == []
    assert overlay.operations == () and overlay.select is None and overlay.auth is None
    assert overlay.file.endswith("overlay.yaml")


def test_comment_only_file_is_empty():
    overlay, diags = parse("# nothing yet\n# name: x\n")
    assert diags == [] and overlay.name is None


def test_null_sections_mean_absent():
    overlay, diags = parse("""
        defaults:
        select:
        operations:
          listPets:
        """)
    assert diags == []
    assert overlay.defaults == ShapingLimits()
    assert [o.key for o in overlay.operations] == ["listPets"]


def test_full_overlay_parses_every_key():
    overlay, diags = parse("""
        name: petstore
        version: 1.10
        title: Petstore
        description: Pets, shaped.
        base_url: https://petstore.example/v1
        auth:
          - type: bearer
            env: GITHUB_TOKEN
          - type: api_key
            env: PET_KEY
            in: query
            name: api_key
          - type: basic
            env: [PET_USER, PET_PASS]
        defaults:
          max_chars: 200
          max_chars_detailed: 5000
          truncation_marker: "… [{cut} more]"
          chunk_threshold_tokens: 10000
          chunk_tokens: 8000
          encoding: cl100k_base
          continuation_ttl: 60
        select:
          include: [listPets, "tag:pets", "path:/repos/*", "method:get"]
          exclude: ["issues/*"]
        resources:
          Pet: {include: [id, name], exclude: [tag]}
        operations:
          listPets:
            tool_name: list_pets
            title: List pets
            description: Lists pets.
            include: [id, owner.login]
            exclude: [tag]
            collection: ""
            max_chars: 100
          showPetById:
            collection: null
        """)
    assert diags == []
    assert overlay.name == "petstore" and overlay.version == "1.10"
    assert overlay.base_url == "https://petstore.example/v1"
    assert overlay.auth == (
        AuthEntry("bearer", ("GITHUB_TOKEN",), pointer="/auth/0"),
        AuthEntry("api_key", ("PET_KEY",), "query", "api_key", pointer="/auth/1"),
        AuthEntry("basic", ("PET_USER", "PET_PASS"), pointer="/auth/2"),
    )
    assert overlay.defaults == ShapingLimits(
        200, 5000, "… [{cut} more]", 10000, 8000, "cl100k_base", 60
    )
    assert overlay.select is not None
    assert overlay.select.include == ("listPets", "tag:pets", "path:/repos/*", "method:get")
    assert overlay.select.exclude == ("issues/*",)
    (pet,) = overlay.resources
    assert (pet.name, pet.include, pet.exclude) == ("Pet", ("id", "name"), ("tag",))
    first, second = overlay.operations
    assert first.tool_name == "list_pets" and first.include == ("id", "owner.login")
    assert first.collection_set and first.collection == ""
    assert first.limits == ShapingLimits(max_chars=100)
    assert second.collection_set and second.collection is None
    assert overlay.line_of("/operations/listPets/include/1") == 33
    assert overlay.line_of("/operations/showPetById/nothing/here") == 37


def test_unknown_keys_at_every_level_with_suggestions():
    _, diags = parse("""
        titel: x
        defaults:
          max_char: 10
        select:
          includes: [a]
        resources:
          Pet: {inclde: [id]}
        operations:
          listPets:
            tool_nme: x
            zzz: 1
        auth:
          - type: bearer
            env: T
            scope: x
        """)
    assert codes(diags) == [
        ("OVERLAY_UNKNOWN_KEY", 1),
        ("OVERLAY_UNKNOWN_KEY", 3),
        ("OVERLAY_UNKNOWN_KEY", 5),
        ("OVERLAY_UNKNOWN_KEY", 7),
        ("OVERLAY_UNKNOWN_KEY", 10),
        ("OVERLAY_UNKNOWN_KEY", 11),
        ("OVERLAY_UNKNOWN_KEY", 15),
    ]
    hints = [d.hint for d in diags]
    assert hints[:5] == [
        "did you mean 'title'?",
        "did you mean 'max_chars'?",
        "did you mean 'include'?",
        "did you mean 'include'?",
        "did you mean 'tool_name'?",
    ]
    assert hints[5] is not None and hints[5].startswith("allowed keys:")
    assert all(d.severity is Severity.ERROR and d.file == "ov.yaml" for d in diags)
    assert diags[4].pointer == "/operations/listPets/tool_nme"


def test_wrong_types():
    _, diags = parse("""
        title: [a]
        defaults:
          max_chars: "300"
          chunk_tokens: true
        select: [listPets]
        resources: nope
        operations:
          listPets:
            include: 5
            collection: 3
          showPetById: [x]
        """)
    assert codes(diags) == [
        ("OVERLAY_TYPE", 1),
        ("OVERLAY_TYPE", 3),
        ("OVERLAY_TYPE", 4),
        ("OVERLAY_TYPE", 5),
        ("OVERLAY_TYPE", 6),
        ("OVERLAY_TYPE", 9),
        ("OVERLAY_TYPE", 10),
        ("OVERLAY_TYPE", 11),
    ]


def test_top_level_must_be_a_mapping():
    _, diags = parse("- a\n- b\n")
    assert codes(diags) == [("OVERLAY_TYPE", 1)]


def test_budgets_must_be_positive():
    overlay, diags = parse("""
        defaults:
          max_chars: -1
          continuation_ttl: 0
        operations:
          listPets:
            max_chars_detailed: -5
        """)
    assert codes(diags) == [("OVERLAY_VALUE", 2), ("OVERLAY_VALUE", 3), ("OVERLAY_VALUE", 6)]
    assert overlay.defaults == ShapingLimits()


def test_chunk_tokens_may_not_exceed_the_threshold():
    _, diags = parse("""
        defaults:
          chunk_tokens: 25000
        operations:
          listPets:
            chunk_threshold_tokens: 30000
          showPetById:
            chunk_threshold_tokens: 1000
            chunk_tokens: 500
          createPets:
            chunk_threshold_tokens: 100
        """)
    # defaults: 25000 > builtin 20000; createPets: inherited 25000 > its 100
    assert codes(diags) == [("OVERLAY_CHUNK_CONFLICT", 2), ("OVERLAY_CHUNK_CONFLICT", 10)]
    assert diags[1].pointer == "/operations/createPets/chunk_threshold_tokens"


def test_unknown_encoding_suggests_the_closest():
    _, diags = parse("defaults:\n  encoding: o200k\n")
    assert codes(diags) == [("OVERLAY_ENCODING_UNKNOWN", 2)]
    assert diags[0].hint == "did you mean 'o200k_base'?"


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("list pets", "did you mean 'list_pets'?"),
        ("x" * 65, "did you mean '" + "x" * 64 + "'?"),
        ("!!", None),
    ],
)
def test_tool_name_syntax(name, hint):
    _, diags = parse(f"operations:\n  listPets:\n    tool_name: '{name}'\n")
    assert codes(diags) == [("OVERLAY_TOOL_NAME_INVALID", 3)]
    if hint:
        assert diags[0].hint == hint


def test_duplicate_keys_are_errors_not_silently_merged():
    overlay, diags = parse("""
        operations:
          listPets:
            max_chars: 10
          listPets:
            max_chars: 20
        """)
    assert codes(diags) == [("OVERLAY_DUPLICATE_KEY", 4)]
    assert "line 2" in diags[0].message
    assert overlay.operations[0].limits.max_chars == 10


def test_invalid_yaml_raises_with_the_line():
    with pytest.raises(GenerationError) as info:
        parse("operations:\n  listPets:\n    include: [id, name\n  other: 1\n")
    (diag,) = info.value.diagnostics
    assert diag.code == "OVERLAY_YAML_INVALID" and diag.line == 4 and diag.file == "ov.yaml"


def test_missing_file_raises(tmp_path):
    with pytest.raises(GenerationError) as info:
        load_overlay(tmp_path / "absent.yaml")
    assert info.value.diagnostics[0].code == "OVERLAY_UNREADABLE"


def test_scalar_values_checked():
    _, diags = parse("""
        name: Pet Store
        base_url: ftp://x
        defaults:
          truncation_marker: "{cut} of {total}"
        resources:
          Pet:
            include: []
        operations:
          listPets:
            include: ["owner..login", ""]
        select:
          include: ["method:FETCH"]
        """)
    assert codes(diags) == [
        ("OVERLAY_VALUE", 1),
        ("OVERLAY_VALUE", 2),
        ("OVERLAY_VALUE", 4),
        ("OVERLAY_VALUE", 7),
        ("OVERLAY_VALUE", 10),
        ("OVERLAY_TYPE", 10),
        ("OVERLAY_VALUE", 12),
    ]


@pytest.mark.parametrize(
    ("entry", "line"),
    [
        ("- type: oauth2\n    env: T", 2),
        ("- type: basic\n    env: ONLY_ONE", 3),
        ("- type: api_key\n    env: K", 2),
        ("- type: bearer\n    env: T\n    in: query", 4),
        ("- type: bearer\n    env: 'NOT-A-VAR'", 3),
        ("- type: api_key\n    env: K\n    name: k\n    in: body", 5),
        ("- env: T", 2),
    ],
)
def test_bad_auth_entries(entry, line):
    overlay, diags = parse(f"auth:\n  {entry}\n")
    assert codes(diags) == [("OVERLAY_VALUE", line)]
    assert overlay.auth == ()


def test_auth_type_suggestion_and_single_mapping_form():
    _, diags = parse("auth:\n  - type: baerer\n    env: T\n")
    assert diags[0].hint == "did you mean 'bearer'?"
    overlay, diags = parse("auth:\n  type: bearer\n  env: T\n")
    assert diags == [] and overlay.auth == (AuthEntry("bearer", ("T",), pointer="/auth/0"),)


def test_yaml_keys_keep_their_text():
    overlay, diags = parse("operations:\n  yes:\n    max_chars: 5\n  200: {}\n")
    assert diags == []
    assert [o.key for o in overlay.operations] == ["yes", "200"]


def test_merge_keys_are_resolved():
    overlay, diags = parse("""
        operations:
          listPets: &small
            max_chars: 50
          showPetById:
            <<: *small
            title: Show
        """)
    assert diags == []
    assert overlay.operations[1].limits.max_chars == 50 and overlay.operations[1].title == "Show"


@pytest.mark.parametrize(
    ("name", "hint"), [("pet_store", "pet-store"), ("Pets", "pets"), ("a--b", "a-b")]
)
def test_name_must_be_a_package_slug(name, hint):
    overlay, diags = parse(f"title: x\nname: {name}\n")
    assert codes(diags) == [("OVERLAY_VALUE", 2)]
    assert diags[0].hint is not None and diags[0].hint.startswith(f"did you mean {hint!r}?")
    assert overlay.name is None
