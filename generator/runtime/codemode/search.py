"""``<api>_search``: words in, the operations that match out, as callable signatures.

Each operation is a bag of words from its name, tags, description and path (its parameters too:
``{username}`` says "by username"), and the arguments it takes with their enumerated values
(``labels``, ``state: open|closed``: a task naming them filters this call), weighted by where
they occur (a word of the name counts most, then its description's first sentence: what it does,
in its authors' words) and by how rare the word is across the API (``repo`` says little in
GitHub, ``stargazers`` a lot). Words are stemmed alike on both sides (plurals, ``starred`` ->
``star``, ``labelled`` -> ``label``). A query word matches a word of the operation when they are
equal after stemming, when one is a prefix of the other (4+ letters, or 3 of an 8+ letter word:
``repo`` ~ ``repository``, ``org`` ~ ``organization``), or when they share most of a 6+ letter
start (``contributed`` ~ ``contributors``), but not when the longer word is the shorter one and
another word of the API (``username`` is not ``user``: it is ``user`` + ``name``). The words
before the first preposition (what the task is about: "*start a subscription* to a price") count
more than those after it. The verbs of a task sentence say what kind of call it is (``list``,
``create``, ``delete``...): an operation of that kind (by its HTTP method; a POST to one item,
``POST /customers/{id}``, is an update) gets a bonus; a plural resource asks for a list: an
operation answering a list of it gets one too; "one", "a single", "details", "information" ask
for one item: an operation whose path ends with the item's parameter gets one ("details" and
"information" are not words to look for). A phrasal verb is its one verb ("*take* a label
*off*": remove). A deprecated operation comes after its replacement. Each word of a name the
query did not ask for counts against it (the general operation before its narrower relatives),
the kind of call aside (``get``, ``list``, ``post``). "The signed-in user" is the authenticated
user (``authenticated``, ``current``, ``viewer``, ``me``), and so is the first person ("*my*
gists", "issues assigned to *me*"). The word lists are general English for APIs; nothing here
knows any API's names.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from typing import Iterable

from ..model import ServerModel, Tool
from .signatures import CONTROLS, signature

SEARCH_LIMIT = 5
SEARCH_MAX = 20
_WORD = re.compile(r"[a-z0-9]+")
STOPWORDS = frozenset(
    "a an the of in on for to by with from and or its it is are be this that these those "
    "my our your their me i we you all any some one each every which what who whose how "
    "as at into via per about".split()
)
# Where a word occurs, and how much that says.
WEIGHTS = {"name": 3.0, "tag": 1.5, "path": 1.5, "summary": 2.0, "text": 1.0, "param": 1.0}
ENUM_WORDS = 12  # the enumerated values of an argument searched (state: open, closed, all)
# Where the thing a task is about ends and where it is begins ("comments *on* an issue").
PREPOSITIONS = frozenset("of in on for to by with from into via about at".split())
HEAD_WEIGHT = 1.5
# The signed-in user, as APIs name it (/user, /me, current_user, viewer, self).
PHRASES = {
    ("signed", "in"): ("authenticated",),
    ("logged", "in"): ("authenticated",),
    ("current", "user"): ("authenticated", "user"),
}
# English phrasal verbs, the particle up to a few words after the verb ("take a label off"):
# the one verb they mean.
PHRASAL = {
    "take": ({"off", "out", "away"}, "remove"),
    "turn": ({"off"}, "disable"),
    "switch": ({"off"}, "disable"),
    "shut": ({"down", "off"}, "disable"),
    "set": ({"up"}, "create"),
    "look": ({"up"}, "find"),
}
PHRASAL_REACH = 4
# The one who asks ("my gists", "issues assigned to me") is the signed-in user.
FIRST_PERSON = frozenset("i me my mine myself".split())
FIRST_PERSON_SELF = "authenticated"
SELF_WORDS = frozenset("authenticated current viewer me self".split())
# Irregular English plurals: a plural asks for a list.
PLURALS = {"people": "person", "children": "child", "men": "man", "women": "woman"}
# Nouns that ask for one thing's fields ("details of a charge", "information about an
# organization"): what the task wants, not words to look for.
DETAIL_WORDS = frozenset("details detail information info".split())
# The verbs (and a few nouns) of a task sentence, by the kind of call they ask for.
METHOD_WORDS: dict[str, frozenset[str]] = {
    "GET": frozenset(
        "list show get find read which recent latest fetch retrieve view see search who "
        "what".split()
    )
    | DETAIL_WORDS,
    "POST": frozenset("create new add start make register publish send submit post".split()),
    "PATCH": frozenset(
        "update edit change rename close modify set switch archive unarchive".split()
    ),
    "PUT": frozenset("update replace set put merge star".split()),
    "DELETE": frozenset("delete remove cancel drop unstar destroy".split()),
}
ALL_METHOD_WORDS = frozenset().union(*METHOD_WORDS.values())
METHOD_BONUS = 0.6
LENGTH_PENALTY = 0.35
LIST_BONUS = 0.4
# Words that ask for one item of a resource.
ONE_WORDS = frozenset("one single specific particular".split()) | DETAIL_WORDS
ITEM_BONUS = 0.8
# A deprecated operation (the loaders start its description so) after its replacement.
DEPRECATED = "Deprecated."
DEPRECATED_FACTOR = 0.7


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def stem(word: str) -> str:
    """A light English stemmer, the same on both sides: plurals (``issues``, ``policies``,
    ``branches``), past forms and gerunds (``starred`` -> ``star``, ``labelled`` ->
    ``label``, ``opened`` -> ``open``); nothing shorter than three letters is left."""
    for suffix, end in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(suffix) and len(word) - len(suffix) + len(end) >= 3:
            return word[: -len(suffix)] + end
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) >= 4:
        return word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "sl":
                base = base[:-1]  # starred -> star, but not pressed -> pres
            elif base.endswith("ll") and len(base) >= 5:
                base = base[:-1]  # labelled -> label, cancelled -> cancel
            return base
    return word


# The kind of call in an operation's name (issues_list_for_repo, post_customers) says nothing
# the method does not: not counted as a word the query did not ask for.
STEMMED_METHOD_WORDS = frozenset(stem(w) for w in ALL_METHOD_WORDS | {"post", "put", "patch"})


SELF_STEMS = frozenset(stem(w) for w in SELF_WORDS)


def _split(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ")
    return words(spaced)


@dataclass(frozen=True)
class Document:
    tool: Tool
    fields: dict[str, frozenset[str]]  # field -> stemmed words


def _near(a: str, b: str) -> bool:
    """Equal, one a 4+ letter prefix of the other (repo ~ repository; 3 of an 8+ letter word:
    org ~ organization), or sharing a 6+ letter start that is most of both (contributed ~
    contributors)."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if long.startswith(short) and (len(short) >= 4 or len(short) == 3 and len(long) >= 8):
        return True
    common = len(os.path.commonprefix([a, b]))
    return common >= 6 and common >= 0.7 * len(short)


