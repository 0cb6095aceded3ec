"""What a write's answer keeps beyond its record's defaults (``defaults.choose_default_fields``
calls these after its steps): a bare status kept whole, what the call handed over (a minted
credential, a signed upload URL, the credentials a part holds), the person an answer is about
and the verdict beside it, an outcome record, a write's lists of what it did. Each function
adds to the ``Picker`` it is given; none of them chooses a record's own defaults.
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .names import base_type, is_leaf
from .picking import Picker
from .roles.identity import has_own_identity, identity_fields, own_identity_key
from .roles.label import is_label, label_rank
from .roles.noise import is_noise, minted, minted_value
from .roles.links import is_url
from .roles.people import is_person
from .roles.words import leaf_keys, w
from .settings import unnamed
from .trees import unwrap

BARE = 6  # an acknowledgement with at most this many flat fields is a bare status: kept whole


def own_values(tree: dict[str, Any]) -> list[str]:
    """The object's own scalar members, not its noise (an avatar, a hash, a secret)."""
    return [k for k, v in tree.items() if is_leaf(v) and not is_noise(k)]


# A URL a create's answer names so is one the server made for the caller's next call (to send
# a file's bytes to: ``signedUrl``, ``uploadUrl``), not a link the caller set.
HANDED_WORDS = frozenset({"signed", "presigned", "upload"})
# ... and one named for a download (``download_url``, a part of links ``label_download: {href,
# pdf, png}``): where the caller fetches the file the write made (a shipping label, an export).
DOWNLOAD_WORDS = frozenset({"download", "downloads"})
# A link named for the plural alone (``downloads_url``) is the address of the record's list of
# downloads, one API link among its others (``releases_url``): not a file the write made.
LISTING_WORDS = frozenset({"downloads"})


def handed_urls(tree: dict[str, Any]) -> list[str]:
    """The URLs a create's answer hands the caller (``HANDED_WORDS``, ``DOWNLOAD_WORDS``): its
    own members so named (not a link to a list of downloads: ``LISTING_WORDS``), and of a part
    so named that holds only links, its plain link (``href``, ``url``), else its first."""
    found = []
    for key, leaf in tree.items():
        ws = set(w(key))
        handed = ws & (HANDED_WORDS | (DOWNLOAD_WORDS - LISTING_WORDS))
        if is_leaf(leaf) and is_url(key, leaf) and handed:
            found.append(key)
        elif ws & DOWNLOAD_WORDS and isinstance(leaf, dict) and leaf:
            links = [k for k, v in leaf.items() if is_leaf(v) and is_url(k, v)]
            if len(links) == len(leaf):
                plain = [k for k in links if w(k) in (("href",), ("url",))]
                found.append(f"{key}.{(plain or links)[0]}")
    return found


SET_KINDS = frozenset({"create", "update"})  # writes that set values (not a delete)


def small_record(tree: Any) -> bool:
    """One flat record of at most ``BARE`` scalars (a field tree's, or a value's)."""
    return (
        isinstance(tree, dict)
        and 0 < len(tree) <= BARE
        and all(not isinstance(v, (dict, list)) for v in tree.values())
    )


def _identified_parts(tree: dict[str, Any]) -> list[str]:
    """The members that are objects (or lists of them) with an identity of their own."""
    return [k for k, v in tree.items() if has_own_identity(v, w(k))]


def person_answered(tree: dict[str, Any], pick: Picker) -> None:
    """A write's answer nothing identifies whose one identified object is a person (a token
    verified: ``{user: {id, email, ...}, isValid, errors}``): that person is what the call
    answered: beside who it is (``take_people``) it keeps its own id, what a call about it
    takes, where a receipt's person keeps its handle alone."""
    if not unnamed(tree):
        return
    found = _identified_parts(tree)
    if len(found) != 1 or not is_person(found[0]) or not isinstance(tree[found[0]], dict):
        return
    key = found[0]
    for member in [k for k in leaf_keys(tree[key]) if own_identity_key(k, w(key))][:1]:
        pick.add(f"{key}.{member}", "identity", force=True)


def verdicts(tree: dict[str, Any], pick: Picker) -> None:
    """A write's answer nothing identifies, around the resource it is about, with flags of its
    own beside it (a token verified: ``{user: {...}, isValid, errors}``; an upsert: ``{created,
    record: {...}}``): the flags are the call's verdict on it, what it was made to learn; a lean
    profile takes no flags, so the answer said who but not whether. ``success: true`` beside a
    resource is left out when the answer is shown (``payload.without_success``). Only flags
    said alone: beside values of its own (a login's token and settings) they are settings."""
    own = own_values(tree)
    if (
        not own
        or not unnamed(tree)
        or any(base_type(tree[k]) != "boolean" for k in own)
        or not _identified_parts(tree)
    ):
        return
    for key in own:
        pick.add(key, "state", force=True)


