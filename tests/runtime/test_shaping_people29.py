"""Issue 33, the twenty-ninth round: people, identities and labels the every-tool run of the
directory's tuning half found lost (synthesized bodies; no vendor data)."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields


def test_a_time_taken_two_parts_down_comes_with_who() -> None:
    """A list's item whose time is its part's part's (``thread.first_message.timestamp``)
    keeps who that part is by beside it, as a part's time one level down does: the item kept
    when the first message was sent and not by whom."""
    person = {
        "id": "integer",
        "profile": {"first_name": "string", "last_name": "string"},
        "usage": {"joined_timestamp": "string:time"},
    }
    match = {
        "extra": {"score_count": "integer"},
        "thread": {
            "id": "integer",
            "first_message": {"author": person, "timestamp": "string:time"},
        },
    }
    chosen = choose_default_fields(match, item=True)
    assert "thread.first_message.timestamp" in chosen
    assert "thread.first_message.author.profile.first_name" in chosen  # when, and by whom
    assert "thread.first_message.author.profile.last_name" in chosen


def test_a_person_said_only_by_its_map_of_strings_keeps_the_map() -> None:
    """A person (an event's ``actor``) with an id and no handle or name of its own, whose
    name is an entry of its map of strings (``attributes: {name: ..., image: ...}``): the map
    says who it is, as an alert's labels do, and is kept beside the id; the event kept the
    actor's opaque id alone."""
    event = {
        "action": "string",
        "actor": {"attributes": "any:strings", "id": "string"},
        "type": "string",
        "time": "integer",
    }
    chosen = choose_default_fields(event)
    assert "actor.id" in chosen
    assert "actor.attributes" in chosen
    for_list = choose_default_fields(event, item=True)
    assert "actor.attributes" in for_list


COMPOUND_ADDRESS = {
    "openapi": "3.0.3",
    "info": {"title": "Runtimes", "version": "1"},
    "paths": {
        "/runtimes": {
            "get": {
                "operationId": "listRuntimes",
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "array",
                                    "items": {"$ref": "#/components/schemas/Runtime"},
                                }
                            }
                        },
                    }
                },
            }
        },
        "/runtimes/{kind: [^-]+}-{release}": {
            "get": {
                "operationId": "getRuntime",
                "parameters": [
                    {
                        "in": "path",
                        "name": "kind: [^-]+",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                    {
                        "in": "path",
                        "name": "release",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Runtime"}}
                        },
                    }
                },
            }
        },
    },
    "components": {
        "schemas": {
            "Runtime": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string"},
                    "release": {"type": "string"},
                    "name": {"type": "string"},
                    "description": {"type": "string"},
                    "enabled": {"type": "boolean"},
                    "variant": {
                        "type": "object",
                        "properties": {"id": {"type": "string"}, "logo": {"type": "string"}},
                    },
                    "maxInstances": {"type": "integer"},
                    "minInstances": {"type": "integer"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                },
            }
        }
    },
}


def test_items_addressed_by_a_segment_of_several_parameters_keep_them(tmp_path) -> None:
    """A collection whose item is addressed by a segment of several parameters
    (``/runtimes/{kind}-{release}``, a parameter written with its pattern: ``{kind: [^-]+}``)
    keeps on each listed item the members those parameters name: the next call takes both;
    the list kept ``kind`` and left ``release`` out."""
    import json

    from tests.support.loading import load_decided

    path = tmp_path / "runtimes.json"
    path.write_text(json.dumps(COMPOUND_ADDRESS), encoding="utf-8")
    spec, _ = load_decided(path)
    ops = {op.id: op for op in spec.operations}
    listed = next(op for op in spec.operations if op.response.collection_path is not None)
    assert set(listed.response.context.keys) >= {"kind", "release"}, ops
    assert {"kind", "release"} <= set(listed.response.default_fields)


def test_a_part_keeps_the_member_a_parameter_names_run_together() -> None:
    """A read addressed by a parameter written as one word (``{hometeam}``) whose object is
    a part of the answer holding that member in several words (``score.HomeTeam``, beside
    the lists of its plays): the part keeps it, what the next call takes; compared without
    case or separators, as an own member is."""
    game = {
        "Plays": [{"PlayID": "integer", "Description": "string", "Updated": "string:time"}],
        "Score": {
            "ScoreID": "integer",
            "GameKey": "string",
            "Status": "string",
            "HomeTeam": "string",
            "AwayTeam": "string",
            "HomeScore": "integer",
            "AwayScore": "integer",
            "Stadium": "string",
            "DateTime": "string:time",
            "LastUpdated": "string:time",
            "Forecast": "string",
        },
    }
    chosen = choose_default_fields(game, keys=("hometeam",))
    assert "Score.HomeTeam" in chosen
