"""A list whose items are a union of variants (``anyOf``/``oneOf``: an issue's timeline, where
a label added, a comment and a commit are items of one list) keeps on every item what all its
variants say, what happened and who did it, before the members only some variants carry; the
spec.json of a generated server carries which members the variants share, so the server
decides the same when it reads a response again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.loaders.openapi import load_openapi
from generator.pipeline import build
from generator.runtime.model import model_from_json
from generator.runtime.output import shape_config_for, shape_output
from generator.runtime.shaping.decision import DefaultsContext, decide

TIMELINE = Path(__file__).resolve().parents[1] / "fixtures" / "decision" / "timeline.yaml"


def _user(login: str, n: int) -> dict[str, Any]:
    return {
        "login": login,
        "id": n,
        "node_id": f"U_{n}",
        "avatar_url": f"https://avatars.example.com/u/{n}",
        "url": f"https://api.example.com/users/{login}",
        "html_url": f"https://example.com/{login}",
        "type": "User",
        "site_admin": False,
    }


def _event(n: int, event: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": n,
        "node_id": f"E_{n}",
        "url": f"https://api.example.com/events/{n}",
        "actor": _user("mona", 7),
        "event": event,
        "commit_id": None,
        "commit_url": None,
        "created_at": f"2024-05-0{n}T12:00:00Z",
        **extra,
    }


BODY = [
    _event(1, "labeled", label={"name": "bug", "color": "d73a4a"}),
    _event(2, "milestoned", milestone={"title": "v1.0"}),
    _event(3, "assigned", assignee=_user("hubot", 8)),
    _event(4, "closed", state_reason="completed"),
]


def _tool() -> Any:
    generated = build(TIMELINE, name="timeline")
    data = json.loads(generated.files["src/timeline_mcp/spec.json"])
    [tool] = [t for t in data["tools"] if t["source"] == "listTimeline"]
    runtime_tool = model_from_json(data).tool(tool["name"])
    assert runtime_tool is not None
    return runtime_tool


def test_the_loader_records_the_members_the_variants_share() -> None:
    spec, _ = load_openapi(TIMELINE)
    [op] = spec.operations
    context = op.response.context
    # every variant has ``event``; most have ``actor``, ``id``, ``created_at``; the label, the
    # milestone, the commit's message are one variant's each
    assert {"event", "actor", "id", "created_at"} <= set(context.shared)
    assert not {"label", "milestone", "message", "body", "sha"} & set(context.shared)
    assert "event" in context.everywhere and "actor" not in context.everywhere


def test_every_item_says_what_happened_and_who_did_it() -> None:
    """The defaults used to spend the item's budget on members of one variant each (a
    commit's ``sha``, a comment's ``user`` and reactions, a milestone) and lose ``event`` and
    ``actor``: a timeline of ids, dates and a label with nothing saying what happened."""
    tool = _tool()
    shaped = json.loads(shape_output(BODY, tool, shape_config_for(tool)).chunks[0])
    assert [item["event"] for item in shaped] == ["labeled", "milestoned", "assigned", "closed"]
    assert all(item["actor"] == {"login": "mona", "id": 7} for item in shaped)
    assert all(item["id"] == n and item["created_at"] for n, item in enumerate(shaped, 1))
    # a variant's own payload is still kept where the budget allows: the label that was added
    assert shaped[0]["label"] == {"name": "bug"}


def test_spec_json_carries_it_and_the_server_decides_the_same() -> None:
    tool = _tool()
    config = shape_config_for(tool)
    assert config.context.shared and "event" in config.context.everywhere
    again = decide(tool.response.field_tree, config.context, kind=tool.kind, item=True)
    assert {"event", "actor.login"} <= set(again.default_fields)
    plain = DefaultsContext(entity=config.context.entity)  # without it: the old choice
    without = decide(tool.response.field_tree, plain, kind=tool.kind, item=True)
    # (``event`` itself is kept either way now: an issue event's ``event`` is what it is)
    assert "actor.login" not in without.default_fields