def credential_parts(tree: dict[str, Any], pick: Picker) -> None:
    """A part of a write's answer that holds credentials and nothing else (a payment that
    needs the payer's action: ``{actionData: {clientSecret}}``; a login: ``{session:
    {token}}``): the call handed them over to go on with, so they are its answer, not a
    resource's secrets carried along (those sit beside what they belong to). The answer's
    own flags come with them (``{success: true, key: {secret}}``): whether it worked."""
    handed = [
        f"{key}.{member}"
        for key, sub in tree.items()
        if isinstance(sub, dict) and sub and all(credential_member(k, v) for k, v in sub.items())
        for member in sub
    ]
    if handed:
        flags = [k for k, v in tree.items() if is_leaf(v) and base_type(v) == "boolean"]
        for path in flags + handed:
            pick.add(path, "identity", force=True)


def minted_beside_parts(node: Any, keys: tuple[str, ...]) -> tuple[str, ...]:
    """A create's part whose own values are all credentials, beside objects describing them
    (a client certificate's ``{certInfo: {...}, certPrivateKey}``): the credentials, minted
    with what the call made and shown once, and what names the objects beside them (their
    identity and label: which certificate the key is for). ``credential_parts`` takes a
    part holding credentials and nothing else, on any write."""
    if not isinstance(node, dict):
        return ()
    leaves = [k for k, v in node.items() if is_leaf(v)]
    if (
        not leaves
        or len(leaves) == len(node)
        or not all(credential_member(k, node[k]) for k in leaves)
    ):
        return ()
    named = []
    for key, sub in node.items():
        if isinstance(sub, dict) and sub:
            labels = sorted((k for k in leaf_keys(sub) if is_label(k)), key=label_rank)
            found = (*identity_fields(sub, w(key), keys)[:1], *labels[:1])
            named += [f"{key}.{member}" for member in dict.fromkeys(found)]
    return (*leaves, *named)


def open_leaf(node: Any) -> bool:
    """An open leaf: any value, or a map of strings (``STRINGS_MAP``)."""
    return isinstance(node, str) and base_type(node) == "any"


def string_leaf(node: Any) -> bool:
    return is_leaf(node) and base_type(node) == "string"


def minted_in(key: str, node: Any, entity: tuple[str, ...]) -> bool:
    """A member of a record a create made that is its minted credential: one named as a
    credential (``credential_member``), or the value of the credential the record is
    (``minted_value``)."""
    return credential_member(key, node) or (string_leaf(node) and minted_value(key, entity))


def credential_member(key: str, node: Any) -> bool:
    """A string member named as a credential a call may hand over (``roles.noise.minted``)."""
    return string_leaf(node) and minted(key, text=True)


def outcome_record(tree: dict[str, Any], pick: Picker) -> None:
    """A write's answer nothing identifies, around a small flat record nothing names either
    (``{result: {deleted: true}, return_code, return_message}``): that record is the outcome
    of the call, the rest its envelope; a lean profile takes no flags and no parts' members, so
    the answer would say only that a call was made. The record is kept whole (at most ``BARE``
    members, its secrets left out)."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or not sub or len(sub) > BARE or is_noise(key):
            continue
        if is_meta_key(key):
            continue  # the envelope's own metadata (``meta: {request_id}``)
        if is_person(key) or not all(is_leaf(v) for v in sub.values()) or not unnamed(sub):
            continue
        if any(p == key or p.startswith(f"{key}.") for p in pick.chosen):
            continue  # something of it is said already
        for member in sub:
            if not is_noise(member):
                pick.add(f"{key}.{member}", "state", force=True)


WRITTEN_LISTS = 4  # a write's answer keeps at most this many lists of scalars (``written_lists``)


def written_lists(tree: dict[str, Any], pick: Picker, own: bool = False) -> None:
    """A write's answer nothing identifies, holding lists of scalars of its own or in a part
    with no identity (``{status, message, ids: [...], failed: [...]}``, ``{constraint,
    version, listPolicy: {allowedValues: [...], deniedValues: [...]}}``): those lists are what
    the call did (the ids it deleted, those it failed on, the values it set); a lean profile
    takes none of them (a list of ids reads as relations), so the answer said only its status.
    Kept, at most ``WRITTEN_LISTS``, not its links, secrets or metadata."""
    scopes = [("", tree)] + [
        (f"{k}.", v)
        for k, v in tree.items()
        if isinstance(v, dict)
        and not is_noise(k)
        and not is_meta_key(k)
        and not is_person(k)
        and not own
    ]
    taken = 0
    for prefix, scope in scopes:
        if prefix and has_own_identity(scope):
            continue  # a related resource, by its own rules
        for key, sub in scope.items():
            inner = unwrap(sub)
            if not isinstance(sub, list) or not is_leaf(inner) or open_leaf(inner):
                continue
            if is_noise(key) or is_meta_key(key) or taken >= WRITTEN_LISTS:
                continue
            pick.add(prefix + key, "list", force=True)
            taken += 1
