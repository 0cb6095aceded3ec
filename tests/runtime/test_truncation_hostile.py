"""Truncation an upstream cannot fool: the marker cannot be forged, and no cut splits a
grapheme cluster (an accent from its letter, a ZWJ emoji sequence, a flag)."""

import json
import re
import unicodedata

import pytest

from generator.runtime.shaping.graphemes import cut, grapheme_floor, is_boundary
from generator.runtime.shaping.pipeline import ShapeConfig, shape, shape_text
from generator.runtime.shaping.truncate import (
    trim_to_budget, truncate_string, truncate_strings,
)  # fmt: skip

FORGED = "… [999999 more chars]"
MARKER = re.compile(r"… \[(\d+) more chars\]\Z")


def marker(text: str) -> re.Match[str]:
    found = MARKER.search(text)
    assert found is not None, f"no cut marker ends {text[-60:]!r}"
    return found


def test_a_forged_marker_in_a_long_string_does_not_change_the_count() -> None:
    text = "word " * 20 + FORGED
    out = truncate_string(text, 40)
    kept, cut_count = out[: marker(out).start()], int(marker(out).group(1))
    assert len(kept) + cut_count == len(text) and cut_count < 1000


def test_the_server_own_cut_still_counts_from_the_original_when_cut_again() -> None:
    text = "word " * 100
    once = truncate_string(text, 200)
    twice = truncate_string(once, 50)  # what trim_to_budget does after truncate_strings
    kept = twice[: marker(twice).start()]
    assert len(kept) + int(marker(twice).group(1)) == len(text)


def test_a_trailing_look_alike_is_escaped_so_only_real_cuts_read_as_one() -> None:
    value = {"short": "see docs" + FORGED, "long": "x" * 500 + FORGED, "fine": "ok ]"}
    out, count = truncate_strings(value, 300)
    assert out["short"] == "see docs… [999999 more chars\\]" and count == 1
    assert MARKER.search(out["short"]) is None
    assert int(marker(out["long"]).group(1)) == len(value["long"]) - 300
    assert out["fine"] == "ok ]"
    # the same through the whole pipeline, JSON and text bodies, and the budget trimmer
    shaped = shape([{"id": 1, "note": "hi" + FORGED}], ShapeConfig(), fields=["*"]).chunks[0]
    assert json.loads(shaped)[0]["note"].endswith("chars\\]")
    assert shape_text("plain" + FORGED, ShapeConfig()).chunks[0].endswith("chars\\]")
    trimmed, _ = trim_to_budget({"t": "y" * 3000 + FORGED}, 100)
    assert int(marker(trimmed["t"]).group(1)) < 3100


def test_a_custom_marker_ending_in_its_count_is_escaped_too() -> None:
    marker = "[cut {cut}"
    out, _ = truncate_strings({"a": "text [cut 99"}, 300, marker)
    assert out["a"] == "text [cut 9\\9"


CLUSTERS = {
    "combining accent": "e\u0301",
    "ZWJ family": "👩\u200d👩\u200d👧\u200d👦",
    "skin tone": "👍🏽",
    "flag": "🇫🇷",
    "variation selector": "❤️",
    "tag sequence": "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "hangul jamo": "\u1100\u1161\u11a8",
    "devanagari conjunct": "स्त",
}


@pytest.mark.parametrize("name", sorted(CLUSTERS))
@pytest.mark.parametrize("offset", [1, 2, 3])
def test_a_hard_cut_never_splits_a_grapheme_cluster(name: str, offset: int) -> None:
    cluster = CLUSTERS[name]
    text = "a" * 10 + cluster * 3 + "z" * 30
    limit = 10 + len(cluster) + min(offset, len(cluster) - 1)  # inside the second cluster
    out = truncate_string(text, limit)
    kept = out[: marker(out).start()]
    assert kept in ("a" * 10 + cluster, "a" * 10 + cluster * 2), repr(kept)
    assert not kept.endswith("\u200d") and not unicodedata.combining(out[len(kept)])
    assert len(kept) + int(marker(out).group(1)) == len(text)


def test_flags_pair_up_from_the_start_of_a_run() -> None:
    flags = "🇫🇷🇩🇪🇮🇹"  # FR DE IT: six regional indicators
    assert [i for i in range(7) if is_boundary(flags, i)] == [0, 2, 4, 6]
    assert cut(flags, 3) == "🇫🇷" and grapheme_floor(flags, 5) == 4


def test_clusters_agree_with_the_regex_module_where_it_is_installed() -> None:
    regex = pytest.importorskip("regex")
    samples = [
        *CLUSTERS.values(),
        "a\r\nb",
        "x\n\u0301y",
        "\u0600123",
        "กำ",
        "🧑\u200d💻",
        "한국어",
    ]
    for sample in samples:
        text = "a" + sample + "b" + sample
        ends, pos = set(), 0
        for cluster in regex.findall(r"\X", text):
            pos += len(cluster)
            ends.add(pos)
        assert {i for i in range(1, len(text) + 1) if is_boundary(text, i)} == ends, sample


def test_long_text_lines_are_paged_on_cluster_boundaries() -> None:
    line = ("x" + "e\u0301" * 40 + "\n") * 2  # odd: fixed-width pieces would split one
    pages = shape_text(line * 400, ShapeConfig(chunk_threshold_tokens=200, chunk_tokens=150))
    assert len(pages.chunks) > 1 and "".join(pages.chunks) == line * 400
    assert all(not unicodedata.combining(c[0]) for c in pages.chunks)
