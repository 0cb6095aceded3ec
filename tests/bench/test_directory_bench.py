"""The directory benchmark: its selection rule, its split by provider, and a held-back half
reported as aggregates only, on a tiny folder laid out like the public API directory."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.bench import directory_selection
from generator.bench.breadth import Case, plan_case
from generator.bench.directory import main, run_description
from generator.bench.directory_selection import (
    Entry,
    read_selection,
    select,
    split,
    version_key,
    write_selection,
)
from generator.bench.upstream import LocalUpstream
from generator.bench.verdict_checks import checks_of
from generator.preview.judge import Verdict

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "directory"
AMENTUM = FIXTURES / "amentum.space_atmosphere_0.9.4_swagger.yaml"  # 2 ops with a response schema
CNAB = FIXTURES / "cnab-online.herokuapp.com_1.0.0_swagger.yaml"  # 4
DWEET = FIXTURES / "dweet.io_2.0_swagger.yaml"  # none


def _place(root: Path, path: str, source: Path) -> None:
    target = root / "APIs" / path
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    """APIs/provider/[service/]version/file, with older, pre-release and too small versions."""
    folder = tmp_path / "directory"
    _place(folder, "amentum.space/atmosphere/0.9.4/swagger.yaml", AMENTUM)
    _place(folder, "amentum.space/atmosphere/0.9.3/swagger.yaml", CNAB)  # older
    _place(folder, "amentum.space/atmosphere/1.0.0-beta/swagger.yaml", CNAB)  # pre-release
    _place(folder, "cnab-online.herokuapp.com/1.0.0/swagger.yaml", CNAB)
    _place(folder, "cnab-online.herokuapp.com/1.0.0/openapi.yaml", AMENTUM)  # taken first
    _place(folder, "dweet.io/2.0/swagger.yaml", DWEET)  # no operation with a response schema
    _place(folder, "dweet.io/1.0/swagger.yaml", CNAB)  # older: the newest decides
    (folder / "APIs" / "notes.txt").write_text("not a description\n")
    return folder


def test_the_rule_takes_the_newest_stable_version_with_response_schemas(root: Path) -> None:
    chosen = select(root)
    assert [e.path for e in chosen.entries] == [
        "APIs/amentum.space/atmosphere/0.9.4/swagger.yaml",
        "APIs/cnab-online.herokuapp.com/1.0.0/openapi.yaml",
    ]
    assert chosen.apis == 3 and chosen.too_small == 1 and chosen.capped == 0
    assert version_key("v2") > version_key("v1") > version_key("v3beta1")
    assert version_key("2019-12-27") > version_key("2018-06-01")
    assert version_key("1.10") > version_key("1.9")


def test_at_most_so_many_per_provider_ranked_by_hash(root: Path, monkeypatch) -> None:
    _place(root, "amentum.space/other/1.0/swagger.yaml", CNAB)
    assert [e.provider for e in select(root).entries].count("amentum.space") == 2
    monkeypatch.setattr(directory_selection, "PER_PROVIDER", 1)
    capped = select(root)
    assert [e.provider for e in capped.entries].count("amentum.space") == 1
    assert capped.capped == 1
    assert capped.entries == select(root).entries  # the same one each time


def test_the_split_keeps_providers_whole_and_the_halves_about_equal() -> None:
    sizes = {f"provider{i}.example": n for i, n in enumerate([60, 60, 60, 21, 7, 7, *[1] * 40])}
    halves = split(sizes)
    assert set(halves) == set(sizes) and set(halves.values()) == {"tuning", "held-back"}
    held = {h: sum(n for p, n in sizes.items() if halves[p] == h) for h in ("tuning", "held-back")}
    # each provider goes to the half holding fewer so far: they differ by at most the
    # biggest provider (on the real directory, 330 and 329 descriptions)
    assert abs(held["tuning"] - held["held-back"]) <= max(sizes.values())
    assert min(held.values()) >= 0.3 * sum(sizes.values())
    assert split(dict(reversed(list(sizes.items())))) == halves  # by name, not by order given


def test_the_list_is_written_and_read_back_with_its_notes(root: Path, tmp_path: Path) -> None:
    chosen = select(root)
    target = tmp_path / "selection.tsv"
    write_selection(chosen, target)
    entries, notes = read_selection(target)
    assert entries == chosen.entries
    assert any("newest versions kept: 2, from 2 providers" in n for n in notes)
    target.write_text("path\tprovider\thalf\nAPIs/x/1/openapi.yaml\tx\tboth\n")
    with pytest.raises(ValueError, match=r"selection.tsv:2: expected path<TAB>provider<TAB>half"):
        read_selection(target)


def test_the_held_back_half_is_reported_as_aggregates_only(root: Path, tmp_path: Path) -> None:
    selection = tmp_path / "selection.tsv"
    tuning = "APIs/amentum.space/atmosphere/0.9.4/swagger.yaml"
    held_back = "APIs/cnab-online.herokuapp.com/1.0.0/swagger.yaml"
    absent = "APIs/cnab-online.herokuapp.com/9.9/swagger.yaml"  # listed, not in the folder
    chosen = directory_selection.Selection(
        entries=[
            Entry(tuning, "amentum.space", "tuning"),
            Entry(held_back, "cnab-online.herokuapp.com", "held-back"),
            Entry(absent, "cnab-online.herokuapp.com", "held-back"),
        ]
    )
    write_selection(chosen, selection)
    out_file = tmp_path / "directory.md"
    argv = [str(root), "--selection", str(selection), "--workers", "1", "--per-kind", "2"]
    assert main([*argv, "--results", str(out_file)]) == 0
    written = out_file.read_text(encoding="utf-8")
    assert "- commit: " in written and "## Directory" in written
    rows = [line.split(" | ")[:2] for line in written.splitlines() if line.startswith("| ")]
    assert ["| held-back", "**all kinds**"] in rows and ["| tuning", "**all kinds**"] in rows
    assert ["| held-back", "read"] in rows
    # the sampling: up to 2 tools per kind; the cnab description has 4 reads
    assert "| held-back | 2 | 1 | 1 | 1 |" in written  # 2 descriptions, 1 loaded, 1 did not
    assert "held-back: 1 of 2 descriptions did not load." in written
    assert "| absent from DIRECTORY_ROOT | 1 |" in written  # the reason, counted
    assert "### Where the kept tokens go" in written  # both halves, as shares
    # nothing of the held-back half by name: no description, no tool
    work = plan_case(Case(held_back, root / held_back)).work
    assert work
    for name in [held_back, absent, "cnab-online", *(w.tool.name for w in work)]:
        assert name.removeprefix("APIs/") not in written, name
    # the tuning half may be named (its slowest descriptions, its worst calls)
    assert tuning.removeprefix("APIs/") in written


def test_a_description_over_the_time_limit_is_stopped_and_counted() -> None:
    with LocalUpstream() as upstream:
        stopped = run_description(Case("cnab", CNAB), upstream, 1, 0.001)
        done = run_description(Case("cnab", CNAB), upstream, 1, 0)
    assert stopped.failure == "stopped after the time limit (0 s)" and not stopped.calls
    # one tool per kind: one of its three reads, its create
    assert done.failure is None and sorted(c.kind for c in done.calls) == ["create", "read"]
    assert done.sampled_out == 2


def test_an_absent_folder_says_how_to_get_it(tmp_path: Path, capsys) -> None:
    assert main([str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "APIs does not exist" in err and "--extract GIT_DIR DIRECTORY_ROOT" in err


def test_extract_writes_the_tree_of_a_git_repository(tmp_path: Path) -> None:
    repo = tmp_path / "mirror"
    _place(repo, "amentum.space/atmosphere/0.9.4/swagger.yaml", AMENTUM)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "APIs"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "one"], check=True)
    target = tmp_path / "out"
    assert main(["--extract", str(repo / ".git"), str(target), "--select",
                 "--selection", str(tmp_path / "s.tsv")]) == 0  # fmt: skip
    copied = target / "APIs/amentum.space/atmosphere/0.9.4/swagger.yaml"
    assert copied.read_bytes() == AMENTUM.read_bytes()
    assert "1 files of APIs/ written, 0 absent" in (target / "SOURCE.txt").read_text()
    entries, notes = read_selection(tmp_path / "s.tsv")
    assert len(entries) == 1 and any(n.startswith("source: ") for n in notes)


def test_a_check_the_judge_adds_is_counted_with_no_change_to_the_benchmark() -> None:
    @dataclasses.dataclass
    class WithPeople(Verdict):
        people: int = 0
        people_kept: int = 0

    names = [c.name for c in checks_of(WithPeople())[0]]
    assert names[:3] == ["lists kept", "labels kept", "identities kept"]
    assert "resource kept" in names and names[-1] == "people kept"


def test_a_verdict_crosses_to_the_parent_process() -> None:
    """The benchmark's worker processes send their calls' verdicts back pickled: the judge's
    counts record (made from its checks) must pickle like any class."""
    import pickle

    from generator.preview.judge import judge

    body = [{"id": 1, "name": "a", "user": {"login": "ada"}, "updated_at": "2024-01-01"}]
    verdict = judge(body, [{"id": 1, "name": "a", "user": {"login": "ada"}}])
    assert pickle.loads(pickle.dumps(verdict)) == verdict


def test_markdown_answers_are_judged_per_half_the_held_back_one_as_aggregates(
    root: Path, tmp_path: Path
) -> None:
    selection = tmp_path / "selection.tsv"
    tuning = "APIs/amentum.space/atmosphere/0.9.4/swagger.yaml"
    held_back = "APIs/cnab-online.herokuapp.com/1.0.0/swagger.yaml"
    chosen = directory_selection.Selection(
        entries=[
            Entry(tuning, "amentum.space", "tuning"),
            Entry(held_back, "cnab-online.herokuapp.com", "held-back"),
        ]
    )
    write_selection(chosen, selection)
    out_file = tmp_path / "directory.md"
    argv = [str(root), "--selection", str(selection), "--workers", "1", "--per-kind", "2"]
    assert main([*argv, "--response-format", "markdown", "--results", str(out_file)]) == 0
    written = out_file.read_text(encoding="utf-8")
    for half in ("tuning", "held-back"):
        assert f"## Markdown answers (`--response-format markdown`): {half} half" in written
    assert "| check | JSON | Markdown as sent | Markdown rendered for every answer |" in written
    work = plan_case(Case(held_back, root / held_back)).work
    for name in [held_back, "cnab-online", *(w.tool.name for w in work)]:
        assert name.removeprefix("APIs/") not in written, name
