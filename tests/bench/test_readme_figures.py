"""The README's benchmark figures are quoted from the results files the benchmarks write.

A quoted block starts with ``<!-- figures: generator/bench/results/NAME.md -->`` and ends with
``<!-- end figures -->``; every number in it must be in that file, so a rerun that changes a
figure makes the README wrong loudly instead of silently.
"""

import re

from tests.support.paths import REPO

BLOCK = re.compile(r"<!-- figures: (\S+) -->\n(.*?)<!-- end figures -->", re.S)
NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?:%|x)?(?!\w)")  # "0.98x": a ratio
TARGET = re.compile(r"[<>]=?\s*\d[\d,]*(?:\.\d+)?\s*(?:%|x|s\b)?")  # ">= 90%": a goal, not a figure


def _numbers(text: str) -> set[str]:
    return {n.rstrip(",").removesuffix("x") for n in NUMBER.findall(TARGET.sub("", text))}


def test_every_quoted_figure_is_in_its_results_file() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = BLOCK.findall(readme)
    assert {name for name, _ in blocks} >= {
        "generator/bench/results/generation.md",
        "generator/bench/results/graphql.md",
        "generator/bench/results/shaping.md",
        "generator/bench/results/adapters.md",
    }
    for name, block in blocks:
        results = (REPO / name).read_text(encoding="utf-8")
        assert results.startswith("<!-- written by `python -m generator.bench."), name
        assert "\n- machine: " in results and "\n- date: " in results and "\n- commit: " in results
        missing = sorted(_numbers(block) - _numbers(results))
        assert not missing, f"README figures not in {name}: {missing}"


def test_a_figure_that_drifted_is_caught() -> None:
    results = "| github | 26,100 | 91.4% |\n"
    assert _numbers("| github | 26,201 | 91.4% | >= 90% |") - _numbers(results) == {"26,201"}
