"""A state held as a part that holds a one-word state of its own is said by that state
(issue 33, practitioners' yardstick: the hand-written Kubernetes servers list each volume
claim by its ``status.phase``; the defaults reduced ``status`` to the class name it holds)."""

from generator.runtime.shaping.defaults import choose_default_fields

# a claim on storage as a cluster lists it (the shape of Kubernetes' PersistentVolumeClaim)
CLAIM = {
    "apiVersion": "string", "kind": "string",
    "metadata": {"name": "string", "namespace": "string", "uid": "string",
                 "creationTimestamp": "string:time"},
    "spec": {"storageClassName": "string", "volumeName": "string"},
    "status": {"phase": "string:enum", "currentVolumeAttributesClassName": "string",
               "conditions": [{"type": "string", "status": "string"}]},
}  # fmt: skip


def test_a_status_part_is_said_by_the_state_it_holds():
    for item in (True, False):
        chosen = choose_default_fields(
            CLAIM, item=item, kind="read", listed=item, entity=("persistent", "volume", "claim")
        )
        assert "status.phase" in chosen
        assert "status.currentVolumeAttributesClassName" not in chosen


def test_a_state_object_with_no_state_of_its_own_is_still_said_by_its_name():
    issue = {"id": "string", "title": "string", "createdAt": "string:time",
             "state": {"id": "string", "name": "string", "type": "string"}}  # fmt: skip
    chosen = choose_default_fields(issue, item=True, kind="read", listed=True)
    assert "state.name" in chosen
