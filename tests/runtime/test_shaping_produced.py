"""What a call produced stays in its answer (issue 33): a create's text is not crowded out
by members of a related object the API sends as an id (an *expandable*) nor by a signature
read as the object's own label; a report's items keep what they say. Each shaped as a
generated server shapes it (the tools built from the description, its defaults decided once
after the overlay, the runtime's pipeline), and judged by the judge's content check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import load_spec
from generator.preview.judge import judge
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PRODUCED = FIXTURES / "decision" / "produced.yaml"
STRIPE = FIXTURES / "openapi" / "stripe.spec3.yaml"
TEXT = (
    "A hand-thrown stoneware mug, glazed in sea green, that holds twelve ounces and keeps "
    "its warmth through a long morning of reading."
)


def _tools(spec_path: Path) -> dict[str, Any]:
    spec, _ = load_spec(spec_path, name=None)
    _, pairs = tools_of(spec)
    return {op.id: tool for op, tool in pairs}


@pytest.fixture(scope="module")
def produced() -> dict[str, Any]:
    return _tools(PRODUCED)


@pytest.fixture(scope="module")
def stripe() -> dict[str, Any]:
    return _tools(STRIPE)


def _shaped(tool: Any, body: Any) -> tuple[Any, list[str]]:
    out = shape_output(body, tool, shape_config_for(tool))
    shaped = json.loads(out.chunks[0])
    return shaped, judge(body, shaped).lost


def _product(default_price: Any) -> dict[str, Any]:
    return {
        "id": "prod_NWjs8kKbJWmuuc",
        "object": "product",
        "active": True,
        "created": 1678833149,
        "default_price": default_price,
        "description": TEXT,
        "features": [],
        "images": [],
        "livemode": False,
        "metadata": {},
        "name": "Sea green mug",
        "package_dimensions": None,
        "shippable": True,
        "statement_descriptor": None,
        "tax_code": "txcd_99999999",
        "unit_label": None,
        "updated": 1678833149,
        "url": "https://shop.example.com/mug",
    }


@pytest.mark.parametrize("operation", ["PostProducts", "PostProductsId"])
def test_a_write_keeps_its_text_not_an_expandables_members(
    stripe: dict[str, Any], operation: str
) -> None:
    """``default_price`` is either the price's id or the whole price: the write's budget went
    on ``default_price.unit_amount`` and ``currency`` (members of a price the answer sends as
    an id), and the product's description, what the call wrote, was left out."""
    tool = stripe[operation]
    shaped, lost = _shaped(tool, _product("price_1MoBy5LkdIwHu7ixZhnattbh"))
    assert shaped["description"].startswith(TEXT[:40])
    assert shaped["id"] == "prod_NWjs8kKbJWmuuc" and shaped["name"] == "Sea green mug"
    assert not [x for x in lost if x.startswith("generated content")], lost
    assert not any(f.startswith("default_price.unit") for f in tool.response.default_fields)
    assert {"default_price", "tax_code"} <= set(shape_config_for(tool).context.expandable)


def test_a_read_of_one_keeps_an_expandable_by_what_names_it(stripe: dict[str, Any]) -> None:
    """The page of one product still says which price is its default, by the id the API sends
    (and, expanded, by the price's id and nickname, not its amounts)."""
    tool = stripe["GetProductsId"]
    fields = tool.response.default_fields
    assert "default_price.id" in fields
    assert not [f for f in fields if f.startswith("default_price.") and "amount" in f]
    shaped, _ = _shaped(tool, _product("price_1MoBy5LkdIwHu7ixZhnattbh"))
    assert shaped["default_price"] == "price_1MoBy5LkdIwHu7ixZhnattbh"


TAG: dict[str, Any] = {
    "node_id": "MDM6VGFnOTQwYmQzMzYyNDhlZmFlMGY5ZWU1YmM3YjJkNWM5ODU4ODdiMTZhYw==",
    "tag": "v0.0.1",
    "sha": "940bd336248efae0f9ee5bc7b2d5c985887b16ac",
    "url": "https://api.example.com/repos/octocat/hello/git/tags/940bd33",
    "message": "The first release: a parser for the ledger format, with tests and a command line.",
    "tagger": {"name": "Monalisa Octocat", "email": "mona@example.com", "date": "2024-06-17"},
    "object": {"type": "commit", "sha": "c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c", "url": "x"},
}


def test_a_created_tag_keeps_its_name_and_message(produced: dict[str, Any]) -> None:
    """The tagger's signature ``{name, email, date}`` was seen through as a part of the tag:
    its ``name`` became the tag's label and its email a locator, and the tag's own name and
    message were left out. A signature is a person whatever it is called: on a write, by
    one name (a receipt: not its address), not when it was signed (the call's own time)."""
    shaped, lost = _shaped(produced["createTag"], TAG)
    assert shaped["tag"] == "v0.0.1" and shaped["sha"] == TAG["sha"]
    assert shaped["message"].startswith(TAG["message"][:40])
    assert shaped["tagger"] == {"name": "Monalisa Octocat"}
    assert not lost, lost


def test_a_read_tag_keeps_its_signature_with_its_time(produced: dict[str, Any]) -> None:
    shaped, lost = _shaped(produced["getTag"], TAG)
    assert shaped["tagger"] == TAG["tagger"] and shaped["tag"] == "v0.0.1"
    assert not lost, lost


ERRORS = {
    "errors": [
        {
            "line": 3,
            "column": 1,
            "kind": "Invalid pattern",
            "source": "***/*.rb @monalisa",
            "suggestion": "Did you mean `**/*.rb`?",
            "message": "Invalid pattern on line 3: Did you mean `**/*.rb`?\n\n  ***/*.rb @monalisa",
            "path": ".github/CODEOWNERS",
        },
        {
            "line": 7,
            "column": 7,
            "kind": "Invalid owner",
            "source": "*.txt docs@",
            "suggestion": None,
            "message": "Invalid owner on line 7:\n\n  *.txt docs@\n        ^",
            "path": ".github/CODEOWNERS",
        },
    ]
}


def test_a_reports_items_keep_what_they_say(produced: dict[str, Any]) -> None:
    """Each error the call found is said by its message: cut to a list's 48-character preview,
    the first lost its suggestion and the second its caret."""
    shaped, lost = _shaped(produced["listCodeownersErrors"], ERRORS)
    assert [e["message"] for e in shaped["errors"]] == [e["message"] for e in ERRORS["errors"]]
    assert not lost, lost
