"""Applying an overlay to the IR: effects, and the diagnostics that need the description."""

from __future__ import annotations

import textwrap

from generator.diagnostics import Severity
from generator.ir.models import FieldConfig, SecurityScheme, ShapingLimits
from generator.decisions import decide_operations
from generator.overlays import apply_overlay, parse_overlay
from generator.runtime.shaping.defaults import choose_default_fields
from tests.overlays.overlay_ir import THINGS


def run(spec, text: str):
    overlay, diags = parse_overlay(textwrap.dedent(text).lstrip("\n"), "ov.yaml")
    assert diags == [], [d.render() for d in diags]
    new, diags = apply_overlay(spec, overlay, file="ov.yaml")
    return decide_operations(new), diags  # as the pipeline does after the overlay


def codes(diags) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in diags]


def by_id(spec):
    return {op.id: op for op in spec.operations}


def test_empty_overlay_changes_nothing(spec):
    new, diags = run(spec, "")
    assert diags == [] and new == spec


def test_server_level_values(spec):
    new, diags = run(
        spec,
        """
        name: pets
        version: 2.0.0
        title: Pets
        description: Pet things
        base_url: http://127.0.0.1:8080
        defaults:
          max_chars: 120
          encoding: cl100k_base
        """,
    )
    assert diags == []
    assert (new.name, new.version, new.title, new.description) == (
        "pets",
        "2.0.0",
        "Pets",
        "Pet things",
    )
    assert new.base_url == "http://127.0.0.1:8080"
    assert new.limits == ShapingLimits(max_chars=120, encoding="cl100k_base")


def test_operation_renames_titles_descriptions_and_limits(spec):
    new, diags = run(
        spec,
        """
        defaults:
          max_chars: 100
        operations:
          listPets:
            tool_name: list_pets
            title: List pets
            description: Lists the pets.
            chunk_tokens: 5000
          issues_delete:
            tool_name: delete_issue
        """,
    )
    assert diags == []
    ops = by_id(new)
    assert ops["listPets"].tool_name == "list_pets"
    assert ops["listPets"].title == "List pets" and ops["listPets"].description == "Lists the pets."
    assert ops["listPets"].limits == ShapingLimits(chunk_tokens=5000)
    assert new.limits.max_chars == 100
    assert ops["issues/delete"].tool_name == "delete_issue"  # keyed by its tool name
    assert ops["showPetById"] == by_id(spec)["showPetById"]


def test_field_config_precedence_operation_over_resource_over_heuristic(spec):
    new, diags = run(
        spec,
        """
        resources:
          Pet: {include: [id, name, tag], exclude: [owner]}
        operations:
          listPets:
            include: [id, owner.login]
        """,
    )
    assert diags == []
    ops = by_id(new)
    # operation include wins, resource exclude still applies (resolved per key)
    assert ops["listPets"].fields == FieldConfig(include=("id", "owner.login"), exclude=("owner",))
    assert ops["listPets"].response.default_fields == ("id", "owner.login")
    assert ops["showPetById"].fields == FieldConfig(
        include=("id", "name", "tag"), exclude=("owner",)
    )
    assert ops["showPetById"].response.default_fields == ("id", "name", "tag")
    # untouched operations keep the heuristic
    assert ops["issues/list-for-repo"].fields == FieldConfig()
    heuristic = by_id(spec)["issues/list-for-repo"].response.default_fields
    assert heuristic and ops["issues/list-for-repo"].response.default_fields == heuristic
    assert new.resources == {
        "Legacy": FieldConfig(include=("id",)),
        "Pet": FieldConfig(include=("id", "name", "tag"), exclude=("owner",)),
    }


def test_exclude_only_keeps_heuristic_defaults(spec):
    new, diags = run(
        spec, "operations:\n  issues/list-for-repo:\n    exclude: [body, labels.color]\n"
    )
    assert diags == []
    op = by_id(new)["issues/list-for-repo"]
    assert op.fields == FieldConfig(exclude=("body", "labels.color"))
    heuristic = by_id(spec)["issues/list-for-repo"].response.default_fields
    assert heuristic and op.response.default_fields == heuristic


