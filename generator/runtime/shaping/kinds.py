"""How each kind of operation is shaped by default (the kind comes from the description:
``generator/loaders/operation_kind.py``; the overlay may set it).

- ``read``, ``search``: one resource by the ``PAGE`` profile (its page: ``pages.py``), each
  item of a list by ``ITEM`` (a search's hits by ``SEARCH_ITEM``; ``defaults.py``).
- ``create``, ``update``, ``delete``: the answer is the resource the call created or changed,
  or the records of a batch, by the ``WRITE`` profile (envelopes and list wrappers seen
  through; identity, label, state, what the server assigned: a number, a status, a URL); a
  delete's by the leaner ``DELETE`` profile (which one went: identity, label, state).
- ``generate``: the content produced for the caller (``generated_content_paths``: a
  completion's ``choices.message.content``, a transcription's ``text``, an embedding's
  vector, the calls it asks for, ``tool_calls`` or a block of its list that is a call,
  ``call_block``) is always part of the defaults, however deep (not in what the caller sent, echoed
  beside it: a report's ``request``, ``params``, ``prompt``), next to the usual fields; it is
  cut at ``max_chars`` with the truncation marker like any string, never dropped. Its records
  (``generated_record_paths``: the objects of its lists, through groups that hold only
  lists, ``changeReports[].configChanges[]``, and through objects, ``sentiments.segments[]``;
  an item's own lists of records it shows, ``predictions[]``, by their type and measure) keep
  what tells them apart: their type, their
  most telling measure (``score`` before ``magnitude``, ``roles/quantity.py``, a number or a
  map of numbers per group; its own before
  a part's: ``salience`` before ``sentiment.score``), and, when nothing of their own was chosen (a change said only by its advice
  texts, a token by its part of speech, an embedding by its vector), their own short scalars (``element``, ``newValue``,
  ``lemma``); the answer its own measure (``documentSentiment.score``). What it produced
  stays whole in a list's answer too (only what it quotes is a preview), and how it was
  produced is left out of the answer and its wrapper (``is_production_note``: its model,
  version, usage, credits, processing time and creation time), as is what the caller sent,
  echoed beside it (``is_echoed_input``: a completion's ``prompt`` with its logprobs).
- ``acknowledge``: a bare status (``{ok: true}``, no body at all): shown whole, one line.

The run-time invariants (``invariants.py``) hold for every kind.
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .names import base_type, is_leaf
from .pages import PAGE, PAGE_KINDS
from .picking import Profile
from .roles.content import TEXT_MEMBERS, is_content
from .roles.identity import has_own_identity, is_id_name
from .roles.noise import is_noise
from .roles.people import is_person
from .roles.quantity import MEASURE_WORDS, is_measure, measure_rank
from .roles.words import w
from .trees import node_at, unwrap

OPERATION_KINDS = ("read", "search", "create", "update", "delete", "generate", "acknowledge")
WRITE_KINDS = frozenset({"create", "update", "delete"})
MAX_CONTENT_DEPTH = 6
RECORD_DEPTH = 3  # lists down a generation's records are looked for (through groups)
RECORD_SCALARS = 4  # own scalars a record nothing of its own was chosen from keeps
RECORD_KIND_WORDS = frozenset({"type", "kind", "category", "class"})
LABEL_RECORD_MEMBERS = 3  # members of a record's own small records kept (``_label_record``)

# One resource otherwise (a generation's answer; a read's is its page, ``pages.PAGE``).
OBJECT = Profile(budget=260, identity=2, label=1, state=2, content=1, time=2, people=2,
                 money=2, counts=2, relations=2, lists=2, url=1, flags=3, kinds=1)  # fmt: skip
# Each item of a list: enough to pick the items worth a closer look (one discriminator or
# category: a list holds many items).
ITEM = Profile(budget=106, identity=2, label=1, state=2, content=1, time=1, people=1, money=1,
               counts=1, relations=1, lists=1, url=1, flags=2, kinds=1)  # fmt: skip
# Each hit of a search: an item, and what tells the hits apart for someone choosing among
# things they do not know yet: its description, how popular it is, its sort, its page.
SEARCH_ITEM = Profile(budget=136, identity=2, label=1, state=2, content=1, time=1, people=1,
                      money=1, counts=2, relations=1, lists=1, url=1, flags=2, kinds=1)  # fmt: skip
# What a write answers with (each record of a batch too): what the caller needs next and did
# not send: the identity the server assigned (an id, a number), the label that recognises it,
# its state, its page, who it is by (one handle or name, not the caller's id), the amount it
# came to, what it holds (an order's lines, reduced); its text only as a short preview when
# room is left (the caller sent it). Not what the caller named in the request: what it belongs to (a relation),
# its kind; no times (issue 33: writes answer lean).
WRITE = Profile(budget=80, identity=2, label=1, state=1, content=1, time=0, people=1, money=1,
                counts=0, relations=1, lists=1, url=1, flags=0, kinds=0)  # fmt: skip
# What a delete answers with (each record of a batch too): the resource as it was when it went.
# The caller needs which one went (its identity and label), its final state and, for a text,
# a short preview of it; its page, parts, people, relations and lists went with it.
DELETE = Profile(budget=60, identity=2, label=1, state=1, content=1, time=0, people=1, money=0,
                 counts=0, relations=0, lists=0, url=0, flags=0, kinds=0)  # fmt: skip


# What a generation answers with (not its records, which are items): what it produced, not
# when (``created``: it was made for this call) nor the kind of answer it is (``object:
# "chat.completion"``: the operation says it).
GENERATION = Profile(budget=260, identity=2, label=1, state=2, content=1, time=0, people=2,
                     money=2, counts=2, relations=2, lists=2, url=1, flags=3, kinds=0)  # fmt: skip


def profile_for(kind: str, item: bool) -> Profile:
    """The profile one object of an answer of ``kind`` is chosen by."""
    if kind == "delete":
        return DELETE
    if kind in WRITE_KINDS:
        return WRITE
    if item:
        return SEARCH_ITEM if kind == "search" else ITEM
    if kind == "generate":
        return GENERATION
    return PAGE if kind in PAGE_KINDS else OBJECT


# How a generation was produced, said beside what it produced: the model and its version, the
# tokens or credits it was billed for (``usage``, ``usageMetadata``, ``billed_units``,
# ``credit_cost``), how long it took (``processing_time``) and when (``created``, ``epoch_time``)
PRODUCTION_WORDS = frozenset(
    {"usage", "billed", "billing", "credit", "credits", "model", "fingerprint", "processing",
     "elapsed", "latency", "took", "created", "epoch", "timestamp"}
)  # fmt: skip


def is_production_note(key: str) -> bool:
    """A member naming how a generation was produced (``PRODUCTION_WORDS``, or a last word
    ``version``: ``modelVersion``, ``api_version``), not what it produced."""
    ws = w(key)
    if not ws or is_id_name(key) or "id" in ws:
        return False  # an identity (``modelId``, ``version_id``): what a next call takes
    return not PRODUCTION_WORDS.isdisjoint(ws) or ws[-1] == "version"


def without_production_notes(shaped: Any, path: tuple[str, ...]) -> Any:
    """``shaped`` (a generation's answer whose alternatives or records are the list at
    ``path``) without the wrapper's notes of how it was produced (``is_production_note``):
    the wrapper keeps its counts and cursors, and a generation's usage counts are neither."""
    if not path or not isinstance(shaped, dict):
        return shaped
    return {
        k: (without_production_notes(v, path[1:]) if k == path[0] else v)
        for k, v in shaped.items()
        if k == path[0] or not is_production_note(k)
    }


