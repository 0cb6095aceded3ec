"""A read of a page of settings: an object nothing names, made of switches and choices, alone
or in groups nothing names either (a user's ``{in_meeting: {chat: true, ...}, recording:
{auto_recording: "local", ...}}``). The settings are what such a read answers, so they are
kept, all of them, as a person sees them on the settings page; the usual rules would keep a
setting or two and drop the rest. A few settings alone are ``defaults.settings_fields``'s."""

from __future__ import annotations

from typing import Any

from .names import base_type, hint, is_leaf
from .roles.identity import has_own_identity, is_id_name, is_natural_key
from .roles.label import is_label
from .roles.links import renderings
from .roles.noise import is_noise

SETTINGS_PAGE = 80  # a page of settings: at most this many, kept whole


def unnamed(tree: dict[str, Any]) -> bool:
    """Nothing identifies or names the object (no id, natural key or label)."""
    return not has_own_identity(tree) and not any(
        is_label(k) or is_id_name(k) or is_natural_key(k) for k in tree
    )


def _unnamed_by_values(tree: dict[str, Any]) -> bool:
    """``unnamed`` by its members holding more than a switch (``closed_caption: true`` is a
    setting, not a label)."""
    return unnamed({k: v for k, v in tree.items() if base_type(v) != "boolean"})


def _choice(node: Any) -> bool:
    """A switch or a choice among named values (``boolean``, ``string:enum``)."""
    return base_type(node) == "boolean" or hint(node) == "enum"


def settings_page(tree: dict[str, Any], few: int) -> tuple[str, ...]:
    """The settings of a page of more than ``few`` of them (module doc): their paths, noise
    and a value written again for a page left out; nothing when ``tree`` is any other
    object (named, nested deeper, lists, more than ``SETTINGS_PAGE``, or not mostly switches
    and choices)."""
    if not _unnamed_by_values(tree):
        return ()
    leaves: list[tuple[str, Any]] = []
    for key, value in tree.items():
        if is_leaf(value):
            leaves.append((key, value))
        elif isinstance(value, dict) and value and _unnamed_by_values(value):
            if not all(is_leaf(v) for v in value.values()):
                return ()
            leaves.extend((f"{key}.{k}", v) for k, v in value.items())
        else:
            return ()
    if not few < len(leaves) <= SETTINGS_PAGE or 2 * sum(_choice(v) for _, v in leaves) < len(
        leaves
    ):
        return ()
    restated = set(renderings([p for p, _ in leaves]))
    return tuple(p for p, _ in leaves if p not in restated and not is_noise(p.rsplit(".", 1)[-1]))
