"""shape(): field selection, detail levels, exclusion, metadata, errors, notes."""

import json
from pathlib import Path

import pytest

from generator.runtime.shaping.defaults import field_tree_from_value
from generator.runtime.shaping.pipeline import (
    FieldSelectionError,
    ShapeConfig,
    shape,
    validate_fields,
)
from generator.runtime.shaping.tokens import count_tokens

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"


def load(name: str):
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def shaped(value, config, **kw):
    result = shape(value, config, **kw)
    assert len(result.chunks) == 1
    assert result.token_counts == [count_tokens(result.chunks[0])]
    return json.loads(result.chunks[0]), result


def test_concise_default_on_a_list_keeps_identity_and_drops_the_rest():
    issues = load("github/issue-items.json")
    out, _ = shaped(issues, ShapeConfig(collection_path=""))
    item = out[0]
    assert {"id", "number", "title", "state", "user", "labels", "created_at"} <= set(item)
    user = issues[0]["user"]
    assert item["user"] == {"login": user["login"], "id": user["id"]}  # who, and their id
    assert item["labels"] == [{"name": label["name"]} for label in issues[0]["labels"]]
    assert "body" not in item and "url" not in item  # the API's link: no
    assert item["html_url"] == issues[0]["html_url"]  # the page a person opens: yes


def test_one_object_gets_the_richer_profile_than_a_list_item():
    issue = load("github/issue.json")
    out, _ = shaped(issue, ShapeConfig())
    assert {"id", "number", "title", "state", "html_url", "user", "body"} <= set(out)
    assert {"created_at", "updated_at"} <= set(out)
    listed, _ = shaped([issue], ShapeConfig(collection_path=""))
    assert set(listed[0]) < set(out)


def test_configured_default_fields_win_over_the_heuristic():
    out, _ = shaped(load("github/issue.json"), ShapeConfig(default_fields=("number", "title")))
    assert set(out) == {"number", "title"}


def test_explicit_fields_are_item_relative_with_a_collection_and_keep_scalar_metadata():
    body = load("notion/search.sample_table.json")
    out, _ = shaped(body, ShapeConfig(collection_path="results"), fields=["id", "object"])
    assert out["results"] == [{"object": r["object"], "id": r["id"]} for r in body["results"]]
    assert out["has_more"] is False and out["next_cursor"] is None
    assert "object" not in out  # a discriminator of the wrapper ("list") says nothing
    assert "request_id" not in out  # diagnostics, not data
    assert "page_or_data_source" not in out  # an empty object says nothing


def test_detailed_keeps_every_field_and_longer_strings():
    body = load("stripe/subscription.json")
    out, _ = shaped(body, ShapeConfig(), detail_level="detailed")
    assert out == body
    long_text = {"id": 1, "body": "word " * 200}
    concise, result = shaped(long_text, ShapeConfig(), fields=["*"])
    assert concise["body"].endswith("more chars]") and len(concise["body"]) < 330
    assert result.notes == [
        '[1 long text value(s) cut to 300 chars (detail_level="detailed" keeps more)]'
    ]
    detailed, result = shaped(long_text, ShapeConfig(), detail_level="detailed")
    assert detailed == long_text and result.notes == []


def test_star_selects_everything_but_the_configured_exclusions():
    repo = load("github/repository.json")
    config = ShapeConfig(exclude=("permissions", "owner.gravatar_id"))
    out, _ = shaped(repo, config, fields=["*"], detail_level="detailed")
    assert "permissions" not in out and "gravatar_id" not in out["owner"]
    assert out["owner"]["login"] == repo["owner"]["login"]
    out, _ = shaped(repo, config, detail_level="detailed")
    assert "permissions" not in out


def test_exclusions_are_lifted_when_fields_name_them():
    repo = load("github/repository.json")
    config = ShapeConfig(exclude=("permissions", "owner"))
    out, _ = shaped(repo, config, fields=["id", "permissions", "owner.login"])
    assert out == {
        "id": repo["id"],
        "permissions": repo["permissions"],
        "owner": {"login": repo["owner"]["login"]},
    }


def test_unknown_fields_raise_a_selection_error_an_agent_can_act_on():
    issue = load("github/issue.json")
    config = ShapeConfig(field_tree=field_tree_from_value(issue))
    with pytest.raises(FieldSelectionError) as err:
        validate_fields(config, ["titel", "user.logn"])  # a typo of a described field: refused
    exc = err.value  # before anything is sent
    assert exc.unknown == ["titel"] and "title" in exc.suggestions["titel"]
    assert "number" in exc.valid and "title" in exc.valid
    message = str(exc)
    assert "'titel': did you mean title" in message and "Valid top-level fields:" in message
    with pytest.raises(FieldSelectionError) as err:  # below a described field: the response
        shape(issue, config, fields=["user.logn"])  # decides, and it has nothing there
    assert err.value.unknown == ["user.logn"]
    assert "user.login" in err.value.suggestions["user.logn"]


