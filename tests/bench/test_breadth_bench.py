"""The breadth benchmark: it calls every tool through the runtime and its judge can fail."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from generator.bench.breadth import Call, Case, SpecResult, discover, main, run_case
from generator.bench.breadth_report import kind_table
from generator.bench.kinds import BY_KIND, BY_METHOD, group_of, grouping
from generator.preview.judge import judge, leanest
from generator.preview.judge_checks import CHECKS
from generator.bench.upstream import LocalUpstream

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "breadth"
WRAPPERS = CORPUS / "openapi" / "wrappers.yaml"
WRITES = CORPUS / "openapi" / "writes.yaml"


def _calls(spec: Path) -> dict[str, Call]:
    with LocalUpstream() as upstream:
        result = run_case(Case(spec.name, spec), upstream)
        assert result.failure is None
        assert len(upstream.requests) == len(result.calls)  # each call reached the upstream
    return {c.tool: c for c in result.calls}


def test_every_tool_of_the_small_corpus_is_called_and_judged(tmp_path, capsys) -> None:
    out_file = tmp_path / "breadth.md"
    assert main([str(CORPUS), "--no-examples", "--no-yardstick", "--results", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "| descriptions | 4 (4 loaded, 4 served) |" in out
    assert "| tools | 19 (18 called, 1 not called: see below) |" in out
    assert "| calls clean (no error) | 100.0% (18/18) |" in out
    for measure in (
        "payload lists kept",
        "labels kept",
        "identities kept",
        "tokens per call",
        "generated content missing",
        "answered (created/changed) resource missing",
    ):
        assert f"| {measure} " in out  # fmt: skip
    # the rows are the kinds the generator recorded on the operations (spec.json `kind`)
    assert f"### Per {BY_KIND}" in out
    rows = [line.split(" | ")[0] for line in out.splitlines() if line.startswith("| ")]
    assert {"| read", "| search", "| create", "| update", "| acknowledge"} <= set(rows)
    assert "| openapi/writes.yaml | 11 | 10 | success body is not JSON (text/csv) (1) |" in out
    written = out_file.read_text(encoding="utf-8")
    assert "- commit: " in written and "## Breadth" in written


def test_markdown_answers_are_judged_on_what_their_text_shows(tmp_path, capsys) -> None:
    argv = [str(CORPUS), "--no-examples", "--no-yardstick", "--response-format", "markdown"]
    assert main([*argv, "--results", str(tmp_path / "breadth.md")]) == 0
    out = capsys.readouterr().out
    assert "## Markdown answers (`--response-format markdown`)" in out
    section = out.split("## Markdown answers")[1]
    assert "| check | JSON | Markdown as sent | Markdown rendered for every answer |" in section
    assert "| lists kept |" in section and "| identities kept |" in section
    assert "Calls whose answer as sent lost what their JSON answer kept: 0." in section
    # each call with a body was made twice, and judged in both formats
    with LocalUpstream() as upstream:
        result = run_case(Case(WRAPPERS.name, WRAPPERS), upstream, markdown=True)
        assert len(upstream.requests) == 2 * len([c for c in result.calls if not c.empty])
    judged = [c.markdown for c in result.calls if c.markdown is not None]
    assert judged and all(answer.verdict is not None for answer in judged)
    assert any(not answer.as_json for answer in judged)  # some answered in Markdown


def test_writes_are_called_with_bodies_built_from_the_schema_and_answered_with_their_status():
    with LocalUpstream() as upstream:
        result = run_case(Case(WRITES.name, WRITES), upstream)
        sent: dict = {
            request.split(" ")[1]: (json.loads(body) if body else None)
            for request, body in zip(upstream.requests, upstream.bodies)
        }
    assert result.failure is None and result.skipped == {"success body is not JSON (text/csv)": 1}
    calls = {c.tool: c for c in result.calls}
    assert all(c.error is None for c in calls.values())
    chat = sent["/chat/completions"]
    assert set(chat) == {"model", "messages"}  # required members only
    assert chat["messages"][0]["role"] in ("system", "user", "assistant")  # an enum value
    things = sent["/things"]["Things"][0]
    assert set(things) == {"Name", "Kind"} and len(things["Name"]) >= 3  # minLength, in full
    assert things["Kind"] in ("SMALL", "LARGE")
    assert sent["/completions"]["model"] == "small-model-1"
    assert sent["/orders"] == {"customer": {"email": "user1@example.com"}}
    statuses = {name: (c.status, c.empty) for name, c in calls.items()}
    assert statuses["create_issue"] == (201, False)  # the first 2xx with a body, not the 200
    assert statuses["create_order"] == (201, False)
    assert statuses["start_export"] == (202, False)
    assert statuses["delete_thing"] == (204, True)
    delete = calls["delete_thing"].verdict
    assert delete is not None and delete.answer.acknowledgements_kept == 1


def test_the_answer_checks_apply_to_the_writes_they_are_for() -> None:
    calls = _calls(WRITES)
    for tool in ("create_chat_completion", "create_completion"):
        verdict = calls[tool].verdict
        assert verdict is not None and verdict.answer.content == 1
    for tool in ("create_things", "create_order", "create_issue", "update_thing"):
        verdict = calls[tool].verdict
        assert verdict is not None and verdict.answer.resource == 1, tool
    archive = calls["archive_thing"].verdict
    assert archive is not None and archive.answer.acknowledgements == 1
    search = calls["search_things"].verdict
    assert search is not None and search.lists == 1


def test_without_recorded_kinds_the_rows_are_http_methods_and_say_so() -> None:
    what, rows = grouping(["POST", "GET", "DELETE", "query"], by_kind=False)
    assert what == BY_METHOD and rows == ["GET", "POST", "DELETE", "query"]


def test_rows_are_the_operations_kinds_when_the_generator_records_them() -> None:
    from generator.pipeline import load_with_overlay

    spec, _ = load_with_overlay(WRITES)
    ops = {op.tool_name: op for op in spec.operations}
    assert group_of(ops["search_things"]) == ops["search_things"].kind == "search"
    assert group_of(ops["create_things"]) == "create"
    result = SpecResult(Case("x", WRITES), by_kind=True)
    result.calls = [
        Call("x", "a", "spec example", kind="create"),
        Call("x", "b", "no body", kind="read"),
    ]
    lines = kind_table([result])
    assert f"### Per {BY_KIND}" in lines
    assert [line.split(" | ")[0] for line in lines if line.startswith("| ")][1:] == [
        "| read",
        "| create",
    ]


def test_a_missing_corpus_directory_is_a_clear_error(tmp_path, capsys) -> None:
    assert main([str(tmp_path / "nope"), "--results", "-"]) == 1  # the input is wrong
    assert "python -m generator.bench.breadth: error: corpus directory" in capsys.readouterr().err


def test_discover_takes_breadth_then_corpus_descriptions_then_the_examples() -> None:
    labels = [c.label for c in discover(CORPUS)]
    assert labels[0].startswith("breadth/") and "openapi/wrappers.yaml" in labels
    assert any(label.startswith("specs/") and label.endswith("+ overlay") for label in labels)
    assert not any(c.group == "examples" for c in discover(CORPUS, None))


def test_a_description_given_with_spec_is_run_and_its_skipped_operations_are_listed(
    tmp_path, capsys
) -> None:
    spec = tmp_path / "extra.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: Extra, version: '1'}\n"
        "servers: [{url: 'https://extra.example.test'}]\npaths:\n"
        "  /things:\n    get:\n      responses:\n        '200':\n          description: ok\n"
        "          content: {application/json: {schema: {type: array, items: {type: object,"
        " properties: {id: {type: integer}, name: {type: string}}}}}}\n"
        "  /broken:\n    get:\n      parameters: [{in: query}]\n"
        "      responses: {'200': {description: ok}}\n",
        encoding="utf-8",
    )
    args = ["--no-examples", "--no-yardstick", "--results", "-", "--spec", str(spec)]
    assert main([str(tmp_path / "empty"), *args]) == 1  # the corpus must exist
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty"), *args]) == 0
    out = capsys.readouterr().out
    assert "| calls clean (no error) | 100.0% (1/1) |" in out
    assert "- operations served: 1; skipped: 1; served with a caveat: 0" in out
    assert (
        "- skipped, or served without a part, for a media type or a server: 0 (target 0: met)"
        in out
    )
    assert "| extra/extra.yaml | 1 | 1 | OPERATION_SKIPPED 1 |  |" in out
    assert main(["--spec", str(tmp_path / "gone.yaml"), *args[:-2]]) == 1
    assert "--spec file(s) not found" in capsys.readouterr().err


def test_the_served_body_is_what_the_judge_compares_with() -> None:
    calls = _calls(WRAPPERS)
    widgets = calls["list_widgets"]
    assert widgets.source == "spec example" and widgets.raw > widgets.shaped > 0


# ---------------------------------------------------------------------- the judge can fail

BODY = {
    "apiVersion": "v1",
    "kind": "ThingList",
    "metadata": {"continue": "abc", "resourceVersion": "7"},
    "items": [
        {"id": "t-1", "friendly_name": "First thing", "size": 3},
        {"id": "t-2", "friendly_name": "Second thing", "size": 4},
    ],
}
KEPT: dict = {"metadata": {"continue": "abc"}, "items": [{"id": "t-1", "friendly_name": "First thing"},
                                                    {"id": "t-2", "friendly_name": "Second thing"}]}  # fmt: skip


def test_a_shaping_that_keeps_list_labels_and_ids_passes() -> None:
    verdict = judge(BODY, KEPT)
    assert verdict.lost == [] and verdict.lists_kept == verdict.lists == 1
    assert verdict.labels_kept == verdict.labelled == 2
    assert verdict.identities_kept == verdict.identified == 2


def test_a_shaping_that_drops_the_list_is_caught_as_wrapper_only() -> None:
    verdict = judge(BODY, {"apiVersion": "v1", "kind": "ThingList"})
    assert verdict.lists == 1 and verdict.lists_kept == 0 and verdict.wrapper_only
    assert verdict.lost == ["payload list items (2 items)"]
    assert verdict.identified == 2 and verdict.identities_kept == 0  # lost with the list


def test_a_shaping_that_drops_labels_or_ids_is_caught() -> None:
    no_label = copy.deepcopy(KEPT)
    for item in no_label["items"]:
        del item["friendly_name"]
    verdict = judge(BODY, no_label)
    assert verdict.lists_kept == 1 and verdict.labels_kept == 0
    assert verdict.lost == ["label of item 0", "label of item 1"]
    no_id = copy.deepcopy(KEPT)
    del no_id["items"][1]["id"]
    assert judge(BODY, no_id).lost == ["identity of item 1"]


def test_a_unique_handle_stands_for_the_identity() -> None:
    body = [{"id": 1, "login": "octocat", "url": "https://api.example.com/users/octocat"}]
    assert judge(body, [{"login": "octocat"}]).identities_kept == 1
    assert judge(body, [{"url": "https://api.example.com/users/octocat"}]).identities_kept == 0


def test_a_page_of_the_list_is_enough_only_when_more_pages_follow() -> None:
    first = {"items": [{"id": "t-1", "friendly_name": "First thing"}]}
    assert judge(BODY, first, paged=True).lists_kept == 1
    assert judge(BODY, first).lists_kept == 0


def test_a_jsonapi_resource_with_included_is_one_resource_not_a_list() -> None:
    body = {
        "data": {"id": "p-1", "type": "plan", "attributes": {"title": "Plan"}},
        "included": [{"id": "g-1", "type": "goal"}, {"id": "g-2", "type": "goal"}],
    }
    verdict = judge(body, {"data": {"id": "p-1", "attributes": {"title": "Plan"}}})
    assert verdict.lists == 0 and verdict.lost == [] and verdict.labels_kept == 1
    assert judge(body, {"included": [{"id": "g-1"}]}).lost == [
        "identity of the body",
        "label of the body",
    ]


def test_truncated_and_renamed_values_still_count_as_kept() -> None:
    body = {"id": 7, "title": "A rather long title that the shaping cut short", "body": "x" * 50}
    assert judge(body, {"ID": 7, "t": "A rather long title… [20 more chars]"}).lost == []


def test_a_single_resource_is_seen_through_its_envelope_and_its_lists_are_its_own() -> None:
    body = {"data": {"id": "r-1", "name": "Thing", "tags": [{"label": "a"}, {"label": "b"}]}}
    verdict = judge(body, {"data": {"id": "r-1", "name": "Thing"}})
    assert verdict.lists == 0 and verdict.lost == []
    assert judge(body, {"data": {"tags": ["a"]}}).lost == [
        "identity of the body",
        "label of the body",
    ]


def test_a_list_nested_in_an_object_with_many_scalars_is_part_of_it_not_a_payload() -> None:
    body = {
        "state": "active", "thumbprint": "ab12", "url": "https://x.example/c/ab12",
        "stateTransitionTime": "2024-05-01T12:34:56Z", "publicData": "MIIB",
        "deleteError": {"code": "Busy", "values": [{"name": "a", "value": "1"}]},
    }  # fmt: skip
    assert judge(body, {"state": "active", "thumbprint": "ab12"}).lists == 0
    wrapper = {"page": 1, "total": 9, "_embedded": {"things": [{"name": "a"}, {"name": "b"}]}}
    assert judge(wrapper, {"page": 1}).lost == ["payload list _embedded/things (2 items)"]


def test_an_object_with_many_scalars_is_the_resource_not_an_envelope_of_its_relation() -> None:
    body = {
        "openHouseId": "oh-1", "inputId": "in-1", "description": "Sunday viewing",
        "startTime": "2024-05-01T10:00:00Z", "endTime": "2024-05-01T12:00:00Z",
        "listing": {"id": "l-9", "name": "12 Elm St"},
    }  # fmt: skip
    assert judge(body, {"openHouseId": "oh-1", "description": "Sunday viewing"}).lost == []
    assert judge(body, {"listing": {"name": "12 Elm St"}}).lost == ["identity of the body"]


def test_leanest_keeps_only_identity_and_label_of_the_payload() -> None:
    body = {"data": [{"id": 1, "name": "a", "size": 3}], "has_more": True}
    assert leanest(body) == [{"id": 1, "name": "a"}]
    assert leanest({"customer_id": "c1", "total": 4, "note": "n"}) == {"customer_id": "c1"}


def test_a_list_of_empty_objects_kept_as_it_is_is_kept() -> None:
    assert judge([{}, {}, {}], [{}, {}, {}]).lost == []
    assert judge([{}, {}, {}], {}).lists_kept == 0


# ---------------------------------------------------------------------- the yardstick

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"


def test_the_yardstick_scores_what_the_defaults_keep_against_the_picks() -> None:
    from generator.bench.yardstick import score
    from generator.runtime.shaping.pipeline import ShapeConfig

    name = "github/issue-items.json"
    value = json.loads((RESPONSES / name).read_text(encoding="utf-8"))
    picks = ("number", "title", "state")
    # as given, no invariant fallback
    fixed: dict = {"collection_path": "", "operator_defaults": True}
    exact = score(name, value, ShapeConfig(default_fields=picks, **fixed), picks)
    assert exact.recall == 1.0 and exact.precision == 1.0 and exact.reduction > 0.5
    wrong = score(name, value, ShapeConfig(default_fields=("url",), **fixed), picks)
    assert wrong.recall == 0.0 and wrong.precision == 0.0
    assert wrong.missed == picks


def test_the_yardstick_table_covers_the_mapped_recordings() -> None:
    from generator.bench.yardstick import yardstick_report

    text = yardstick_report(RESPONSES)
    assert "## Yardstick" in text and "| recall (mean per response) |" in text
    assert "| github/issue-items.json |" in text


def test_the_benchmark_gives_the_judge_the_path_templates_and_the_notes(tmp_path, capsys) -> None:
    """The named checks get their rows; the path identities are judged because the benchmark
    passes each operation's template and its siblings', the encodings' notes because it passes
    the result's notes."""
    spec = CORPUS / "what-users-see.yaml"
    args = [str(tmp_path), "--no-examples", "--no-yardstick", "--spec", str(spec)]
    assert main([*args, "--results", "-"]) == 0
    out = capsys.readouterr().out
    for check in CHECKS:
        assert f"| {check.name}: {check.says} | " in out
    # 2 listed messages and 1 fetched, each named by {Sid}; the defaults keep their sid
    assert (
        "| path identities: an object keeps the member its path parameter names | 100.0% (3/3) |"
        in out
    )
    # the runtime's note names the logprobs it left out (runtime/shaping/encodings.py)
    assert (
        "| encodings noted: an encoding left out is named in a note | 100.0% (1/1) | (a notice) |"
        in out
    )
    assert "left out, no note" not in out


