"""End to end with the real MCP client: where an upstream's redirects may lead (stdio).

The API runs on one port of 127.0.0.1 and an "internal" service (a cloud metadata endpoint, as
far as the test is concerned) on another: a redirect there is another origin, refused unless the
operator names it in ``RELY_REDIRECT_ORIGINS``, and a request body never goes there. The refusal
of private and link-local addresses is tested on the address check itself
(tests/runtime/test_redirect_addresses.py), never by connecting to one.
"""

import json
from pathlib import Path

import pytest

from tests.support.rely import MODULE, make_package
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream
from tests.support.results import joined_text

SECRET = "rely_env_SECRET_0123456789"
IAM = {"AccessKeyId": "ASIA-INTERNAL", "SecretAccessKey": "internal-only"}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("rely-redirects"))


@pytest.mark.anyio
async def test_redirects_to_another_origin_need_the_operators_word_and_never_carry_a_body(
    package: Path,
) -> None:
    with Upstream() as api, Upstream() as internal:
        where = f"{internal.url}/latest/meta-data/iam"
        internal.route("GET", "/latest/meta-data/iam", Reply.json(IAM))
        internal.route("POST", "/latest/meta-data/iam", Reply.json(IAM))
        api.route("GET", "/things/meta", Reply(302, b"", {"Location": where}))
        api.route("POST", "/things/meta", Reply(307, b"", {"Location": where}))
        api.route("GET", "/things/moved", Reply(301, b"", {"Location": "/things/fine"}))
        api.route("GET", "/things/fine", Reply.json({"id": "fine", "name": "here"}))
        env = {"RELY_BASE_URL": api.url, "RELY_BEARER": SECRET}
        async with stdio_session(package, MODULE, env) as session:
            moved = await session.call_tool("get_thing", {"id": "moved"})  # same origin
            assert not moved.is_error and json.loads(joined_text(moved))["id"] == "fine"
            got = await session.call_tool("get_thing", {"id": "meta"})
            assert got.is_error, joined_text(got)
            assert f"redirected (HTTP 302) to {where}" in joined_text(got)
            assert "RELY_REDIRECT_ORIGINS" in joined_text(
                got
            ) and "nothing was sent there" in joined_text(got)
            assert "AccessKeyId" not in joined_text(got)
            posted = await session.call_tool("create_thing", {"id": "meta", "name": "n"})
            assert posted.is_error and "nothing was sent there" in joined_text(posted)
        assert internal.requests == []
        env["RELY_REDIRECT_ORIGINS"] = internal.url  # the operator allows that origin
        async with stdio_session(package, MODULE, env) as session:
            got = await session.call_tool("get_thing", {"id": "meta"})
            assert not got.is_error, joined_text(got)
            assert "ASIA-INTERNAL" in joined_text(got)  # the operator said this origin may answer
            posted = await session.call_tool("create_thing", {"id": "meta", "name": "n"})
            assert posted.is_error, joined_text(posted)
            assert f"redirected (HTTP 307) to {where}" in joined_text(posted)
            assert "body is only sent to the API's own origin" in joined_text(posted)
        assert [(r.method, r.path) for r in internal.requests] == [
            ("GET", "/latest/meta-data/iam")  # followed once allowed; the POST's body never
        ]
        assert SECRET not in json.dumps(internal.requests[0].headers)
