"""``mcpforge diff``: every change class, on hand-made spec edits and on the real Spotify pair."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.diff import compare_surfaces, next_version, suggest_bump
from generator.diff.load import load_surface
from generator.diff.report import changelog_entry, prepend_changelog
from generator.diff.semver import same_compatibility_line
from tests.support.paths import OPENAPI

ITEM = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "owner": {"type": "object", "properties": {"login": {"type": "string"}}},
    },
}


def _op(op_id: str, params: list[dict[str, Any]], schema: dict[str, Any] | None) -> dict:
    op: dict[str, Any] = {"operationId": op_id, "parameters": params, "responses": {}}
    if schema is None:
        op["responses"]["200"] = {"description": "ok"}
    else:
        op["responses"]["200"] = {
            "description": "ok",
            "content": {"application/json": {"schema": schema}},
        }
    return op


def _q(name: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "schema": schema}


BASE: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Demo", "version": "1.2.3"},
    "servers": [{"url": "https://demo.example"}],
    "components": {"schemas": {"Item": ITEM}},
    "paths": {
        "/items": {
            "get": _op(
                "listItems",
                [
                    _q("limit", {"type": "integer"}),
                    _q("state", {"type": "string", "enum": ["open", "closed"]}),
                    _q("filter", {"type": "string"}, required=True),
                    _q("count", {"type": "integer"}),
                ],
                {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
            )
        },
        "/items/{id}": {
            "get": _op(
                "getItem",
                [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                {"$ref": "#/components/schemas/Item"},
            ),
            "delete": _op(
                "deleteItem",
                [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                None,
            ),
        },
        "/search": {
            "get": _op(
                "search",
                [_q("q", {"type": "string"})],
                {
                    "type": "object",
                    "properties": {
                        "results": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}
                    },
                },
            )
        },
        "/ping": {
            "get": _op("ping", [], {"type": "object", "properties": {"ok": {"type": "boolean"}}})
        },
    },
}


def _edited() -> dict[str, Any]:
    new = copy.deepcopy(BASE)
    paths = new["paths"]
    item = new["components"]["schemas"]["Item"]["properties"]
    del item["owner"]  # response_field_removed
    item["created_at"] = {"type": "string"}  # response_field_added
    item["name"] = {"type": "integer"}  # response_type_changed
    del paths["/items/{id}"]["delete"]  # tool_removed
    paths["/tags"] = {"get": _op("listTags", [], {"type": "array", "items": {"type": "string"}})}
    params = paths["/items"]["get"]["parameters"]
    params[:] = [p for p in params if p["name"] != "limit"]  # param_removed
    params.append(_q("page", {"type": "integer"}))  # param_added, optional
    params.append(_q("sort", {"type": "string"}, required=True))  # param_added, required
    next(p for p in params if p["name"] == "state")["schema"]["enum"] = ["open"]  # narrowed
    next(p for p in params if p["name"] == "filter")["required"] = False  # made optional
    next(p for p in params if p["name"] == "count")["schema"] = {"type": "number"}  # widened
    get_item = paths["/items/{id}"]["get"]["parameters"][0]
    get_item["schema"] = {"type": "integer"}  # param_type_changed
    search = paths["/search"]["get"]
    search["parameters"][0]["required"] = True  # param_made_required
    schema = search["responses"]["200"]["content"]["application/json"]["schema"]
    schema["properties"] = {"data": schema["properties"].pop("results")}  # layout changed
    paths["/ping"]["get"] = _op("ping", [], None)  # response_undocumented
    return new


@pytest.fixture
def specs(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(BASE))
    new.write_text(json.dumps(_edited()))
    return old, new


EXPECTED = {
    "tool_removed": True,
    "tool_added": False,
    "param_removed": True,
    "param_added": None,  # optional: not breaking; required: breaking
    "param_made_required": True,
    "param_made_optional": False,
    "param_type_changed": True,
    "param_type_widened": False,
    "response_field_removed": True,
    "response_field_added": False,
    "response_type_changed": True,
    "response_layout_changed": True,
    "response_undocumented": False,
}


def test_every_change_class_is_found_and_classified(specs: tuple[Path, Path]) -> None:
    old, new = (load_surface(p) for p in specs)
    changes = compare_surfaces(old, new)
    assert {c.kind for c in changes} == set(EXPECTED)
    for change in changes:
        if EXPECTED[change.kind] is not None:
            assert change.breaking is EXPECTED[change.kind], change
    found = {(c.kind, c.tool, c.detail) for c in changes}
    assert ("tool_removed", "delete_item", "") in found
    assert ("param_added", "list_items", "page (optional)") in found
    assert ("param_added", "list_items", "sort (required)") in found
    assert ("param_type_changed", "get_item", "id: string -> integer") in found
    assert ("param_type_widened", "list_items", "count: integer -> number") in found
    assert (
        "param_type_changed",
        "list_items",
        "state: values no longer accepted: 'closed'",
    ) in found
    assert ("response_field_removed", "get_item", "owner") in found  # not owner.login as well
    assert ("response_type_changed", "get_item", "name: integer -> string") not in found
    assert ("response_type_changed", "get_item", "name: string -> integer") in found
    assert suggest_bump(changes) == "major"


def test_no_changes_and_additions_only(specs: tuple[Path, Path], tmp_path: Path) -> None:
    old = load_surface(specs[0])
    assert compare_surfaces(old, old) == []
    assert suggest_bump([]) == "none"
    grown = copy.deepcopy(BASE)
    grown["paths"]["/tags"] = {"get": _op("listTags", [], None)}
    path = tmp_path / "grown.json"
    path.write_text(json.dumps(grown))
    changes = compare_surfaces(old, load_surface(path))
    assert [(c.kind, c.breaking) for c in changes] == [("tool_added", False)]
    assert suggest_bump(changes) == "minor"


def test_semver_advice() -> None:
    assert next_version("1.2.3", "major") == "2.0.0"
    assert next_version("1.2.3", "minor") == "1.3.0"
    assert next_version("1.2.3", "patch") == "1.2.4"
    assert next_version("0.3.1", "major") == "0.4.0"  # below 1.0: breaking moves the minor
    assert next_version("0.3.1", "minor") == "0.3.2"
    assert next_version("v2", "major") == "3.0.0"
    assert next_version("latest", "major") is None
    assert same_compatibility_line("1.2.3", "1.9.0")
    assert not same_compatibility_line("1.2.3", "2.0.0")
    assert not same_compatibility_line("0.3.1", "0.4.0")
    assert same_compatibility_line("0.3.1", "0.3.9")


def test_generated_packages_and_specs_compare_alike(
    specs: tuple[Path, Path], tmp_path: Path
) -> None:
    from generator.pipeline import generate

    old_pkg, _ = generate(specs[0], tmp_path / "a", name="demo")
    new_pkg, _ = generate(specs[1], tmp_path / "b", name="demo")
    from_specs = compare_surfaces(load_surface(specs[0]), load_surface(specs[1]))
    from_packages = compare_surfaces(load_surface(old_pkg), load_surface(new_pkg))
    spec_json = next(old_pkg.glob("src/*/spec.json"))
    from_file = compare_surfaces(load_surface(spec_json), load_surface(new_pkg))
    assert from_specs == from_packages == from_file


def test_the_cli_prints_the_report_and_prepends_a_changelog_entry(
    specs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text("# Changelog\n\n## [Unreleased]\n\n- local work\n\n## [1.2.3]\n\n- old\n")
    assert main(["diff", str(specs[0]), str(specs[1]), "--changelog", str(changelog)]) == 0
    out = capsys.readouterr().out
    assert "[BREAKING] tool_removed: delete_item" in out
    assert "suggested version bump: major (1.2.3 -> 2.0.0)" in out
    text = changelog.read_text()
    assert text.index("## [Unreleased]") < text.index("## [2.0.0]") < text.index("## [1.2.3]")
    assert "### Removed\n- **breaking** `delete_item`: tool removed" in text
    assert "### Added\n" in text and "- local work" in text
    entry = text[text.index("## [2.0.0]") : text.index("## [1.2.3]")]
    assert entry.endswith("\n\n")  # a blank line before the next heading
    sections = dict(
        (part.split("\n", 1)[0], part) for part in entry.split("### ")[1:]
    )  # each change under the section its kind names, whether breaking or not
    assert set(sections) <= {"Added", "Changed", "Removed"}
    for title, part in sections.items():
        for line in part.splitlines()[1:]:
            if line.startswith("- "):
                words = line.split(": ", 1)[1] if ": " in line else line
                if title == "Removed":
                    assert "removed" in words, line
                elif title == "Added":
                    assert "added" in words, line
                else:
                    assert "removed" not in words.split(":")[0], line
                    assert "added" not in words.split(":")[0], line


def test_a_changelog_is_created_when_missing(specs: tuple[Path, Path], tmp_path: Path) -> None:
    old, new = (load_surface(p) for p in specs)
    path = tmp_path / "NEW_CHANGELOG.md"
    prepend_changelog(path, changelog_entry(old, compare_surfaces(old, new)))
    assert path.read_text().startswith("# Changelog\n\n## [2.0.0]\n")


def test_a_directory_that_is_not_a_package_is_an_error(tmp_path: Path) -> None:
    assert main(["diff", str(tmp_path), str(tmp_path)]) == 1


def test_spotify_official_vs_fixed() -> None:
    old = load_surface(OPENAPI / "spotify.official.yaml")
    new = load_surface(OPENAPI / "spotify.fixed.yaml")
    changes = compare_surfaces(old, new)
    found = {(c.kind, c.tool, c.detail): c.breaking for c in changes}
    # The fixed spec splits one tool in two ...
    assert found[("tool_removed", "get_users_top_artists_and_tracks", "")] is True
    assert found[("tool_added", "get_users_top_artists", "")] is False
    assert found[("tool_added", "get_users_top_tracks", "")] is False
    # ... relaxes the recommendation seeds ...
    assert found[("param_made_optional", "get_recommendations", "seed_artists")] is False
    # ... moves `ids` of save/remove shows into the query and the body ...
    assert found[("param_renamed", "save_shows_user", "ids -> ids__query")] is True
    assert found[("param_added", "save_shows_user", "ids__body (optional)")] is False
    # ... corrects response schemas (fields gone from one, added to others).
    assert found[("response_field_removed", "get_the_users_currently_playing_track", "device")]
    assert found[("response_field_added", "get_playlist", "followers")] is False
    assert suggest_bump(changes) == "major"
    assert len(changes) == len(set(found))


def test_each_side_can_have_its_own_overlay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.paths import SPECS

    spec, overlay = SPECS / "petstore/openapi.yaml", SPECS / "petstore/overlay.yaml"
    renamed = tmp_path / "renamed.yaml"
    renamed.write_text(overlay.read_text().replace("tool_name: get_pet", "tool_name: show_pet"))
    argv = ["diff", str(spec), str(spec), "--overlay", str(renamed), "--old-overlay", str(overlay)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert (
        "[BREAKING] tool_renamed: show_pet: get_pet -> show_pet (same operationId showPetById; "
        "same GET /pets/{petId}); calls to get_pet fail: keep the old name with the overlay's "
        "`operations: {showPetById: {tool_name: get_pet}}`"
    ) in out
    assert "tool_removed" not in out and "tool_added" not in out


def _surfaces(tmp_path: Path, new: dict[str, Any]) -> tuple[Any, Any]:
    old_path, new_path = tmp_path / "old.json", tmp_path / "new.json"
    old_path.write_text(json.dumps(BASE))
    new_path.write_text(json.dumps(new))
    return load_surface(old_path), load_surface(new_path)


def test_a_new_operation_id_on_the_same_route_is_a_rename(tmp_path: Path) -> None:
    new = copy.deepcopy(BASE)
    get_item = new["paths"]["/items/{id}"]["get"]
    get_item["operationId"] = "fetchItem"
    get_item["parameters"].append(_q("expand", {"type": "boolean"}))
    old_surface, new_surface = _surfaces(tmp_path, new)
    changes = compare_surfaces(old_surface, new_surface)
    assert [(c.kind, c.tool, c.breaking) for c in changes] == [
        ("tool_renamed", "fetch_item", True),
        ("param_added", "fetch_item", False),  # compared with the tool it was
    ]
    assert changes[0].detail.startswith(
        "get_item -> fetch_item (same GET /items/{id}; operationId getItem -> fetchItem)"
    )
    assert suggest_bump(changes) == "major"
    assert "- **breaking** `fetch_item`: tool renamed: get_item -> fetch_item" in (
        changelog_entry(old_surface, changes)
    )


def test_a_new_path_for_the_same_operation_id_is_a_renamed_endpoint(tmp_path: Path) -> None:
    new = copy.deepcopy(BASE)
    new["paths"]["/things/{thingId}"] = new["paths"].pop("/items/{id}")
    for op in new["paths"]["/things/{thingId}"].values():
        op["parameters"][0]["name"] = "thingId"
    changes = compare_surfaces(*_surfaces(tmp_path, new))
    found = {(c.kind, c.tool, c.detail): c.breaking for c in changes}
    assert found == {
        (
            "endpoint_renamed",
            "get_item",
            "GET /items/{id} -> GET /things/{thingId} (same operationId getItem; the tool "
            "keeps its name)",
        ): False,
        ("param_renamed", "get_item", "id -> thingId"): True,  # the path parameter's new name
        (
            "endpoint_renamed",
            "delete_item",
            "DELETE /items/{id} -> DELETE /things/{thingId} (same operationId deleteItem; the "
            "tool keeps its name)",
        ): False,
        ("param_renamed", "delete_item", "id -> thingId"): True,
    }
    renamed_path_only = copy.deepcopy(BASE)
    renamed_path_only["paths"]["/things/{id}"] = renamed_path_only["paths"].pop("/items/{id}")
    changes = compare_surfaces(*_surfaces(tmp_path, renamed_path_only))
    assert {c.kind for c in changes} == {"endpoint_renamed"}
    assert suggest_bump(changes) == "patch"


def test_overlay_entries_for_dropped_operations_are_warnings_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(BASE))
    edited = copy.deepcopy(BASE)
    del edited["paths"]["/items/{id}"]["delete"]  # dropped
    edited["paths"]["/items/{id}"]["get"]["operationId"] = "fetchItem"  # renamed
    new.write_text(json.dumps(edited))
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        "operations:\n"
        "  deleteItem:\n    description: Delete an item.\n"
        "  getItem:\n    tool_name: get_item\n"
        "filter_sets:\n  default:\n    deleteItem:\n      retain: [/id]\n"
    )
    assert main(["diff", str(old), str(new), "--overlay", str(overlay)]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "[BREAKING] tool_removed: delete_item" in out
    assert "[BREAKING] tool_renamed: fetch_item: get_item -> fetch_item" in out
    assert "3 overlay warning(s):" in out
    assert (
        f"warning: {overlay}:2 at /operations/deleteItem: OVERLAY_OPERATION_DROPPED: "
        f"'deleteItem' is in {old} but not in {new}: the new description dropped it\n"
        "    hint: remove the entry (the operation is gone)"
    ) in out
    assert (
        f"warning: {overlay}:4 at /operations/getItem: OVERLAY_OPERATION_DROPPED: "
        f"'getItem' is in {old} but not in {new}: it was renamed\n"
        "    hint: the operation is now fetchItem: key the entry by that"
    ) in out
    assert f"{overlay}:8 at /filter_sets/default/deleteItem: OVERLAY_OPERATION_DROPPED" in out
    assert "error" not in captured.err


def test_an_overlay_entry_neither_side_knows_fails_the_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(BASE))
    new.write_text(json.dumps(BASE))
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("operations:\n  getItme:\n    tool_name: get_item\n")
    assert main(["diff", str(old), str(new), "--overlay", str(overlay)]) == 1
    err = capsys.readouterr().err
    assert (
        f"mcpforge: error: {overlay}:2 at /operations/getItme: OVERLAY_UNKNOWN_OPERATION: " in err
    )
    assert "did you mean 'getItem'?" in err and "nothing was written" not in err
