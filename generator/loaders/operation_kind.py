"""What an operation does, read from its structure: the kind that decides how its answer is shaped.

Kinds (``runtime/shaping/kinds.py`` says how each one is shaped):

- ``read``: returns data it does not change (GET; a POST whose name reads: ``get``, ``list``,
  ``describe``, ``fetch``, ``batchGet``, or computes: ``check``, ``evaluate``, ``estimate``;
  AWS query actions ``Describe*``/``List*``/``Get*``; GraphQL queries);
- ``search``: a read that finds things by a query (``search``, ``query``, ``find``, ``filter``,
  ``lookup``, ``scan``), through GET or POST: its answer is a list;
- ``create`` / ``update`` / ``delete``: changes data and answers with the resource it created or
  changed (or the records, for a batch); a credential made anew (rotated, regenerated, rolled,
  reset) and answered is a create: the new value is what the call minted (``_mints``);
- ``generate``: answers with content produced for the caller (completions, transcriptions,
  translations, embeddings, summaries, analyses): the content is kept, never dropped; named
  so and answering a text, or, with no identity of its own, the measures a computation gave
  what it found (a classification's ``confidence``, a recognition's ``score``);
- ``acknowledge``: answers with no body, or with a bare status (``{ok: true}``,
  ``{status: "accepted"}``): one line.

The signals, strongest first: no success body at all (acknowledge); the words of the
operationId, of an AWS-style ``Action=`` constant and of the path's last literal segments
(``/pulls/{n}/merge``, ``/search/issues``, ``/chat/completions``); the first word of the
summary, when the operationId and the action say no verb (``BatchCheck`` summarised as
``Send a list of checks`` reads); then the HTTP method and the path's shape (a POST to a
collection creates, to an item ``/things/{id}`` updates); a bare-status answer. A name that
says both a read and a write (``getOrCreate``) is a write. The overlay may set ``kind`` per
operation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..runtime.shaping.kinds import (
    OPERATION_KINDS,
    generated_content_paths,
    is_production_note,
    produced,
)
from ..runtime.shaping.roles.content import is_body
from ..runtime.shaping.names import base_type, is_leaf, words
from ..runtime.shaping.roles.identity import has_own_identity
from ..runtime.shaping.roles.noise import minted
from ..runtime.shaping.roles.quantity import is_measure
from ..runtime.shaping.trees import unwrap

__all__ = [
    "OPERATION_KINDS",
    "OperationSignals",
    "classify",
    "erases",
    "is_bare_status",
    "path_about",
    "method_collection",
    "path_addressed",
]

READ_VERBS = frozenset(
    {"get", "list", "describe", "fetch", "retrieve", "read", "show", "view", "count", "download",
     "export", "head", "poll", "check", "preview", "estimate", "calculate", "evaluate"}
)  # fmt: skip
SEARCH_VERBS = frozenset(
    {"search", "query", "find", "filter", "lookup", "match", "scan", "browse", "suggest",
     "autocomplete", "discover", "select"}
)  # fmt: skip
CREATE_VERBS = frozenset(
    {"create", "add", "new", "insert", "upload", "submit", "register", "import", "make",
     "open", "copy", "duplicate", "clone", "fork", "invite", "send", "start", "run", "trigger",
     "dispatch", "enqueue", "schedule", "request", "book", "reserve", "provision"}
)  # fmt: skip
UPDATE_VERBS = frozenset(
    {"update", "edit", "modify", "set", "patch", "replace", "rename", "move", "change",
     "assign", "unassign", "enable", "disable", "archive", "unarchive", "close", "reopen",
     "merge", "approve", "reject", "cancel", "stop", "restart", "pause", "resume", "lock",
     "unlock", "mark", "publish", "unpublish", "transfer", "sync", "reset", "toggle", "upsert",
     "save", "apply", "accept", "decline", "confirm", "complete", "finalize", "void", "refund",
     "capture", "pay", "verify", "attach", "link", "unlink", "star", "unstar", "follow",
     "unfollow", "subscribe", "unsubscribe", "restore", "retry", "rerun", "resolve"}
)  # fmt: skip
DELETE_VERBS = frozenset(
    {"delete", "remove", "destroy", "purge", "revoke", "unregister", "detach", "clear", "drop",
     "erase", "discard", "trash"}
)  # fmt: skip
ALL_VERBS = READ_VERBS | SEARCH_VERBS | CREATE_VERBS | UPDATE_VERBS | DELETE_VERBS
# Words that name content produced for the caller (not a resource stored for later); ``gen``
# as in ``/ai/text_gen``, ``ask`` as in ``/ai/ask`` (a question answered).
GENERATE_WORDS = frozenset(
    {"generate", "generation", "generations", "completion", "completions", "transcribe",
     "transcription", "transcriptions", "translate", "translation", "translations",
     "summarize", "summarise", "summarization", "embed", "embedding", "embeddings", "predict",
     "prediction", "predictions", "infer", "inference", "classify", "classification",
     "classifications", "moderate", "moderation", "moderations", "detect", "detection",
     "recognize", "recognise", "recognition", "analyze", "analyse", "analysis", "extract",
     "extraction", "ocr", "tts", "speech", "synthesize", "synthesise", "synthesis", "rewrite",
     "paraphrase", "render", "spellcheck", "proofread", "caption", "transform", "tokenize",
     "gen", "ask", "rerank"}
)  # fmt: skip
# Verbs that run something and answer what it said (``/tools/{name}/call``, ``invokeFunction``):
# a generation when the answer is its output in blocks of content, a list of ``{type, text}``
# with no identity of its own (``_runs``), not a stored run's record (``{id, status}``).
RUN_VERBS = frozenset({"call", "invoke", "execute", "exec", "run", "evaluate", "eval"})
# Verbs that make a credential anew in place of the one there was (``rotateSecret``,
# ``/keys/{id}/roll``, ``regenerateToken``, ``resetPassword``): with a credential named in the
# operation's words and one answered, that value is what the call made (``_mints``).
REMINT_VERBS = frozenset(
    {"rotate", "regenerate", "regen", "roll", "reroll", "reset", "reissue", "renew", "refresh",
     "recreate", "rekey", "cycle"}
)  # fmt: skip
# What an operation's words call a credential (``CREDENTIAL_WORDS`` of ``roles/noise.py``,
# and the keys and credentials a roll makes anew).
CREDENTIAL_NAMES = frozenset(
    {"secret", "secrets", "password", "passwords", "passphrase", "token", "tokens", "key",
     "keys", "apikey", "apikeys", "credential", "credentials"}
)  # fmt: skip
MEASURE_DEPTH = 4  # objects down a computed result's measures are looked for (``_measured``)
# Write verbs that make a name a write wherever they stand (``getOrCreate``, ``findAndModify``).
STRONG_WRITES = frozenset(
    {"create", "update", "delete", "remove", "insert", "upsert", "modify", "replace", "edit",
     "destroy", "purge"}
)  # fmt: skip
# Words before a verb that do not change it (``batchGet``, ``bulkCreate``).
MODIFIERS = frozenset({"batch", "bulk", "mass", "multi"})
# Verbs that say nothing of what happens: the method and the path decide.
NEUTRAL_VERBS = frozenset({"post", "put", "call", "do", "execute", "invoke", "perform", "process"})
# The members of a bare status answer.
STATUS_WORDS = frozenset(
    {"ok", "success", "succeeded", "status", "message", "result", "code", "accepted", "done",
     "error", "errors", "acknowledged", "deleted", "updated", "created", "received", "valid"}
)  # fmt: skip


@dataclass(frozen=True)
class OperationSignals:
    """What the loader knows of one operation when it classifies it."""

    method: str  # upper case; "QUERY"/"MUTATION" for GraphQL roots
    path: str = ""  # the path template (HTTP) or the root field name (GraphQL)
    operation_id: str | None = None
    summary: str | None = None
    action: str | None = None  # an AWS query ``Action=`` constant
    has_body: bool = True  # a success response with content
    media_type: str | None = None  # of that content
    response_tree: Any = None  # the success body's full field tree, when described (JSON)


# Verbs that say an operation destroys something, as a name or a sentence says it (``delete``,
# ``deletes``, ``deleting``): its announcement is then destructive whatever its method. Past
# participles ("returns deleted items") describe data, not the call, and do not count.
ERASING_VERBS = frozenset(
    {"delete", "deletes", "deleting", "erase", "erases", "erasing", "purge", "purges",
     "purging", "cancel", "cancels", "cancelling", "canceling", "revoke", "revokes", "revoking"}
)  # fmt: skip


def erases(operation_id: str | None, path: str, summary: str | None, text: str | None) -> bool:
    """The operation's own name (its operationId, the path's literal tail) or words (summary,
    description) say it deletes, erases, purges, cancels or revokes."""
    names = [t for t in (operation_id, *_tail(path)) if t]
    found = {w for name in names for w in words(name)}
    for sentence in (summary, text):
        if sentence:
            found.update(w.lower() for w in re.findall(r"[A-Za-z]+", sentence))
    return not found.isdisjoint(ERASING_VERBS)


def _segments(path: str) -> list[str]:
    return [s for s in path.split("?")[0].split("#")[0].split("/") if s]


def path_about(path: str) -> tuple[str, ...]:
    """The normalised names the path's last literal segment gives what the operation is about
    (``/repos/{o}/{r}/issues`` -> ``issues``, ``issue``); empty when it ends with a parameter."""
    segments = _segments(path)
    if not segments or segments[-1].startswith("{"):
        return ()
    last = "".join(words(segments[-1].split(":")[-1]))
    if not last:
        return ()
    forms = {last}
    if last.endswith("ies") and len(last) > 4:
        forms.add(last[:-3] + "y")
    elif last.endswith("s") and not last.endswith("ss"):
        forms.add(last[:-1])
    else:
        forms.add(last + "s")
    return tuple(sorted(forms))


def method_collection(path: str) -> tuple[str, ...]:
    """The normalised names of the collection a custom method acts on (``jobs``, ``job`` of
    ``/v3/{parent}/jobs:search``): what its answer lists; empty for any other path."""
    segments = _segments(path)
    if not segments or ":" not in segments[-1] or segments[-1].startswith("{"):
        return ()
    return path_about(segments[-1].split(":")[0])


def path_addressed(path: str) -> tuple[str, ...]:
    """The normalised names of the object a path ending with parameters addresses, from its
    last literal segment (``/worker-deployment-versions/{name}/{build_id}`` ->
    ``workerdeploymentversions``, ``workerdeploymentversion``); empty otherwise."""
    segments = _segments(path)
    if not segments or not segments[-1].startswith("{"):
        return ()
    while segments and segments[-1].startswith("{"):
        segments.pop()
    return path_about("/".join(segments))


PARTS = re.compile(r"[/.:]")  # where a name's parts meet
# A service's method (gRPC-gateway names): ``WorkflowService_CreateWorkflow`` is the method
# ``CreateWorkflow``; not ``Workspaces_CreateOrUpdate`` nor ``list_for_repo``.
SERVICE_METHOD = re.compile(r"^[A-Za-z0-9]*Service_([A-Z][A-Za-z0-9]*)$")


def _firsts(text: str) -> list[str]:
    """The first word of each part of a name (``issues/list-for-repo`` -> issues, list;
    ``PostRadarValueListItems`` -> post; a service's method, ``WorkflowService_CreateWorkflow``
    -> create): where a verb stands in an operationId, an action or a path segment
    (``list`` in ``ValueListItems`` is a noun)."""
    out: list[str] = []
    for part in _parts(text):
        ws = [w for w in words(part) if w not in MODIFIERS] or list(words(part))
        if ws:
            out.append(ws[0])
    return out


def _lasts(text: str) -> list[str]:
    """The last word of each part (``issueCreate``: a write verb may come last)."""
    return [ws[-1] for part in _parts(text) if (ws := words(part))]


def _parts(text: str) -> list[str]:
    """The parts of a name (``PARTS``), a service's method without the service it is named
    after (``SERVICE_METHOD``): in ``SyncService_CreateSyncLimit`` the verb is the method's
    (create), not the service's first word (sync)."""
    return [m.group(1) if (m := SERVICE_METHOD.match(p)) else p for p in PARTS.split(text)]


