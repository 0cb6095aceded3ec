"""Filters and adapters around the shaping pipeline (runtime/output.py), on recorded responses."""

import json
import textwrap
from pathlib import Path

import pytest

from generator.runtime.adapters import AdapterContext, AdapterError, resolve_adapter
from generator.runtime.adapters.capper import token_cap
from generator.runtime.adapters.summary import summary
from generator.runtime.model import Tool, model_from_json
from generator.runtime.output import shape_output
from generator.runtime.shaping.pipeline import ShapeConfig
from generator.runtime.shaping.tokens import count_tokens
from tests.support.paths import RESPONSES

USERS = json.loads((RESPONSES / "notion/users.list.json").read_text())
BLOCKS = json.loads((RESPONSES / "notion/blocks.children.list.all_block_types.json").read_text())
ISSUES = json.loads((RESPONSES / "github/issue-search-result-item-paginated.json").read_text())


def tool(filters: dict | None = None, adapters: list | None = None, **response) -> Tool:
    data = {
        "server": {"name": "demo", "env_prefix": "DEMO"},
        "filter_sets": sorted(filters or {}),
        "tools": [
            {
                "name": "t",
                "input_schema": {"type": "object"},
                "binding": {"kind": "http", "method": "GET", "path": "/x"},
                "response": {"collection_path": None, **response},
                **({"filters": filters} if filters else {}),
                **({"adapters": adapters} if adapters else {}),
            }
        ],
    }
    model = model_from_json(data)
    assert model.filter_sets == tuple(sorted(filters or {}))
    return model.tools[0]


def config(t: Tool) -> ShapeConfig:
    return ShapeConfig(
        default_fields=t.response.default_fields,
        collection_path=t.response.collection_path,
        field_tree=t.response.field_tree,
        operator_defaults=True,  # these tests name the defaults as an overlay would
    )


PARTNERS = {
    "partners": [
        {
            "when": [{"op": "test", "path": "/object", "value": "list"}],
            "retain": ["/results/id", "/results/name", "/has_more"],
        }
    ]
}


def test_the_chosen_filter_set_applies_before_field_selection() -> None:
    t = tool(PARTNERS, collection_path="results", default_fields=["id", "name", "person.email"])
    shaped = shape_output(USERS, t, config(t), filter_set="partners")
    assert json.loads(shaped.chunks[0]) == {
        "results": [
            {"id": "a4f789cc-7bc8-4cf0-82b9-a8ba7d985ecf", "name": "Guillaume Gelin"},
            {"id": "7775f3a3-893f-43fa-b625-460c61094c78", "name": "notion-sdk-py"},
        ],
        "has_more": False,
    }
    everything = shape_output(USERS, t, config(t), fields=["*"], filter_set="partners")
    assert "email" not in everything.chunks[0]  # fields cannot reach what the filter removed
    unfiltered = shape_output(USERS, t, config(t), filter_set="")
    assert "notion@ramnes.eu" in unfiltered.chunks[0]


def test_when_no_branch_matches_the_default_shaping_applies_with_a_note() -> None:
    page = json.loads((RESPONSES / "notion/pages.retrieve.json").read_text())
    t = tool(PARTNERS, default_fields=["id", "object"])
    shaped = shape_output(page, t, config(t), fields=["*"], filter_set="partners")
    assert json.loads(shaped.chunks[0]) == {"id": page["id"], "object": "page"}  # not raw
    assert "did not apply (no branch matched: branch 1: /object is 'page', not 'list')" in (
        shaped.notes[0]
    )


MISMATCHED = {  # described as {id, name}: the upstream sends {uid, title, size}
    "results": [{"uid": "t-1", "title": "First thing", "size": 3, "notes": "n" * 40}],
    "object": "list",
}


@pytest.mark.parametrize(
    "filters",
    [
        {"s": [{"when": [{"op": "test", "path": "/object", "value": "page"}], "retain": ["/x"]}]},
        {"s": [{"patches": [{"op": "test", "path": "/object", "value": "page"}]}]},
        {"s": [{"patches": [{"op": "remove", "path": "/results/0/missing"}]}]},
    ],
    ids=["no-branch-matches", "patch-test-fails", "patch-fails"],
)
def test_a_filter_that_does_not_apply_gives_exactly_the_default_shaping(filters) -> None:
    """The fallback is what the same tool returns with filtering off (here the description's
    defaults do not fit the response, so both read them from the response), plus the note."""
    t = tool(filters, collection_path="results", default_fields=["id", "name"])
    plain = ShapeConfig(default_fields=("id", "name"), collection_path="results")
    unfiltered = shape_output(MISMATCHED, t, plain)
    for asked in ({}, {"fields": ["*"]}, {"detail_level": "detailed"}):
        filtered = shape_output(MISMATCHED, t, plain, filter_set="s", **asked)
        assert filtered.chunks == unfiltered.chunks, asked
        assert "[filter set 's' did not apply" in filtered.notes[0]
        assert filtered.notes[1:] == unfiltered.notes
    assert json.loads(unfiltered.chunks[0])["results"][0]["uid"] == "t-1"


def test_a_failing_patch_falls_back_to_the_default_shaping() -> None:
    filters = {"default": [{"patches": [{"op": "remove", "path": "/results/*/person"}]}]}
    t = tool(filters, collection_path="results", default_fields=["id"])
    shaped = shape_output(USERS, t, config(t), detail_level="detailed", filter_set="default")
    assert json.loads(shaped.chunks[0])["results"] == [{"id": u["id"]} for u in USERS["results"]]
    assert "patch failed in branch 1" in shaped.notes[0]


