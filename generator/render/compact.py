"""The tool surface: what ``tools/list`` shows of each operation, sized to the API.

The IR keeps the loader's schemas; this module decides what the per-operation listing shows,
where every token is paid once per tool per conversation. Two profiles:

* ``rich`` (small APIs: its whole listing fits ``RICH_BUDGET_TOKENS``): descriptions up to
  ``TOOL_DESCRIPTION_CHARS`` with a "Returns fields: ..." line, argument descriptions, and the
  control arguments (``fields``, ``detail_level``, ``response_format``) in every schema;
* ``lean`` (big APIs): a tool description only when it says more than the tool's name, no
  returns line; argument descriptions cut to a fragment of ``LEAN_PARAM_CHARS``; an argument
  description shared by ``GLOSSARY_MIN_TOOLS`` or more tools (GitHub's ``owner``, ``repo``,
  ``per_page``) is explained once in the server instructions, and so are the control
  arguments and their values, which every schema still declares by their types only
  (``runtime.arguments.listed_control``), so a client that validates or strips arguments by
  the schema lets them through and one that needs a type on every property takes them.

Both drop noise: ``format`` (except date/date-time), ``default``, upper and item bounds,
``additionalProperties: false``, empty ``properties`` (a ``type`` stays beside an ``enum``:
clients that convert schemas to Gemini's refuse an enum without one); below the profile's
depth only what a valid value needs is kept (types, enums, required properties, item types:
``_skeleton``), never required fields, the item types of nested arrays and objects or enums (a
long one is shown as a few examples and says where the others are: the server keeps every
value for validation, ``Surface.checked``, and its error for a wrong value lists the closest,
runtime/choices.py); and a sub-schema repeated inside one tool's schema is defined once under
``$defs`` (MCP input schemas are self-contained, so ``$defs`` is the only place sharing is
allowed).

The runtime validates the control arguments in full and adds ``additionalProperties: false``
back (runtime/arguments.py), so a lean schema still rejects unknown arguments. Meta mode's
``describe`` serves the IR's fuller schema, not this one.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ..ir import OperationSpec, PaginationSpec, ServerSpec
from ..runtime.arguments import CONTROL_SCHEMAS, DETAIL_LEVELS, RESPONSE_FORMATS, listed_control

RICH_BUDGET_TOKENS = 20_000
TOOL_DESCRIPTION_CHARS = 300
RICH_PARAM_CHARS = 160
LEAN_TOOL_CHARS = 110
LEAN_PARAM_CHARS = 60
GLOSSARY_MIN_TOOLS = 3
RETURNS_SHOWN = 10
AVAILABLE_SHOWN = 5  # non-default fields named in a description, as a hint for `fields`
SHARE_MIN_CHARS = 60
ENUM_EXAMPLES = 3
ENUM_LOOKUP = "a wrong value's error lists the closest"
SKELETON_DEPTH = 6  # required-only nesting kept below the profile's depth
KEEP_FORMATS = frozenset({"date", "date-time"})
DROP_KEYS = frozenset(
    {
        "default",
        "maxLength",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "multipleOf",
        "title",
    }
)
# Constraints a plausible first value ("x", 1) breaks: kept, so a model can build a valid one.
VALUE_KEYS = frozenset({"pattern", "minLength", "minimum", "exclusiveMinimum"})


def _choices(values: Sequence[str]) -> str:
    return " | ".join(f'"{v}"' for v in values)


CONTROLS_NOTE = (
    "Every tool takes fields, detail_level and response_format, which shape its answer: "
    'fields (dot paths to return instead of the defaults; ["*"] = all), '
    f"detail_level ({_choices(DETAIL_LEVELS)}: more fields, longer texts), "
    f"response_format ({_choices(RESPONSE_FORMATS)}: toon = one row per item of a list of "
    "uniform objects; compact JSON, with a note, where another format would not be smaller)."
)
CONTROLS_SHORT_NOTE = (
    'detail_level: "detailed" = more fields, longer texts; '
    'response_format: "markdown" = tables for lists, "toon" = one row per item of a list of '
    "uniform objects."
)
_SENTENCE = re.compile(r"(?<=[a-z0-9)\]`'\"][.!?])\s")
_CODE = re.compile(r"`([^`]*)`")
_ARTICLE = re.compile(r"^(?:The|A|An) (?=[a-z])")
_FILLER = frozenset({"parameter", "unique", "identifier", "id", "value"})
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an the of for to in on by and or with from is be your its this that as at all".split()
)


@dataclass(frozen=True)
class Profile:
    name: str
    tool_chars: int
    param_chars: int
    max_depth: int
    returns: bool
    controls_listed: bool
    glossary_min_tools: int | None  # None: no glossary
    fragments: bool = False  # argument descriptions cut to their first sentence
    max_enum: int = 1000  # longer enums become a "one of N values, e.g. ..." description
    # Listed controls carry their one-line descriptions (else: said once, in the instructions).
    control_descriptions: bool = True
    # Listed controls show their types only (``listed_control``): the meaning and the values
    # are said once, in the instructions.
    minimal_controls: bool = False


RICH = Profile("rich", TOOL_DESCRIPTION_CHARS, RICH_PARAM_CHARS, 3, True, True, None)
# A mid-size API whose rich listing only fits with the controls explained once.
RICH_PLAIN_CONTROLS = replace(RICH, control_descriptions=False)
LEAN = Profile(
    "lean", LEAN_TOOL_CHARS, LEAN_PARAM_CHARS, 2, False, True, GLOSSARY_MIN_TOOLS, True, 24,
    control_descriptions=False, minimal_controls=True,
)  # fmt: skip


@dataclass(frozen=True)
class Surface:
    profile: str
    tools: dict[str, tuple[str, dict[str, Any]]]  # operation id -> (description, input schema)
    instructions: str
    tokens: int  # the listed tools (name, description, input schema) plus the instructions
    # operation id -> the listed schema with every value of its long enums (only for the tools
    # whose listing shows a few examples of one): what the server validates arguments against
    checked: dict[str, dict[str, Any]] = field(default_factory=dict)


def build_surface(spec: ServerSpec, profile: Profile | None = None) -> Surface:
    """The rich surface when it fits ``RICH_BUDGET_TOKENS`` (with the controls described in
    every schema, else described once in the instructions), else the lean one."""
    if profile is not None:
        return _surface(spec, profile)
    for candidate in (RICH, RICH_PLAIN_CONTROLS):
        rich = _surface(spec, candidate)
        if rich.tokens <= RICH_BUDGET_TOKENS:
            return rich
    return _surface(spec, LEAN)


def _surface(spec: ServerSpec, profile: Profile) -> Surface:
    from ..runtime.shaping.tokens import count_tokens

    gloss: dict[str, str] = {}
    if profile.glossary_min_tools is not None:
        gloss = glossary(spec.operations, profile)
    tools = {
        op.id: (
            tool_description(op, profile),
            compact_schema(op.input_schema, profile, gloss, op.tool_name),
        )
        for op in spec.operations
    }
    whole = replace(profile, max_enum=sys.maxsize)
    checked = {
        op.id: compact_schema(op.input_schema, whole, gloss, op.tool_name)
        for op in spec.operations
        if has_long_enum(op.input_schema, profile.max_enum)
    }
    selectors = sorted({a for op in spec.operations if (a := field_selector(op)) is not None})
    instructions = _instructions(profile, gloss, selectors)
    views = [
        {"name": op.tool_name, "description": tools[op.id][0], "inputSchema": tools[op.id][1]}
        for op in spec.operations
    ]
    tokens = count_tokens(json.dumps(views, ensure_ascii=False, separators=(",", ":")))
    tokens += count_tokens(instructions) if instructions else 0
    return Surface(profile.name, tools, instructions, tokens, checked)


def has_long_enum(node: Any, limit: int) -> bool:
    """True when a schema somewhere holds an enum of more than ``limit`` values."""
    if isinstance(node, dict):
        enum = node.get("enum")
        if isinstance(enum, list) and len(enum) > limit:
            return True
        return any(has_long_enum(v, limit) for v in node.values())
    if isinstance(node, list):
        return any(has_long_enum(v, limit) for v in node)
    return False


def _instructions(profile: Profile, gloss: dict[str, str], selectors: Sequence[str] = ()) -> str:
    explained = profile.minimal_controls or not profile.controls_listed
    lines = [CONTROLS_NOTE] if explained else []
    if selectors and not profile.returns:  # the rich profile says it in each tool
        lines.append(selector_note(", ".join(selectors)))
    if not explained and not profile.control_descriptions:
        lines.append(CONTROLS_SHORT_NOTE)
    if gloss:
        lines.append("Common arguments: " + "; ".join(f"{k}: {v}" for k, v in gloss.items()) + ".")
    return "\n".join(lines)


def fragment(text: str, limit: int) -> str:
    """The first sentence of ``text`` as a fragment (no code ticks, leading article or final
    period), cut at a word to ``limit`` chars."""
    text = _CODE.sub(r"\1", " ".join(text.split())).replace("**", "")
    text = _SENTENCE.split(text, maxsplit=1)[0]
    text = _ARTICLE.sub("", text).rstrip(".")
    if text[:1].islower():
        text = text[0].upper() + text[1:]
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-(") + "…"


def _words(text: str) -> list[str]:
    out = []
    for w in _WORD.findall(text.lower()):
        if w not in _STOP:
            out.append(w[:-1] if w.endswith("s") and len(w) > 3 else w)
    return out


def says_nothing_more(text: str, name: str) -> bool:
    """True when every content word of ``text`` is already in ``name`` (``Get a repository``
    for ``repos_get``, ``Deployment_id parameter`` for ``deployment_id``)."""
    named = set(_words(name.replace("_", " "))) | _FILLER
    return all(w in named for w in _words(text))


def tool_description(op: OperationSpec, profile: Profile) -> str:
    base = op.description.strip() or op.title
    if not profile.returns:
        text = fragment(base, profile.tool_chars)
        return "" if says_nothing_more(text, op.tool_name) else text
    text = base if len(base) <= profile.tool_chars else fragment(base, profile.tool_chars)
    resp = op.response
    if resp.default_fields:
        shown = ", ".join(resp.default_fields[:RETURNS_SHOWN])
        more = "…" if len(resp.default_fields) > RETURNS_SHOWN else ""
        where = ""
        if resp.collection_path is not None:
            where = (
                " of each item"
                if resp.collection_path == ""
                else f" of each {resp.collection_path} item"
            )
        text += f"\nReturns fields{where}: {shown}{more or '.'}"
        text += _also_available(op)
    selector = field_selector(op)
    if selector is not None:
        text += "\n" + selector_note(selector)
    return text


_SELECTOR = re.compile(r"(?:opt_|_|\$)?(?:fields|select)(?:\[[^\]]*\])?", re.I)


def field_selector(op: OperationSpec) -> str | None:
    """The argument of the API's own field selector (``opt_fields``, ``fields``, ``$select``),
    which the model could confuse with this server's ``fields``."""
    for p in op.params:
        if p.location == "query" and p.const is None and _SELECTOR.fullmatch(p.wire_name):
            return p.arg
    return None