def _tail(path: str) -> list[str]:
    """The literal segments after the last parameter (``/pulls/{n}/merge`` -> ``merge``;
    ``/chat/completions``), and a ``:verb`` suffix (``/things/{id}:cancel``)."""
    tail: list[str] = []
    for seg in reversed(_segments(path)):
        if seg.startswith("{"):
            suffix = seg.rsplit("}", 1)[-1]
            if suffix.startswith(":"):
                tail.insert(0, suffix[1:])
            break
        tail.insert(0, seg)
    return tail


def _verb_words(signals: OperationSignals) -> list[str]:
    """The words that may say what the operation does, strongest first: the first word of
    each part of the action, the operationId and the path's tail, then the summary's first
    word; the last word of each part too when it is a write verb (``issueCreate``). A neutral
    verb (``post``, ``call``) is skipped."""
    found: list[str] = []
    texts = [t for t in (signals.action, signals.operation_id, *_tail(signals.path)) if t]
    for text in texts:
        found += _firsts(text)
    named = {w for t in (signals.action, signals.operation_id) if t for w in _firsts(t)}
    if signals.summary and not named & ALL_VERBS:  # a verb the name says is not overruled
        found += list(words(signals.summary))[:1]
    for text in texts:
        found += [w for w in _lasts(text) if w in CREATE_VERBS | UPDATE_VERBS | DELETE_VERBS]
    return [w for w in found if w not in NEUTRAL_VERBS]


