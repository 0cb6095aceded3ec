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


LINK_LIST = [
    {"href": f"https://example.org/plans/7/goals/{i}", "rel": f"rel {i}"} for i in (1, 2, 3)
]


def test_a_list_of_links_beside_the_resource_is_no_payload() -> None:
    """A financial-planning API answers each read with the resource and its links in Spring
    HATEOAS's layout (``{goal: {...}, links: [{rel, href}]}``): the judge took the links for
    the payload list and failed every such read that kept the goal and left its links out.
    Links beside the object they lead from are where the next calls go, not what was read;
    a body of links alone (a link service's ``{links: [...]}``) still lists them, and a list
    named links whose items hold data of their own (an id) is still a payload."""
    goal = {"identifier": {"id": 1001}, "type": "Retirement", "description": "Retire at 60"}
    body = {"goal": goal, "links": LINK_LIST}
    verdict = judge(body, {"goal": goal}, kind="read", template="/plans/{planId}/goals/{id}")
    assert verdict.lost == []
    alone = judge({"links": LINK_LIST}, {}, kind="read", template="/links")
    assert "payload list links (3 items)" in alone.lost
    owned = [{**link, "id": i} for i, link in enumerate(LINK_LIST)]
    data = judge({"goal": goal, "links": owned}, {"goal": goal}, kind="read", template="/x")
    assert "payload list links (3 items)" in data.lost