def test_field_paths_checked_against_the_response(spec):
    _, diags = run(
        spec,
        """
        operations:
          listPets:
            include: [id, nmae, owner.logn, tag.x, "*", owner.*]
          issues/list-for-repo:
            include: [labels.name, pull_request.url.deep, reactions.total, login, zzzz]
          createPets:
            include: [anything.at.all]
        resources:
          Pet:
            exclude: [ownr]
        """,
    )
    assert codes(diags) == [
        ("OVERLAY_UNKNOWN_FIELD", 3),
        ("OVERLAY_UNKNOWN_FIELD", 3),
        ("OVERLAY_UNKNOWN_FIELD", 3),
        ("OVERLAY_UNKNOWN_FIELD", 5),
        ("OVERLAY_UNKNOWN_FIELD", 5),
        ("OVERLAY_UNKNOWN_FIELD", 10),
    ]
    assert [d.pointer for d in diags][:3] == [
        "/operations/listPets/include/1",
        "/operations/listPets/include/2",
        "/operations/listPets/include/3",
    ]
    assert [d.hint for d in diags][:5] == [
        "did you mean 'name'?",
        "did you mean 'owner.login'?",
        "did you mean 'tag'?",
        "did you mean 'user.login'?",
        "top-level fields: body, id, labels, number, pull_request, reactions, state, title, user",
    ]
    assert diags[5].hint == "did you mean 'owner'?"


def test_collection_override_changes_what_fields_are_relative_to(spec):
    new, diags = run(
        spec,
        """
        operations:
          listThings:
            collection: results
            include: [id, name]
        """,
    )
    assert diags == []
    op = by_id(new)["listThings"]
    assert op.response.collection_path == "results"
    assert op.response.field_tree == {"id": "string", "name": "string", "size": "integer"}
    assert op.response.default_fields == ("id", "name")
    # without the correction the same paths are wrong (they are not top-level fields)
    _, diags = run(spec, "operations:\n  listThings:\n    include: [id, name]\n")
    assert codes(diags) == [("OVERLAY_UNKNOWN_FIELD", 3), ("OVERLAY_UNKNOWN_FIELD", 3)]


def test_collection_override_rechooses_heuristic_defaults_for_the_item(spec):
    new, diags = run(spec, "operations:\n  listThings:\n    collection: results\n")
    assert diags == []
    shape = by_id(new)["listThings"].response
    assert shape.default_fields == choose_default_fields(THINGS["results"][0])
    assert "id" in shape.default_fields and "has_more" not in shape.default_fields
    assert shape.identity_fields and shape.identity_fields[0] == "id"


def test_unknown_collection_suggests_an_array_field(spec):
    new, diags = run(spec, "operations:\n  listThings:\n    collection: result\n")
    assert codes(diags) == [("OVERLAY_UNKNOWN_COLLECTION", 3)]
    assert diags[0].hint == "did you mean 'results'?"
    assert by_id(new)["listThings"] == by_id(spec)["listThings"]


def test_collection_change_over_an_item_tree_drops_the_tree_with_a_note(spec):
    new, diags = run(
        spec, "operations:\n  listPets:\n    collection: null\n    include: [anything]\n"
    )
    assert [(d.code, d.line, d.severity) for d in diags] == [
        ("OVERLAY_COLLECTION_UNCHECKED", 3, Severity.INFO)
    ]
    shape = by_id(new)["listPets"].response
    assert shape.collection_path is None and shape.field_tree is None
    assert shape.default_fields == ("anything",)
    # same collection as detected: nothing changes, nothing reported
    new, diags = run(spec, 'operations:\n  listPets:\n    collection: ""\n')
    assert diags == [] and by_id(new)["listPets"] == by_id(spec)["listPets"]


def test_unknown_operation_and_resource_suggest_close_names(spec):
    _, diags = run(
        spec,
        """
        operations:
          listPet: {}
          issues/list-for-repos: {}
          zzz: {}
        resources:
          Pets: {include: [id]}
          Legacy: {include: [id]}
        """,
    )
    assert codes(diags) == [
        ("OVERLAY_UNKNOWN_OPERATION", 2),
        ("OVERLAY_UNKNOWN_OPERATION", 3),
        ("OVERLAY_UNKNOWN_OPERATION", 4),
        ("OVERLAY_UNKNOWN_RESOURCE", 6),
    ]
    assert [d.hint for d in diags] == [
        "did you mean 'listPets'?",
        "did you mean 'issues/list-for-repo'?",
        "key operations by operationId or tool name",
        "did you mean 'Pet'?",
    ]


def test_same_operation_twice_by_id_and_tool_name(spec):
    _, diags = run(spec, "operations:\n  issues/delete: {}\n  issues_delete: {}\n")
    assert codes(diags) == [("OVERLAY_DUPLICATE_OPERATION", 3)]


def test_tool_name_collisions(spec):
    _, diags = run(
        spec,
        """
        operations:
          listPets:
            tool_name: showPetById
          createPets:
            tool_name: same
          issues/delete:
            tool_name: same
        """,
    )
    assert codes(diags) == [
        ("OVERLAY_TOOL_NAME_DUPLICATE", 3),
        ("OVERLAY_TOOL_NAME_DUPLICATE", 5),
        ("OVERLAY_TOOL_NAME_DUPLICATE", 7),
    ]