def test_the_codes_the_benchmark_counts_are_registered() -> None:
    """A code the left-out table counts must be one a loader can still report: the registry
    refuses any other, so an unregistered one would keep a target at 0 whatever happens."""
    from generator.bench.breadth_left_out import CAVEATS, MEDIA_OR_SERVERS
    from generator.diagnostic_codes import BY_NAME

    assert sorted((CAVEATS | MEDIA_OR_SERVERS) - set(BY_NAME)) == []


def test_an_empty_list_kept_empty_is_not_wrapper_metadata() -> None:
    """``{type: "list", data: []}`` shaped to ``{data: []}`` says there are none: the judge took
    it for a result of wrapper metadata only (its one value, the constant type, left out)."""
    verdict = judge({"type": "team.list", "teams": []}, {"teams": []})
    assert not verdict.wrapper_only and verdict.lost == []
    dropped = judge({"type": "team.list", "teams": []}, {})
    assert dropped.wrapper_only


# ---------------------------------------------------------------------- GraphQL descriptions

GRAPHQL = """
type Query { image(id: ID!): Image  images: [Image!]! }
type Mutation {
  createImage(input: CreateImageInput!): CreateImagePayload
  renameImage(id: ID!, title: String): Image
}
input CreateImageInput { src: String!  clientMutationId: String  title: String }
type CreateImagePayload { clientMutationId: String  image: Image }
type Image {
  id: ID!
  title: String
  width: Int
  oldTitle: String @deprecated(reason: "Use title.")
  thumbnail(size: Int!): String
  owner: Person
}
type Person { id: ID!  login: String }
"""