def test_paths_that_match_nothing_next_to_ones_that_do_are_a_note():
    issue = load("github/issue.json")
    out, result = shaped(
        issue, ShapeConfig(field_tree={"number": "integer"}), fields=["titel", "number"]
    )
    assert out == {"number": issue["number"]}
    assert "'titel' (did you mean title" in result.notes[0]


def test_a_field_the_spec_does_not_describe_is_accepted_when_the_response_has_it():
    issue = load("github/issue.json")
    config = ShapeConfig(field_tree={"number": "integer", "user": "string"})
    validate_fields(config, ["user.login"])  # not refused before the call
    out, _ = shaped(issue, config, fields=["user.login"])
    assert out == {"user": {"login": issue["user"]["login"]}}


def test_graphql_selections_are_checked_before_the_call():
    config = ShapeConfig(field_tree={"id": "integer"}, collection_path="data", closed_tree=True)
    with pytest.raises(FieldSelectionError):
        validate_fields(config, ["nope"])
    assert shape({}, config, fields=["id"]).chunks == ["{}"]


def test_a_field_tree_of_the_whole_body_is_used_below_the_collection_path():
    body = load("stripe/file.links.list.json")
    whole = field_tree_from_value(body)
    item = whole["data"][0]
    for tree in (whole, item):
        config = ShapeConfig(collection_path="data", field_tree=tree)
        out, _ = shaped(body, config, fields=["id", "url"])
        assert set(out["data"][0]) == {"id", "url"}
        with pytest.raises(FieldSelectionError):
            shape(body, config, fields=["has_more"])  # wrapper keys are not item fields


def test_a_collection_path_that_is_not_there_treats_the_body_as_an_object():
    error_body = {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}
    out, _ = shaped(error_body, ShapeConfig(collection_path="items"))
    assert out["message"] == "Not Found"


def test_markdown_format_renders_the_shaped_value():
    issues = load("github/issue-items.json") * 5  # one row would not pay for the header
    result = shape(issues, ShapeConfig(collection_path=""), response_format="markdown")
    assert not result.notes
    header = result.chunks[0].splitlines()[0]
    assert header.startswith("| id | html_url | number | state | title |")
    assert "user.login" in header and "labels.name" in header


def test_invalid_controls_are_value_errors():
    with pytest.raises(ValueError):
        shape({}, ShapeConfig(), detail_level="verbose")
    with pytest.raises(ValueError):
        shape({}, ShapeConfig(), response_format="xml")


def test_scalars_and_odd_values_shape_without_error():
    for value in (None, 1, "x" * 1000, [], {}, [1, [2, [3]]], {"a": float("inf")}):
        result = shape(value, ShapeConfig())
        json.loads(result.chunks[0])


def test_the_input_value_is_never_mutated():
    body = load("notion/data_sources.query.page2.json")
    before = json.dumps(body)
    for detail in ("concise", "detailed"):
        shape(
            body,
            ShapeConfig(collection_path="results", chunk_threshold_tokens=500, chunk_tokens=400),
            detail_level=detail,
        )
    assert json.dumps(body) == before


def test_a_list_the_spec_does_not_describe_is_shaped_item_by_item():
    users = load("notion/users.list.json")  # Notion's spec says only {"type": "object"}
    out, _ = shaped(users, ShapeConfig())
    assert [u["name"] for u in out["results"]] == [u["name"] for u in users["results"]]
    assert all("id" in u for u in out["results"]) and "request_id" not in out
    named, _ = shaped(users, ShapeConfig(), fields=["name"])
    assert named["results"] == [{"name": u["name"]} for u in users["results"]]
    issues = load("github/issue-items.json")  # a bare array: each element is an item
    out, _ = shaped(issues, ShapeConfig())
    assert out[0]["number"] == issues[0]["number"] and "url" not in out[0]


def test_a_described_object_is_never_taken_for_a_list():
    issue = load("github/issue.json")
    tree = {key: "any" for key in issue}
    out, _ = shaped({"items": [issue], **issue}, ShapeConfig(field_tree={**tree, "items": "any"}))
    assert "number" in out and "items" not in out


