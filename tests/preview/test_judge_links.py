"""The judge and hypermedia links (HAL's ``_links``, JSON:API's ``links``): a link's ``name``
names the link, not the resource. Okta's management API answers a support access's grant or
revoke with ``{expiration, support, _links: {self: {href, name, hints}}}``; the judge took the
link for the answered resource and its ``name`` for the body's label, and counted a label
lost where nothing of the answer was. The guards: a resource beside its links still loses
its label, and a resource inside a wrapper beside links is still the answer."""

from __future__ import annotations

from generator.preview.judge import judge
from generator.preview.judge_roles import is_links

SELF = {
    "self": {
        "hints": {"allow": ["DELETE"]},
        "href": "https://example.org/api/v1/org/privacy/support",
        "name": "Support settings",
        "type": "item",
        "templated": False,
    }
}
TEMPLATE = "/api/v1/org/privacy/support/revoke"


def test_a_links_name_is_no_label_of_the_answer() -> None:
    body = {"expiration": "2024-05-01T12:34:56Z", "support": "DISABLED", "_links": SELF}
    shown = {"expiration": "2024-05-01T12:34:56Z", "support": "DISABLED"}
    verdict = judge(body, shown, kind="delete", template=TEMPLATE)
    assert verdict.lost == []


def test_a_resource_beside_its_links_still_loses_its_label() -> None:
    body = {"id": "rul1", "name": "Require MFA", "status": "ACTIVE", "_links": SELF}
    verdict = judge(body, {"id": "rul1", "status": "ACTIVE"}, kind="update", template=TEMPLATE)
    assert "label of the body" in verdict.lost


def test_a_wrapped_resource_beside_links_is_still_the_answer() -> None:
    body = {"data": {"id": "rul1", "name": "Require MFA"}, "_links": SELF}
    verdict = judge(body, {"data": {"id": "rul1"}}, kind="create", template="/rules")
    assert verdict.lost  # its name is lost, whichever way the judge says it
    assert judge(body, {"data": body["data"]}, kind="create", template="/rules").lost == []


def test_what_counts_as_links() -> None:
    assert is_links("_links", SELF)
    assert is_links("links", {"self": "https://example.org/a", "next": None})
    assert not is_links("links", {"primary": {"id": "l1", "name": "Homepage"}})
    assert not is_links("link", {})
    assert not is_links("owner", SELF)
