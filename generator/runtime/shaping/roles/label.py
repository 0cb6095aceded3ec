"""Label: what a person calls the object.

A name whose last word is ``name``, ``title``, ``label``, ``subject``, ``caption``,
``headline``, ``heading``, ``login``, ``username``, ``nickname``, ``handle`` or ``filename``
(``display_name``, ``friendlyName``, ``tag_name``...; the plain word first), also in a language
or a rendering (``nameEn``, ``title_original``; a marked-up one last). A handle taken as
the identity (``login``) does not stand for the label: the display name is taken too; a
qualified full name does. No label: a label-named rich value (``Title: [{LanguageCode,
Text}]``), else the item's primary field (``path``, ``file``, ``ref``, ``tag``, ``term``,
``email``, ``host``...), else its text, else its link (an image's URL) and a related object one level down
named by a label (a check suite's ``app.name``). Rich text (an array of runs) is read through
its text member (``title.plain_text``). A tagged entry named like its payload member is read
through that member (a map of typed properties: ``properties.Title: {type, title: [runs]}`` ->
``properties.Title.title.plain_text``); a labelled value (``{"label": "Email", "value": ...}``)
through its value.

**Locator**: where the object lives (last word ``path``, ``ref``, ``branch``, ``email``,
``domain``, ``host``, ``namespace``): next to its name, it tells two things of the same name
apart.

**Colour**: a named object's own ``color`` (a label's, a role's, a workflow state's): beside
its name, how a person tells it apart on a board or in a list (``is_color``).
"""

from __future__ import annotations

from typing import Any

from ..names import is_leaf, norm
from ..trees import unwrap
from .content import text_member
from .kinds import is_kind
from .words import w

LABEL_WORDS = frozenset(
    {"name", "title", "label", "subject", "caption", "headline", "heading", "login",
     "username", "nickname", "nick", "handle", "filename"}
)  # fmt: skip
PRIMARY_WORDS = frozenset(
    {"path", "file", "ref", "tag", "email", "domain", "host", "hostname", "address", "symbol",
     "version", "code", "key", "slug", "value", "term", "keyword"}
)  # fmt: skip
LOCATOR_WORDS = frozenset(
    {"path", "filepath", "ref", "branch", "email", "domain", "host", "hostname", "namespace"}
)
# Words of a name that qualify it as someone else's (``next_page_id``, ``parent_name``; one
# resource's page says its parent: ``relation_steps.parents``).
NOT_OWN = frozenset(
    {"request", "trace", "correlation", "next", "prev", "previous", "continuation", "page",
     "cursor", "parent", "external", "idempotency"}
)  # fmt: skip


# A label written in one language or one rendering of several (``nameEn`` beside ``nameFr``,
# ``title_original`` beside ``title_highlighted``): the label word, then the one that says
# which. Two-letter language codes that are also English words (``id``, ``no``, ``it``,
# ``is``...) are left out: ``name_id`` is an identity.
LANGUAGES = frozenset(
    {"en", "fr", "de", "es", "pt", "nl", "ja", "zh", "ru", "ko", "ar", "sv", "da", "fi", "nb",
     "nn", "pl", "tr", "cs", "el", "hu", "ro", "uk", "cy", "ga", "ca", "hi", "th", "vi", "fa",
     "ur", "bn", "et", "lv", "lt", "sk", "sl", "hr", "sr", "bg", "mt", "eu", "gl"}
)  # fmt: skip
MARKED_UP = frozenset({"highlighted", "formatted", "html", "markdown", "rendered"})
RENDERINGS = MARKED_UP | {
    "original",
    "plain",
    "native",
    "english",
    "localized",
    "localised",
    "translated",
}


def label_words(key: str) -> tuple[str, ...]:
    """The words of ``key`` that name it as a label: all of them, or without a last word
    saying its language or rendering (``nameEn`` -> ``name``; ``title_original`` ->
    ``title``)."""
    ws = w(key)
    if len(ws) >= 2 and ws[-2] in LABEL_WORDS and (ws[-1] in LANGUAGES or ws[-1] in RENDERINGS):
        return ws[:-1]
    return ws


def is_label(key: str) -> bool:
    """A label-named member (module doc), not one qualified as another thing's
    (``parent_name``, ``next_page_name``); a page's own title or name (``page_title``: a wiki
    page's) is a label, paging has none; in a language or a rendering (``label_words``) too."""
    ws = label_words(key)
    return ws[-1] in LABEL_WORDS and (ws[0] not in NOT_OWN or (len(ws) == 2 and ws[0] == "page"))


