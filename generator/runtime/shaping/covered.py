"""What an answer's footer or note stands for: the body's own way to its next page.

A list body often says how to get its next page (``next_cursor``, ``nextPageToken``,
``links.next``, ``next_page: {offset, uri}``: ``upstream/body_paging.py`` reads them). When
``continue`` fetches that page, the footer is the way on; when nothing follows from it, the note
that the upstream has more names the argument and the value to pass (``pagination.more_note``).
Shown in the body too, the agent sees two ways on and pays for both, so the executor names
those members (``ShapeConfig.covered``) and the answer leaves them out, and a part they leave
empty with them (``links: {next}``). A cursor nothing stands for (no pagination is known, the
note does not show its value) stays: it is the only way to the upstream's next page. An agent
asking for ``fields`` gets what it asked for.
"""

from __future__ import annotations

from typing import Any

Path = tuple[str, ...]


def without_covered(value: Any, paths: tuple[Path, ...]) -> Any:
    """``value`` without the members at ``paths`` (key paths from the body's top), and without a
    part that held nothing else; unchanged where a path is absent."""
    for path in paths:
        value = _without(value, path)
    return value


def _without(value: Any, path: Path) -> Any:
    if not path or not isinstance(value, dict) or path[0] not in value:
        return value
    head, rest = path[0], path[1:]
    inner = _without(value[head], rest) if rest else None
    if rest and inner is value[head]:
        return value
    if rest and inner != {}:
        return {**value, head: inner}
    return {k: v for k, v in value.items() if k != head}


def shown_by(note: str, member: Any) -> bool:
    """Whether ``note`` shows every value ``member`` holds (a token, a URL, an object of them):
    the body's member then says nothing the note does not."""
    if isinstance(member, dict):
        return bool(member) and all(shown_by(note, v) for v in member.values())
    # a number is not told apart from the note's other figures: only a text is looked for
    return isinstance(member, str) and len(member) >= 4 and member in note
