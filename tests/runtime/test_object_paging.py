"""A big single object (no list to page) comes back in pages of its members through the
``continue`` tool and the continuation store, like a list; merged, the pages are the object."""

import json
import re

import pytest
import toon_format

from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.upstream import Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')
MEMBERS = {f"setting_{i}": {"value": f"option {i} " * 6, "enabled": i % 2 == 0} for i in range(120)}
SPEC = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "tools": [
        {
            "name": "get_config",
            "input_schema": {"type": "object", "properties": {}},
            "binding": {"kind": "http", "method": "GET", "path": "/config"},
            "response": {"collection_path": None},
            "limits": {"chunk_threshold_tokens": 600, "chunk_tokens": 600},
        }
    ],
}


@pytest.mark.anyio
@pytest.mark.parametrize("response_format", ["json", "markdown", "toon"])
async def test_a_big_object_is_paged_by_its_members_through_continue(response_format) -> None:
    body = {"id": "cfg_1", "settings": MEMBERS}
    with Upstream() as up:
        up.route("GET", "/config", Reply.json(body))
        rt = ServerRuntime(model_from_json(SPEC), Settings(base_url=up.url))
        first = await rt.call("get_config", {"fields": ["*"], "response_format": response_format})
        assert not first.is_error, first.parts
        pages = [first.parts[0]]
        footer = first.parts[-1]
        while (match := FOOTER.search(footer)) is not None:
            page = await rt.call("demo_continue", {"continuation_id": match.group(1)})
            assert not page.is_error, page.parts
            pages.append(page.parts[0])
            footer = page.parts[-1]
        await rt.aclose()
    assert len(pages) > 2 and "last page" in footer
    assert any("come in pages" in p for p in first.parts)
    # Markdown would be larger than this object's JSON: it comes as JSON, and says so
    fallback = response_format == "markdown"
    assert fallback == any("Markdown would be larger" in p for p in first.parts)
    decode = toon_format.loads if response_format == "toon" else json.loads
    merged: dict = {}
    for text in pages:
        merged.update(decode(text)["settings"])  # every page a whole document of its format
    assert merged == MEMBERS
    assert decode(pages[0])["id"] == "cfg_1"