def _all_words(signals: OperationSignals) -> set[str]:
    """Every word of the operationId, the action and the path's tail: a generation is named by
    a noun anywhere in them (``createChatCompletion``, ``/audio/transcriptions``)."""
    texts = (signals.action, signals.operation_id, *_tail(signals.path))
    return {w for text in texts if text for w in words(text)}


def is_bare_status(tree: Any) -> bool:
    """An answer that only says it worked: no body, a scalar, or a small flat object of status
    members (``{ok: true}``, ``{status, message}``) with no identity or label of its own."""
    if tree is None or is_leaf(tree):
        return True
    if isinstance(tree, list):
        return False
    if not isinstance(tree, dict) or not tree or len(tree) > 4:
        return not tree
    if not all(is_leaf(v) for v in tree.values()):
        return False
    if has_own_identity(tree):
        return False
    return all((words(k) or (k.lower(),))[-1] in STATUS_WORDS for k in tree)


def _generates(signals: OperationSignals) -> bool:
    """Content produced for the caller: named so (``GENERATE_WORDS``) or billed in tokens
    (``_billed_in_tokens``), and answering with it:
    text, or content that is not one stored resource's description (in a list of alternatives
    or outputs, or in an answer with no identity of its own: ``{text}``, ``{name, body}``)."""
    if signals.method in ("GET", "HEAD", "DELETE"):
        return False
    tree = signals.response_tree
    named = bool(_all_words(signals) & GENERATE_WORDS)
    if not named and _runs(signals):
        return True
    if not named and not _billed_in_tokens(tree):
        return False
    if tree is None:
        media = (signals.media_type or "").split(";")[0].strip().lower()
        return media.startswith("text/") or media == "application/xml"
    held = _held(tree)
    # text of a resource the answer holds (``{paymentMethod: {id, details}}``, a union's
    # ``{result: {cart: {id, note}}}``) is that resource's, stored by the call, not content
    # produced for the caller
    paths = tuple(
        p
        for p in generated_content_paths(tree)
        if p.split(".")[0] not in held and not _resource_text(tree, p)
    )
    if not named:  # billed in tokens: a text itself (``content[].text``), not a description
        paths = tuple(p for p in paths if _produced_text(p.split(".")[-1]))
        if not paths:
            return False
    if not paths:
        # no text: a computed result (a classification, a recognition, a detection), said
        # by the measures it gave what it found, in an answer that is no stored resource
        return not held and not _stored(tree) and _measured(tree)
    if not _stored(tree):
        return True
    return any(_through_list(tree, path) for path in paths)


