"""A reference the defaults cut to its id keeps the text that names it, as it came.

The description may say a related object in full (``priority: Priority``, named by its
``name``) while the upstream sends a reference of it (``{id, type, summary, self,
html_url}``: a ``priority_reference``). The defaults chose the full object's label, which the
reference lacks, and the answer shows ``{id, type}``: the caller cannot tell which priority it
is, though its sibling references each keep their ``summary``. On a read or a search, an
object of the concise answer (below the resource or item itself) that kept nothing but its
ids and its kind, whose sent value is a reference named by one text (``relation.stub_text``,
read from the value), keeps that text too. Only what the response carries; objects that kept
a label or any other member are as the defaults chose them. Named so, it is said as its
sibling references are (``{id, summary}``): its kind, the defaults' stand-in for a name, goes.
"""

from __future__ import annotations

from typing import Any

from .roles.identity import is_id_name
from .roles.kinds import is_kind
from .roles.relation import stub_text
from .trees import field_tree_from_value


def with_reference_names(sent: Any, shaped: Any, *, top: bool = True) -> Any:
    """``shaped`` (the concise answer's item or resource, projected from ``sent``) with each
    nested reference that kept only its ids and kind named by its text (module doc)."""
    if isinstance(sent, list) and isinstance(shaped, list) and len(sent) == len(shaped):
        named = [with_reference_names(s, k, top=top) for s, k in zip(sent, shaped)]
        return named if any(n is not k for n, k in zip(named, shaped)) else shaped
    if not isinstance(sent, dict) or not isinstance(shaped, dict):
        return shaped
    out = shaped
    if not top and shaped and all(is_id_name(k) or is_kind(k) for k in shaped):
        text = stub_text(field_tree_from_value(sent, max_depth=1))
        if text is not None and isinstance(sent.get(text), str) and sent[text]:
            # said as its sibling references are: its id and that text (``{id, summary}``)
            out = {**{k: v for k, v in shaped.items() if is_id_name(k)}, text: sent[text]}
    for key, value in shaped.items():
        if isinstance(value, (dict, list)) and key in sent:
            named = with_reference_names(sent[key], value, top=False)
            if named is not value:
                out = {**out, key: named}
    return out