# what the caller sent, echoed beside what was produced (a report's ``request``, its ``params``)
SENT_WORDS = frozenset({"request", "requests", "input", "inputs", "params", "parameters", "prompt"})


def is_echoed_input(key: str) -> bool:
    """A member named for what the caller sent (``SENT_WORDS``: ``prompt``, ``request``,
    ``input``), echoed beside what a generation produced: not part of its answer."""
    return bool(w(key)) and w(key)[-1] in SENT_WORDS


# a text named for what a generation makes (``transcript``, ``translation``, ``caption``,
# ``completion``, ``answer``, ``output``, a classification's ``prediction``): content, as
# ``text`` and ``content`` are
PRODUCED_WORDS = frozenset(
    {"transcript", "transcription", "translation", "caption", "completion", "answer", "output",
     "prediction"}
)  # fmt: skip


def produced(key: str) -> bool:
    return bool(w(key)) and w(key)[-1] in PRODUCED_WORDS


# what a generation asks the caller to run instead of (or beside) a text: a chat completion's
# ``tool_calls``, ``function_call``, a candidate part's ``functionCall``
CALL_WORDS = frozenset({"call", "calls"})


def asked_calls(key: str, sub: Any) -> bool:
    """``sub`` under ``key`` is what a generation asks to be called (``CALL_WORDS``): an object
    or a list of objects (each call's id, function name and arguments)."""
    return isinstance(unwrap(sub), dict) and w(key)[-1] in CALL_WORDS