def test_graphql_tools_are_called_and_answered_with_the_selection_they_send(tmp_path) -> None:
    schema = tmp_path / "images.graphql"
    schema.write_text(GRAPHQL, encoding="utf-8")
    with LocalUpstream() as upstream:
        result = run_case(Case(schema.name, schema), upstream)
        sent = [json.loads(b)["query"] for b in upstream.bodies]
    assert result.failure is None and not result.skipped
    calls = {c.tool: c for c in result.calls}
    assert set(calls) == {"image", "images", "create_image", "rename_image"}
    assert all(c.error is None and c.verdict is not None for c in calls.values())
    assert all(q.lstrip().startswith(("query", "mutation")) for q in sent)
    # the judge weighs the default selection against the whole value, not against the
    # projection the upstream answered with: the tokens of the body exceed what was kept
    assert calls["images"].raw > calls["images"].shaped > 0


def test_a_graphql_body_holds_what_a_selection_may_name_and_no_unsent_echo(tmp_path) -> None:
    from generator.bench.graphql_body import body_for, without_unsent_echoes

    schema = tmp_path / "images.graphql"
    schema.write_text(GRAPHQL, encoding="utf-8")
    image = body_for(schema, "query image", selectable=True)
    assert {"id", "title", "width", "owner"} <= set(image)
    assert "oldTitle" not in image and "thumbnail" not in image  # deprecated; required argument
    assert "oldTitle" in body_for(schema, "query image")  # the practitioners' rows keep all
    payload = body_for(schema, "mutation createImage", selectable=True)
    assert "clientMutationId" in payload
    unsent = without_unsent_echoes(schema, "mutation createImage", payload, {"input": {"src": "a"}})
    assert "clientMutationId" not in unsent and unsent["image"] == payload["image"]
    sent = {"input": {"src": "a", "clientMutationId": "c-1"}}
    assert "clientMutationId" in without_unsent_echoes(
        schema, "mutation createImage", payload, sent
    )
    # a resource answered by other fields too keeps its own members (``title`` is an argument)
    image_answer = body_for(schema, "mutation renameImage", selectable=True)
    kept = without_unsent_echoes(schema, "mutation renameImage", image_answer, {"id": "i-1"})
    assert kept == image_answer


def test_a_connection_of_edges_holds_its_nodes_members(tmp_path) -> None:
    """An edges-only connection (``edges { cursor node }``) used up a level at the edge, so its
    node came out empty (``{"cursor": ..., "node": {}}``) and the judge saw no payload."""
    from generator.bench.graphql_body import body_for

    schema = tmp_path / "sales.graphql"
    schema.write_text(
        "type PageInfo { hasNextPage: Boolean!, endCursor: String }\n"
        "type Artwork { id: ID!, title: String }\n"
        "type Sale { artwork: Artwork, price: Float }\n"
        "type SaleEdge { cursor: String!, node: Sale }\n"
        "type SaleConnection { edges: [SaleEdge], pageInfo: PageInfo! }\n"
        "type Query { recentSales(first: Int): SaleConnection }\n",
        encoding="utf-8",
    )
    value = body_for(schema, "query recentSales", selectable=True)
    node = value["edges"][0]["node"]
    assert node["price"] and node["artwork"]["title"]
