"""The shaping benchmark: its operation table is current and its columns measure what they say."""

from __future__ import annotations

import pytest

from generator.bench.corpus_ops import OPERATIONS, spec_configs
from generator.bench.essentials import ESSENTIALS
from generator.bench.shaping import as_list_of, load_corpus, main, measure
from tests.support.paths import RESPONSES


def test_every_mapped_response_exists_and_its_operation_is_in_the_description() -> None:
    corpus = dict(load_corpus(RESPONSES))
    assert set(OPERATIONS) <= set(corpus)
    configs = spec_configs(list(OPERATIONS))  # KeyError when stale
    assert set(configs) == set(OPERATIONS)
    issues = configs["github/issue-items.json"]
    assert issues.collection_path == "" and "number" in issues.default_fields
    assert configs["stripe/file.links.list.json"].collection_path == "data"


def test_a_row_orders_floor_concise_and_raw_and_keeps_identity() -> None:
    corpus = dict(load_corpus(RESPONSES))
    name = "github/issue-items.json"
    config = spec_configs([name])[name]
    row = measure(name, as_list_of(corpus[name], "", 30), config)
    assert row.items == 30 and row.identity == "ok"
    assert 0 < row.floor < row.concise < row.raw and row.spec is not None
    assert row.reduction > 0.95 and row.floor_reduction > row.reduction


def test_the_command_prints_both_tables_and_their_medians(capsys) -> None:
    main(["--no-throughput", "--no-spec", "--corpus", str(RESPONSES), "--results", "-"])
    out = capsys.readouterr().out
    assert "## Every recorded response" in out and "## 30-item lists" in out
    assert "median reduction over 65 responses: concise json" in out
    assert "hand-picked essentials" in out  # every hand-picked path selected something
    assert "identity kept on every item: yes" in out


def test_a_hand_picked_path_that_selects_nothing_stops_the_benchmark(monkeypatch) -> None:
    corpus = dict(load_corpus(RESPONSES))
    assert set(ESSENTIALS) == set(corpus)  # every recording has its yardstick
    name = "github/issue.json"
    monkeypatch.setitem(ESSENTIALS, name, ("number", "no_such_field"))
    with pytest.raises(ValueError, match="no_such_field"):
        measure(name, corpus[name])


def test_a_stale_operation_in_the_table_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setitem(OPERATIONS, "notion/users.list.json", "list-all-the-users")
    with pytest.raises(KeyError, match="has no operation 'list-all-the-users'"):
        spec_configs(["notion/users.list.json"])
