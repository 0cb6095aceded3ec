"""A wrapper's part that holds records, beside what a read answers (``payload.filter_meta``).

A read may answer, beside the one resource it wraps or the list it pages, an object whose own
lists hold records: a schedule's ``{schedule: {...}, info: {runningWorkflows: [{workflowId,
runId}], recentActions: [...], createTime}}``, a commit's metadata ``{author, message,
references: [...], sourceIntegrityResult: {checks: [{name, problems}]}}``. The wrapper keeps
only its scalars and small flat objects, so those records went with the rest of it. On a read
or a search, such a part is shaped by its own defaults, read as one resource from the part
itself (``decision.decide_fields``): its records by their identity, label and state, its
times, not its links nor its noise. Not an error report (``errors``: the details of what went
wrong), a link's part (``_links``), what the wrapper says about the exchange (``debug``), nor,
beside a list, a part with a metadata name (a search's ``facets``, ``aggregations``: about
the page, not in it), nor any part beside a page's list (a wrapper with fewer than two scalars
of its own that are no page's counts, links or kinds: a search's ``includes`` and
``refinement`` are about its hits); a wrapper with such scalars (``{author, date, message,
references: [...]}``) is one object its list belongs to.
"""

from __future__ import annotations

from typing import Any

from .cleanup import prune_empty
from .collections import TOTAL_WORDS, exchange_id, is_meta_key, paging_scalar
from .decision import DefaultsContext, decide_fields
from .failures import named_as_report
from .fields import project
from .names import is_leaf
from .roles.kinds import is_kind
from .roles.links import is_url
from .roles.words import w
from .trees import field_tree_from_value


def holds_records(value: Any) -> bool:
    """An object with a list of records of its own (``{checks: [{name, problems}]}``)."""
    return isinstance(value, dict) and any(
        isinstance(v, list) and any(isinstance(x, dict) and x for x in v) for v in value.values()
    )


OWN_SCALARS = 2  # a list's wrapper with this many scalars of its own is an object, no page


def own_scalars(wrapper: dict[str, Any]) -> int:
    """How many scalars a wrapper holds that are no page's counts or cursors, links, kinds or
    the exchange's ids (``author``, ``date``, ``message``; not ``total``, ``next``, ``href``,
    ``resultCountEstimate``)."""
    return sum(
        1
        for k, v in wrapper.items()
        if is_leaf(v)
        and v is not None
        and not (paging_scalar(k) or exchange_id(k) or is_kind(k) or is_url(k, None))
        and not set(w(k)) & TOTAL_WORDS  # a count of the hits (``resultCountExact``)
    )


def records_part(key: str, value: Any, wrapper: dict[str, Any], listed: bool) -> Any:
    """``value`` shaped by its own defaults when it is a part of ``wrapper`` holding records
    (module doc; ``listed``: beside a list, not one resource), else None."""
    if not holds_records(value) or named_as_report(key) or exchange_id(key):
        return None
    ws = w(key)
    if not ws or is_url(key.rstrip("sS"), None) or ws[-1] in ("debug", "trace"):
        return None
    if listed and (is_meta_key(key) or own_scalars(wrapper) < OWN_SCALARS):
        return None
    tree = field_tree_from_value(value, maps=True)
    chosen = decide_fields(tree, DefaultsContext(), kind="read", item=False)
    shaped = prune_empty(project(value, list(chosen))) if chosen else None
    return shaped or None