def _parameters(tool: Tool) -> list[str]:
    """The words of the arguments a call takes (``labels``, ``state``) and of their short
    enumerated values (``open``, ``closed``): a task that names them filters this call."""
    schema = tool.validation_schema or tool.input_schema
    found: list[str] = []
    for name, prop in (schema.get("properties") or {}).items():
        if name in CONTROLS:
            continue
        found += _split(name)
        enum = prop.get("enum") if isinstance(prop, dict) else None
        if isinstance(enum, list):
            found += [w for v in enum[:ENUM_WORDS] if isinstance(v, str) for w in _split(v)]
    return found


_SENTENCE_END = re.compile(r"(?<=[a-z0-9)])[.!?](?:\s|$)|\n")


def first_sentence(description: str) -> str:
    """An operation's first sentence: what it does, in its authors' words."""
    return _SENTENCE_END.split(description, maxsplit=1)[0]


def _document(tool: Tool) -> Document:
    binding = tool.binding
    path = binding.path if binding.kind == "http" else binding.field_path
    fields = {
        "name": _split(tool.name),
        "tag": [w for t in tool.tags + tool.toolsets for w in _split(t)],
        "path": _split(path.replace("{", " ").replace("}", " ")),  # {username} says "by"
        "summary": words(first_sentence(tool.description)),
        "text": words(f"{tool.title} {tool.description[:400]}"),
        "param": _parameters(tool),
    }
    return Document(
        tool, {k: frozenset(stem(w) for w in v if w not in STOPWORDS) for k, v in fields.items()}
    )


