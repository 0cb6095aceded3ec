"""``<api>_search``: words in, the operations that match out, as callable signatures.

Each operation is a bag of words from its name, tags, summary and path (its parameters too:
``{username}`` says "by username"), weighted by where they occur (a word of the name counts
most) and by how rare the word is across the API (``repo`` says little in GitHub,
``stargazers`` a lot). A query word matches a word of the operation when they are equal after
stemming, when one is a prefix of the other (4+ letters, or 3 of an 8+ letter word: ``repo`` ~
``repository``, ``org`` ~ ``organization``), or when they share most of a 6+ letter start
(``contributed`` ~ ``contributors``). The verbs of a task sentence say what kind of call it is
(``list``, ``create``, ``delete``...): an operation of that kind (by its HTTP method) gets a
bonus; a plural resource asks for a list: an operation answering a list of it gets one too.
Each word of a name the query did not ask for counts against it (the general operation before
its narrower relatives). Nothing here knows any API's names.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from typing import Iterable

from ..model import ServerModel, Tool
from .signatures import signature

SEARCH_LIMIT = 5
SEARCH_MAX = 20
_WORD = re.compile(r"[a-z0-9]+")
STOPWORDS = frozenset(
    "a an the of in on for to by with from and or its it is are be this that these those "
    "my our your their me i we you all any some one each every which what who whose how "
    "as at into via per about".split()
)
# Where a word occurs, and how much that says.
WEIGHTS = {"name": 3.0, "tag": 1.5, "path": 1.5, "text": 1.0}
# The verbs (and a few nouns) of a task sentence, by the kind of call they ask for.
METHOD_WORDS: dict[str, frozenset[str]] = {
    "GET": frozenset(
        "list show get find read which recent latest fetch retrieve view see search who "
        "what details".split()
    ),
    "POST": frozenset("create new add start make register publish send submit post".split()),
    "PATCH": frozenset("update edit change rename close modify set".split()),
    "PUT": frozenset("update replace set put merge star".split()),
    "DELETE": frozenset("delete remove cancel drop unstar destroy".split()),
}
METHOD_BONUS = 0.6
LENGTH_PENALTY = 0.15
LIST_BONUS = 0.4


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def stem(word: str) -> str:
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def _split(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ")
    return words(spaced)


@dataclass(frozen=True)
class Document:
    tool: Tool
    fields: dict[str, frozenset[str]]  # field -> stemmed words

    def weight(self, word: str) -> float:
        best = 0.0
        for field, found in self.fields.items():
            if WEIGHTS[field] > best and _hit(word, found):
                best = WEIGHTS[field]
        return best


def _hit(word: str, found: frozenset[str]) -> bool:
    """Equal, one a 4+ letter prefix of the other (repo ~ repository), or sharing a 6+ letter
    start that is most of both (contributed ~ contributors)."""
    if word in found:
        return True
    return any(_near(word, w) for w in found)


def _near(a: str, b: str) -> bool:
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if long.startswith(short) and (len(short) >= 4 or len(short) == 3 and len(long) >= 8):
        return True  # repo ~ repository, org ~ organization
    common = len(os.path.commonprefix([a, b]))
    return common >= 6 and common >= 0.7 * len(short)


def _document(tool: Tool) -> Document:
    binding = tool.binding
    path = binding.path if binding.kind == "http" else str(binding.field_name or "")
    fields = {
        "name": _split(tool.name),
        "tag": [w for t in tool.tags + tool.toolsets for w in _split(t)],
        "path": _split(path.replace("{", " ").replace("}", " ")),  # {username} says "by"
        "text": words(f"{tool.title} {tool.description[:400]}"),
    }
    return Document(
        tool, {k: frozenset(stem(w) for w in v if w not in STOPWORDS) for k, v in fields.items()}
    )


@dataclass(frozen=True)
class Index:
    documents: tuple[Document, ...]
    frequency: dict[str, int]  # stemmed word -> operations it occurs in

    def idf(self, word: str) -> float:
        n = len(self.documents)
        df = self.frequency.get(word)
        if df is None:  # prefix matches only: as rare as the rarest word it starts
            df = min((c for w, c in self.frequency.items() if _prefix(word, w)), default=0)
        return math.log(1 + (n - df + 0.5) / (df + 0.5))


def _prefix(a: str, b: str) -> bool:
    return _near(a, b)


def index(model: ServerModel) -> Index:
    found = model.__dict__.get("_code_index")
    if found is None:
        docs = tuple(_document(t) for t in model.tools)
        frequency: dict[str, int] = {}
        for doc in docs:
            for word in set().union(*doc.fields.values()):
                frequency[word] = frequency.get(word, 0) + 1
        found = Index(docs, frequency)
        object.__setattr__(model, "_code_index", found)
    return found


def _methods(query: Iterable[str]) -> set[str]:
    return {m for word in query for m, verbs in METHOD_WORDS.items() if word in verbs}


def rank(model: ServerModel, query: str) -> list[tuple[float, Tool]]:
    raw = [w for w in words(query) if w not in STOPWORDS]
    terms = list(dict.fromkeys(stem(w) for w in raw))
    idx = index(model)
    methods = _methods(raw)
    plurals = {stem(w) for w in raw if stem(w) != w and not w.endswith("ss")}
    scored = []
    for doc in idx.documents:
        total = sum(doc.weight(t) * idx.idf(t) for t in terms)
        if total <= 0:
            continue
        if doc.tool.binding.kind == "http" and doc.tool.binding.method.upper() in methods:
            total *= 1 + METHOD_BONUS
        # a plural resource asks for a list: an operation answering a list of it comes first
        if doc.tool.response.collection_path is not None and any(
            _hit(w, doc.fields["name"] | doc.fields["path"]) for w in plurals
        ):
            total *= 1 + LIST_BONUS
        # the general operation before its narrower relatives: a long name (each word of it
        # the query did not ask for) and more path parameters count against it
        unasked = sum(
            1 for w in doc.fields["name"] if not any(_near(t, w) or t == w for t in terms)
        )
        depth = doc.tool.binding.path.count("{") if doc.tool.binding.kind == "http" else 0
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
