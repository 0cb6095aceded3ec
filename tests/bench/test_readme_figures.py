"""Every measured figure in the README and the reference pages is quoted from a results file.

A quoted block starts with ``<!-- figures: generator/bench/results/NAME.md [MORE.md ...] -->``
and ends with ``<!-- end figures -->``; every number in it must be in one of the files it
names, so a rerun that changes a figure makes the page wrong loudly instead of silently.
Outside such blocks a page may not state a measurement (a decimal percentage, ratio, time or
size, or a token count that is not a round setting such as 20,000): it has to be quoted.
"""

import re
from pathlib import Path

from tests.support.paths import REPO

BLOCK = re.compile(r"<!-- figures: ([^>]+?) -->\n(.*?)<!-- end figures -->", re.S)
NUMBER = re.compile(r"(?<![\w.])(?<![A-Za-z]-)\d[\d,]*(?:\.\d+)?(?:%|x)?(?!\w)")  # "0.98x": a ratio
TARGET = re.compile(r"[<>]=?\s*\d[\d,]*(?:\.\d+)?\s*(?:%|x|s\b)?")  # ">= 90%": a goal, not a figure
# A measurement stated outside a quoted block: 87.6%, 1.87 s, 0.76x, 149.0 MiB, 62,559 tokens.
LOOSE = re.compile(
    r"(?<![\w.])(?:\d+\.\d+\s?(?:%|x\b|s\b|ms\b|MiB\b|MB\b|KB\b|calls/s)"
    r"|\d{1,3}(?:,\d{3})+(?<!,000) tokens)"
)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)  # examples and literals are not claims


def pages() -> list[Path]:
    """The README and every reference page beside the code (not the results files)."""
    found = [REPO / "README.md"]
    for path in sorted((REPO / "generator").rglob("*.md")):
        if "results" not in path.relative_to(REPO).parts:
            found.append(path)
    return found


def _numbers(text: str, *, targets: bool = False) -> set[str]:
    """The numbers of ``text``, commas dropped; a quoted block's targets (">= 90%") are goals,
    not figures, unless ``targets`` (a results file's ">= 1000" row is a figure). A table's
    "%" column holds 99.8 where a sentence says 99.8%: the unit is left out of the match."""
    text = text if targets else TARGET.sub("", text)
    return {n.rstrip(",").rstrip("%x").replace(",", "") for n in NUMBER.findall(text)}


def test_every_quoted_figure_is_in_its_results_file() -> None:
    quoted: set[str] = set()
    for page in pages():
        for names, block in BLOCK.findall(page.read_text(encoding="utf-8")):
            files = names.split()
            assert files, f"{page.name}: a figures block names no results file"
            known: set[str] = set()
            for name in files:
                quoted.add(name)
                results = (REPO / name).read_text(encoding="utf-8")
                assert results.startswith("<!-- written by `python -m generator.bench."), name
                assert "\n- machine: " in results and "\n- date: " in results, name
                assert "\n- commit: " in results, name
                known |= _numbers(results, targets=True)
            missing = sorted(_numbers(block) - known)
            where = page.relative_to(REPO)
            assert not missing, f"{where}: figures not in {', '.join(files)}: {missing}"
    results = {
        p.relative_to(REPO).as_posix() for p in (REPO / "generator/bench/results").glob("*.md")
    }
    assert quoted >= results, f"results files no page quotes: {sorted(results - quoted)}"


def test_no_page_states_a_measurement_outside_a_quoted_block() -> None:
    loose = []
    for page in pages():
        text = CODE.sub("", BLOCK.sub("", page.read_text(encoding="utf-8")))
        for line in text.splitlines():
            for hit in LOOSE.findall(line):
                loose.append(f"{page.relative_to(REPO)}: {hit!r} in {line.strip()[:80]!r}")
    assert loose == []


def test_a_figure_that_drifted_is_caught() -> None:
    results = "| github | 26,100 | 91.4% |\n"
    assert _numbers("| github | 26,201 | 91.4% | >= 90% |") - _numbers(results) == {"26201"}
    assert _numbers("| >= 1000 | 539 |", targets=True) == {"1000", "539"}
    assert _numbers("2,059 calls") == _numbers("| all | 2059 |")


def test_a_loose_measurement_is_caught_and_a_setting_is_not() -> None:
    assert LOOSE.findall("keeps 99.7% of labels in 1.87 s") == ["99.7%", "1.87 s"]
    assert LOOSE.findall("listing is 62,559 tokens") == ["62,559 tokens"]
    assert LOOSE.findall("threshold (default 20,000 tokens), 300 s, 1 MiB") == []
