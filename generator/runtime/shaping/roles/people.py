"""People: who made, owns or is assigned to the object.

A role noun last (``user``, ``author``, ``owner``, ``creator``, ``assignee``, ``reporter``,
``requester``, ``sender``, ``recipient``, ``actor``, ``member``, ``committer``, ``reviewer``,
``customer``, ``contact``, ``person``, ``employee``, ``agent``, ``approver``, ``uploader``,
``maintainer``, ``contributor``, ``collaborator``, ``participant``, ``organizer``,
``moderator``, ``submitter``; in the plural too: ``requested_reviewers``, ``contributors``), a
participle + ``by`` (``created_by``), or a handle or name qualified by one
(``customer_email``); not a person's attribute (``customer_address``,
``author_association``). An object with a handle of its own (``login``, ``username``) is a
person whatever it is called (``pusher``): never seen through as a part. A person is reduced
to a readable identity (``relation.person_paths``): a handle (login, username, email; a bare
one before a qualified one, never a time such as ``last_login``), else a name; reduced to an
email, its name comes too (git's ``Name <email>``).
"""

from __future__ import annotations

import re

from typing import Any

from ..names import base_type, hint, is_leaf
from ..trees import unwrap
from .time import is_time
from .words import leaf_keys, w

PEOPLE_WORDS = frozenset(
    {"user", "users", "author", "authors", "owner", "owners", "creator", "assignee",
     "assignees", "reporter", "requester", "sender", "recipient", "actor", "member", "members",
     "committer", "reviewer", "reviewers", "customer", "contact", "person", "employee",
     "agent", "lead", "by", "approver", "uploader", "maintainer", "contributor",
     "collaborator", "participant", "organizer", "organiser", "moderator", "submitter",
     "people"}
)  # fmt: skip


# Whose words or doing the object is (a message's ``sender``, an issue's ``user``): the first
# person an item keeps (``user`` of an issue before its ``assignee``).
AUTHOR_WORDS = frozenset({"user", "author", "sender"})
# The participles before ``to`` or ``with`` that say who was given the record (``granted_to``,
# ``shared_with``): a person, as ``created_by`` is. Not ``assigned_to``, also a folder a policy
# is assigned to (``{id, type}``: no person, and its id would go), nor ``invited_to``, where one
# is invited (an enterprise, a team: the person invited is beside it).
GIVEN_WORDS = frozenset({"granted", "shared", "delegated", "given"})
# Who answers for it now (its ``owner``, ``assignee``, ``lead``): a person reading a list of
# tasks or projects asks who has each, not who filed it.
RESPONSIBLE_WORDS = frozenset({"owner", "assignee", "lead"})
# Who filed the record (``creator``, ``reporter``, ``requester``, ``created_by``), before
# the others who act on it (a reviewer, a member).
MAKER_WORDS = frozenset({"creator", "reporter", "requester", "by"})
# The participles before ``by`` that say who made or filed it (``created_by``, ``posted_by``).
MADE_WORDS = frozenset(
    {"created", "made", "authored", "written", "sent", "submitted", "filed", "opened",
     "posted", "uploaded", "added", "requested", "reported", "initiated"}
)  # fmt: skip


def made_it(key: str) -> bool:
    """A person member named for whose words or doing the object is, or who made or filed it
    (``author``, ``sender``, ``creator``, ``created_by``, ``posted_by``; not ``assignee``,
    ``owner``, ``restricted_by``, nor a qualified ``triggering_actor``; nor a bare ``user``,
    which is an issue's author but an order's customer and a membership's member)."""
    ws = w(key)
    if ws[-1:] == ("by",):
        return len(ws) == 2 and ws[0] in MADE_WORDS
    return len(ws) <= 2 and bool(ws) and ws[-1] in (AUTHOR_WORDS | MAKER_WORDS) - {"by", "user"}


