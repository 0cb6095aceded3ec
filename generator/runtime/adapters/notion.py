"""Notion blocks -> Markdown: the ``notion_markdown`` adapter.

Accepts a block list response (``{"object": "list", "results": [...]}``), one block, or a list
of blocks. Rich text keeps its annotations (bold, italic, strikethrough, code), links and
mentions (users, pages, databases, dates, link previews). Children included in the payload
(``children`` on the block or in its type object) are rendered nested; children that were not
loaded are announced with the block id, so an agent can fetch them. A type this module does
not know becomes a one-line placeholder, never an error. When the list has more pages, the
last line gives the ``start_cursor`` to pass.

Notion-hosted file URLs are pre-signed links of ~500 characters that expire within an hour:
in concise mode they are shown without their signature query (``detail_level="detailed"``
keeps them whole).
"""

from __future__ import annotations

from typing import Any

LIST_TYPES = ("bulleted_list_item", "numbered_list_item", "to_do")
HEADINGS = {"heading_1": "#", "heading_2": "##", "heading_3": "###"}
MEDIA = ("image", "video", "file", "pdf", "audio")
LINKS = ("bookmark", "embed", "link_preview")
TRANSPARENT = ("column_list", "column", "synced_block")
INDENT = "  "


def notion_markdown(value: Any, context: Any = None) -> str:
    """Render Notion blocks as Markdown (see the module doc)."""
    detailed = getattr(context, "detail_level", "concise") == "detailed"
    meta: dict[str, Any] = {}
    if isinstance(value, dict) and isinstance(value.get("results"), list):
        blocks, meta = value["results"], value
    elif isinstance(value, dict) and value.get("object") == "block":
        blocks = [value]
    elif isinstance(value, list):
        blocks = value
    else:
        kind = value.get("object") if isinstance(value, dict) else type(value).__name__
        raise ValueError(f"expected Notion blocks, got {kind!r}")
    if any(not isinstance(b, dict) or b.get("object", "block") != "block" for b in blocks):
        raise ValueError("the list holds items that are not Notion blocks")
    text = _render_siblings(blocks, detailed) if blocks else "(no blocks)"
    if meta.get("has_more") and meta.get("next_cursor"):
        text += f'\n\n[more blocks: call again with start_cursor="{meta["next_cursor"]}"]'
    return text + "\n"


# -- rich text -------------------------------------------------------------------------------


def rich_text(items: Any) -> str:
    """Notion rich text -> inline Markdown."""
    return "".join(_span(item) for item in items or () if isinstance(item, dict))


def _span(item: dict[str, Any]) -> str:
    kind = item.get("type")
    link = item.get("href")
    if kind == "text":
        body = item.get("text") or {}
        text = str(body.get("content", item.get("plain_text", "")))
        link = (body.get("link") or {}).get("url") or link
    elif kind == "mention":
        text, link = _mention(item), link or _mention_link(item)
    elif kind == "equation":
        return "$" + str((item.get("equation") or {}).get("expression", "")) + "$"
    else:
        text = str(item.get("plain_text", ""))
    text = _annotate(text, item.get("annotations") or {})
    if link and text.strip():
        core = text.strip()
        start = text.index(core)
        return f"{text[:start]}[{core}]({link}){text[start + len(core):]}"
    return text


def _mention(item: dict[str, Any]) -> str:
    mention = item.get("mention") or {}
    kind = mention.get("type")
    plain = str(item.get("plain_text", ""))
    if kind == "user":
        name = (mention.get("user") or {}).get("name")
        return f"@{name}" if name else plain or "@user"
    if kind == "date":
        date = mention.get("date") or {}
        start, end = date.get("start"), date.get("end")
        return f"{start} → {end}" if end else str(start or plain)
    if kind == "link_preview":
        return plain or str((mention.get("link_preview") or {}).get("url", ""))
    return plain or f"@{kind}"


def _mention_link(item: dict[str, Any]) -> str | None:
    mention = item.get("mention") or {}
    if mention.get("type") == "link_preview":
        return (mention.get("link_preview") or {}).get("url")
    target = mention.get(mention.get("type") or "") or {}
    if mention.get("type") in ("page", "database") and target.get("id"):
        return "https://www.notion.so/" + str(target["id"]).replace("-", "")
    return None


def _annotate(text: str, annotations: dict[str, Any]) -> str:
    core = text.strip()
    if not core:
        return text
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    if annotations.get("code"):
        core = f"`{core}`"
    if annotations.get("strikethrough"):
        core = f"~~{core}~~"
    if annotations.get("italic"):
        core = f"*{core}*"
    if annotations.get("bold"):
        core = f"**{core}**"
    return lead + core + trail


# -- blocks ----------------------------------------------------------------------------------


def _render_siblings(blocks: list[dict[str, Any]], detailed: bool) -> str:
    parts: list[str] = []
    previous: str | None = None
    number = 0
    for block in blocks:
        kind = str(block.get("type", ""))
        number = number + 1 if kind == "numbered_list_item" else 0
        text = render_block(block, detailed, number)
        if text is None:
            continue
        if parts:
            parts.append("\n" if kind in LIST_TYPES and previous in LIST_TYPES else "\n\n")
        parts.append(text)
        previous = kind
    return "".join(parts)


def _children(block: dict[str, Any]) -> list[dict[str, Any]] | None:
    body = block.get(block.get("type") or "")
    for holder in (block, body if isinstance(body, dict) else {}):
        kids = holder.get("children")
        if isinstance(kids, list):
            return [k for k in kids if isinstance(k, dict)]
    return None


def _indent(text: str) -> str:
    return "\n".join(INDENT + line if line else line for line in text.split("\n"))