def selector_note(args: str) -> str:
    return (
        f"{args}: the API's own field selector (asks the upstream for fields); "
        "fields: picks fields from the result this server returns."
    )


def _also_available(op: OperationSpec) -> str:
    """A few non-default fields, as a hint of what ``fields`` can ask for."""
    tree = op.response.field_tree
    if isinstance(tree, list) and tree:
        tree = tree[0]
    if not isinstance(tree, dict):
        return ""
    chosen = {f.split(".")[0] for f in op.response.default_fields}
    others = [k for k in tree if k not in chosen]
    if not others:
        return ""
    more = "…" if len(others) > AVAILABLE_SHOWN else ""
    return f" Also: {', '.join(others[:AVAILABLE_SHOWN])}{more or '.'}"


def compact_schema(
    schema: dict[str, Any],
    profile: Profile,
    gloss: dict[str, str] | None = None,
    tool_name: str = "",
) -> dict[str, Any]:
    """A tool's listed input schema: noise dropped, shared argument descriptions left to the
    glossary, controls added when the profile lists them, repeats moved to ``$defs``.

    Without the returns line (the lean profile), an argument description that says nothing
    beyond the argument's and the tool's names is left out (``Title of the issue`` for
    ``title`` of ``issues_create``)."""
    props = schema.get("properties") or {}
    out: dict[str, Any] = {"type": "object"}
    kept = {name: _node(sub, 1, profile) for name, sub in props.items()}
    for name, sub in kept.items():
        text = sub.get("description")
        if text is None:
            continue
        if (gloss and gloss.get(name) == text) or (
            not profile.returns and says_nothing_more(text, f"{name} {tool_name}")
        ):
            del sub["description"]
    if profile.controls_listed:
        for name, control in CONTROL_SCHEMAS.items():
            if profile.minimal_controls:
                control = listed_control(name)
            elif not profile.control_descriptions and name != "fields":
                control = {k: v for k, v in control.items() if k != "description"}
            kept.setdefault(name, control)
    if kept:
        out["properties"] = kept
    if schema.get("required"):
        out["required"] = list(schema["required"])
    return share_repeats(out)