def person_rank(key: str) -> tuple[bool, int]:
    """Sort key of the people of one object: a one-word role before a qualified one
    (``user`` before ``triggering_actor``); whose words it is, then who answers for it now
    (``assignee`` before ``creator``: a task's creator is the past, its assignee who has
    it), then who filed it, then others."""
    ws = w(key)
    tiers = (AUTHOR_WORDS, RESPONSIBLE_WORDS, MAKER_WORDS)
    return len(ws) > 1, next((i for i, t in enumerate(tiers) if ws[-1] in t), len(tiers))


# A person's stable readable identity comes before a display name (which may be null).
HANDLE_WORDS = ("login", "username", "handle", "email")
TIME_HINTS = frozenset({"time", "date"})  # schema hints of a point in time (names.py)
# The last word of a person's member that says who the person is (not an email, an id or a
# job title).
WHO_WORDS = frozenset({"login", "username", "handle", "nickname", "name"})


def says_who(path: str) -> bool:
    """A person's member (a path's last segment) that says who it is: a handle or a name."""
    ws = w(path.rsplit(".", 1)[-1])
    return bool(ws) and ws[-1] in WHO_WORDS


# Words that make a user name a credential's (``basic_auth_user``, ``proxy_auth_username``).
AUTH_WORDS = frozenset({"auth", "authentication", "basic", "smtp", "proxy", "db", "database"})


def is_person(key: str) -> bool:
    """A role noun last (``assignee``, ``requested_reviewers``, ``created_by``), or a person's
    handle or name qualified by one (``customer_email``); not ``customer_address`` or
    ``author_association`` (a person's attribute, not the person), nor the user a credential
    logs in as (``basic_auth_user``, ``smtp_username``)."""
    ws = w(key)
    if set(ws[:-1]) & AUTH_WORDS:
        return False  # the user a credential logs in as (``basic_auth_user``), no person
    if ws[-1] == "by":  # created_by, approved_by; not sort_by
        return len(ws) > 1 and ws[-2].endswith("ed")
    unversioned = re.sub(r"(_v)?(_?\d+)$", "", "_".join(ws)).split("_")
    if len(unversioned) > 1 and unversioned[-1] in ("to", "with"):
        ws = tuple(unversioned)  # ``grantedToV2``: a version of the member's shape
    if len(ws) > 1 and ws[-1] in ("to", "with"):  # granted_to, shared_with
        return ws[-2] in GIVEN_WORDS
    if ws[-1] in PEOPLE_WORDS or (ws[-1].endswith("s") and ws[-1][:-1] in PEOPLE_WORDS):
        return True  # a role noun, also in the plural (``contributors``)
    return ws[-1] in (*HANDLE_WORDS, "name") and bool(set(ws[:-1]) & PEOPLE_WORDS)


def is_person_member(key: str, node: Any) -> bool:
    """A person of an object: a member named as one (``is_person``) that holds one, not a
    null (a tree read from a value) nor a number (``collaborators: 3`` counts people); or a
    signature whatever it is called (``is_person_node``: ``tagger: {name, email, date}``)."""
    if is_person(key):
        return base_type(node) not in ("null", "integer", "number")
    tree = unwrap(node)
    return isinstance(tree, dict) and is_signature(tree)


def is_person_node(key: str, node: Any) -> bool:
    """A person by its role (``is_person``) or by its shape: an object with a handle of its own
    (``login``, ``username``) is a person whatever it is called (``pusher``, ``merged_by``);
    so is a *signature*, a person's own name and email with nothing identifying it but a time
    (git's ``tagger: {name, email, date}``)."""
    if is_person(key):
        return True
    tree = unwrap(node)
    if not isinstance(tree, dict):
        return False
    own = leaf_keys(tree)
    if any(w(k)[-1] in HANDLE_WORDS[:3] and len(w(k)) == 1 for k in own):
        return True
    return is_signature(tree)


SIGNATURE = 4  # a signature has at most this many members


def is_signature(tree: dict[str, Any]) -> bool:
    """``{name, email}`` with at most a time beside (``tagger: {name, email, date}``)."""
    if len(tree) > SIGNATURE or not all(is_leaf(v) for v in tree.values()):
        return False
    named = any(own_name(k) for k in tree)
    mailed = any(w(k) == ("email",) for k in tree)
    rest = [k for k in tree if not own_name(k) and w(k) != ("email",)]
    return named and mailed and all(is_time(k, tree[k]) for k in rest)


