"""Per-tool scopes inside the runtime: what the HTTP gate cannot see (a ``continue`` that fetches
the next upstream page of a tool) is refused as a tool error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.config.scopes import GRANTED_SCOPES, lacking
from generator.runtime.config.settings import settings_from_env
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import load_model
from tests.support.notes_api import MODULE, make_package, notes
from tests.support.upstream import Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')


def test_one_satisfied_alternative_is_enough_else_the_closest_one_is_named() -> None:
    needed = (("a", "b"), ("c",))
    assert lacking(needed, {"c"}) is None and lacking(needed, {"a", "b", "x"}) is None
    assert lacking(needed, {"a"}) == ("a", "b")  # one missing, against one for ("c",)...
    assert lacking((("a", "b", "d"), ("c",)), {"a"}) == ("c",)  # ...the fewest missing wins
    assert lacking((), set()) is None


@pytest.mark.anyio
async def test_a_continue_into_a_tool_the_token_may_not_call_is_a_tool_error(
    tmp_path: Path,
) -> None:
    package = make_package(tmp_path / "notes")
    model = load_model(package / "src" / MODULE / "spec.json")
    with Upstream() as up:
        up.route("GET", "/notes", lambda r: Reply.json(notes(int(dict(r.query).get("page", 1)))))
        settings = settings_from_env(model, {"NOTES_BASE_URL": up.url})
        rt = ServerRuntime(model, settings, credentials=CredentialSet(model.credentials, {}))
        reset = GRANTED_SCOPES.set(frozenset({"notes:read"}))
        try:
            out = await rt.call("list_notes", {}, scope="auth:p")
            assert not out.is_error
            GRANTED_SCOPES.set(frozenset())  # the same person, now without notes:read
            for _ in range(20):
                footer = FOOTER.search(out.parts[-1])
                assert footer is not None, out.parts[-1]
                cont_id = footer.group(1)
                out = await rt.call("notes_continue", {"continuation_id": cont_id}, scope="auth:p")
                if out.is_error:
                    break
            assert out.is_error and "needs the OAuth scope(s) notes:read" in out.parts[0]
            assert [r.query for r in up.requests] == [[]]  # page 2 was never fetched
        finally:
            GRANTED_SCOPES.reset(reset)
            await rt.aclose()
