"""Open a file inside a folder with no window between the check and the open.

Resolving a path, checking that it stays inside the folder and then opening it are three steps:
whoever can write in the folder can swap a sub-folder for a symlink to ``/`` between them, and
the open reads a file outside (a race that wins often enough). Here the path is walked one
name at a time, each opened relative to the descriptor of the folder it is in, without following
a symlink (``O_NOFOLLOW``). A symlink met on the way is read and its target walked the same
way, from the folder holding it; ``..`` goes back up the folders already open and never above
the upload folder. What is checked is what is opened: the descriptors hold the folders, so
swapping one afterwards changes nothing.

The file is opened non-blocking (a FIFO would otherwise hang the server until somebody writes
to it) and must be a regular file, as the descriptor itself says (``fstat``).

Where the platform has no ``dir_fd`` opens or ``O_NOFOLLOW`` (Windows), the path is resolved and
checked, then the opened file must be the very file checked (same device and inode).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path, PurePosixPath

MAX_LINKS = 40  # as the kernel's own limit: a symlink loop ends as an error


class OutsideFolder(Exception):
    """The path leads out of the folder (``..`` above it, an absolute path or symlink elsewhere)."""


class NotRegularFile(Exception):
    """The path names something other than a regular file; ``kind``: "a folder", "a FIFO"..."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
WALKS = os.open in os.supports_dir_fd and os.readlink in os.supports_dir_fd
WALKS = WALKS and hasattr(os, "O_NOFOLLOW")


def open_inside(folder: str, path: str) -> tuple[int, str]:
    """(descriptor, name) of the regular file ``path`` (relative to ``folder``, or absolute
    inside it) names; raises OutsideFolder, NotRegularFile or the OSError of the open."""
    root = Path(folder).expanduser().resolve()
    relative = _relative(root, Path(folder).expanduser(), path)
    if not WALKS:
        return _open_checked(root, relative)
    return _walk(root, relative)


def _relative(root: Path, given: Path, path: str) -> list[str]:
    """``path``'s names below the folder (an absolute path must start with the folder)."""
    pure = PurePosixPath(path.replace(os.sep, "/"))
    if pure.is_absolute() or os.path.isabs(path):
        for base in (root, given.absolute()):
            if pure.is_relative_to(PurePosixPath(base.as_posix())):
                return list(pure.relative_to(PurePosixPath(base.as_posix())).parts)
        raise OutsideFolder()
    return list(pure.parts)


def _walk(root: Path, names: list[str]) -> tuple[int, str]:
    folders = [os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)]
    pending = list(reversed(names))  # a stack: the next name is pending[-1]
    links = 0
    try:
        while pending:
            name = pending.pop()
            if name in ("", "."):
                continue
            if name == "..":
                if len(folders) == 1:
                    raise OutsideFolder()
                os.close(folders.pop())
                continue
            try:
                fd = os.open(name, _FLAGS, dir_fd=folders[-1])
            except OSError as exc:
                target = _link_target(name, folders[-1], exc)
                links += 1
                if links > MAX_LINKS:
                    raise OSError(errno.ELOOP, "too many symbolic links") from None
                if os.path.isabs(target):  # from the top again, if it is inside at all
                    pending.extend(reversed(_relative(root, root, target)))
                    while len(folders) > 1:
                        os.close(folders.pop())
                else:
                    pending.extend(reversed(PurePosixPath(target).parts))
                continue
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode):
                folders.append(fd)
            elif any(n not in ("", ".") for n in pending):
                os.close(fd)
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
            else:
                return _regular(fd, mode), name
        raise NotRegularFile("a folder")
    finally:
        for fd in folders:
            os.close(fd)


def _link_target(name: str, folder: int, failure: OSError) -> str:
    """The target of the symlink ``name`` that made the no-follow open fail, else re-raise."""
    if failure.errno not in (errno.ELOOP, errno.EMLINK):
        raise failure
    try:
        return os.readlink(name, dir_fd=folder)
    except OSError:
        raise failure from None


def _regular(fd: int, mode: int) -> int:
    if stat.S_ISREG(mode):
        return fd
    os.close(fd)
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else None
    raise NotRegularFile(kind or "a device or other special file")


def _open_checked(root: Path, names: list[str]) -> tuple[int, str]:
    """Without descriptor-relative opens: resolve, check, open, then make sure the file opened
    is the file checked."""
    target = root.joinpath(*names).resolve()
    if not target.is_relative_to(root):
        raise OutsideFolder()
    if target.is_dir():
        raise NotRegularFile("a folder")
    fd = os.open(target, _FLAGS)
    opened = os.fstat(fd)
    try:
        checked = os.stat(target)
    except OSError:
        checked = None
    if checked is None or (checked.st_dev, checked.st_ino) != (opened.st_dev, opened.st_ino):
        os.close(fd)
        raise OutsideFolder()  # swapped between the check and the open
    return _regular(fd, opened.st_mode), target.name