def test_list_items_show_a_short_preview_of_their_text_explicit_fields_and_detailed_all():
    text = "A long description of the thing. " * 12
    items = [{"id": i, "name": f"Thing {i}", "description": text} for i in range(3)]
    out, result = shaped(items, ShapeConfig(collection_path=""))
    preview = out[0]["description"]
    assert preview.startswith("A long description") and preview.endswith("…")
    assert len(preview) < 60 and not result.notes  # the ellipsis says it; no note per call
    asked, _ = shaped(items, ShapeConfig(collection_path=""), fields=["description"])
    assert len(asked[0]["description"]) > 250  # asked for: cut at max_chars only
    whole, _ = shaped(items, ShapeConfig(collection_path=""), detail_level="detailed")
    assert whole[0]["description"] == text
    one, _ = shaped(items[0], ShapeConfig())
    assert len(one["description"]) > 250  # one resource: its text, not a preview


def test_a_list_items_preview_is_shorter_than_the_preview_of_a_part_of_one_resource():
    # a list holds many texts: each item shows its first words; the elements of a list inside
    # one resource (its comments) keep the longer preview of a part
    text = "word " * 60
    items = [{"id": i, "name": f"Thing {i}", "description": text} for i in range(3)]
    out, _ = shaped(items, ShapeConfig(collection_path=""))
    kept = out[0]["description"].split("\u2026")[0]
    assert 32 <= len(kept) <= 48
    written, _ = shaped({"things": items}, ShapeConfig(collection_path="things", kind="create"))
    # a batch's records: as one record's answer shows the text the caller sent (writes32)
    assert len(written["things"][0]["description"].split("\u2026")[0]) <= 48
    made, _ = shaped({"things": items}, ShapeConfig(collection_path="things", kind="generate"))
    assert len(made["things"][0]["description"].split("\u2026")[0]) > 70  # a generation's too
    page = {"id": 1, "name": "Thing", "comments": [{"id": 2, "body": text}]}
    one, _ = shaped(page, ShapeConfig(kind="read"))
    assert len(one["comments"][0]["body"].split("\u2026")[0]) > 70


def test_a_list_described_where_the_response_has_an_object_is_shaped_from_the_response():
    described = ShapeConfig(
        collection_path="data.attributes",
        field_tree={"first_name": {"label": "string", "value": "any"}},
        default_fields=("first_name.label",),
    )
    body = {
        "success": True,
        "data": {"type": "Employee", "attributes": {
            "id": {"label": "ID", "value": 7}, "email": {"label": "Email", "value": "a@b.example"},
            "first_name": {"label": "First name", "value": "Ada"},
        }},
    }  # fmt: skip
    out, _ = shaped(body, described)
    attributes = out["data"]["attributes"]  # not reduced to its wrapper or to the labels
    assert attributes["id"]["value"] == 7 and attributes["first_name"]["value"] == "Ada"


def test_a_list_wrapper_keeps_counts_and_cursors_not_its_discriminator_or_links():
    body = {
        "object": "list", "url": "/v1/things", "has_more": True, "total_count": 3,
        "nextLink": "https://api.example.com/things?page=2", "next_cursor": "c2",
        "data": [{"id": f"t{i}", "name": f"Thing {i}", "object": "thing"} for i in range(3)],
    }  # fmt: skip
    out, _ = shaped(body, ShapeConfig(collection_path="data"))
    assert {k: v for k, v in out.items() if k != "data"} == {
        "has_more": True,
        "total_count": 3,
        "next_cursor": "c2",
    }
    assert [i["id"] for i in out["data"]] == ["t0", "t1", "t2"]
    assert all("object" not in i for i in out["data"])  # the same on every item: dropped


def test_a_constant_tag_that_names_the_items_content_member_is_kept():
    blocks = [
        {"object": "block", "id": f"b{i}", "type": "paragraph", "has_children": False,
         "paragraph": {"rich_text": [{"plain_text": f"line {i}"}]}}
        for i in range(3)
    ]  # fmt: skip
    out, _ = shaped({"results": blocks}, ShapeConfig(collection_path="results"))
    assert all(i["type"] == "paragraph" for i in out["results"])
    assert all("object" not in i for i in out["results"])  # names no member: says nothing


def test_a_wrapper_keeps_the_counts_of_a_small_object_without_its_links():
    body = {
        "pagination": {"total": 9, "page": 1, "next": "https://api.example.com/x?page=2"},
        "links": {"self": "/x?page=1", "next": "/x?page=2"},
        "items": [{"id": 1, "name": "one"}, {"id": 2, "name": "two"}],
    }  # fmt: skip
    out, _ = shaped(body, ShapeConfig(collection_path="items"))
    assert out["pagination"] == {"total": 9, "page": 1}
    assert "links" not in out


