"""Constant request parts: what every call of an operation sends, so its tool never asks.

Descriptions converted from AWS-style APIs put the action in the path: ``/#Action=AddPermission``
or ``/?Action=X&Version=Y``. A fragment is never sent and a ``?`` in a path template would be
percent-encoded, so every such call would reach ``/``. :func:`split_path_query` cuts the path
at its first ``?`` or ``#`` and returns the ``name=value`` pairs after it; each becomes a
constant of the operation, sent in the location of the parameter of that name the operation
declares (``X-Amz-Target`` is a header), else in the query string. A value that is itself a
template (``?key={APIKEY}``) is not a constant but a query argument (request.py).
"""

from __future__ import annotations

from urllib.parse import parse_qsl


def split_path_query(path: str) -> tuple[str, list[tuple[str, str]]]:
    """``/?Action=X&Version=1`` -> ``("/", [("Action", "X"), ("Version", "1")])``;
    ``/#Action=X`` -> ``("/", [("Action", "X")])``; a path without ``?``/``#`` is unchanged.
    A bare fragment (``/items#list``) is dropped, it carries no parameter."""
    cut = min((i for i in (path.find("?"), path.find("#")) if i >= 0), default=-1)
    if cut < 0:
        return path, []
    clean = path[:cut] or "/"
    pairs: list[tuple[str, str]] = []
    for part in path[cut + 1 :].replace("#", "&").replace("?", "&").split("&"):
        if "=" in part:
            pairs.extend(parse_qsl(part, keep_blank_values=True))
    return clean, pairs