def _runs(signals: OperationSignals) -> bool:
    """Something run for the caller (``RUN_VERBS`` among the words of its name) whose answer
    is what it said: blocks of text (``_text_blocks``), in an answer with no identity of its
    own that holds no stored resource."""
    tree = signals.response_tree
    if not _all_words(signals) & RUN_VERBS or not isinstance(tree, dict):
        return False
    return not _stored(tree) and not _held(tree) and _text_blocks(tree)


def _text_blocks(tree: dict[str, Any], depth: int = 0) -> bool:
    """A list of blocks of text among the answer's members or its parts' (nothing with an
    identity of its own crossed): each block a ``type`` naming what it holds beside its
    ``text`` (``content: [{type: "text", text, annotations}]``)."""
    for value in tree.values():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            block = value[0]
            tag, text = block.get("type"), block.get("text")
            if tag is not None and text is not None and is_leaf(tag) and is_leaf(text):
                if base_type(text) in ("string", "any"):
                    return True
        elif isinstance(value, dict) and depth < 2 and not has_own_identity(value):
            if _text_blocks(value, depth + 1):
                return True
    return False


TOKEN_WORDS = frozenset({"token", "tokens"})


def _mints(signals: OperationSignals) -> bool:
    """A credential made anew: the operation's words (its name, its path's tail; its summary's
    first word, ``Rotates the client secret``) say it rotates, regenerates, rolls, resets,
    reissues or renews (``REMINT_VERBS``) a credential (``CREDENTIAL_NAMES``, named there or
    in the summary), and its answer holds a credential as text, at its top or in the one
    object it wraps (``{clientSecret, success}``, ``{apiKey: {id, key}}``): the
    new value, shown once, as a create's minted one is (``defaults.py``); a credential a
    record merely carries stays hidden on reads. The method says no more than a write."""
    summary = words(signals.summary or "")
    said = _all_words(signals) | set(summary)
    verbs = _all_words(signals) | {v[:-1] if v.endswith("s") else v for v in summary[:1]}
    if not verbs & REMINT_VERBS or not said & CREDENTIAL_NAMES:
        return False
    tree = unwrap(signals.response_tree)
    if not isinstance(tree, dict):
        return False
    inner = [unwrap(v) for v in tree.values() if isinstance(unwrap(v), dict)]
    nodes = [tree, *(inner if len(inner) == 1 else [])]
    return any(
        is_leaf(v) and base_type(v) == "string" and minted(k, text=True)
        for node in nodes
        for k, v in node.items()
    )


