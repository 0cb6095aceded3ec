"""Names derived from spec strings: package slugs, env var prefixes, identifiers, tool and argument names.

Tool names
    ``[A-Za-z0-9_-]``, at most 64 characters, unique across the spec and stable across
    regenerations. The base name is the snake_case of the operationId (``listPets`` ->
    ``list_pets``, ``issues/list-for-repo`` -> ``issues_list_for_repo``) or, without one,
    ``<method>_<path words>`` (``GET /pets/{petId}`` -> ``get_pets_pet_id``). A base name that
    is too long, reserved or shared by several operations takes the first free readable
    alternative (:func:`alternative_names`): the summary's words (``Delete a property of an
    item`` -> ``delete_property_item``), the method and the path's nouns without repeated
    segments, then the base without repeated words, all cut at a word to 64 characters. An
    alternative wanted by two of these operations at once is given to neither. Only when no
    alternative is left is the name made unique with a short hash of the operation's unique
    key (``"METHOD /path"`` for HTTP, ``"query.field"`` for GraphQL): never with an
    order-dependent index, so adding an unrelated operation renames nothing and every member
    of a collision group is renamed the same way whatever the order.

Argument names (collision rule)
    Each parameter's wire name is sanitised to ``[A-Za-z0-9_.-]{1,64}``. When two arguments of
    one operation get the same name from different locations, the path parameter keeps the
    bare name and every other one is renamed ``<name>__query``, ``<name>__header``,
    ``<name>__cookie`` or ``<name>__body``. The runtime's control arguments ``fields``,
    ``detail_level`` and ``response_format`` are reserved: an API argument with one of those
    names is always renamed ``<name>__<location>`` (path included). Anything still equal after
    that (two query parameters sanitised to one name) gets ``_<hash of location+wire name>``.
"""

from __future__ import annotations

import hashlib
import keyword
import re
import unicodedata
from typing import Iterable, Mapping, Sequence

MAX_TOOL_NAME = 64
MAX_ARG_NAME = 64
RESERVED_ARGS = ("fields", "detail_level", "response_format")
LOCATION_SUFFIX = {
    "query": "query",
    "header": "header",
    "cookie": "cookie",
    "body": "body",
    "body_whole": "body",
    "path": "path",
    "graphql": "arg",
}

_CAMEL_1 = re.compile(r"([a-z0-9])([A-Z])")
_CAMEL_2 = re.compile(r"([A-Z]+)([A-Z][a-z])")
_NON_WORD = re.compile(r"[^A-Za-z0-9]+")
_NON_ARG = re.compile(r"[^A-Za-z0-9_.-]+")
_SLUG = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
SLUG_MAX = 40
SLUG_RULE = (
    f"lowercase letters, digits and single '-', starting with a letter, at most {SLUG_MAX}"
    " characters"
)


def short_hash(text: str, length: int = 8) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


def snake_case(text: str) -> str:
    """``listPets`` -> ``list_pets``; ``getHTTPResponse`` -> ``get_http_response``;
    ``issues/list-for-repo`` -> ``issues_list_for_repo``. Only ``[a-z0-9_]`` remains."""
    text = _CAMEL_2.sub(r"\1_\2", text)
    text = _CAMEL_1.sub(r"\1_\2", text)
    return _NON_WORD.sub("_", text).strip("_").lower()


def slugify(title: str, *, max_length: int = SLUG_MAX) -> str:
    """A package slug ``[a-z0-9-]``: "Swagger Petstore" -> "swagger-petstore".

    Never empty ("api") and never starts with a digit ("api-" is prefixed) because the
    import package ``<slug>_mcp`` must be a Python identifier.
    """
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = _NON_WORD.sub("-", ascii_title).strip("-").lower()
    if len(slug) > max_length:
        cut = slug[:max_length]
        slug = cut.rsplit("-", 1)[0] if "-" in cut else cut
    slug = slug.strip("-") or "api"
    if slug[0].isdigit():
        slug = "api-" + slug
    return slug


def is_package_slug(name: str) -> bool:
    """Whether ``name`` may name a package (``--name``, the overlay's ``name``): what
    :func:`slugify` gives back unchanged, i.e. :data:`SLUG_RULE`."""
    return len(name) <= SLUG_MAX and _SLUG.fullmatch(name) is not None


