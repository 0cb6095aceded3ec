"""The writer swaps whole packages in atomically and never clobbers what it did not write."""

from pathlib import Path

import pytest

from generator.diagnostics import GenerationError
from generator.render.writer import MANIFEST, write_package

FILES = {"a.txt": b"one\n", "pkg/b.py": b"x = 1\n"}


def test_writes_files_and_a_manifest(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    report = write_package(target, FILES, generator_version="0")
    assert (target / "a.txt").read_bytes() == b"one\n"
    assert (target / "pkg/b.py").read_bytes() == b"x = 1\n"
    assert (target / MANIFEST).is_file()
    assert report.written == 2
    assert [p.name for p in tmp_path.iterdir()] == ["demo-mcp"]  # no temp leftovers


def test_refuses_a_directory_it_did_not_generate(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    target.mkdir()
    (target / "precious.txt").write_text("mine")
    with pytest.raises(GenerationError) as info:
        write_package(target, FILES, generator_version="0")
    assert info.value.diagnostics[0].code == "OUT_NOT_GENERATED"
    assert (target / "precious.txt").read_text() == "mine"
    assert not (target / "a.txt").exists()


def test_an_empty_existing_directory_is_fine(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    target.mkdir()
    write_package(target, FILES, generator_version="0")
    assert (target / "a.txt").exists()


def test_hand_edited_files_stop_regeneration_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    write_package(target, FILES, generator_version="0")
    (target / "pkg/b.py").write_bytes(b"x = 2  # my fix\n")
    with pytest.raises(GenerationError) as info:
        write_package(target, FILES, generator_version="0")
    assert info.value.diagnostics[0].code == "OUT_HAND_EDITED"
    assert "pkg/b.py" in info.value.diagnostics[0].message
    assert (target / "pkg/b.py").read_bytes() == b"x = 2  # my fix\n"
    report = write_package(target, FILES, generator_version="0", force=True)
    assert report.replaced_edits == ("pkg/b.py",)
    assert (target / "pkg/b.py").read_bytes() == b"x = 1\n"


def test_user_files_survive_regeneration_and_stale_generated_files_go(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    write_package(target, FILES, generator_version="0")
    (target / "hooks.py").write_text("# mine")
    write_package(target, {"a.txt": b"two\n"}, generator_version="0")
    assert (target / "hooks.py").read_text() == "# mine"
    assert (target / "a.txt").read_bytes() == b"two\n"
    assert not (target / "pkg/b.py").exists()


def test_a_user_file_where_a_generated_file_goes_is_a_clash(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    write_package(target, {"a.txt": b"one\n"}, generator_version="0")
    (target / "new.txt").write_text("mine")
    with pytest.raises(GenerationError) as info:
        write_package(target, {"a.txt": b"one\n", "new.txt": b"gen"}, generator_version="0")
    assert info.value.diagnostics[0].code == "OUT_USER_FILE_CLASH"
    assert (target / "new.txt").read_text() == "mine"


def test_a_file_in_the_way_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    target.write_text("not a dir")
    with pytest.raises(GenerationError) as info:
        write_package(target, FILES, generator_version="0")
    assert info.value.diagnostics[0].code == "OUT_NOT_DIRECTORY"


def test_scaffold_files_are_written_once_and_stay_out_of_the_manifest(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    scaffold = {"pkg/hooks.py": b"# yours\n"}
    report = write_package(target, FILES, generator_version="0", scaffold=scaffold)
    assert report.created_scaffold == ("pkg/hooks.py",)
    assert "pkg/hooks.py" not in (target / MANIFEST).read_text()
    (target / "pkg/hooks.py").write_bytes(b"# my hook\n")
    report = write_package(target, FILES, generator_version="0", scaffold=scaffold)
    assert report.created_scaffold == () and report.kept_user_files == ("pkg/hooks.py",)
    assert (target / "pkg/hooks.py").read_bytes() == b"# my hook\n"
    with pytest.raises(ValueError):
        write_package(target, FILES, generator_version="0", scaffold={"a.txt": b""})


def test_pinned_files_keep_their_content_and_report_when_stale(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    pinned = frozenset({"a.txt"})
    write_package(target, FILES, generator_version="0", pinned=pinned)
    changed = {**FILES, "a.txt": b"two\n", "pkg/b.py": b"x = 3\n"}
    report = write_package(target, changed, generator_version="0", pinned=pinned)
    assert report.stale_pinned == ("a.txt",)
    assert (target / "a.txt").read_bytes() == b"one\n"  # kept
    assert (target / "pkg/b.py").read_bytes() == b"x = 3\n"
    again = write_package(target, changed, generator_version="0", pinned=pinned)
    assert again.replaced_edits == ()  # the kept content is what the manifest records
    report = write_package(target, changed, generator_version="0")  # not pinned: updated
    assert (target / "a.txt").read_bytes() == b"two\n" and report.stale_pinned == ()