def _billed_in_tokens(tree: Any) -> bool:
    """The answer says the tokens it was billed for (a note of how it was produced,
    ``kinds.is_production_note``, counting tokens: ``usage: {input_tokens, output_tokens}``,
    ``usageMetadata: {promptTokenCount}``): a model's generation, however the operation is
    named (``POST /v1/messages``, ``POST /responses``). A count, not a text: a person's
    credential (``createdBy: {plexToken}``, a string) counts nothing."""
    if not isinstance(tree, dict):
        return False
    return any(
        is_production_note(key)
        and isinstance(sub, dict)
        and any(
            TOKEN_WORDS & set(words(k)) and is_leaf(v) and base_type(v) not in ("string", "boolean")
            for k, v in sub.items()
        )
        for key, sub in tree.items()
    )


def _produced_text(key: str) -> bool:
    """A member holding a text itself (``text``, ``content``: ``roles.content.is_body``) or
    named for what a generation makes (``kinds.produced``), not what describes something."""
    return is_body(key) or produced(key)


def _stored(tree: Any) -> bool:
    """An answer with an identity of its own: a resource the call stored, not a result."""
    return isinstance(tree, dict) and has_own_identity(tree)


def _held(tree: Any) -> frozenset[str]:
    """The members of an answer with no identity of its own that are one stored resource
    each (an object with an identity: a mutation's payload ``{clientMutationId,
    paymentMethod: {id, ...}}``, an envelope ``{data: {id, ...}}``)."""
    if not isinstance(tree, dict) or has_own_identity(tree):
        return frozenset()
    return frozenset(
        k for k, v in tree.items() if isinstance(v, dict) and v and has_own_identity(v)
    )


