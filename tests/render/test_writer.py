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
    assert info.value.diagnostics[0].code == "out-not-generated"
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
    assert info.value.diagnostics[0].code == "hand-edited"
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
    assert info.value.diagnostics[0].code == "user-file-clash"
    assert (target / "new.txt").read_text() == "mine"


def test_a_file_in_the_way_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "demo-mcp"
    target.write_text("not a dir")
    with pytest.raises(GenerationError) as info:
        write_package(target, FILES, generator_version="0")
    assert info.value.diagnostics[0].code == "out-not-directory"
