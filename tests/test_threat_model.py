"""The threat model (generator/runtime/GUARANTEES.md) points each promise to the tests that
hold it: they must exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_the_threat_model_names_exists() -> None:
    page = (ROOT / "generator" / "runtime" / "GUARANTEES.md").read_text(encoding="utf-8")
    section = page[page.index("## Threat model") : page.index("## Guarantees in detail")]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    assert len(rows) >= 10
    missing = []
    for row in rows:
        current = None
        for ref in re.findall(r"`([\w/.:]+)`", row.split("|")[-2]):
            path, _, name = ref.partition("::")
            if path:
                current = ROOT / "tests" / path
            if current is None or not current.is_file():
                missing.append(ref)
            elif name and not re.search(rf"def {name}\(", current.read_text(encoding="utf-8")):
                missing.append(f"{current.name}::{name}")
    assert missing == []
