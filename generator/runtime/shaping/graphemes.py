"""Grapheme-cluster boundaries for cutting text, without dependencies (UAX #29, simplified).

A cut made with ``grapheme_floor`` never separates what a reader sees as one character: a base
letter from its combining marks (``e`` + U+0301), an emoji ZWJ sequence, an emoji from its skin
tone modifier or variation selector, a tag sequence (subdivision flags), a regional-indicator
pair (a flag), CR LF, a Hangul syllable's jamo, or a prepended concatenation mark from what
follows, or an Indic conjunct (consonant + virama + consonant). Simplifications: any character
after a ZWJ that is a symbol (``So``) or in the emoji planes continues the sequence (GB11
without looking back for the pictograph before the ZWJ); conjuncts (GB9c) are recognised in
the six scripts whose virama links consonants (Devanagari, Bengali, Gujarati, Oriya, Telugu,
Malayalam). Checked against the ``regex`` module's ``\\X`` in the tests when it is installed.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"
_PREPEND = frozenset(
    [*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD]
    + [0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, *range(0x11A84, 0x11A8A), 0x11D46, 0x11F02]
)


# GB9c: Indic_Conjunct_Break=Linker (viramas) and the blocks whose consonants they link.
_LINKERS = frozenset({0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D})
_CONJUNCT_BLOCKS = ((0x0900, 0x097F), (0x0980, 0x09FF), (0x0A80, 0x0AFF), (0x0B00, 0x0B7F),
                    (0x0C00, 0x0C7F), (0x0D00, 0x0D7F))  # fmt: skip


def _is_extend(char: str) -> bool:
    """Extend, SpacingMark or ZWJ: never starts a cluster (GB9, GB9a)."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or code in (0x200C, 0x200D, 0x0E33, 0x0EB3)  # ... Thai and Lao SARA AM are SpacingMarks
        or 0x1F3FB <= code <= 0x1F3FF  # emoji modifiers (skin tones)
        or 0xE0020 <= code <= 0xE007F  # tags
        or 0xFF9E <= code <= 0xFF9F  # halfwidth katakana sound marks
    )


def _is_control(char: str) -> bool:
    """CR, LF and other controls: a boundary on both sides (GB4, GB5)."""
    if char in ("\u200c", ZWJ) or ord(char) in _PREPEND or 0xE0020 <= ord(char) <= 0xE007F:
        return False
    return unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cf")


def _is_pictographic(char: str) -> bool:
    code = ord(char)
    return unicodedata.category(char) == "So" or 0x1F000 <= code <= 0x1FAFF


def _is_consonant(char: str) -> bool:
    code = ord(char)
    return unicodedata.category(char) == "Lo" and any(a <= code <= b for a, b in _CONJUNCT_BLOCKS)


def _links_to(text: str, index: int) -> bool:
    """GB9c: ``text[index]`` is a consonant after consonant [Extend]* virama [Extend]*."""
    if not _is_consonant(text[index]):
        return False
    i, linked = index - 1, False
    while i >= 0 and _is_extend(text[i]):
        linked = linked or ord(text[i]) in _LINKERS
        i -= 1
    return linked and i >= 0 and _is_consonant(text[i])


def _is_ri(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _hangul(char: str) -> str:
    """The Hangul syllable type: L, V, T, LV, LVT or ""."""
    code = ord(char)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return ""


def is_boundary(text: str, index: int) -> bool:
    """Whether a cut between ``text[index - 1]`` and ``text[index]`` splits no cluster."""
    if index <= 0 or index >= len(text):
        return True
    prev, cur = text[index - 1], text[index]
    if prev == "\r" and cur == "\n":  # GB3
        return False
    if _is_control(prev) or _is_control(cur):  # GB4, GB5
        return True
    if _is_extend(cur) or ord(prev) in _PREPEND:  # GB9, GB9a, GB9b
        return False
    before, after = _hangul(prev), _hangul(cur)
    if before and after:  # GB6-GB8
        if before == "L" and after in ("L", "V", "LV", "LVT"):
            return False
        if before in ("LV", "V") and after in ("V", "T"):
            return False
        if before in ("LVT", "T") and after == "T":
            return False
    if prev == ZWJ and _is_pictographic(cur):  # GB11
        return False
    if _links_to(text, index):  # GB9c
        return False
    if _is_ri(prev) and _is_ri(cur):  # GB12, GB13: flags are pairs
        run = 0
        while index - 1 - run >= 0 and _is_ri(text[index - 1 - run]):
            run += 1
        return run % 2 == 0
    return True


def grapheme_floor(text: str, index: int) -> int:
    """The largest cluster boundary at or before ``index`` (0 and ``len(text)`` are ones)."""
    index = max(0, min(index, len(text)))
    while not is_boundary(text, index):
        index -= 1
    return index


def cut(text: str, max_chars: int) -> str:
    """``text[:max_chars]``, moved back to a cluster boundary."""
    return text[: grapheme_floor(text, max_chars)] if len(text) > max_chars else text