def call_paths(calls: Any) -> list[str]:
    """What one call a generation asks for says (relative dot paths): its members and its
    parts' (``id``, ``function.name``, ``function.arguments``), not their kind (``type:
    "function"``: the member holding them says it); an open part (arguments as an object) whole."""
    out: list[str] = []
    for key, sub in (unwrap(calls) or {}).items():
        if w(key)[-1] in RECORD_KIND_WORDS:
            continue
        if isinstance(sub, dict) and sub:
            out += [f"{key}.{k}" for k in sub if w(k)[-1] not in RECORD_KIND_WORDS]
        else:
            out.append(key)
    return out


# what a call a generation asks for takes (``arguments``, ``args``, ``input``): with its name,
# the call, whatever its block's kind is named
ARGUMENT_WORDS = frozenset({"arguments", "args", "input", "parameters"})


def call_block(node: Any) -> list[str]:
    """The members (relative) of a block of a generation's list that is a call it asks for,
    however its kind is named (a content block ``{type: "tool_use", id, name, input}``, an
    output item ``{type: "function_call", call_id, name, arguments}``): a block of a
    discriminated list (a kind member) with a string name beside what the call takes
    (``ARGUMENT_WORDS``): its ids, its name and its arguments (whole); else none."""
    if not isinstance(node, dict):
        return []
    kinds = [k for k, v in node.items() if is_leaf(v) and w(k) and w(k)[-1] in RECORD_KIND_WORDS]
    names = [
        k
        for k, v in node.items()
        if w(k) and w(k)[-1] == "name" and is_leaf(v) and base_type(v) in ("string", "any")
    ]
    takes = [k for k, v in node.items() if w(k) and w(k)[-1] in ARGUMENT_WORDS]
    if not kinds or not names or not takes:
        return []
    ids = [k for k, v in node.items() if w(k) and is_id_name(k) and is_leaf(v)]
    return ids + names + takes


def generated_content_paths(
    tree: Any, lists: int | None = None, reasoned: bool = False
) -> tuple[str, ...]:
    """Dot paths (arrays seen through) of the content a generation answers with: strings named
    as content, for what a generation makes (``transcript``: ``PRODUCED_WORDS``) or as a rich
    text's text member (``text``, ``content``), the calls it asks for (``asked_calls``,
    ``call_paths``: with tools, a completion's answer is its ``tool_calls``, its text null;
    or blocks of its list that are calls, ``call_block``: ``content[]`` of ``{type: "text",
    text}`` or ``{type: "tool_use", id, name, input}``),
    and arrays of numbers (a vector), outside metadata (``usage``, ``meta``) and noise. A list of integers is no
    vector: a token's ``bytes`` beside its log probability are an encoding, not content.
    ``lists``: how many arrays below ``tree`` the content may be in (None: any): a list's item
    that is a record (an entity an analysis found, by its name) holds its own text, not the
    texts of its parts (``mentions[].text.content``: the passages it was found in); an
    alternative (``candidates[].content.parts[].text``) holds its text however deep.
    ``reasoned``: also the texts named for how it reasoned (``REASONING_WORDS``: a choice's
    ``message.reasoning``, a block's ``thinking``), which the answer shows as a preview
    (``reasoning_text_paths``) beside its content; not what says what a generation is."""
    found: list[str] = []

    def walk(node: Any, prefix: str, depth: int, crossed: int = 0) -> None:
        while isinstance(node, list):
            node = node[0] if node else None
            crossed += 1
        if not isinstance(node, dict) or depth > MAX_CONTENT_DEPTH:
            return
        if lists is not None and crossed > lists + int(isinstance(tree, list)):
            return
        block = call_block(node) if crossed else []
        found.extend(f"{prefix}.{k}" if prefix else k for k in block)
        for key, sub in node.items():
            if key in block or is_meta_key(key) or is_noise(key) or is_echoed_input(key):
                continue
            path = f"{prefix}.{key}" if prefix else key
            if asked_calls(key, sub):
                found.extend(f"{path}.{p}" for p in call_paths(sub))
                continue
            if isinstance(sub, list) and sub and is_leaf(sub[0]):
                if base_type(sub[0]) == "number" and len(w(key)) <= 2:
                    found.append(path)  # a vector of floats: an embedding (not bytes)
                continue
            if is_leaf(sub):
                text = base_type(sub) in ("string", "any")
                named = is_content(key) or "".join(w(key)) in TEXT_MEMBERS[:3] or produced(key)
                named = named or (reasoned and w(key)[-1] in REASONING_WORDS)
                if text and named:
                    found.append(path)
                continue
            walk(sub, path, depth + 1, crossed)

    walk(tree, "", 0)
    return tuple(found)