@dataclass(frozen=True)
class Index:
    documents: tuple[Document, ...]
    frequency: dict[str, int]  # stemmed word -> operations it occurs in
    near: dict[str, frozenset[str]]  # a query word -> the index's words it matches (a cache)

    def compound(self, a: str, b: str) -> bool:
        """The longer word is the shorter one and another word of the API (``username`` is
        ``user`` + ``name``): a different thing, not an abbreviation."""
        short, long = (a, b) if len(a) <= len(b) else (b, a)
        rest = long[len(short) :]
        return long.startswith(short) and len(rest) >= 3 and rest in self.frequency

    def matches(self, word: str) -> frozenset[str]:
        found = self.near.get(word)
        if found is None:
            found = frozenset(
                w for w in self.frequency if _near(word, w) and not self.compound(word, w)
            )
            self.near[word] = found
        return found

    def idf(self, word: str) -> float:
        n = len(self.documents)
        df = self.frequency.get(word)
        if df is None:  # near matches only: as rare as the rarest word it matches
            df = min((self.frequency[w] for w in self.matches(word)), default=0)
        return math.log(1 + (n - df + 0.5) / (df + 0.5))


def index(model: ServerModel) -> Index:
    found = model.__dict__.get("_code_index")
    if found is None:
        docs = tuple(_document(t) for t in model.tools)
        frequency: dict[str, int] = {}
        for doc in docs:
            for word in set().union(*doc.fields.values()):
                frequency[word] = frequency.get(word, 0) + 1
        found = Index(docs, frequency, {})
        object.__setattr__(model, "_code_index", found)
    return found


def _methods(query: Iterable[str]) -> set[str]:
    return {m for word in query for m, verbs in METHOD_WORDS.items() if word in verbs}


def kinds(tool: Tool) -> frozenset[str]:
    """The kinds of call an operation is, as the methods the verbs of a task ask for: its HTTP
    method, except that a POST to one item (the path ends with its parameter:
    ``POST /customers/{id}``) is an update, not a create, as APIs that update by POST have it;
    a QUERY (OpenAPI 3.2: a read that carries a body) is a GET."""
    if tool.binding.kind != "http":
        return frozenset()
    method = tool.binding.method.upper()
    if method == "POST" and tool.binding.path.rstrip("/").endswith("}"):
        return frozenset({"PATCH", "PUT"})
    return frozenset({"GET" if method == "QUERY" else method})


def _said(query: str) -> tuple[list[str], set[int]]:
    """The query's words, a phrase for the signed-in user as the word APIs use for it
    (``authenticated``), and which words are joined to the one before by a hyphen."""
    found = [(m.group(), m.start()) for m in _WORD.finditer(query.lower())]
    for i, (word, start) in enumerate(found):  # "take a label off": remove a label
        particles, verb = PHRASAL.get(word, (set(), ""))
        ahead = [j for j in range(i + 1, i + 1 + PHRASAL_REACH) if j < len(found)]
        particle = next((j for j in ahead if found[j][0] in particles), None)
        if particle is not None:
            found[i] = (verb, start)
            del found[particle]
    said: list[str] = []
    joined: set[int] = set()
    i = 0
    while i < len(found):
        word, start = found[i]
        pair = (word, found[i + 1][0]) if i + 1 < len(found) else None
        if pair in PHRASES:
            said.extend(PHRASES[pair])
            i += 2
            continue
        if start > 0 and query[start - 1] == "-":
            joined.add(len(said))
        said.append(FIRST_PERSON_SELF if word in FIRST_PERSON else word)
        i += 1
    return said, joined