def env_prefix(name: str) -> str:
    """``swagger-petstore`` -> ``SWAGGER_PETSTORE``."""
    return re.sub(r"[^A-Z0-9_]", "_", name.upper().replace("-", "_"))


def python_identifier(text: str) -> str:
    """A valid, non-keyword Python identifier in snake_case (``"2fa-Code"`` -> ``_2fa_code``)."""
    ident = snake_case(text) or "value"
    if ident[0].isdigit():
        ident = "_" + ident
    if keyword.iskeyword(ident) or keyword.issoftkeyword(ident):
        ident += "_"
    return ident


def _fit(base: str, key: str, limit: int, sep: str = "_") -> str:
    """``base`` cut so that ``base + sep + hash(key)`` fits in ``limit`` characters."""
    suffix = sep + short_hash(key)
    return base[: limit - len(suffix)].rstrip("_-.") + suffix


def spelled_path(path: str) -> str:
    """``path`` with each literal segment that has no letter or digit (``~``, ``*``, ``@``)
    spelled as its characters' names (``tilde``): ``/users/~`` and ``/users`` are different
    operations and get different names, not one name and a hash."""

    def spell(segment: str) -> str:
        if any(c.isalnum() for c in segment) or segment.startswith("{"):
            return segment
        names = (unicodedata.name(c, "").lower().replace(" ", "_") for c in segment)
        return "_".join(n for n in names if n)

    return "/".join(spell(s) for s in path.split("/"))


def tool_name(operation_id: str | None, method: str, path: str) -> str:
    """The base (not yet unique, not yet length-checked) tool name of one HTTP operation."""
    if operation_id:
        base = snake_case(operation_id)
        if base:
            return base
    words = snake_case(spelled_path(path).replace("{", "/").replace("}", "/"))
    return f"{method.lower()}_{words}" if words else method.lower()


_STOP_WORDS = frozenset(
    "a an the of for to in on by and or with from is are be your its this that as at all "
    "via using given specified specific deprecated".split()
)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def join_words(words: Iterable[str], limit: int = MAX_TOOL_NAME) -> str:
    """Words joined with ``_``, a word already there (singular or plural) left out, cut at a
    word so the result fits ``limit``."""
    kept: list[str] = []
    seen: set[str] = set()
    for word in words:
        if word and _singular(word) not in seen:
            seen.add(_singular(word))
            kept.append(word)
    out = ""
    for word in kept:
        longer = f"{out}_{word}" if out else word
        if len(longer) > limit:
            break
        out = longer
    return out


def summary_name(summary: str | None) -> str:
    """``Delete a property of an item of a widget`` -> ``delete_property_item_widget``; "" when
    the summary has fewer than two content words."""
    if not summary:
        return ""
    ascii_text = unicodedata.normalize("NFKD", summary).encode("ascii", "ignore").decode()
    ascii_text = re.sub(r"'s\b|'", "", ascii_text)  # "item's" -> "item"
    # words as written, not split at capitals: "GitHub Actions" -> github_actions
    words = [w for w in _NON_WORD.split(ascii_text.lower()) if w and w not in _STOP_WORDS]
    return join_words(words) if len(words) >= 2 else ""


def path_name(method: str, path: str) -> str:
    """The method and the path's nouns, template variables and repeated words left out, the
    most specific (last) segments kept when all do not fit:
    ``DELETE /widget/{widget_id}/items/{item_id}/properties`` -> ``delete_widget_items_properties``.
    """
    parts = [s for s in spelled_path(path).split("/") if s]
    segments = [s for s in parts if not s.startswith("{")]
    words = [w for s in segments for w in snake_case(s).split("_") if w]
    if parts and parts[-1].startswith("{"):  # one resource: GET /items/{id} -> get_items_by_id
        words += ["by", *(w for w in snake_case(parts[-1]).split("_") if w)]
    verb = method.lower()
    for start in range(len(words) + 1):
        name = join_words([verb, *words[start:]], limit=10 * MAX_TOOL_NAME)
        if len(name) <= MAX_TOOL_NAME:
            return name
    return verb


def alternative_names(base: str, summary: str | None, method: str, path: str) -> list[str]:
    """Readable alternatives to an HTTP operation's base name, best first (see the module
    docstring): the summary's words, the path's nouns, the base without repeated words."""
    return [summary_name(summary), path_name(method, path), join_words(base.split("_"))]


