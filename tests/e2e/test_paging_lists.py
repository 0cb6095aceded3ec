"""End to end: a resource tree answered as one wrapper of two lists of one item schema (its
nodes and its orphaned nodes) is paged list after list through `<api>_continue`, over stdio
with the real MCP client: every node of both lists comes back once, each footer says which
list its page carries and which of how many of its items."""

import json
import re
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.paths import REPO
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream

SPEC = REPO / "tests" / "fixtures" / "specs" / "resource-tree.yaml"
OVERLAY = """
name: trees
defaults:
  chunk_threshold_tokens: 900
  chunk_tokens: 900
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')
LABEL = re.compile(r"\[page \d+/\d+ \((nodes|orphanedNodes) (\d+)-(\d+) of (\d+)\)")
SIZES = {"nodes": 120, "orphanedNodes": 90}


def resource(key: str, i: int) -> dict:
    return {
        "kind": "Pod",
        "name": f"{key}-{i}",
        "namespace": "shop",
        "uid": f"{len(key):02d}{i:06d}",
        "health": {"status": "Healthy"},
    }


TREE = {
    **{key: [resource(key, i) for i in range(n)] for key, n in SIZES.items()},
    "hosts": [{"name": "node-a", "systemInfo": {"architecture": "amd64"}}],
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("trees")
    overlay = root / "overlay.yaml"
    overlay.write_text(OVERLAY)
    target, _ = generate(SPEC, root / "out", overlay_path=overlay)
    return target


@pytest.mark.anyio
@pytest.mark.parametrize("response_format", ["json", "markdown"])
async def test_every_node_of_both_lists_comes_once_through_continue(
    package, response_format
) -> None:
    with Upstream() as up:
        up.route("GET", "/applications/{name}/resource-tree", Reply.json(TREE))
        async with stdio_session(package, "trees_mcp", {"TREES_BASE_URL": up.url}) as session:
            args = {"name": "shop", "response_format": response_format}
            result = await session.call_tool("get_resource_tree", args)
            assert not result.is_error, text_of(result)
            pages, footers = [text_of(result)], [text_of(result, -1)]
            while (match := FOOTER.search(footers[-1])) is not None:
                nxt = await session.call_tool("trees_continue", {"continuation_id": match[1]})
                assert not nxt.is_error, text_of(nxt)
                pages.append(text_of(nxt))
                footers.append(text_of(nxt, -1))
    assert "last page" in footers[-1] and len(pages) > 3
    seen = [n for text in pages for n in re.findall(r"\b(?:nodes|orphanedNodes)-\d+\b", text)]
    assert seen == [f"{key}-{i}" for key, n in SIZES.items() for i in range(n)]
    assert "node-a" in pages[0]  # the list of another schema stays on page 1
    for text, footer in zip(pages, footers):
        found = LABEL.match(footer)
        assert found is not None, footer
        key, start, end = found[1], int(found[2]), int(found[3])
        assert int(found[4]) == SIZES[key]
        assert re.findall(rf"\b{key}-\d+\b", text) == [f"{key}-{i}" for i in range(start - 1, end)]
        if response_format == "json":
            assert key in json.loads(text)  # every page a JSON document of its own