# A person's name written in parts: each part names the other (``given_name`` and
# ``family_name``, ``firstName`` and ``lastName``).
NAME_PARTS = {"first": "last", "last": "first", "given": "family", "family": "given"}


def label_rank(key: str, siblings: Any = ()) -> int:
    """Plain ``name``/``title``/``label`` first, then other one-word labels (``subject``,
    ``filename``), display names (``display_name``) and a name in parts (``given_name``:
    its other part comes with it, ``name_partner``), then other qualified names. Beside a
    person's name in its two parts (``siblings``: the object's members), a ``title`` is their
    honorific or job title (``{title: "Dr.", givenName, familyName}``): last."""
    ws = w(key)
    if ws == ("title",) and named_in_parts(siblings):
        return 3
    if label_words(key) != ws:  # in a language or a rendering: after a plain label, in
        # English first (``nameEn`` before ``nameFr``: most agents read it), a marked-up one
        # last (``title_highlighted`` after ``title_original``)
        return 3 if ws[-1] in MARKED_UP else 1 if ws[-1] in ("en", "english") else 2
    if len(ws) == 1:
        return 0 if ws[0] in ("name", "title", "label") else 1
    if set(ws[:-1]) & NOT_OWN:  # another thing's, named inside (``conditionalParentLabel``:
        return 3  # the label of the parent a tab's condition reads), after the object's own
    return 1 if ws[0] in ("display", "friendly", "full", "common") or name_part(key) else 2


def name_part(key: str) -> bool:
    """One part of a person's name written in parts (``first_name``, ``familyName``)."""
    ws = w(key)
    return len(ws) == 2 and ws[0] in NAME_PARTS and ws[1] == "name"


def named_in_parts(keys: Any) -> bool:
    """The members ``keys`` hold a person's name in its two parts (``givenName`` and
    ``familyName``)."""
    return any(name_part(k) and name_partner(k, keys) for k in keys)


def name_partner(key: str, siblings: Any) -> str | None:
    """The other part of the name ``key`` is a part of, when its object has it
    (``family_name`` for ``given_name``), spelled as the object spells it."""
    if not name_part(key) or not isinstance(siblings, (list, tuple, set, dict)):
        return None
    other = NAME_PARTS[w(key)[0]]
    return next((k for k in siblings if w(k) == (other, "name")), None)


def is_full_name(key: str) -> bool:
    """``full_name``, ``fullPath``: a qualified name, unique where a plain name is not."""
    ws = w(key)
    return ws[0] == "full" and len(ws) == 2 and (ws[-1] in LABEL_WORDS or ws[-1] == "path")


def is_primary(key: str) -> bool:
    """What names an item without a label: its path, file, ref, tag, email, host..."""
    return w(key)[-1] in PRIMARY_WORDS


def is_locator(key: str) -> bool:
    return w(key)[-1] in LOCATOR_WORDS


def pair_value(tree: dict[str, Any]) -> str | None:
    """A labelled value (``{"label": "Email", "value": ...}``, ``{"name": ..., "value": ...}``):
    the value is the data, the label only names it."""
    if len(tree) != 2:
        return None
    idx = {norm(k): k for k in tree}
    if "value" in idx and set(idx) - {"value"} <= {"label", "name", "key", "title"}:
        return idx["value"]
    return None


def text_path(key: str, node: Any) -> str | None:
    """Where the text of a rich value is, relative to it: its text member (``plain_text`` of
    rich text runs), or, for a tagged entry named like its payload member (``title: {type,
    title: [runs]}``, a map of typed properties), that member's text (``title.plain_text``)."""
    tree = unwrap(node)
    if not isinstance(tree, dict):
        return None
    direct = text_member(tree)
    if direct is not None:
        return direct
    if not any(is_kind(k) for k in tree):
        return None
    same = next((k for k in tree if norm(k) == norm(key) and not is_leaf(tree[k])), None)
    inner = text_member(unwrap(tree[same])) if same is not None else None
    return f"{same}.{inner}" if inner else None


def is_color(key: str) -> bool:
    """A member named ``color``/``colour`` alone (not a setting such as
    ``background_color``)."""
    return w(key) in (("color",), ("colour",))