def test_swapping_names_and_colliding_with_unselected_operations_is_fine(spec):
    new, diags = run(
        spec,
        """
        select:
          exclude: [createPets]
        operations:
          listPets: {tool_name: showPetById}
          showPetById: {tool_name: listPets}
          listThings: {tool_name: createPets}
        """,
    )
    assert diags == []
    assert [op.tool_name for op in new.operations] == [
        "showPetById", "listPets", "issues_list-for-repo", "issues_delete", "createPets",
    ]  # fmt: skip


def test_selection_by_tag_path_method_and_glob(spec):
    def selected(text: str) -> list[str]:
        new, diags = run(spec, text)
        assert [d for d in diags if d.severity is Severity.ERROR] == []
        return [op.id for op in new.operations]

    assert selected('select: {include: ["tag:pets"]}') == ["listPets", "showPetById", "createPets"]
    assert selected('select: {include: ["path:/repos/*"]}') == [
        "issues/list-for-repo",
        "issues/delete",
    ]
    assert selected('select: {include: ["method:get"], exclude: ["list*"]}') == [
        "showPetById",
        "issues/list-for-repo",
    ]
    assert selected('select: {include: ["issues/*", showPetById]}') == [
        "showPetById",
        "issues/list-for-repo",
        "issues/delete",
    ]
    assert selected('select: {exclude: ["method:DELETE", "method:POST"]}') == [
        "listPets",
        "showPetById",
        "issues/list-for-repo",
        "listThings",
    ]


def test_select_patterns_matching_nothing_warn(spec):
    new, diags = run(
        spec,
        """
        select:
          include: [listPets, "tag:issue", listThing, "tags:pets"]
          exclude: ["path:/nowhere/*"]
        """,
    )
    assert codes(diags) == [
        ("OVERLAY_SELECT_NO_MATCH", 2),
        ("OVERLAY_SELECT_NO_MATCH", 2),
        ("OVERLAY_SELECT_NO_MATCH", 2),
        ("OVERLAY_SELECT_NO_MATCH", 3),
    ]
    assert all(d.severity is Severity.WARNING for d in diags)
    assert [d.hint for d in diags][:3] == [
        "did you mean 'tag:issues'?",
        "did you mean 'listThings'?",
        "known prefixes: tag:, path:, method:",
    ]
    assert [op.id for op in new.operations] == ["listPets"]


def test_select_that_leaves_nothing_is_an_error(spec):
    _, diags = run(
        spec,
        'select:\n  include: ["tag:pets"]\n  exclude: ["method:GET", "method:POST", "method:DELETE"]\n',
    )
    assert ("OVERLAY_SELECT_EMPTY", 1) in codes(diags)


def test_configuring_an_unselected_operation_warns(spec):
    new, diags = run(spec, "select: {exclude: [listPets]}\noperations:\n  listPets: {title: x}\n")
    assert codes(diags) == [("OVERLAY_OPERATION_NOT_SELECTED", 3)]
    assert "listPets" not in by_id(new)


def test_auth_replaces_spec_schemes_and_applies_to_every_operation(spec):
    new, diags = run(
        spec,
        """
        auth:
          - type: bearer
            env: GITHUB_TOKEN
          - type: api_key
            env: PET_KEY
            in: query
            name: api_key
        """,
    )
    assert diags == []
    assert new.security == (
        SecurityScheme(
            name="bearer_github_token",
            kind="bearer",
            env_vars=("GITHUB_TOKEN",),
            description="bearer token from $GITHUB_TOKEN (declared in the overlay)",
        ),
        SecurityScheme(
            name="api_key_pet_key",
            kind="api_key",
            location="query",
            param_name="api_key",
            env_vars=("PET_KEY",),
            description="API key (api_key) from $PET_KEY (declared in the overlay)",
        ),
    )
    assert {op.security for op in new.operations} == {("bearer_github_token", "api_key_pet_key")}


def test_basic_auth_and_empty_auth(spec):
    new, diags = run(spec, "auth:\n  - type: basic\n    env: [U, P]\n")
    assert diags == []
    assert new.security[0].kind == "basic" and new.security[0].env_vars == ("U", "P")
    new, diags = run(spec, "auth: []\n")
    assert diags == [] and new.security == ()
    assert {op.security for op in new.operations} == {()}


def test_diagnostics_name_the_file_given_to_apply(spec):
    overlay, _ = parse_overlay("operations:\n  nope: {}\n", "ov.yaml")
    _, diags = apply_overlay(spec, overlay, file="specs/demo/overlay.yaml")
    assert diags[0].render().startswith("specs/demo/overlay.yaml:2 at /operations/nope: error")