def _clean(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_")


def renamed_because(key: str, ids: Mapping[str, str], reserved: Iterable[str] = ()) -> str:
    """Why :func:`assign_tool_names` could not give ``key`` its desired name: said in words
    (``"longer than 64 characters"``, ``"also wanted by GET /users/{id}"``)."""
    base = _clean(ids[key]) or "op"
    if len(base) > MAX_TOOL_NAME:
        return f"longer than {MAX_TOOL_NAME} characters"
    if base in set(reserved):
        return "reserved for another tool of the server"
    others = sorted(k for k in ids if k != key and (_clean(ids[k]) or "op") == base)
    if others:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        return f"also wanted by {shown}"
    return "not a valid tool name"


def assign_tool_names(
    ids: Mapping[str, str],
    *,
    reserved: Iterable[str] = (),
    alternatives: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, str]:
    """Unique, stable tool names. ``ids`` maps each operation's unique key ("GET /pets") to
    its desired name (e.g. from :func:`tool_name`). Returns key -> final name.

    A desired name that is invalid, over 64 characters, reserved, or wanted by more than one
    key is replaced, for every key concerned, by its first ``alternatives`` entry that is
    valid, free and wanted by no other such key at the same rank; failing all of them, by
    ``<cut base>_<8 hex of sha256(key)>``.
    """
    taken = set(reserved)
    wanted: dict[str, list[str]] = {}
    for key in sorted(ids):
        base = _clean(ids[key]) or "op"
        wanted.setdefault(base, []).append(key)
    result: dict[str, str] = {}
    for base in sorted(wanted):
        keys = wanted[base]
        if len(keys) == 1 and len(base) <= MAX_TOOL_NAME and base not in taken:
            result[keys[0]] = base
    # Every desired name stays out of reach of the alternatives: a colliding name is not
    # handed to a third operation, and a later operation wanting it still collides.
    used = set(result.values()) | taken | set(wanted)
    left = sorted(k for k in ids if k not in result)
    options = {k: [_clean(a) for a in (alternatives or {}).get(k, ())] for k in left}
    for rank in range(max((len(o) for o in options.values()), default=0)):
        asked: dict[str, list[str]] = {}
        for key in left:
            if key not in result and rank < len(options[key]):
                name = options[key][rank]
                if name and len(name) <= MAX_TOOL_NAME and name not in used:
                    asked.setdefault(name, []).append(key)
        for name in sorted(asked):
            if len(asked[name]) == 1:
                result[asked[name][0]] = name
                used.add(name)
    for base in sorted(wanted):
        for key in wanted[base]:
            if key in result:
                continue
            name = _fit(base, key, MAX_TOOL_NAME)
            salt = 0
            while name in used:  # practically never: a hash equal to another name
                salt += 1
                name = _fit(base, f"{key}#{salt}", MAX_TOOL_NAME)
            used.add(name)
            result[key] = name
    return result


def sanitize_arg(wire_name: str) -> str:
    """A wire name made valid as an argument: ``page[size]`` -> ``page_size``."""
    arg = _NON_ARG.sub("_", wire_name).strip("_")
    if not arg:
        return "arg_" + short_hash(wire_name, 6)
    if len(arg) > MAX_ARG_NAME:
        return _fit(arg, wire_name, MAX_ARG_NAME)
    return arg


def assign_arg_names(params: Sequence[tuple[str, str]]) -> list[str]:
    """Argument names for ``(location, wire_name)`` pairs, in the same order (rule above)."""
    bare = [sanitize_arg(wire) for _, wire in params]
    groups: dict[str, list[int]] = {}
    for index, name in enumerate(bare):
        groups.setdefault(name, []).append(index)
    names = list(bare)
    for name, members in groups.items():
        locations = {params[i][0] for i in members}
        reserved = name in RESERVED_ARGS
        if not reserved and len(locations) < 2:
            continue
        for i in members:
            location = params[i][0]
            if location == "path" and not reserved:
                continue
            names[i] = _with_suffix(name, "__" + LOCATION_SUFFIX.get(location, location))
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    for i, name in enumerate(names):
        if counts[name] > 1:
            location, wire = params[i]
            names[i] = _with_suffix(name, "_" + short_hash(f"{location}:{wire}", 6))
    return names


def _with_suffix(name: str, suffix: str) -> str:
    if len(name) + len(suffix) <= MAX_ARG_NAME:
        return name + suffix
    return _fit(name, name + suffix, MAX_ARG_NAME - len(suffix)) + suffix
