"""Every form a secret can take on the way back is found by the one matcher (redaction.py)."""

import base64
import json
from urllib.parse import quote, quote_plus

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.model import Credential
from generator.runtime.config.redaction import MAX_FORM_CHARS, matcher, redact_json

KEY = "Ab+cd/Ef==k3y é"  # '+', '/', '=', a space and a non-ASCII letter


def lower_hex(text: str) -> str:
    import re

    return re.sub(r"%[0-9A-F]{2}", lambda m: m.group(0).lower(), text)


FORMS = {
    "raw": KEY,
    "percent upper": quote(KEY, safe=""),
    "percent lower": lower_hex(quote(KEY, safe="")),
    "form encoded": quote_plus(KEY),
    "path encoded, '/' kept": quote(KEY, safe="/"),
    "double encoded": quote(quote(KEY, safe=""), safe=""),
    "json ensure_ascii": json.dumps(KEY)[1:-1],
    "json escaped slash": KEY.replace("/", "\\/"),
    "json \\u everything": "".join(f"\\u{ord(c):04x}" for c in KEY),
    "html references": "".join(f"&#{ord(c)};" for c in KEY),
    "markdown escaped": KEY.replace("+", "\\+").replace("=", "\\="),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_each_form_of_a_secret_is_redacted_inside_other_text(form: str) -> None:
    echoed = f'{{"url": "https://h/x?api_key={FORMS[form]}&page=2"}}'
    out = matcher([KEY]).redact(echoed)
    assert out == '{"url": "https://h/x?api_key=[REDACTED]&page=2"}'
    assert matcher([KEY]).found_in(echoed)


def test_ordinary_text_and_short_values_are_left_alone() -> None:
    text = "Ab+cd/Ef== is not here, nor Ab%2Bcd; %41%42 stays"
    assert matcher([KEY, "abc"]).redact(text) == text
    assert matcher([]).redact(text) == text


def test_basic_auth_is_redacted_as_its_base64_in_both_alphabets_and_as_user_colon_pass() -> None:
    creds = CredentialSet(
        (Credential("b", "basic", env_vars=("U", "P")),), {"U": "alice", "P": "s3cr?t>>pw"}
    )
    pair = b"alice:s3cr?t>>pw"
    for echoed in [
        base64.b64encode(pair).decode(),
        base64.urlsafe_b64encode(pair).decode(),
        base64.b64encode(pair).decode().rstrip("="),
        quote(base64.b64encode(pair).decode(), safe=""),
        pair.decode(),
    ]:
        assert creds.secrets.redact(f"[{echoed}]") == "[[REDACTED]]", echoed


def test_a_number_that_is_a_secret_is_redacted_in_parsed_json() -> None:
    value = {"n": 98765432, "k98765432": ["x 98765432"], "ok": 1, "b": True}
    redact = matcher(["98765432"]).redact
    assert redact_json(value, redact) == {
        "n": "[REDACTED]",
        "k[REDACTED]": ["x [REDACTED]"],
        "ok": 1,
        "b": True,
    }


def test_no_single_character_form_is_longer_than_the_window_bound() -> None:
    from generator.runtime.config.redaction import _char_forms

    for char in ["a", " ", "é", "\U0001f600", "\n"]:
        assert matcher([char * 4]).found_in(quote(quote(char * 4, safe=""), safe=""))
        assert len(quote(quote(char, safe=""), safe="")) <= MAX_FORM_CHARS
        assert _char_forms(char)


@pytest.mark.anyio
async def test_oauth_secrets_and_the_tokens_the_server_obtains_are_redacted_in_every_form(
    caplog,
) -> None:
    import logging

    import httpx2

    from generator.runtime.config.log_redaction import RedactingFilter
    from tests.support.token_endpoint import CLIENT_ID, CLIENT_SECRET, TokenEndpoint
    from tests.support.upstream import Upstream

    env = {
        "O_REFRESH_TOKEN": "refresh-0-SECRET",
        "O_CLIENT_ID": CLIENT_ID,
        "O_CLIENT_SECRET": CLIENT_SECRET,
    }
    oauth = Credential("o", "bearer", env_vars=("O",), oauth={"token_url": "/oauth/token"})
    creds = CredentialSet((oauth,), env)
    with Upstream() as up:
        TokenEndpoint(up, refresh_token="refresh-0-SECRET", expires_in=1)
        async with httpx2.AsyncClient() as client:
            first = await creds.tokens["o"].token(client, up.url)
            second = await creds.tokens["o"].token(client, up.url)  # stale at once: refreshed
    assert (first, second) == ("access-1-SECRET-TOKEN", "access-2-SECRET-TOKEN")
    assert first is not None and second is not None
    spent = ["refresh-0-SECRET", "refresh-1-SECRET", "refresh-2-SECRET", first, second]
    for secret in [CLIENT_SECRET, *spent]:
        for form in (secret, quote(secret, safe=""), json.dumps(secret)[1:-1], f"Bearer {secret}"):
            assert "SECRET" not in creds.secrets.redact(f"echo: {form}"), form
    logger = logging.getLogger("test.oauth.redaction")
    handler = logging.StreamHandler()
    handler.addFilter(RedactingFilter(creds.secrets.redact))
    record = logger.makeRecord(
        "x", logging.INFO, __file__, 1, "sent %s", (f"Bearer {second}",), None
    )
    assert handler.filter(record) and "SECRET" not in record.getMessage()