def render_block(block: dict[str, Any], detailed: bool = False, number: int = 1) -> str | None:
    """One block (with its included children) as Markdown."""
    kind = str(block.get("type", ""))
    found = block.get(kind)
    body: dict[str, Any] = found if isinstance(found, dict) else {}
    kids = _children(block)
    if kind == "table":
        return _table(block, body, kids)
    head = _head(kind, body, block, detailed, number)
    if kind == "paragraph" and not head and not kids and not block.get("has_children"):
        return None  # an empty paragraph is only spacing
    if kind in TRANSPARENT:
        if kids:
            inner = _render_siblings(kids, detailed)
            return f"{head}\n\n{inner}" if head else inner
        if not head:
            missing = _not_loaded(block)
            label = kind.replace("_", " ")
            return f"[{label}; {missing[1:]}" if missing else f"[{label}]"
    if kids:
        return head + "\n" + _indent(_render_siblings(kids, detailed))
    missing = _not_loaded(block)
    return head + ("\n" + _indent(missing) if missing else "")


def _not_loaded(block: dict[str, Any]) -> str:
    if block.get("has_children") and _children(block) is None:
        return f"[children not loaded: block_id={block.get('id')}]"
    return ""


def _caption(body: dict[str, Any]) -> str:
    return rich_text(body.get("caption"))


def _url(body: dict[str, Any], detailed: bool) -> tuple[str, str]:
    """The media URL and a note (a Notion-hosted signed URL loses its signature in concise)."""
    kind = body.get("type")
    source = body.get(kind) if kind in ("file", "external", "file_upload") else body
    url = str((source or {}).get("url", "") or body.get("url", ""))
    if not detailed and kind == "file" and "?" in url:
        return url.split("?", 1)[0], " (signed link shortened; detail_level=detailed shows it)"
    return url, ""


def _head(kind: str, body: dict[str, Any], block: dict[str, Any], detailed: bool, n: int) -> str:
    text = rich_text(body.get("rich_text"))
    if kind == "paragraph":
        return text
    if kind in HEADINGS:
        toggle = " ▸" if body.get("is_toggleable") else ""
        return f"{HEADINGS[kind]}{toggle} {text}"
    if kind == "bulleted_list_item":
        return f"- {text}"
    if kind == "numbered_list_item":
        return f"{n}. {text}"
    if kind == "to_do":
        return f"- [{'x' if body.get('checked') else ' '}] {text}"
    if kind == "toggle":
        return f"▸ {text}"
    if kind == "quote":
        return "> " + text.replace("\n", "\n> ")
    if kind == "callout":
        icon = body.get("icon") or {}
        mark = icon.get("emoji") or ("🔗" if icon else "")
        return "> " + (f"{mark} " if mark else "") + text.replace("\n", "\n> ")
    if kind == "code":
        code = "".join(str(i.get("plain_text", "")) for i in body.get("rich_text") or ())
        caption = _caption(body)
        fence = "````" if "```" in code else "```"
        out = f"{fence}{body.get('language', '')}\n{code}\n{fence}"
        return out + (f"\n{caption}" if caption else "")
    if kind == "equation":
        return f"$$\n{body.get('expression', '')}\n$$"
    if kind == "divider":
        return "---"
    if kind in ("child_page", "child_database"):
        what = kind.replace("_", " ")
        return f"[{what}] {body.get('title', '')} (id: {block.get('id')})"
    if kind == "link_to_page":
        target = body.get(body.get("type") or "") or ""
        return f"[link to {str(body.get('type', 'page')).replace('_id', '')}](https://www.notion.so/{str(target).replace('-', '')})"
    if kind in MEDIA:
        caption = _caption(body) or str(body.get("name", "")) or kind
        bang = "!" if kind == "image" else ""
        label = caption if kind == "image" else f"{kind}: {caption}"
        url, note = _url(body, detailed)
        return f"{bang}[{label}]({url}){note}"
    if kind in LINKS:
        caption = _caption(body)
        label = f"{kind.replace('_', ' ')}: {caption}" if caption else kind.replace("_", " ")
        return f"[{label}]({body.get('url', '')})"
    if kind == "table_of_contents":
        return "[table of contents]"
    if kind == "breadcrumb":
        return "[breadcrumb]"
    if kind == "template":
        return f"[template button: {text}]"
    if kind == "synced_block":
        source = (body.get("synced_from") or {}).get("block_id")
        return f"[synced from block {source}]" if source else ""
    if kind in ("column_list", "column"):
        return ""
    if kind == "table_row":
        return _row(body)
    if kind == "unsupported":
        return f"[unsupported block: id {block.get('id')}]"
    return f"[{kind or 'unknown'} block: not rendered, id {block.get('id')}]"


def _row(body: dict[str, Any]) -> str:
    cells = [
        rich_text(cell).replace("|", "\\|").replace("\n", " ") for cell in body.get("cells", ())
    ]
    return "| " + " | ".join(cells) + " |"


def _table(block: dict[str, Any], body: dict[str, Any], kids: list[dict[str, Any]] | None) -> str:
    width = int(body.get("table_width") or 0)
    rows = [k for k in kids or () if k.get("type") == "table_row"]
    if not rows:
        loaded = _not_loaded(block)
        return f"[table: {width} columns" + (f"; {loaded[1:-1]}]" if loaded else "; empty]")
    lines = [_row(r.get("table_row") or {}) for r in rows]
    width = width or max(len((r.get("table_row") or {}).get("cells", ())) for r in rows)
    rule = "|" + " --- |" * width
    if body.get("has_column_header"):
        return "\n".join([lines[0], rule, *lines[1:]])
    return "\n".join(["|" + "  |" * width, rule, *lines])
