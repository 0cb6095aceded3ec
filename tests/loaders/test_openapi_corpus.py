"""Real vendor specs (tests/fixtures/openapi and specs/): everything converts, deterministically."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

import pytest

from generator.ir.models import ServerSpec
from generator.loaders import load_openapi
from tests.support.loading import http_binding
from tests.support.paths import GITHUB_REST, NOTION

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "openapi"
TOOL_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
ARG_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
# Generous guard against blow-ups (measured ~1.5 s GitHub, ~3.5 s Stripe); not a benchmark.
# CPU seconds of this process: other work on a shared machine (or a parallel test run) slows
# the wall clock, not this.
TIME_GUARD_S = 15.0


def _check_invariants(spec: ServerSpec) -> None:
    names = [op.tool_name for op in spec.operations]
    assert len(set(names)) == len(names)
    assert all(TOOL_NAME.fullmatch(n) for n in names)
    assert len({op.id for op in spec.operations}) == len(spec.operations)
    for op in spec.operations:
        schema = op.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert list(schema["properties"]) == [p.arg for p in op.params]
        assert schema.get("required", []) == [p.arg for p in op.params if p.required]
        assert all(ARG_NAME.fullmatch(p.arg) for p in op.params)
        assert not {"fields", "detail_level", "response_format"} & set(schema["properties"])
        assert len(op.description) <= 300
        json.dumps(schema)
        json.dumps(op.response.field_tree)
        if op.response.collection_path is not None:
            assert op.response.media_type is not None


def _timed(path: Path) -> tuple[ServerSpec, list, float]:
    start = time.process_time()
    spec, diagnostics = load_openapi(path)
    return spec, diagnostics, time.process_time() - start


@pytest.mark.slow
def test_github_full_spec_converts_every_operation() -> None:
    spec, diagnostics, seconds = _timed(GITHUB_REST)
    print(f"\nGitHub REST: {len(spec.operations)} operations loaded in {seconds:.2f} s")
    assert len(spec.operations) == 860
    assert seconds < TIME_GUARD_S
    _check_invariants(spec)
    assert spec.name == "github-v3-rest-api" and spec.base_url == "https://api.github.com"
    assert not [d for d in diagnostics if d.severity.value == "error"]
    ops = {op.id: op for op in spec.operations}
    runs = ops["actions/list-workflow-runs-for-repo"]
    assert runs.tool_name == "actions_list_workflow_runs_for_repo"
    assert (runs.response.collection_path, runs.response.schema_name) == (
        "workflow_runs",
        "workflow-run",
    )
    issues = ops["issues/list-for-repo"]
    assert (issues.response.collection_path, issues.response.schema_name) == ("", "issue")
    assert issues.response.field_tree is not None
    assert issues.response.field_tree["user"]["login"] == "string"
    assert issues.response.field_tree["labels"] == [issues.response.field_tree["labels"][0]]
    assert [p.arg for p in issues.params][:2] == ["owner", "repo"]
    assert issues.annotations.read_only is True
    create = ops["issues/create"]
    assert create.input_schema["required"] == ["owner", "repo", "title"]
    assert http_binding(create).content_type == "application/json"
    assert ops["repos/delete"].annotations.destructive is True
    # the markdown/raw body is text/plain: one string argument, sent as the body
    raw = next(op for op in spec.operations if http_binding(op).path == "/markdown/raw")
    assert http_binding(raw).content_type == "text/plain"
    assert [(p.arg, p.location, p.file) for p in raw.params] == [("body", "body_whole", None)]


@pytest.mark.slow
def test_stripe_full_spec_converts() -> None:
    spec, diagnostics, seconds = _timed(CORPUS / "stripe.spec3.yaml")
    print(f"\nStripe: {len(spec.operations)} operations loaded in {seconds:.2f} s")
    assert seconds < TIME_GUARD_S
    _check_invariants(spec)
    assert not [d for d in diagnostics if "skipped" in d.message]
    assert len(spec.operations) == 468
    upload = next(op for op in spec.operations if op.id == "PostFiles")
    assert http_binding(upload).content_type == "multipart/form-data"
    assert [p.arg for p in upload.params if p.file] == ["file"]
    assert [s.env_vars for s in spec.security] == [
        ("STRIPE_API_BASIC_AUTH_USERNAME", "STRIPE_API_BASIC_AUTH_PASSWORD"),
        ("STRIPE_API_BEARER_AUTH",),
    ]
    ops = {op.id: op for op in spec.operations}
    listing = ops["GetCustomers"]
    assert (listing.response.collection_path, listing.response.schema_name) == ("data", "customer")
    assert listing.security == ("basicAuth", "bearerAuth")
    created = [p for p in listing.params if p.arg == "created"][0]
    assert (created.location, created.style, created.explode) == ("query", "deepObject", True)
    post = ops["PostCustomers"]
    assert http_binding(post).content_type == "application/x-www-form-urlencoded"
    assert all(p.location == "body" for p in post.params)
    assert "<p>" not in post.description


def test_spotify_converts_with_its_base64_image_upload() -> None:
    spec, diagnostics = load_openapi(CORPUS / "spotify.fixed.yaml")
    _check_invariants(spec)
    assert len(spec.operations) == 97
    assert [(d.code, d.pointer) for d in diagnostics] == [
        ("SECURITY_OAUTH_TOKEN_ENDPOINT", "/components/securitySchemes/oauth_2_0"),
    ]
    cover = next(op for op in spec.operations if op.id == "upload-custom-playlist-cover")
    # image/jpeg whose schema is `format: base64`: a file, sent as its base64 text
    assert http_binding(cover).content_type == "image/jpeg"
    assert [(p.arg, p.file) for p in cover.params] == [("playlist_id", None), ("body", "base64")]
    assert spec.base_url == "https://api.spotify.com/v1"


def test_spotify_official_spec_keeps_the_operation_with_a_slip_in_its_schema() -> None:
    spec, diagnostics = load_openapi(CORPUS / "spotify.official.yaml")
    assert [(d.code, d.pointer) for d in diagnostics if d.severity.value == "warning"] == [
        (
            "SCHEMA_SLIP_READ",  # `required: true` inside the schema: read, not skipped
            "/paths/~1playlists~1{playlist_id}~1images/put/requestBody/content/image~1jpeg/schema/required",
        ),
    ]
    assert len(spec.operations) == 96  # was 95: the cover upload was skipped


def test_notion_3_1_document() -> None:
    spec, diagnostics = load_openapi(NOTION)
    assert diagnostics == []
    _check_invariants(spec)
    assert len(spec.operations) == 24
    assert spec.name == "notion-api"
    assert [s.name for s in spec.security] == ["bearerAuth", "basicAuth"]
    # Notion's file overrides the document's security with `security: []` on all but one
    assert sorted(op.security for op in spec.operations) == [()] * 23 + [("bearerAuth",)]


@pytest.mark.parametrize(
    "name",
    ["oai.v3.1.tictactoe.yaml", "oai.v3.1.webhook-example.yaml", "oai.v3.1.non-oauth-scopes.yaml"],
)
def test_oai_3_1_examples(name: str) -> None:
    spec, diagnostics = load_openapi(CORPUS / name)
    _check_invariants(spec)
    codes = {d.code for d in diagnostics}
    assert "SERVER_MISSING" in codes and spec.base_url == "/"
    if "webhook" in name:
        assert spec.operations == () and "WEBHOOKS_IGNORED" in codes


def test_tictactoe_details() -> None:
    spec, _ = load_openapi(CORPUS / "oai.v3.1.tictactoe.yaml")
    ops = {op.id: op for op in spec.operations}
    assert set(ops) == {"get-board", "get-square", "put-square"}
    put = ops["put-square"]
    assert [(p.arg, p.location) for p in put.params] == [
        ("row", "path"),
        ("column", "path"),
        ("progressUrl", "header"),
        ("body", "body_whole"),
    ]
    assert put.input_schema["properties"]["body"]["enum"] == [".", "X", "O"]
    assert ops["get-board"].response.field_tree == {
        "winner": "string:enum",
        "board": [["string:enum"]],
    }


def test_loading_twice_gives_equal_ir() -> None:
    first, d1 = load_openapi(CORPUS / "spotify.fixed.yaml")
    second, d2 = load_openapi(CORPUS / "spotify.fixed.yaml")
    assert first == second and d1 == d2


def _digest_in_subprocess(spec: str, seed: str) -> str:
    code = (
        "import hashlib, json, sys; from dataclasses import asdict;"
        "from generator.loaders import load_openapi;"
        "s, d = load_openapi(sys.argv[1]);"
        "print(hashlib.sha256(json.dumps([asdict(s), [x.render() for x in d]]).encode()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code, spec], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_output_does_not_depend_on_the_hash_seed() -> None:
    spec = str(CORPUS / "spotify.fixed.yaml")
    assert _digest_in_subprocess(spec, "1") == _digest_in_subprocess(spec, "12345")
    local, diagnostics = load_openapi(spec)
    expected = hashlib.sha256(
        json.dumps([asdict(local), [x.render() for x in diagnostics]]).encode()
    )
    assert _digest_in_subprocess(spec, "0") == expected.hexdigest()