def glossary(ops: tuple[OperationSpec, ...], profile: Profile) -> dict[str, str]:
    """Argument descriptions shared by at least ``profile.glossary_min_tools`` tools, by name.

    A name with several common descriptions keeps the most frequent (ties: the first in
    alphabetical order), so the result is deterministic. A description that says nothing
    beyond the name (``Unique identifier of the artifact`` for ``artifact_id``) is no entry:
    the listing leaves it out of every tool (``compact_schema``), and the instructions need
    not say it either."""
    counts: dict[tuple[str, str], int] = {}
    for op in ops:
        for name, sub in (op.input_schema.get("properties") or {}).items():
            text = sub.get("description") if isinstance(sub, dict) else None
            if isinstance(text, str) and text.strip():
                key = (name, fragment(text, profile.param_chars))
                counts[key] = counts.get(key, 0) + 1
    best: dict[str, tuple[int, str]] = {}
    minimum = profile.glossary_min_tools or 0
    for (name, text), n in sorted(counts.items()):
        if n >= minimum and (name not in best or n > best[name][0]):
            best[name] = (n, text)
    return {
        name: text
        for name, (_, text) in sorted(best.items())
        if profile.returns or not says_nothing_more(text, name)
    }


def _node(node: Any, depth: int, profile: Profile, *, branch: bool = False) -> Any:
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in DROP_KEYS or (key == "format" and value not in KEEP_FORMATS):
            continue
        if key == "description":
            if depth == 1 and isinstance(value, str) and value.strip():
                out[key] = (
                    fragment(value, profile.param_chars)
                    if profile.fragments
                    else " ".join(value.split())[: profile.param_chars]
                )
            continue
        if key == "additionalProperties" and isinstance(value, bool):
            continue  # false: the runtime adds it back for validation; true: the default
        if key in ("properties", "items", "additionalProperties", "anyOf", "oneOf", "allOf"):
            if depth < profile.max_depth:
                out[key] = _children(key, value, depth, profile)
            elif key != "properties" or node.get("required") or branch:
                keep = node.get("required") or (value if branch else ())
                out[key] = _skeleton_children(key, value, keep, profile)
            continue
        out[key] = value
    _short_enum(out, profile)
    _drop_vacuous(out)
    if "type" not in out and not any(
        k in out for k in ("enum", "const", "anyOf", "oneOf", "allOf")
    ):
        if any(k in node for k in ("properties", "additionalProperties")):
            out["type"] = "object"
        elif "items" in node:
            out["type"] = "array"
    for key in ("properties", "additionalProperties"):
        if out.get(key) == {}:
            del out[key]
    return out


