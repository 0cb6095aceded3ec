"""A real GraphQL server on 127.0.0.1: graphql-core executes the SWAPI schema over fixture data.

Served by the recording ``Upstream`` (tests/support/upstream.py) at ``POST /graphql``, so
tests can assert on the exact documents and variables the generated server sent.
Fixture quirks used by tests: ``planet(planetID: "boom")`` raises (an error and null data);
the homeworld of person "4" raises (partial data with an error).
"""

from __future__ import annotations

import base64
import json
from typing import Any

from graphql import build_schema, graphql_sync

from .paths import SWAPI
from .upstream import Recorded, Reply, Upstream

SCHEMA = build_schema((SWAPI).read_text(encoding="utf-8"))


def gid(kind: str, n: int) -> str:
    return base64.b64encode(f"{kind}:{n}".encode()).decode()


PLANETS = {
    1: {"name": "Tatooine", "climates": ["arid"], "population": 200000.0},
    2: {"name": "Alderaan", "climates": ["temperate"], "population": 2000000000.0},
}
PEOPLE: dict[int, dict[str, Any]] = {
    1: {"name": "Luke Skywalker", "birthYear": "19BBY", "homeworld": 1, "films": [1, 2, 3]},
    2: {"name": "Leia Organa", "birthYear": "19BBY", "homeworld": 2, "films": [1, 2, 3]},
    3: {"name": "Owen Lars", "birthYear": "52BBY", "homeworld": 1, "films": [1]},
    4: {"name": "Broken Droid", "birthYear": "unknown", "homeworld": None, "films": [2]},
}
FILMS = {
    1: {"title": "A New Hope", "episodeID": 4, "director": "George Lucas", "releaseDate": "1977-05-25"},
    2: {"title": "The Empire Strikes Back", "episodeID": 5, "director": "Irvin Kershner", "releaseDate": "1980-05-17"},
    3: {"title": "Return of the Jedi", "episodeID": 6, "director": "Richard Marquand", "releaseDate": "1983-05-25"},
}  # fmt: skip


def connection(items: list[dict[str, Any]], args: dict[str, Any], list_key: str) -> dict[str, Any]:
    """A Relay connection over ``items`` with ``first``/``after`` (cursor = item index)."""
    start = int(args["after"]) + 1 if args.get("after") is not None else 0
    first = args.get("first")
    window = items[start:] if first is None else items[start : start + first]
    end = start + len(window) - 1
    return {
        "pageInfo": {
            "hasNextPage": end + 1 < len(items),
            "hasPreviousPage": start > 0,
            "startCursor": str(start) if window else None,
            "endCursor": str(end) if window else None,
        },
        "edges": [{"node": n, "cursor": str(start + i)} for i, n in enumerate(window)],
        "totalCount": len(items),
        list_key: window,
    }


def planet(n: int) -> dict[str, Any]:
    return {"id": gid("planets", n), "created": f"2014-12-0{n}T00:00:00Z", **PLANETS[n]}


def person(n: int) -> dict[str, Any]:
    data = PEOPLE[n]

    def homeworld(info: Any) -> Any:
        if data["homeworld"] is None:
            raise ValueError(f"homeworld of person {n} is not on record")
        return planet(data["homeworld"])

    return {
        "id": gid("people", n),
        "name": data["name"],
        "birthYear": data["birthYear"],
        "created": f"2014-12-1{n}T00:00:00Z",
        "homeworld": homeworld,
        "filmConnection": lambda info, **a: connection(
            [film(f) for f in data["films"]], a, "films"
        ),
    }


def film(n: int) -> dict[str, Any]:
    cast = [p for p in sorted(PEOPLE) if n in PEOPLE[p]["films"]]
    return {
        "id": gid("films", n),
        "created": f"2014-12-2{n}T00:00:00Z",
        **FILMS[n],
        "characterConnection": lambda info, **a: connection([person(p) for p in cast], a, "characters"),
    }  # fmt: skip


def _by_id(kind: str, table: dict[int, Any], make: Any, id_: Any, number: Any) -> Any:
    if number is not None:
        if number == "boom":
            raise RuntimeError("the archive of this planet exploded")
        return make(int(number)) if int(number) in table else None
    for n in table:
        if gid(kind, n) == id_:
            return make(n)
    return None


ROOT = {
    "allFilms": lambda info, **a: connection([film(n) for n in sorted(FILMS)], a, "films"),
    "allPeople": lambda info, **a: connection([person(n) for n in sorted(PEOPLE)], a, "people"),
    "film": lambda info, id=None, filmID=None: _by_id("films", FILMS, film, id, filmID),
    "person": lambda info, id=None, personID=None: _by_id("people", PEOPLE, person, id, personID),
    "planet": lambda info, id=None, planetID=None: _by_id("planets", PLANETS, planet, id, planetID),
}


def execute(rec: Recorded) -> Reply:
    body = rec.json()
    result = graphql_sync(
        SCHEMA, body["query"], root_value=ROOT, variable_values=body.get("variables")
    )
    payload: dict[str, Any] = {}
    if result.errors:
        payload["errors"] = [e.formatted for e in result.errors]
    payload["data"] = result.data
    return Reply(200, json.dumps(payload).encode())


def swapi_upstream() -> Upstream:
    """Not started yet: use as a context manager."""
    up = Upstream()
    up.route("POST", "/graphql", execute)
    return up
