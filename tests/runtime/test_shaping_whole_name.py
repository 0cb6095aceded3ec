"""An object of a person's type with a whole name of its own is said by that name, not by a
part's handle (issue 33, practitioners' yardstick: a tracker's customers, a company each, were
listed by their owner's email once the GraphQL answer was decided with its type)."""

from generator.runtime.shaping.defaults import choose_default_fields

CUSTOMER = {
    "id": "string", "name": "string", "url": "string:uri", "createdAt": "string:time",
    "owner": {"id": "string", "name": "string", "email": "string"}, "revenue": "integer",
}  # fmt: skip


def test_a_customer_with_a_name_of_its_own_is_not_said_by_its_owner_s_handle():
    for item in (True, False):
        chosen = choose_default_fields(
            CUSTOMER, item=item, kind="read", listed=item, entity=("customer",)
        )
        assert chosen.index("name") < chosen.index("owner.email")
        assert "owner.name" in chosen  # the owner is a person of its own, by name


def test_a_person_said_only_by_a_first_name_still_takes_a_part_s_handle():
    member = {"id": "string", "first_name": "string", "profile": {"username": "string"}}
    chosen = choose_default_fields(member, item=True, kind="read", listed=True, entity=("member",))
    assert "profile.username" in chosen
