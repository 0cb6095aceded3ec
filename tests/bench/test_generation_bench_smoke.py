"""Smoke test of the generation benchmark's measurements on the petstore spec (our server only)."""

from __future__ import annotations

from pathlib import Path

from generator.bench.generation import (
    SpecRow,
    count_operations,
    load_document,
    measure_generation,
    measure_server,
    our_server_launch,
    render_table,
)

PETSTORE = Path(__file__).resolve().parents[2] / "specs" / "petstore" / "openapi.yaml"


def test_petstore_figures_are_sane(tmp_path: Path) -> None:
    document = load_document(PETSTORE)
    assert count_operations(document) == 3

    seconds, package = measure_generation(PETSTORE, "petstore", tmp_path / "out")
    assert 0 < seconds < 60
    assert (package / "src" / "petstore_mcp" / "__main__.py").is_file()

    figures = measure_server(our_server_launch(package, "petstore"), repeats=2)
    assert figures.tools == 3 + 1  # one tool per operation + petstore_continue
    assert figures.tokens is not None and figures.ready_s is not None
    assert figures.tokens > 100  # names, descriptions and input schemas of 4 tools
    assert len(figures.ready_runs) == 2
    assert 0 < figures.ready_s < 60
    assert 10 < figures.peak_rss_mb < 2000  # a Python process, measured in MB
    assert figures.reply_mb is not None and 0 < figures.reply_mb < 1
    assert not figures.in_process

    table = render_table(
        [SpecRow("petstore", 3, seconds, figures, None, "FastMCP skipped")],
        repeats=2,
        fastmcp_version=None,
    )
    assert "| petstore | 3 |" in table
    assert f"{figures.tokens:,}" in table
    assert "petstore ready faster than FastMCP: not measured" in table


def test_a_description_from_outside_is_named_and_checked_before_anything_runs(tmp_path) -> None:
    import argparse

    import pytest

    from generator.bench.generation import external_spec

    entry = tmp_path / "DigitalOcean-public.v2.yaml"
    entry.write_text("openapi: 3.0.0\n", encoding="utf-8")
    spec = external_spec(f"digitalocean={entry}")
    assert (spec.name, spec.path, spec.ops) == ("digitalocean", entry, None)
    assert "from_openapi takes one document" in spec.peer_note
    for bad in (str(entry), f"Digital Ocean={entry}", f"do={tmp_path / 'gone.yaml'}"):
        with pytest.raises(argparse.ArgumentTypeError, match="expected NAME=FILE"):
            external_spec(bad)
