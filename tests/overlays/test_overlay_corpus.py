"""Overlays on real descriptions from the corpus, loaded by the OpenAPI loader."""

from __future__ import annotations

import textwrap

import pytest

from tests.support.loading import http_binding, load_decided
from generator.decisions import decide_operations
from generator.overlays import apply_overlay, parse_overlay, starter_overlay
from tests.support.paths import GITHUB_REST, NOTION, PETSTORE


def round_trip_clean(spec):
    text = starter_overlay(spec)
    overlay, diags = parse_overlay(text, "starter.yaml")
    assert diags == [], [d.render() for d in diags[:5]]
    new, diags = apply_overlay(spec, overlay, file="starter.yaml")
    new = decide_operations(new)  # as the pipeline does after the overlay
    assert diags == [], [d.render() for d in diags[:5]]
    return new, text


@pytest.mark.parametrize(
    "path", [PETSTORE, NOTION, GITHUB_REST], ids=["petstore", "notion", "github"]
)
def test_starter_round_trip_on_real_descriptions(path):
    spec, _ = load_decided(path)
    new, text = round_trip_clean(spec)
    assert [op.response.default_fields for op in new.operations] == [
        op.response.default_fields for op in spec.operations
    ]
    assert len(new.operations) == len(spec.operations)
    assert starter_overlay(spec) == text


def test_petstore_starter_lists_its_operations_with_default_fields():
    spec, _ = load_decided(PETSTORE)
    text = starter_overlay(spec)
    assert "  listPets:" in text and "  showPetById:" in text and "  createPets:" in text
    assert "    include: [id, name, tag]" in text


def test_github_overlay_with_auth_selection_renames_and_typos():
    spec, _ = load_decided(GITHUB_REST)
    assert spec.security == ()  # GitHub REST declares none: the overlay supplies it
    text = textwrap.dedent("""
        auth:
          - type: bearer
            env: GITHUB_TOKEN
        select:
          include: ["issues/*", "search/issues-and-pull-requests", "repos/get"]
          exclude: ["method:DELETE"]
        operations:
          issues/list-for-repo:
            tool_name: list_issues
            include: [number, title, state, user.login, labels.name]
          search_issues_and_pull_requests:
            include: [number, title, user.logn]
          repos/get:
            include: [full_name, owner.login, stargazers_count]
          issues/lst-for-repo: {}
        """).lstrip("\n")
    overlay, diags = parse_overlay(text, "github.yaml")
    assert diags == []
    new, diags = apply_overlay(spec, overlay, file="github.yaml")
    new = decide_operations(new)  # as the pipeline does after the overlay
    assert [(d.code, d.line, d.hint) for d in diags] == [
        ("OVERLAY_UNKNOWN_FIELD", 12, "did you mean 'user.login'?"),
        ("OVERLAY_UNKNOWN_OPERATION", 15, "did you mean 'issues/list-for-repo'?"),
    ]
    ops = {op.id: op for op in new.operations}
    assert "repos/get" in ops and all(
        op.id.startswith("issues/") or op.id in ("repos/get", "search/issues-and-pull-requests")
        for op in new.operations
    )
    assert not any(http_binding(op).method == "DELETE" for op in new.operations)
    assert ops["issues/list-for-repo"].tool_name == "list_issues"
    assert ops["issues/list-for-repo"].response.default_fields == (
        "number", "title", "state", "user.login", "labels.name",
    )  # fmt: skip
    assert [s.name for s in new.security] == ["bearer_github_token"]
    assert {op.security for op in new.operations} == {("bearer_github_token",)}