def _terms(said: list[str], joined: set[int]) -> dict[str, float]:
    """Each stemmed query word and its weight: the words before the first preposition (the
    thing the task is about: "*start a subscription* to a price") count more than the words
    after it (where it is). A hyphenated word is not a preposition (built-in, add-on)."""
    head = len(said)
    for i, word in enumerate(said):
        if (
            word in PREPOSITIONS
            and i not in joined
            and any(w not in STOPWORDS and w not in ALL_METHOD_WORDS for w in said[:i])
        ):
            head = i
            break
    terms: dict[str, float] = {}
    for i, word in enumerate(said):
        if word in STOPWORDS or word in DETAIL_WORDS:
            continue
        weight = HEAD_WEIGHT if i < head < len(said) else 1.0
        key = stem(word)
        terms[key] = max(terms.get(key, 0.0), weight)
    return terms


def rank(model: ServerModel, query: str) -> list[tuple[float, Tool]]:
    said, joined = _said(query)
    raw = [w for w in said if w not in STOPWORDS]
    terms = _terms(said, joined)
    idx = index(model)
    methods = _methods(raw)
    plurals = {stem(w) for w in raw if (stem(w) != w and w.endswith("s")) or w in PLURALS}
    plurals |= {stem(PLURALS[w]) for w in raw if w in PLURALS}
    hits = {t: idx.matches(t) | {t} for t in terms}
    for term in terms:  # the authenticated user: what each API calls it
        if term in SELF_STEMS:
            hits[term] = hits[term].union(*(idx.matches(w) | {w} for w in SELF_STEMS))
    idf = {t: idx.idf(t) for t in terms}
    one = any(w in ONE_WORDS for w in said)
    plural_hits = frozenset().union(*(idx.matches(w) | {w} for w in plurals))
    scored = []
    for doc in idx.documents:
        total = 0.0
        for term, weight in terms.items():
            best = max(
                (WEIGHTS[f] for f, found in doc.fields.items() if found & hits[term]), default=0.0
            )
            total += best * idf[term] * weight
        if total <= 0:
            continue
        if kinds(doc.tool) & methods:
            total *= 1 + METHOD_BONUS
        # a plural resource asks for a list: an operation answering a list of it comes first
        if doc.tool.response.collection_path is not None and (
            (doc.fields["name"] | doc.fields["path"]) & plural_hits
        ):
            total *= 1 + LIST_BONUS
        # "one", "a single": an operation on one item (its path ends with the item's
        # parameter) comes first
        elif one and doc.tool.binding.kind == "http" and doc.tool.binding.path.endswith("}"):
            total *= 1 + ITEM_BONUS
        # the general operation before its narrower relatives: a long name (each word of it
        # the query did not ask for, the kind of call aside) and more path parameters count
        # against it
        unasked = sum(
            1
            for w in doc.fields["name"]
            if w not in STEMMED_METHOD_WORDS and not any(w in hits[t] for t in terms)
        )
        depth = doc.tool.binding.path.count("{") if doc.tool.binding.kind == "http" else 0
        if doc.tool.description.startswith(DEPRECATED):  # its replacement first
            total *= DEPRECATED_FACTOR
        scored.append((total / (1 + LENGTH_PENALTY * unasked) - 0.05 * depth, doc.tool))
    scored.sort(key=lambda s: (-s[0], s[1].name))
    return scored


def search(model: ServerModel, query: str, limit: int = SEARCH_LIMIT) -> str:
    ranked = rank(model, query)
    if not ranked:
        return (
            f"No operation matches {query!r}. Try other words (a resource and what to do with "
            "it: 'list issues', 'refund charge')."
        )
    shown = [signature(model, tool) for _, tool in ranked[:limit]]
    more = len(ranked) - limit
    if more > 0:
        shown.append(f"… {more} more matches: add words or raise limit.")
    return "\n".join(shown)