def _skeleton(node: Any, profile: Profile, depth: int = 0, *, branch: bool = False) -> Any:
    """Below the profile's depth, what a valid value needs and nothing else: the type, a const
    or enum (a long one as examples), the required properties (recursively), the items and the
    union branches (with all their properties: they tell the branches apart); no descriptions,
    no other optional properties."""
    if not isinstance(node, dict) or depth > SKELETON_DEPTH:
        return {} if isinstance(node, dict) else node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("type", "const", "enum") or key in VALUE_KEYS:
            out[key] = value
        elif key == "format" and value in KEEP_FORMATS:
            out[key] = value
        elif key in ("items", "additionalProperties"):
            if isinstance(value, dict):
                out[key] = _skeleton_children(key, value, (), profile, depth + 1)
        elif key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
            out[key] = [_skeleton(b, profile, depth + 1, branch=True) for b in value]
        elif key == "properties" and isinstance(value, dict) and (branch or node.get("required")):
            keep = node.get("required") or value  # a branch's properties tell it apart
            out[key] = _skeleton_children(key, value, keep, profile, depth + 1)
        elif key == "required" and isinstance(value, list) and value:
            out[key] = list(value)
    _short_enum(out, profile)
    _drop_vacuous(out)
    for key in ("properties", "additionalProperties", "items"):
        if out.get(key) == {}:
            del out[key]
    if "type" not in out and "properties" in out:
        out["type"] = "object"
    return out


