"""A postal address read as one: its lines, not one of them.

An address is a part with no identifier of its own (an addressee's name beside it is none)
holding at least three of a postal address's parts (``roles/state.is_postal`` counts two to
call a ``state`` beside them a region): a street line, a city, a region, a postal code, a
country (``{line1, line2, city, state, postal_code, country}``, ``{addressLine1, city,
stateOrProvince, postalCode, country, county}``). One of its lines alone says nowhere
(``{state}``, ``{postalCode}``, the addressee's name): where a page keeps something of it, it
keeps its *readable lines* (``address_lines``): its one-line form when it has one
(``formatted``, ``fullAddress``), else its first two street lines, its city, its region, its
postal code and its country, one of each, in the order the description gives them, not its
other members (a phone, a county, a check's result)."""

from __future__ import annotations

from typing import Any

from .names import is_leaf
from .roles.identity import has_id
from .roles.noise import is_noise
from .roles.words import w

STREET_WORDS = frozenset({"street", "line", "address", "addr", "streetname"})
CITY_WORDS = frozenset({"city", "locality", "town", "suburb", "village", "municipality"})
REGION_WORDS = frozenset({"state", "region", "province", "prefecture"})
POSTAL_WORDS = frozenset({"postal", "postcode", "zip", "zipcode"})
# what a street line's name may also say that makes it no line: a check of it (a card's
# ``address_line1_check``), a street crossing it
NOT_A_LINE = frozenset({"check", "cross", "verified", "valid", "type"})
STREET_LINES = 2  # a street's first lines: a building's, then a flat's


def _category(key: str) -> str | None:
    ws = set(w(key))
    if ws & NOT_A_LINE:
        return None
    if "formatted" in ws or ("full" in ws and (len(ws) == 1 or "address" in ws)):
        return "full"
    for name, words in (
        ("postal", POSTAL_WORDS), ("country", frozenset({"country"})), ("city", CITY_WORDS),
        ("region", REGION_WORDS), ("street", STREET_WORDS),
    ):  # fmt: skip
        if ws & words:
            return name
    return None


def _categories(node: dict[str, Any]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for key, sub in node.items():
        scalar = is_leaf(sub) or (isinstance(sub, list) and len(sub) == 1 and is_leaf(sub[0]))
        if scalar and not is_noise(key) and (cat := _category(key)) is not None:
            found.setdefault(cat, []).append(key)
    return found


def is_address(node: object) -> bool:
    """A part that is a postal address (module doc): no identifier of its own (an addressee's
    name is no identity), at least three of an address's parts (its one-line form counted as
    one)."""
    if not isinstance(node, dict) or has_id(node):
        return False
    return len(set(_categories(node)) - {"full"}) >= 3


def address_lines(node: dict[str, Any]) -> tuple[str, ...]:
    """The members an address is read by (module doc), in the description's order."""
    found = _categories(node)
    if "full" in found:
        keep = {found["full"][0]}
    else:
        keep = set(found.get("street", [])[:STREET_LINES])
        keep |= {keys[0] for cat, keys in found.items() if cat != "street"}
    return tuple(k for k in node if k in keep)