def _measures(record: dict[str, Any]) -> list[str]:
    """The record's most telling measure (``score`` before ``magnitude``), its own before a
    part's (``salience`` before ``sentiment.score``): one, what tells the records apart."""
    found = [
        (0, measure_rank(k), k)
        for k, v in record.items()
        if is_leaf(v) and _measure(k, v) and not is_noise(k)
    ]
    found += [
        (1, measure_rank(k2), f"{k}.{k2}")
        for k, v in record.items()
        if isinstance(v, dict) and not is_noise(k) and not is_person(k)
        for k2, v2 in v.items()
        if is_leaf(v2) and _measure(k2, v2)
    ]
    return [min(found)[2]] if found else []


def _measure(key: str, leaf: Any) -> bool:
    """``is_measure``, or a measure's name over a value of either form (``score``: a number,
    or a map of numbers per group: ``anyOf``, read as ``any``)."""
    return is_measure(key, leaf) or (base_type(leaf) == "any" and w(key)[-1] in MEASURE_WORDS)


def record_paths(record: dict[str, Any], chosen_own: bool) -> list[str]:
    """What tells one record of a generation apart (module doc), relative to it;
    ``chosen_own``: a member of its own is chosen already."""
    leaves = {k: v for k, v in record.items() if is_leaf(v) and not is_noise(k)}
    out = [
        k
        for k, v in leaves.items()
        if w(k) and w(k)[-1] in RECORD_KIND_WORDS and base_type(v) in ("string", "any")
    ]
    out += _measures(record)
    out += [k for k in _time_bounds(leaves) if k not in out]
    if not chosen_own:
        out += [
            k
            for k, v in leaves.items()
            if k not in out
            and not is_content(k)
            and not is_meta_key(k)
            and not is_production_note(k)
            and base_type(v) in ("string", "integer", "number", "any")
        ][:RECORD_SCALARS]
    return out


def _record_lists(tree: dict[str, Any], prefix: str, depth: int) -> list[tuple[str, Any]]:
    """``(path, element)`` of a generation's record lists (module doc)."""
    out: list[tuple[str, Any]] = []
    for key, sub in tree.items():
        if is_noise(key) or is_meta_key(key) or is_person(key):
            continue
        if isinstance(sub, dict) and depth + 1 < RECORD_DEPTH and not is_production_note(key):
            below = depth if len(sub) == 1 else depth + 1  # a wrapper of one member: no level
            out += _record_lists(sub, f"{prefix}{key}.", below)  # a group's lists
        if not isinstance(sub, list):
            continue
        element = sub[0] if sub else None
        while isinstance(element, list):
            element = element[0] if element else None
        if not isinstance(element, dict):
            continue
        if any(is_leaf(v) for v in element.values()) or _measures(element):
            out.append((prefix + key, element))
        elif depth + 1 < RECORD_DEPTH:
            out += _record_lists(element, f"{prefix}{key}.", depth + 1)
    return out


