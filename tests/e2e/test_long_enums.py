"""End to end, a long enum on the lean surface: the listing shows a few examples and says where
the others are, and that is true: a wrong value comes back (before any upstream call) with the
closest valid values, a word of a value finds it, and the value found is accepted and sent.
Over stdio with the real MCP client against a local upstream."""

import json
import re
from pathlib import Path

import pytest
import yaml

from generator.pipeline import generate
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream
from tests.support.results import joined_text

# Real zone names (IANA tz database, public domain): 40 of them, more than the lean listing shows.
ZONES = [
    f"{area}/{city}"
    for area, cities in {
        "Africa": ["Abidjan", "Accra", "Cairo", "Lagos", "Nairobi"],
        "America": ["Chicago", "Denver", "Los_Angeles", "New_York", "Phoenix", "Sao_Paulo"],
        "Asia": ["Dubai", "Kolkata", "Seoul", "Shanghai", "Singapore", "Tokyo"],
        "Australia": ["Adelaide", "Brisbane", "Perth", "Sydney"],
        "Europe": ["Amsterdam", "Athens", "Berlin", "Dublin", "Lisbon", "London", "Madrid"],
        "Pacific": ["Auckland", "Fiji", "Guam", "Honolulu", "Noumea", "Tahiti"],
        "Indian": ["Maldives", "Mauritius", "Reunion", "Mahe", "Chagos", "Cocos"],
    }.items()
    for city in cities
]
FILLER = "Returns the widgets of the account, in pages, with their settings and history. " * 3


def spec() -> dict:
    """An API big enough for the lean surface (its rich listing is over 20,000 tokens)."""
    paths: dict = {
        "/reports": {
            "post": {
                "operationId": "createReport",
                "summary": "Create a report",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["timezone"],
                                "properties": {
                                    "timezone": {
                                        "type": "string",
                                        "description": "Time zone of the report's dates.",
                                        "enum": ZONES,
                                    }
                                },
                            }
                        }
                    },
                },
                "responses": {"201": {"description": "ok"}},
            }
        }
    }
    for i in range(150):
        paths[f"/widgets{i}/{{widget_id}}"] = {
            "get": {
                "operationId": f"getWidget{i}",
                "summary": f"Get a widget of kind {i}",
                "description": FILLER,
                "parameters": [
                    {
                        "name": "widget_id",
                        "in": "path",
                        "required": True,
                        "description": f"The widget {i} to return, by its identifier.",
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {"200": {"description": "ok"}},
            }
        }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Reports", "version": "1"},
        "servers": [{"url": "https://api.example.test"}],
        "paths": paths,
    }


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("enums")
    path = root / "reports.yaml"
    path.write_text(yaml.safe_dump(spec()), encoding="utf-8")
    target, _ = generate(path, root / "out")
    data = json.loads(next(target.glob("src/*/spec.json")).read_text())
    assert data["server"]["surface"] == "lean"
    return target


@pytest.mark.anyio
async def test_a_long_enum_is_named_and_a_wrong_value_finds_the_right_one(package: Path) -> None:
    with Upstream() as up:
        up.route("POST", "/reports", Reply.json({"id": "r1", "timezone": "America/New_York"}, 201))
        env = {"REPORTS_BASE_URL": up.url}
        async with stdio_session(package, "reports_mcp", env) as session:
            listed = {t.name: t for t in (await session.list_tools()).tools}
            zone = listed["create_report"].input_schema["properties"]["timezone"]
            assert "enum" not in zone  # lean: a few examples only
            note = zone["description"]
            assert f"One of {len(ZONES)} values, e.g. Africa/Abidjan" in note
            assert "a wrong value's error lists the closest" in note

            # what the note promises: the error names the closest values, no upstream call
            wrong = await session.call_tool("create_report", {"timezone": "New York"})
            assert wrong.is_error and up.requests == []
            message = joined_text(wrong)
            assert f"not one of the {len(ZONES)} allowed values" in message
            assert '"America/New_York"' in message
            # a word of a value lists the values that contain it
            word = await session.call_tool("create_report", {"timezone": "Europe"})
            found = re.findall(r'"(Europe/[A-Za-z_]+)"', joined_text(word))
            assert word.is_error and len(found) == 7 and "Europe/London" in found

            # and a value taken from an error is accepted and sent
            right = await session.call_tool("create_report", {"timezone": "America/New_York"})
            assert not right.is_error, joined_text(right)
            assert [r.json() for r in up.requests] == [{"timezone": "America/New_York"}]