def _measured(tree: Any, depth: int = 0) -> bool:
    """A number named as a measure (``confidence``, ``score``, ``probability``: what a
    computation gave a thing), within ``MEASURE_DEPTH`` objects down (arrays seen through)."""
    tree = unwrap(tree)
    if not isinstance(tree, dict) or depth > MEASURE_DEPTH:
        return False
    return any(is_measure(k, v) if is_leaf(v) else _measured(v, depth + 1) for k, v in tree.items())


def _resource_text(tree: Any, path: str) -> bool:
    """The text at ``path`` is a member of a resource below the answer's top (a part with an
    identity of its own, reached through objects only), with no list between them: that
    resource's text, not alternatives it holds (``{response: {id, choices: [...]}}``)."""
    node = tree
    keys = path.split(".")
    for i, key in enumerate(keys[:-1]):
        node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            return False  # a list (alternatives) or nothing
        if has_own_identity(node):
            return not _through_list(node, ".".join(keys[i + 1 :]))
    return False


def _through_list(tree: Any, path: str) -> bool:
    """The path passes through an array (``choices.message.content``)."""
    node = tree
    for key in path.split("."):
        if isinstance(node, list):
            return True
        node = node.get(key) if isinstance(node, dict) else None
    return False


def _nouns_of_path(signals: OperationSignals) -> set[str]:
    """The write verbs only the path's tail says when the name's verb reads (``linkMetadata``
    of ``MemoService_BatchGetLinkMetadata`` at ``/memos/-/linkMetadata:batchGet``): nouns
    there, not what the call does; none when the name says no verb or a write one, or its
    parts start or end with that word too (``issueLink``)."""
    names = [t for t in (signals.action, signals.operation_id) if t]
    first = next((v for t in names for v in _firsts(t) if v in ALL_VERBS), None)
    if first not in READ_VERBS | SEARCH_VERBS:
        return set()
    writes = CREATE_VERBS | UPDATE_VERBS | DELETE_VERBS
    named = {v for t in names for v in _firsts(t) + [x for x in _lasts(t) if x in writes]}
    tail = {v for t in _tail(signals.path) for v in _firsts(t)}
    return (tail - named) & writes


def classify(signals: OperationSignals) -> str:
    """The operation's kind (module doc)."""
    method = signals.method.upper()
    tree = signals.response_tree
    nouns = _nouns_of_path(signals)
    verbs = [v for v in _verb_words(signals) if v not in nouns]
    said = set(verbs) | (_all_words(signals) & STRONG_WRITES - nouns)
    if method in ("GET", "HEAD", "QUERY"):
        first_read = next((w for w in verbs if w in READ_VERBS | SEARCH_VERBS), None)
        return "search" if first_read in SEARCH_VERBS else "read"
    if not signals.has_body:
        return "acknowledge"
    if _generates(signals):
        return "generate"
    writes = said & (CREATE_VERBS | UPDATE_VERBS | DELETE_VERBS)
    if method not in ("DELETE", "MUTATION") and not writes and said & (READ_VERBS | SEARCH_VERBS):
        first_read = next((w for w in verbs if w in READ_VERBS | SEARCH_VERBS), None)
        return "search" if first_read in SEARCH_VERBS else "read"
    if tree is not None and is_bare_status(tree):
        return "acknowledge"
    if method == "DELETE":
        return "delete"
    if _mints(signals):
        return "create"
    first = next((w for w in verbs if w in CREATE_VERBS | UPDATE_VERBS | DELETE_VERBS), None)
    if first in DELETE_VERBS:
        return "delete"
    if first in UPDATE_VERBS:
        return "update"
    if first in CREATE_VERBS:
        return "create"
    if method in ("PUT", "PATCH", "MUTATION"):
        return "update"
    segments = _segments(signals.path)
    if segments and segments[-1].startswith("{"):
        return "update"  # a POST to one item changes it (``/customers/{id}``)
    return "create"
