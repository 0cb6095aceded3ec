"""Messy Swagger 2.0 never crashes the loader: any node of a real-looking document replaced by
junk either loads (with diagnostics) or fails with a GenerationError, never another exception."""

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from generator.diagnostics import GenerationError
from generator.loaders.document import load_document, split_pointer
from generator.loaders.openapi import load_openapi
from tests.support.paths import GOTIFY

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "swagger2"
CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "openapi"
BASE = load_document(FIXTURES / "messy.yaml").data
GOTIFY = load_document(GOTIFY).data


def pointers(node: Any, prefix: str = "") -> list[str]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            token = str(key).replace("~", "~0").replace("/", "~1")
            found += pointers(value, f"{prefix}/{token}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += pointers(value, f"{prefix}/{index}")
    return found


POINTERS = [p for p in pointers(BASE) if p and p != "/swagger"]
GOTIFY_POINTERS = [p for p in pointers(GOTIFY) if p and p != "/swagger"]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 500),
    st.text(max_size=8),
    st.lists(st.one_of(st.none(), st.text(max_size=4), st.integers()), max_size=3),
    st.dictionaries(
        st.sampled_from(["$ref", "type", "in", "name", "schema", "items", "x-nullable", "200"]),
        st.one_of(st.none(), st.text(max_size=12), st.integers(), st.just("#/definitions/Nope")),
        max_size=3,
    ),
)


def replaced(pointer: str, value: Any, base: Any = BASE) -> Any:
    data = copy.deepcopy(base)
    *parents, last = split_pointer(pointer)
    node = data
    for token in parents:
        node = node[int(token)] if isinstance(node, list) else node[token]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POINTERS), JUNK)
def test_junk_anywhere_loads_or_fails_cleanly(pointer: str, junk: Any) -> None:
    loads_or_fails_cleanly(replaced(pointer, junk))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GOTIFY_POINTERS), JUNK)
def test_junk_anywhere_in_gotify_loads_or_fails_cleanly(pointer: str, junk: Any) -> None:
    loads_or_fails_cleanly(replaced(pointer, junk, GOTIFY))


def loads_or_fails_cleanly(data: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "spec.json"
        path.write_text(json.dumps(data))
        try:
            spec, diagnostics = load_openapi(path)
        except GenerationError as exc:
            assert exc.diagnostics and all(d.file for d in exc.diagnostics)
            return
        for d in diagnostics:
            assert d.file == str(path)
        assert all(op.tool_name for op in spec.operations)
