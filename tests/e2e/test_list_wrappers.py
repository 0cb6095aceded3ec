"""End to end: a server generated from a description of a Kubernetes-style list and a JSON:API
list, run as a real process with the real MCP client (stdio and streamable HTTP), against a
local upstream: the payload list survives the default shaping with each item's identity,
label and state, and the wrapper keeps its metadata."""

import json
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.paths import REPO
from tests.support.results import text_of
from tests.support.servers import http_client, http_server, stdio_session
from tests.support.upstream import Reply, Upstream

SPEC = REPO / "tests" / "fixtures" / "specs" / "wrappers.yaml"


def pod(i: int, phase: str) -> dict:
    return {
        "metadata": {
            "name": f"web-{i}",
            "namespace": "shop",
            "uid": f"6f1c2d3e-0000-4000-8000-00000000000{i}",
            "resourceVersion": str(1000 + i),
            "creationTimestamp": f"2026-11-0{i}T10:00:00Z",
            "labels": {"app": "web", "pod-template-hash": "7d9f8c"},
            "annotations": {"kubectl.kubernetes.io/restartedAt": "2026-11-01T09:00:00Z"},
        },
        "spec": {
            "nodeName": f"node-{i}",
            "restartPolicy": "Always",
            "containers": [{"name": "web", "image": "nginx:1.27"}],
        },
        "status": {"phase": phase, "podIP": f"10.1.0.{i}", "startTime": "2026-11-01T10:00:05Z"},
    }


POD_LIST = {
    "apiVersion": "v1",
    "kind": "PodList",
    "metadata": {"continue": "", "resourceVersion": "2045"},
    "items": [pod(1, "Running"), pod(2, "Pending"), pod(3, "Running")],
}
ARTICLES = {
    "data": [
        {
            "id": str(i),
            "type": "articles",
            "attributes": {
                "title": f"Article {i}",
                "body": "A long body. " * 60,
                "status": "published" if i % 2 else "draft",
                "created": "2026-10-01T08:00:00Z",
                "updated": f"2026-11-0{i}T08:00:00Z",
            },
            "relationships": {"author": {"data": {"id": "9", "type": "people"}}},
            "links": {"self": f"https://wrappers.example.test/articles/{i}"},
        }
        for i in (1, 2)
    ],
    "meta": {"total": 2},
    "links": {"self": "/articles", "next": "/articles?page[number]=2"},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target, result = generate(SPEC, tmp_path_factory.mktemp("wrappers") / "out")
    shapes = {op.tool_name: op.response for op in result.spec.operations}
    assert shapes["list_namespaced_pod"].collection_path == "items"
    assert shapes["list_articles"].collection_path == "data"
    return target


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("GET", "/api/v1/namespaces/{namespace}/pods", Reply.json(POD_LIST))
        up.route("GET", "/articles", Reply.json(ARTICLES))
        yield up


def check_pods(text: str) -> None:
    out = json.loads(text)
    assert out["metadata"]["resourceVersion"] == "2045"
    assert "kind" not in out and "apiVersion" not in out  # discriminators say nothing
    assert [p["metadata"]["name"] for p in out["items"]] == ["web-1", "web-2", "web-3"]
    assert [p["status"]["phase"] for p in out["items"]] == ["Running", "Pending", "Running"]
    assert all(p["metadata"]["uid"].startswith("6f1c2d3e") for p in out["items"])
    assert "annotations" not in text and "containers" not in text  # the rest: ask with fields


def check_articles(text: str) -> None:
    out = json.loads(text)
    assert out["meta"] == {"total": 2}
    assert "links" not in out  # the wrapper's links: the continue tool follows the pages
    items = out["data"]
    assert [a["id"] for a in items] == ["1", "2"]
    assert [a["attributes"]["title"] for a in items] == ["Article 1", "Article 2"]
    assert [a["attributes"]["status"] for a in items] == ["published", "draft"]
    for article in items:  # a list item's body: a short preview, ending with the ellipsis
        body = article["attributes"]["body"]
        assert body.startswith("A long body.") and len(body) < 60 and body.endswith("…")
    assert "type" not in items[0]  # the same discriminator on every item says nothing


@pytest.mark.anyio
async def test_wrapped_lists_survive_default_shaping_over_stdio(package, upstream) -> None:
    env = {"WRAPPERS_BASE_URL": upstream.url}
    async with stdio_session(package, "wrappers_mcp", env) as session:
        pods = await session.call_tool("list_namespaced_pod", {"namespace": "shop"})
        assert not pods.is_error, text_of(pods)
        check_pods(text_of(pods))
        articles = await session.call_tool("list_articles", {})
        assert not articles.is_error, text_of(articles)
        check_articles(text_of(articles))
        picked = await session.call_tool(
            "list_namespaced_pod", {"namespace": "shop", "fields": ["spec.nodeName"]}
        )
        assert [p["spec"]["nodeName"] for p in json.loads(text_of(picked))["items"]] == [
            "node-1", "node-2", "node-3",
        ]  # fmt: skip
    assert upstream.requests[0].path == "/api/v1/namespaces/shop/pods"


@pytest.mark.anyio
async def test_wrapped_lists_survive_default_shaping_over_http(package, upstream) -> None:
    with http_server(package, "wrappers_mcp", {"WRAPPERS_BASE_URL": upstream.url}) as url:
        async with http_client(url) as client:
            pods = await client.call_tool("list_namespaced_pod", {"namespace": "shop"})
            assert not pods.is_error
            check_pods(text_of(pods))
            articles = await client.call_tool("list_articles", {})
            check_articles(text_of(articles))
