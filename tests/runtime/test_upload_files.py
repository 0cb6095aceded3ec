"""Files read for uploads (upstream/files.py, folder_files.py): no window between the check and
the open, regular files only, control characters refused, and errors that name the file as the
caller gave it and nothing about the folder."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from generator.runtime.config.uploads import UploadPolicy
from generator.runtime.errors import InvalidArguments
from generator.runtime.upstream.files import read_upload

SECRET = b"OUTSIDE-SECRET: never to be uploaded"


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    inside, outside = tmp_path / "uploads", tmp_path / "private"
    (inside / "sub").mkdir(parents=True)
    outside.mkdir()
    (inside / "sub" / "note.txt").write_bytes(b"inside")
    (outside / "note.txt").write_bytes(SECRET)
    return inside, outside


def policy(folder: Path) -> UploadPolicy:
    return UploadPolicy(folder=str(folder), env="DEMO")


def test_a_folder_swapped_for_a_symlink_while_reading_never_reads_outside(folders) -> None:
    """One thread swaps ``sub`` between a real folder and a symlink to a folder outside while
    the other keeps reading ``sub/note.txt``: before the fix, about one read in fifteen
    returned the outside file."""
    inside, outside = folders
    sub, real = inside / "sub", inside / "sub-real"
    stop = threading.Event()

    def swap() -> None:
        while not stop.is_set():
            sub.rename(real)
            sub.symlink_to(outside, target_is_directory=True)
            sub.unlink()
            real.rename(sub)

    swapper = threading.Thread(target=swap, daemon=True)
    swapper.start()
    read: list[bytes] = []
    refused = 0
    deadline = time.monotonic() + 3.0
    try:
        while time.monotonic() < deadline and len(read) + refused < 20_000:
            try:
                read.append(read_upload("file", {"path": "sub/note.txt"}, policy(inside)).content)
            except InvalidArguments:
                refused += 1
    finally:
        stop.set()
        swapper.join()
    assert SECRET not in read
    assert read and refused, (len(read), refused)  # both states were met


def test_symlinks_and_dot_dot_that_stay_inside_are_followed(folders) -> None:
    inside, outside = folders
    (inside / "latest.txt").symlink_to("sub/note.txt")
    (inside / "sub" / "up").symlink_to("..", target_is_directory=True)
    (inside / "absolute.txt").symlink_to(inside / "sub" / "note.txt")
    (inside / "out").symlink_to(outside, target_is_directory=True)
    (inside / "loop").symlink_to("loop")
    for path in ("latest.txt", "sub/../sub/note.txt", "sub/up/latest.txt", "absolute.txt"):
        assert read_upload("file", {"path": path}, policy(inside)).content == b"inside", path
    assert read_upload("file", {"path": str(inside / "sub/note.txt")}, policy(inside)).filename
    for path in ("out/note.txt", "sub/up/../private/note.txt", "../private/note.txt"):
        with pytest.raises(InvalidArguments, match="outside DEMO_UPLOAD_DIR"):
            read_upload("file", {"path": path}, policy(inside))
    with pytest.raises(InvalidArguments, match="'loop' cannot be read"):
        read_upload("file", {"path": "loop"}, policy(inside))


def test_a_fifo_is_refused_at_once_instead_of_hanging(folders) -> None:
    inside, _ = folders
    os.mkfifo(inside / "pipe")
    started = time.monotonic()
    with pytest.raises(InvalidArguments, match="'pipe' is a FIFO, not a regular file"):
        read_upload("file", {"path": "pipe"}, policy(inside))
    assert time.monotonic() - started < 5.0  # opening a FIFO for reading would block for ever
    with pytest.raises(InvalidArguments, match="'sub' is a folder, not a regular file"):
        read_upload("file", {"path": "sub"}, policy(inside))


@pytest.mark.parametrize(
    ("value", "member"),
    [
        ({"path": "sub/note.txt\x00.png"}, "path"),
        ({"path": "sub/\nnote.txt"}, "path"),
        ({"content": "eA==", "filename": "a\r\nContent-Type: text/html"}, "filename"),
        ({"content": "eA==", "content_type": "text/plain\r\nX-Injected: 1"}, "content_type"),
    ],
)
def test_control_characters_are_refused_naming_the_member(folders, value, member) -> None:
    inside, _ = folders
    with pytest.raises(InvalidArguments, match=f"`{member}` contains the control character"):
        read_upload("file", value, policy(inside))


def test_errors_never_show_the_folder_or_what_is_in_it(folders) -> None:
    inside, _ = folders
    (inside / "sibling-name.txt").write_text("x")
    for path in ("gone.txt", "../private/note.txt", "sub", "sub/note.txt/x", "/etc/passwd"):
        with pytest.raises(InvalidArguments) as refused:
            read_upload("file", {"path": path}, policy(inside))
        message = str(refused.value)
        assert repr(path) in message
        assert str(inside) not in message and str(inside.parent) not in message
        assert "sibling-name" not in message and "note.txt" not in message.replace(path, "")


def test_without_descriptor_relative_opens_the_file_opened_must_be_the_one_checked(
    folders,
) -> None:
    """The fallback of platforms without ``dir_fd`` opens (Windows), run here directly."""
    from generator.runtime.upstream.folder_files import (
        NotRegularFile,
        OutsideFolder,
        _open_checked,
    )

    inside, outside = folders
    root = inside.resolve()
    fd, name = _open_checked(root, ["sub", "note.txt"])
    try:
        assert (os.read(fd, 100), name) == (b"inside", "note.txt")
    finally:
        os.close(fd)
    (inside / "out").symlink_to(outside, target_is_directory=True)
    with pytest.raises(OutsideFolder):
        _open_checked(root, ["out", "note.txt"])
    with pytest.raises(OutsideFolder):
        _open_checked(root, ["..", "private", "note.txt"])
    with pytest.raises(NotRegularFile, match="a folder"):
        _open_checked(root, ["sub"])
    os.mkfifo(inside / "pipe")
    with pytest.raises(NotRegularFile, match="a FIFO"):
        _open_checked(root, ["pipe"])
