"""Where the benchmarks read their inputs: the repository's own copies, so a clone can run them.

The example inputs in ``specs/`` and the fixtures in ``tests/fixtures/`` (sources and licenses
in its SOURCES.md) are the single copies of the files the default benchmarks read. A benchmark
that sweeps a corpus of recorded responses takes its folder as ``--corpus``; without it, the
developer corpus beside the repository (``../shared/corpus``) is swept when it exists, and the
copy in ``tests/fixtures/`` otherwise (said on stderr).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPECS = REPO / "specs"
FIXTURES = REPO / "tests" / "fixtures"
SHARED_CORPUS = REPO.parent / "shared" / "corpus"

GITHUB_REST = SPECS / "github" / "openapi.json"
NOTION = SPECS / "notion" / "openapi.json"
STRIPE = FIXTURES / "openapi" / "stripe.spec3.yaml"
GITHUB_GRAPHQL = FIXTURES / "graphql" / "github.graphql"
LINEAR = SPECS / "linear" / "schema.graphql"
SWAPI = SPECS / "swapi" / "schema.graphql"


def responses_folder(given: Path | None) -> Path:
    """The recorded responses a sweep reads: ``given``, else ``../shared/corpus/responses``
    when it exists, else the copy in ``tests/fixtures/responses`` (said on stderr)."""
    if given is not None:
        return given
    shared = SHARED_CORPUS / "responses"
    if shared.is_dir():
        return shared
    print(
        f"{shared} not found: sweeping the copy in {FIXTURES / 'responses'} "
        "(pass --corpus FOLDER for another one)",
        file=sys.stderr,
    )
    return FIXTURES / "responses"


def shown(path: Path) -> str:
    """``path`` relative to the repository when inside it (for tables and results files)."""
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return str(path)