def _skeleton_children(
    key: str, value: Any, required: Any, profile: Profile, depth: int = 0
) -> Any:
    if key == "properties" and isinstance(value, dict):
        return {n: _skeleton(s, profile, depth) for n, s in value.items() if n in required}
    if key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
        return [_skeleton(s, profile, depth) for s in value]
    if isinstance(value, dict):
        return _skeleton(value, profile, depth)
    return value


def _drop_vacuous(out: dict[str, Any]) -> None:
    """An ``anyOf`` with an empty branch accepts anything (the IR keeps ``anyOf: [{}, {}]``
    where a spec's branches only said which fields were required): noise. Empty ``allOf``
    branches too."""
    if isinstance(out.get("anyOf"), list) and any(b == {} for b in out["anyOf"]):
        del out["anyOf"]
    if isinstance(out.get("allOf"), list):
        out["allOf"] = [b for b in out["allOf"] if b != {}]
        if not out["allOf"]:
            del out["allOf"]


def _short_enum(out: dict[str, Any], profile: Profile) -> None:
    """A long enum becomes "One of N values, e.g. ..." (its first values) in the description,
    with where the others are: the server still validates against every value (``checked``)
    and its error for a wrong one lists the closest (runtime/choices.py)."""
    enum = out.get("enum")
    if not (isinstance(enum, list) and len(enum) > profile.max_enum):
        return
    del out["enum"]  # e.g. every time zone: a few examples say enough
    shown = ", ".join(str(v) for v in enum[:ENUM_EXAMPLES])
    note = f"One of {len(enum)} values, e.g. {shown}; {ENUM_LOOKUP}"
    out["description"] = f"{out['description']}. {note}" if out.get("description") else note
    if "type" not in out and all(isinstance(v, str) for v in enum):
        out["type"] = "string"


def _children(key: str, value: Any, depth: int, profile: Profile) -> Any:
    if key == "properties" and isinstance(value, dict):
        return {n: _node(s, depth + 1, profile) for n, s in value.items()}
    if key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
        return [_node(s, depth + 1, profile, branch=True) for s in value]
    return _node(value, depth + 1, profile)


def _key(node: dict[str, Any]) -> str:
    return json.dumps(node, sort_keys=True, separators=(",", ":"))


def _subschemas(node: dict[str, Any]) -> list[tuple[str, Any, dict[str, Any]]]:
    """(key, index-or-name, sub-schema) for every schema position directly under ``node``."""
    out: list[tuple[str, Any, dict[str, Any]]] = []
    props = node.get("properties")
    if isinstance(props, dict):
        out += [("properties", n, s) for n, s in props.items() if isinstance(s, dict)]
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            out.append((key, None, node[key]))
    for key in ("anyOf", "oneOf", "allOf"):
        if isinstance(node.get(key), list):
            out += [(key, i, s) for i, s in enumerate(node[key]) if isinstance(s, dict)]
    return out