def generated_record_paths(tree: dict[str, Any], item: bool, chosen: list[str]) -> tuple[str, ...]:
    """Dot paths (arrays seen through) of what tells a generation's records apart (module
    doc): ``tree`` is one record (``item``: an item of the answer's list) or the answer;
    ``chosen``: the paths its defaults chose so far."""

    def own_chosen(prefix: str, record: Any) -> bool:
        """A member of its own (not a part's) is chosen, other than its type or measure,
        which say what it is and how sure, not which one (a plate beside its confidence),
        and other than a vector, which a concise answer leaves out as an encoding (an
        embedding beside the ``index`` of the input it embeds)."""
        own = [p[len(prefix) :] for p in chosen if p.startswith(prefix)]
        return any("." not in k and not _telling(k, record) and not _vector(k, record) for k in own)

    if item:  # and of its own lists of records it shows, how sure each is (a label's score)
        return tuple(record_paths(tree, own_chosen("", tree))) + tuple(
            f"{path}.{p}"
            for path, element in _record_lists(tree, "", RECORD_DEPTH - 1)
            if any(c.startswith(f"{path}.") for c in chosen)
            for p in record_paths(element, True)
        )
    found = list(_measures(tree))
    for path, element in _record_lists(tree, "", 0):
        found += [f"{path}.{p}" for p in record_paths(element, own_chosen(f"{path}.", element))]
        for sub, inner in _record_lists(element, f"{path}.", RECORD_DEPTH - 1):
            if _label_record(inner):  # its own records of a label beside how sure it is (a
                # segment's topics): theirs too; not longer ones (a transcript's timed words)
                found += [f"{sub}.{p}" for p in record_paths(inner, False)]
    return tuple(found)


def _label_record(record: dict[str, Any]) -> bool:
    """A record of scalars only, at most ``LABEL_RECORD_MEMBERS`` of them: a label beside how
    sure it is (``{topic, confidence_score}``), not a timed word with its speaker."""
    return len(record) <= LABEL_RECORD_MEMBERS and all(is_leaf(v) for v in record.values())


def _telling(key: str, record: Any) -> bool:
    """``key`` is the record's type or one of its measures (``record_paths``)."""
    leaf = record.get(key) if isinstance(record, dict) else None
    if not w(key) or not is_leaf(leaf):
        return False
    return w(key)[-1] in RECORD_KIND_WORDS or _measure(key, leaf)


def _vector(key: str, record: Any) -> bool:
    """``key`` is the record's array of numbers (an embedding)."""
    sub = record.get(key) if isinstance(record, dict) else None
    inner = unwrap(sub)
    return isinstance(sub, list) and is_leaf(inner) and base_type(inner) in ("number", "integer")


OFFSET_WORDS = frozenset({"offset"})
# a span's bound counted in units of the text it quotes (``start_word``, ``endChar``,
# ``beginIndex``), not in time (``start``, ``end_ms``: when a transcript's words were said)
BOUND_WORDS = frozenset({"start", "end", "begin"})
TEXT_UNIT_WORDS = frozenset({"word", "char", "character", "token", "index", "position", "line"})


def _time_bounds(leaves: dict[str, Any]) -> list[str]:
    """When a record (a transcription's segment, an utterance) was said: its first bound
    named for a start and its first named for an end, numbers or strings, not counted in
    the text it quotes (``_text_position``: ``start_word``); both, or none."""
    found: dict[str, str] = {}
    for key, leaf in leaves.items():
        ws = w(key)
        if ws[0] not in BOUND_WORDS or _text_position(key):
            continue
        if base_type(leaf) in ("number", "integer", "string"):
            found.setdefault("end" if ws[0] == "end" else "start", key)
    return list(found.values()) if len(found) == 2 else []


def _text_position(key: str) -> bool:
    """``key`` names where a span lies in the text it quotes (``beginOffset``, ``start_word``)."""
    ws = w(key)
    return bool(OFFSET_WORDS & set(ws)) or (
        len(ws) == 2 and ws[0] in BOUND_WORDS and ws[1] in TEXT_UNIT_WORDS
    )


