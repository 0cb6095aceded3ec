"""Fuzz the generator's CLI with malformed specs and overlays (structural and textual
mutations of a valid pair): exit codes are the documented 0/1/2 and never a traceback."""

import contextlib
import copy
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.cli import main
from tests.support.rely import OVERLAY, SPEC

BASE_OVERLAY = yaml.safe_load(OVERLAY.format(ttl=60)) | {
    "operations": {"getThing": {"include": ["id", "name"], "description": "One thing."}},
}
scalars = st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=12)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=5,
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for k in sorted(value, key=str):
            found += _paths(value[k], prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, prefix + (i,))
    return found


@st.composite
def mutated(draw: st.DrawFn, base: dict) -> str:
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(_paths(doc)))
        if not where:
            continue
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete":
            del parent[where[-1]]
        elif action == "replace":
            parent[where[-1]] = draw(junk)
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(junk)
    text = yaml.safe_dump(doc, sort_keys=False)
    if draw(st.integers(0, 3)) == 0:  # textual damage: cut or splice
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 40)))
        text = (
            text[:start]
            + draw(st.sampled_from(["", ":", "- ", "{", "'", "\t", "&a *a"]))
            + text[end:]
        )
    return text


def run_cli(spec_text: str, overlay_text: str) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "api.yaml").write_text(spec_text)
        (root / "overlay.yaml").write_text(overlay_text)
        err, out = io.StringIO(), io.StringIO()
        argv = [
            "generate",
            str(root / "api.yaml"),
            "--overlay",
            str(root / "overlay.yaml"),
            "--out",
            str(root / "out"),
            "--force",
        ]
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse usage errors
                code = exc.code if isinstance(exc.code, int) else 2
        return code, err.getvalue()


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(spec_text=mutated(SPEC))
def test_malformed_specs_exit_0_or_1_without_a_traceback(spec_text: str) -> None:
    code, err = run_cli(spec_text, yaml.safe_dump(BASE_OVERLAY))
    event(f"exit {code}")
    assert code in (0, 1), err
    assert "Traceback" not in err
    if code == 1:
        assert err.strip()


@FUZZ
@given(overlay_text=mutated(BASE_OVERLAY))
def test_malformed_overlays_exit_0_or_1_without_a_traceback(overlay_text: str) -> None:
    code, err = run_cli(yaml.safe_dump(SPEC), overlay_text)
    event(f"exit {code}")
    assert code in (0, 1), err
    assert "Traceback" not in err
    if code == 1:
        assert err.strip()


def test_the_unmutated_pair_generates_and_usage_errors_exit_2() -> None:
    code, err = run_cli(yaml.safe_dump(SPEC), yaml.safe_dump(BASE_OVERLAY))
    assert code == 0, err
    bad = subprocess.run(
        [sys.executable, "-m", "generator", "generate"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "generator", "generate", "/nonexistent.yaml"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert json.dumps(SPEC)  # the base spec is plain JSON data