def share_repeats(schema: dict[str, Any]) -> dict[str, Any]:
    """Define sub-schemas that occur more than once (and are not tiny) once under ``$defs``."""
    counts: dict[str, int] = {}

    def count(node: dict[str, Any]) -> None:
        for _, _, sub in _subschemas(node):
            if len(key := _key(sub)) >= SHARE_MIN_CHARS:
                counts[key] = counts.get(key, 0) + 1
            count(sub)

    count(schema)
    if not any(n > 1 for n in counts.values()):
        return schema
    names: dict[str, str] = {}
    defs: dict[str, Any] = {}

    def rebuilt(node: dict[str, Any]) -> dict[str, Any]:
        out = dict(node)
        if isinstance(node.get("properties"), dict):
            out["properties"] = dict(node["properties"])
        for key in ("anyOf", "oneOf", "allOf"):
            if isinstance(node.get(key), list):
                out[key] = list(node[key])
        for key, where, sub in _subschemas(node):
            key_ = _key(sub)
            if counts.get(key_, 0) > 1:
                if key_ not in names:
                    names[key_] = f"d{len(names)}"
                    defs[names[key_]] = rebuilt(sub)
                new: dict[str, Any] = {"$ref": f"#/$defs/{names[key_]}"}
            else:
                new = rebuilt(sub)
            if where is None:
                out[key] = new
            else:
                out[key][where] = new
        return out

    out = rebuilt(schema)
    out["$defs"] = defs
    return out


AUTO_META_BUDGET_TOKENS = 30_000  # --mode auto: meta when the per-operation surface is larger
# Modes whose operations are not listed one by one: their tools serve the rich descriptions
# and the IR's input schemas (meta's describe, code mode's search signatures).
UNLISTED_MODES = ("meta", "code")


def apply_surface(data: dict[str, Any], spec: ServerSpec) -> dict[str, Any]:
    """Finish ``server_data``: the mode, the listed descriptions/schemas, toolsets, pagination.

    Per-op mode writes the surface's descriptions and schemas; meta and code mode keep the rich
    descriptions and the IR's input schemas (``describe`` and ``search`` serve them) plus tags
    for search. ``auto`` never picks code mode: it needs the package's ``[code]`` extra (the
    pydantic-monty sandbox, a native worker binary) and a client whose model writes Python, so
    an automatic choice could give a server that does not start with the base install.
    """
    mode = spec.mode
    surface = build_surface(spec) if mode not in UNLISTED_MODES else None
    if mode == "auto":
        assert surface is not None
        mode = "meta" if surface.tokens > AUTO_META_BUDGET_TOKENS else "per-op"
    server = data["server"]
    server["mode"] = mode
    if mode == "per-op" and surface is not None:
        server["surface"] = surface.profile
        if surface.instructions:
            server["instructions"] = surface.instructions
    toolsets = sorted({name for op in spec.operations for name in op.toolsets})
    if toolsets:
        server["toolsets"] = toolsets
    for op, tool in zip(spec.operations, data["tools"]):
        if mode == "per-op" and surface is not None:
            tool["description"], tool["input_schema"] = surface.tools[op.id]
            if op.id in surface.checked:
                tool["validation_schema"] = surface.checked[op.id]
            if op.binding.kind == "graphql":  # graphql_call.py reads the `first` default
                _keep_defaults(tool["input_schema"], op.input_schema)
        else:
            tool["input_schema"] = dict(op.input_schema)
            if op.tags:
                tool["tags"] = list(op.tags)
        if op.toolsets:
            tool["toolsets"] = list(op.toolsets)
        if op.pagination is not None:
            tool["pagination"] = pagination_data(op.pagination)
    return data


def pagination_data(spec: PaginationSpec | None) -> dict[str, Any] | None:
    """The spec.json form: the style plus the fields that are set."""
    if spec is None:
        return None
    return {k: v for k, v in sorted(spec.__dict__.items()) if v is not None}


def _keep_defaults(listed: dict[str, Any], original: dict[str, Any]) -> None:
    for name, sub in (original.get("properties") or {}).items():
        target = (listed.get("properties") or {}).get(name)
        if isinstance(sub, dict) and "default" in sub and isinstance(target, dict):
            if "$ref" not in target:
                target["default"] = sub["default"]
