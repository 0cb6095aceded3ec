"""A change's two sides kept together (``shaping/pairs.py``, issue 33, round 32): the lines a
changed file or a commit added come with those it deleted (``additions`` and ``deletions``,
``insertions`` and ``deletions``), on a list's item as on one resource: the count of added lines
alone says half of what changed. Synthesized shapes (a diff's files, a commit's stats)."""

from generator.runtime.shaping.defaults import choose_default_fields

FILE = {
    "sha": "string",
    "filename": "string",
    "status": "string:enum",
    "additions": "integer",
    "deletions": "integer",
    "changes": "integer",
    "blob_url": "string:uri",
    "raw_url": "string:uri",
    "contents_url": "string:uri",
    "patch": "string",
}
STATS = {
    "id": "string",
    "title": "string",
    "insertions": "integer",
    "deletions": "integer",
    "files_changed": "integer",
    "created_at": "string:time",
}


def test_a_changed_files_additions_bring_its_deletions():
    chosen = choose_default_fields(FILE, item=True, kind="read")
    assert "additions" in chosen, chosen
    assert "deletions" in chosen, chosen


def test_a_commits_insertions_bring_its_deletions_on_its_page():
    chosen = choose_default_fields(STATS, item=False, kind="read")
    if "insertions" in chosen or "deletions" in chosen:
        assert "insertions" in chosen and "deletions" in chosen, chosen
    listed = choose_default_fields(STATS, item=True, kind="read")
    assert ("insertions" in listed) == ("deletions" in listed), listed


def test_an_added_time_brings_no_deleted_time():
    member = {"id": "string", "name": "string", "added_at": "string:time",
              "deleted_at": "string:time"}  # fmt: skip
    chosen = choose_default_fields(member, item=True, kind="read")
    assert "deleted_at" not in chosen, chosen
