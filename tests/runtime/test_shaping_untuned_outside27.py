"""Descriptions nobody tuned for (issue 33, session 27): structures seen on descriptions
published in vendors' own repositories (generator/bench/data/outside-sources.md,
outside27outside), re-made as small synthesized fixtures
(``tests/fixtures/specs/untuned_outside27.yaml``: the structure of Prowler's JSON:API
findings). Each fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import load_decided, shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside27.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def _finding(i: int, status: str, severity: str) -> dict[str, Any]:
    return {
        "type": "findings",
        "id": f"0b6d3c7e-0000-4000-8000-00000000000{i}",
        "attributes": {
            "uid": f"prowler-aws-s3_bucket_public_access-{i}",
            "status": status,
            "status_extended": f"Bucket {i} allows public access.",
            "severity": severity,
            "check_id": "s3_bucket_public_access",
            "raw_result": {"Region": "eu-west-1"},
            "inserted_at": f"2024-05-0{i}T12:00:00Z",
            "updated_at": f"2024-05-0{i}T13:00:00Z",
            "muted": False,
        },
        "relationships": {"scan": {"data": {"id": "5c1e", "type": "scans"}}},
    }


def test_a_typed_resource_whose_attributes_hold_an_id_of_their_own_is_read_through(
    tools,
) -> None:
    """A JSON:API resource ``{type, id, attributes: {uid, status, severity, ...},
    relationships}`` is read through its ``attributes`` even when they hold an id of their
    own (the finding's ``uid`` at its source): the ``type`` beside the ``id`` says the object
    is a typed resource and ``attributes`` is what it says. Before, an id inside the part made
    it another object, nothing was read through, and every listed finding kept its ``id``
    alone: no status, no severity."""
    findings = [_finding(1, "FAIL", "critical"), _finding(2, "PASS", "low")]
    body = {"data": findings, "meta": {"pagination": {"page": 1, "pages": 1, "count": 2}}}
    items = shaped_json(tools["list_findings"], body)["data"]
    assert [i["attributes"]["status"] for i in items] == ["FAIL", "PASS"]
    assert [i["attributes"]["severity"] for i in items] == ["critical", "low"]
    assert [i["id"] for i in items] == [f["id"] for f in findings]
    assert [i["attributes"]["uid"] for i in items] == [f["attributes"]["uid"] for f in findings]


def test_a_typed_resource_read_through_keeps_the_id_its_attributes_hold(tools) -> None:
    """Read through its ``attributes``, a typed resource keeps the id they hold as well as its
    own (Prowler's compliance overviews: ``attributes.id`` names the framework's entry, which
    the item's ``id`` may not): reading the part through must not leave out what it said of
    itself when it was read as a part."""
    body = {
        "data": [
            {
                "type": "compliance-overviews",
                "id": f"ov-{i}",
                "attributes": {
                    "id": f"cis_1.{i}_aws",
                    "framework": "CIS",
                    "version": f"1.{i}",
                    "requirements_passed": 40 + i,
                    "requirements_failed": 3,
                    "total_requirements": 50,
                },
            }
            for i in (4, 5)
        ]
    }
    items = shaped_json(tools["list_compliance_overviews"], body)["data"]
    assert [i["attributes"]["id"] for i in items] == ["cis_1.4_aws", "cis_1.5_aws"]
    assert [i["id"] for i in items] == ["ov-4", "ov-5"]


GRAPHQL = SPEC.with_suffix(".graphql")


def test_a_mutation_payload_of_a_connection_only_keeps_the_connection() -> None:
    """A Relay mutation whose payload is the caller's ``clientMutationId`` and a connection of
    what it changed (GitHub's ``grantEnterpriseOrganizationsMigratorRole``: ``{clientMutationId,
    organizations(first, after) {nodes}}``) answers with that connection. Nested connections
    are left out of the defaults (each a paged sub-query), and the echo is the caller's own
    value: the document selected nothing else, and the answer was ``{}``. A payload with more
    of its own still leaves them out."""
    spec, _ = load_decided(GRAPHQL)
    decided = {op.tool_name: op.response.default_fields for op in spec.operations if op.response}
    assert {"organizations.nodes.id", "organizations.nodes.login"} <= set(
        decided["grant_migrator_role"]
    )
    assert not any("members" in p for p in decided["rename_organization"])
    tools = tools_by_name(GRAPHQL)
    orgs = [
        {"id": "O_1", "login": "acme", "name": "Acme", "description": "Tools"},
        {"id": "O_2", "login": "globex", "name": "Globex", "description": None},
    ]
    body = {
        "clientMutationId": "c-1",
        "organizations": {
            "nodes": orgs,
            "pageInfo": {"endCursor": "c2", "hasNextPage": False},
            "totalCount": 2,
        },
    }
    answer = shaped_json(tools["grant_migrator_role"], body)
    nodes = answer["organizations"]["nodes"]
    assert [n["id"] for n in nodes] == ["O_1", "O_2"]
    assert [n["login"] for n in nodes] == ["acme", "globex"]
    renamed = {"clientMutationId": "c-2", "organization": orgs[0]}
    shown = shaped_json(tools["rename_organization"], renamed)
    assert shown["organization"]["id"] == "O_1"
    assert "members" not in shown["organization"]


def test_a_commit_signature_whose_person_is_a_part_keeps_who_with_when(tools) -> None:
    """A commit's author whose name and email are a part of it (Harness's ``author:
    {identity: {name, email}, when}``) keeps who it is beside when: the signature rule took
    the person's own name members, found none, and the author was reduced to ``{when}``."""
    who = {"name": "Ada Lovelace", "email": "ada@example.com"}
    body = {
        "name": "main",
        "sha": "9f2c1e",
        "is_default": True,
        "commit": {
            "sha": "9f2c1e",
            "title": "Fix the build",
            "message": "Fix the build\n\nThe linker flag was missing.",
            "parent_shas": ["77aa01"],
            "author": {"identity": who, "when": "2024-05-01T12:00:00Z"},
            "committer": {"identity": who, "when": "2024-05-01T12:05:00Z"},
        },
    }
    answer = shaped_json(tools["get_branch"], body)
    assert answer["commit"]["author"]["identity"]["name"] == "Ada Lovelace"
    assert answer["commit"]["author"]["when"] == "2024-05-01T12:00:00Z"
