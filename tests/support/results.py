"""Read a tool result the real MCP client returns: its content is a union of part types
(text, image, audio, resource link, embedded resource); a generated server answers in text, so
each reader asserts the part is text before returning it."""

import re

from mcp.types import CallToolResult, TextContent


def text_of(result: CallToolResult, part: int = 0) -> str:
    """The text of one part of the result (the first unless told; -1 is the footer)."""
    content = result.content[part]
    assert isinstance(content, TextContent), f"part {part} is {type(content).__name__}, not text"
    return content.text


def texts_of(result: CallToolResult) -> list[str]:
    """The text of every part of the result, in order."""
    return [text_of(result, part) for part in range(len(result.content))]


def joined_text(result: CallToolResult) -> str:
    """Every text part of the result joined by newlines: the answer and its footer as one."""
    return "\n".join(texts_of(result))


def found_in(pattern: str | re.Pattern[str], text: str) -> re.Match[str]:
    """The first match of ``pattern`` in ``text`` (a footer's continuation id, a page count),
    which must have one."""
    found = re.search(pattern, text)
    assert found is not None, f"{pattern!r} is not in {text[-300:]!r}"
    return found