def _is_record(element: Any) -> bool:
    return isinstance(element, dict) and (
        any(is_leaf(v) for v in element.values()) or bool(_measures(element))
    )


def quoted_text_paths(tree: Any, selection: list[str], listed: bool = False) -> list[str]:
    """The selected texts (of ``selection``, dot paths, arrays seen through) a generation's
    answer ``tree`` quotes rather than produced (module doc): a span's text (its object has a
    member named for where it lies in the text: ``beginOffset``, ``start_word``), a text in a
    list inside one of its records, not reached through a member named as content
    (``content.parts[].text``), or the text of a record that scores an item the caller sent
    (``_scores_a_sent_item``); ``listed``: ``tree`` is the item of the list the operation
    answers."""
    out: list[str] = []
    first = tree[0] if isinstance(tree, list) and tree else tree
    start = (listed or isinstance(tree, list)) and _scores_a_sent_item(first)
    for path in selection:
        segments = path.split(".")
        if not is_content(segments[-1]):
            continue
        node, in_record, quoted, scored = tree, False, False, start
        for seg in segments:
            if isinstance(node, list):
                node = node[0] if node else None
            if not isinstance(node, dict) or seg not in node:
                node = None
                break
            parent, node = node, node[seg]
            if isinstance(node, list):
                element = node[0] if node else None
                if in_record and not is_content(seg):
                    quoted = True  # a record's own list: its parts
                in_record = in_record or _is_record(element)
                scored = scored or _scores_a_sent_item(element)
            elif is_content(seg) and isinstance(node, dict):
                in_record = scored = False  # its content, however deep: what it produced
        if node is None:
            continue
        span = any(_text_position(k) for k, v in parent.items() if is_leaf(v))
        if quoted or span or scored:
            out.append(path)
    return out


# where a record's item lay in the list the caller sent (``index``)
POSITION_WORDS = frozenset({"index"})


def _scores_a_sent_item(element: Any) -> bool:
    """``element`` (a list's record) scores an item of what the caller sent: it says where the
    item lay in the caller's list (an integer named for its position) and how it measured (a
    reranking's ``{index, relevance_score, document: {text}}``), with no identity of its own
    (a generation's alternative has its ``id``): its text is the item, echoed."""
    if not isinstance(element, dict) or has_own_identity(element):
        return False
    placed = any(
        w(k)[-1] in POSITION_WORDS and base_type(v) == "integer" for k, v in element.items()
    )
    return placed and any(is_leaf(v) and _measure(k, v) for k, v in element.items())


# how a model reasoned its way to the answer it gives beside (``reasoning_content``,
# ``thinking``, ``thoughts``): not the answer
REASONING_WORDS = frozenset({"reasoning", "thinking", "thought", "thoughts"})
REASONING_NOTE = (
    '[how the model reasoned is a preview: detail_level="detailed", or fields naming it, '
    "shows it whole]"
)


def reasoning_text_paths(tree: Any, selection: list[str]) -> list[str]:
    """The selected texts (of ``selection``) of ``tree`` (a generation's answer) that say how
    it reasoned, beside the content that is its answer: a member named for reasoning
    (``REASONING_WORDS``) whose object holds another member named as content or for what a
    generation makes (``message: {content, reasoning_content}``), or, wherever it is (the
    answer's top, a choice beside its message), when the answer holds such content elsewhere
    (``{reasoning, choices: [{message: {content}}]}``)."""
    out: list[str] = []
    answers: tuple[str, ...] | None = None
    for path in selection:
        *head, last = path.split(".")
        if REASONING_WORDS.isdisjoint(w(last)):
            continue
        node = unwrap(node_at(tree, ".".join(head)) if head else tree)
        if not isinstance(node, dict) or not is_leaf(node.get(last)):
            continue
        if any(
            k != last and REASONING_WORDS.isdisjoint(w(k)) and (is_content(k) or produced(k))
            for k in node
        ):
            out.append(path)
            continue
        if answers is None:  # the content the answer holds, other than how it reasoned
            answers = tuple(
                p
                for p in generated_content_paths(tree)
                if all(REASONING_WORDS.isdisjoint(w(seg)) for seg in p.split("."))
            )
        if answers:
            out.append(path)
    return out