def handle(tree: Any) -> str | None:
    """A person's handle (login before username before handle before email), if any: a bare
    handle word before a qualified one (``login`` before ``login_name``), and never a time or
    a date named after one (``last_login``: when they last signed in, not who they are)."""
    leaves = leaf_keys(tree) if isinstance(tree, dict) else []
    ranked = sorted(
        (
            k
            for k in leaves
            if handle_words(k)[-1] in HANDLE_WORDS and hint(tree[k]) not in TIME_HINTS
        ),
        key=lambda k: (len(handle_words(k)) > 1, HANDLE_WORDS.index(handle_words(k)[-1])),
    )
    return ranked[0] if ranked else None


def handle_words(key: str) -> tuple[str, ...]:
    """A member's words, an email address read as an email (``email_address``,
    ``emailAddress``: a handle as ``email`` is)."""
    ws = w(key)
    return ws[:-1] if ws[-2:] == ("email", "address") else ws


# A person's own name, when it is a part's member (``profile: {first_name, last_name}``): a
# plain ``name`` or one qualified as a person's (not ``company_name``: another thing's name).
PERSON_NAME_WORDS = frozenset(
    {
        "first",
        "last",
        "full",
        "display",
        "given",
        "family",
        "nick",
        "real",
        "user",
        "screen",
        "person",
    }
)
NESTED_DEPTH = 2  # parts of a person looked into for who it is


# A person's own name qualified as only a person's is (``real_name``, ``first_name``,
# ``nickName``; not ``display_name`` nor ``full_name``, which a repository or a cloud resource
# has too): an object holding one is a person.
PERSONAL_NAME_WORDS = PERSON_NAME_WORDS - {"full", "display", "user"}


def is_person_object(tree: Any, entity: tuple[str, ...] = ()) -> bool:
    """The object is itself a person, not a thing of one: its type a role noun (``/users``, a
    membership's ``member``) or a name of its own only a person has (``real_name``,
    ``given_name``); not a handle alone (a message's ``username`` is its sender's)."""
    tree = unwrap(tree)
    if not isinstance(tree, dict):
        return False
    if entity and is_person("_".join(entity)):
        return True
    return any(
        len(w(k)) == 2 and w(k)[-1] == "name" and w(k)[0] in PERSONAL_NAME_WORDS
        for k in leaf_keys(tree)
    )


def own_name(key: str) -> bool:
    """A person's own name: a plain ``name`` or one qualified as a person's (``real_name``,
    ``displayName``; not ``company_name``, ``role_name``: another thing's name)."""
    ws = w(key)
    return ws[-1] == "name" and (len(ws) == 1 or ws[0] in PERSON_NAME_WORDS)


def nested_handle(tree: Any, names: bool = True) -> list[str]:
    """Who a person is when its own members do not say (``{id, profile: {first_name,
    last_name}, persona: {identity: {username}}}``): the handle of a part (``handle``), the
    nearest first, looked for ``NESTED_DEPTH`` objects down (lists are the person's records,
    not who it is); else (``names``) a part's own names (``profile.first_name``,
    ``profile.last_name``). Relative paths; empty when none says."""
    handles: list[str] = []
    found_names: list[str] = []
    level: list[tuple[str, Any]] = [("", unwrap(tree))]
    for _ in range(NESTED_DEPTH):
        deeper: list[tuple[str, Any]] = []
        for prefix, node in level:
            if not isinstance(node, dict):
                continue
            for key, sub in node.items():
                inner = unwrap(sub)
                if not isinstance(inner, dict) or isinstance(sub, list):
                    continue
                path = f"{prefix}{key}."
                found = handle(inner)
                if found is not None and not handles:
                    handles.append(path + found)
                if not found_names:
                    found_names = [path + k for k in leaf_keys(inner) if own_name(k)][:2]
                deeper.append((path, inner))
        if handles:
            return handles
        level = deeper
    return found_names if names else []