def test_a_written_resource_next_to_a_list_keeps_the_label_it_holds_in_a_part():
    """An upsert answers the object it wrote beside the ids it mapped (``{catalog_object:
    {id, type, item_data: {name, ...}}, id_mappings: [...]}``): the object keeps its label,
    held in its variant part, not its id alone (issue 33: a write keeps its label)."""
    written = {"id": "7SB3", "type": "ITEM", "is_deleted": False, "version": 14,
               "updated_at": "2016-11-16T22:32:42Z",
               "item_data": {"name": "Cocoa", "description": "Hot chocolate",
                             "abbreviation": "Ch"}}  # fmt: skip
    value = {"catalog_object": written,
             "id_mappings": [{"client_object_id": "#Cocoa", "object_id": "7SB3"}]}  # fmt: skip
    config = ShapeConfig(collection_path="id_mappings", kind="update")
    out = json.loads(shape(value, config).chunks[0])
    assert out["catalog_object"] == {"id": "7SB3", "item_data": {"name": "Cocoa"}}
    assert out["id_mappings"] == value["id_mappings"]


def test_a_write_answer_drops_success_true_beside_its_resource_and_previews_its_text_short():
    """A mutation's payload ``{success: true, comment: {...}}``: the result says it succeeded;
    the text the caller sent comes back as a short preview (it only says which text it was),
    still starting with the text's first words; ``success: false`` and a bare status stay."""
    body = "This is the comment the caller has just written, a few sentences long. " * 4
    value = {"success": True, "comment": {"id": "c1", "body": body}}
    config = ShapeConfig(default_fields=("success", "comment.id", "comment.body"), kind="create")
    out = json.loads(shape(value, config).chunks[0])
    assert "success" not in out and out["comment"]["id"] == "c1"
    kept = out["comment"]["body"].split("…")[0]
    assert body.startswith(kept) and 40 <= len(kept) <= 64
    failed = json.loads(shape({**value, "success": False}, config).chunks[0])
    assert failed["success"] is False
    bare = ShapeConfig(default_fields=("success", "token"), kind="create")
    assert json.loads(shape({"success": True, "token": "t1"}, bare).chunks[0]) == {
        "success": True,
        "token": "t1",
    }


def test_a_resource_next_to_the_list_is_kept_by_its_identity_label_and_state():
    """``{Game: {...}, Plays: [...]}``: the plays are the list; the game they belong to is its
    subject, shown by its id and state (which game, and is it over), not dropped as wrapper."""
    from generator.runtime.shaping.payload import subject

    game = {"GameID": 7, "Status": "Final", "Attendance": 31000, "ForecastTempLow": 60}
    game.update({f"Inning{i}Runs": i for i in range(1, 10)})  # no small flat metadata object
    plays = [{"PlayID": i, "Result": "Single", "Description": "x" * 40} for i in range(3)]
    value = {"Game": game, "Plays": plays, "request_id": "r1"}
    config = ShapeConfig(collection_path="Plays")
    out = json.loads(shape(value, config).chunks[0])
    assert out["Game"] == {"GameID": 7, "Status": "Final"}
    assert [p["PlayID"] for p in out["Plays"]] == [0, 1, 2]
    assert "request_id" not in out
    # metadata and objects with no identity of their own are no subject
    assert subject("meta", {"id": "x", "name": "n"}) is None
    assert subject("stats", {"runs": 3, "hits": 5}) is None
    # an explicit selection gets what it asked for, no subject
    picked = json.loads(shape(value, config, fields=["PlayID"]).chunks[0])
    assert "Game" not in picked


def test_a_wrappers_success_true_is_left_out_and_its_false_kept():
    """``{success: true, issue: {...}}`` (a GraphQL mutation's payload): the result says the
    call succeeded; ``success: false`` is news and stays."""
    issue = {"id": "i1", "title": "Fix it", "state": "open"}
    config = ShapeConfig(envelope_path="issue")
    done = json.loads(shape({"success": True, "issue": issue}, config).chunks[0])
    assert done == {"issue": issue}
    failed = json.loads(shape({"success": False, "issue": issue}, config).chunks[0])
    assert failed["success"] is False
    listed = {"ok": True, "total": 2, "items": [{"id": "a"}, {"id": "b"}]}
    out = json.loads(shape(listed, ShapeConfig(collection_path="items")).chunks[0])
    assert "ok" not in out and out["total"] == 2