def test_the_notion_adapter_returns_markdown_unless_fields_are_asked_for() -> None:
    t = tool(adapters=[{"name": "notion_markdown"}], default_fields=["id", "type"])
    md = shape_output(BLOCKS, t, config(t))
    assert md.chunks[0].startswith("Text\n\n[child page] Child page")
    assert count_tokens(md.chunks[0]) < count_tokens(json.dumps(BLOCKS, indent=2)) / 10
    projected = shape_output(BLOCKS, t, config(t), fields=["results.type"])
    assert json.loads(projected.chunks[0])["results"][0] == {"type": "paragraph"}


def test_a_missing_or_failing_adapter_is_a_note_and_default_shaping() -> None:
    t = tool(adapters=[{"name": "no_such_adapter"}], default_fields=["object"])
    shaped = shape_output(USERS, t, config(t))
    assert json.loads(shaped.chunks[0]) == {"object": "list"}
    assert "'no_such_adapter' is not built in" in shaped.notes[0]
    assert "default shaping used" in shaped.notes[0]
    t = tool(adapters=[{"name": "notion_markdown"}], default_fields=["object"])
    shaped = shape_output(USERS, t, config(t))  # users are not blocks
    assert json.loads(shaped.chunks[0]) == {"object": "list"}
    assert "adapter 'notion_markdown' failed: ValueError" in shaped.notes[0]


def test_the_summary_adapter_flattens_each_item_and_keeps_the_paging_metadata() -> None:
    fields = {"key": "number", "title": "title", "state": "state", "assignee": "assignee.login"}
    fields["labels"] = "labels.name"
    t = tool(adapters=[{"name": "summary", "options": {"fields": fields}}], collection_path="items")
    shaped = shape_output(ISSUES, t, config(t))
    out = json.loads(shaped.chunks[0])
    item = ISSUES["items"][0]
    assert out["total_count"] == ISSUES["total_count"]
    assert out["items"][0] == {
        "key": item["number"],
        "title": item["title"],
        "state": item["state"],
        "assignee": item["assignee"]["login"] if item["assignee"] else None,
        "labels": [label["name"] for label in item["labels"]],
    }
    one = summary(item, AdapterContext(options={"fields": {"who": "user.login", "x": "no.such"}}))
    assert one == {"who": item["user"]["login"], "x": None}


def test_the_token_capper_cuts_text_and_json_to_the_cap() -> None:
    ctx = AdapterContext(options={"max_tokens": 120})
    text = resolve_adapter("notion_markdown")(BLOCKS, AdapterContext())
    capped = token_cap(text, ctx)
    assert count_tokens(capped) <= 120 and "more tokens cut" in capped
    assert capped.split("\n")[0] == "Text"
    small = token_cap(USERS, ctx)
    assert count_tokens(json.dumps(small, separators=(",", ":"))) <= 120
    with pytest.raises(ValueError, match="max_tokens"):
        token_cap(text, AdapterContext())


@pytest.mark.parametrize("name", ["stripe/subscription.json", "notion/pages.retrieve.db_page.json"])
@pytest.mark.parametrize("response_format", ["json", "markdown"])
@pytest.mark.parametrize("detail_level", ["concise", "detailed"])
def test_a_token_cap_holds_on_the_text_sent_in_every_format(
    name: str, response_format: str, detail_level: str
) -> None:
    # Markdown renders bigger than the JSON the adapter capped (1,841 tokens under 1,500)
    value = json.loads((RESPONSES / name).read_text())
    t = tool(adapters=[{"name": "token_cap", "options": {"max_tokens": 1500}}])
    shaped = shape_output(
        value, t, config(t), response_format=response_format, detail_level=detail_level
    )
    assert len(shaped.chunks) == 1
    sent = count_tokens(shaped.chunks[0]) + sum(count_tokens(n) for n in shaped.notes)
    assert sent <= 1500
    assert shaped.token_counts == [count_tokens(shaped.chunks[0])]


def test_custom_adapters_by_module_callable(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "my_adapters_mod.py").write_text(textwrap.dedent("""
            def names(value, context):
                return ", ".join(u["name"] for u in value["results"]) + context.options["end"]

            def broken(value, context):
                raise RuntimeError("boom")
            """))
    monkeypatch.syspath_prepend(str(tmp_path))
    t = tool(adapters=[{"name": "my_adapters_mod:names", "options": {"end": "."}}])
    assert shape_output(USERS, t, config(t)).chunks[0] == "Guillaume Gelin, notion-sdk-py."
    t = tool(adapters=[{"name": "my_adapters_mod:broken"}], default_fields=["object"])
    shaped = shape_output(USERS, t, config(t))
    assert "adapter 'my_adapters_mod:broken' failed: RuntimeError: boom" in shaped.notes[0]
    with pytest.raises(AdapterError, match="cannot import module 'not_installed_mod'"):
        resolve_adapter("not_installed_mod:x")
    with pytest.raises(AdapterError, match="has no 'missing'"):
        resolve_adapter("my_adapters_mod:missing")


def test_custom_adapters_by_entry_point(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "ep_adapters_mod.py").write_text(
        "def count(value, context):\n    return {'users': len(value['results'])}\n"
    )
    info = tmp_path / "ep_adapters-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ep-adapters\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[mcpforge.adapters]\nuser_count = ep_adapters_mod:count\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    t = tool(adapters=[{"name": "user_count"}])
    assert json.loads(shape_output(USERS, t, config(t)).chunks[0]) == {"users": 2}
