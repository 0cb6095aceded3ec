"""File arguments of uploads (a multipart file part, a whole binary body): a path or base64.

A file argument is an object: ``content`` (the bytes, base64) or ``path`` (a file the server
reads), with an optional ``filename`` and ``content_type``. Reading files of the server's
machine is what an agent could not do otherwise, so ``path`` is off unless the operator names
the folder files may be read from (``<PREFIX>_UPLOAD_DIR``): a path is read relative to it and
must stay inside it once symlinks are resolved, walked without a window between check and open
(folder_files.py), and name a regular file. Control characters are refused in ``path``,
``filename`` and ``content_type``; errors name the file as the caller gave it, never the
folder's location or what else is in it. Every upload is capped
(``<PREFIX>_MAX_UPLOAD_BYTES``, default 20 MiB) before it is read or decoded whole. Every
refusal says what to do, and nothing is sent.
"""

from __future__ import annotations

import base64
import binascii
import mimetypes
import os
from dataclasses import dataclass
from typing import Any

from ..config.uploads import UploadPolicy
from ..errors import InvalidArguments
from .folder_files import NotRegularFile, OutsideFolder, open_inside
from .media import is_concrete

# The input schema of a file argument (the generator lists it; the server validates it).
FILE_ARGUMENT: dict[str, Any] = {
    "type": "object",
    "description": "A file: `content` (its bytes, base64) or `path` (a file in the folder the "
    "server may upload from); optional `filename` and `content_type`.",
    "properties": {
        "content": {"type": "string", "contentEncoding": "base64", "examples": ["aGVsbG8K"]},
        "path": {"type": "string"},
        "filename": {"type": "string"},
        "content_type": {"type": "string"},
    },
    "oneOf": [{"required": ["content"]}, {"required": ["path"]}],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class Upload:
    filename: str
    content: bytes
    content_type: str


def read_upload(arg: str, value: Any, policy: UploadPolicy, declared: str | None = None) -> Upload:
    """The file ``value`` of argument ``arg`` names; ``declared``: the media type the
    description gives the part or body (used when the caller gives none and it is concrete)."""
    if not isinstance(value, dict):
        raise InvalidArguments(
            f'File argument {arg!r} must be an object: {{"content": "<base64>"}} or '
            f'{{"path": "<file>"}}, with an optional filename and content_type.'
        )
    has_path, has_content = value.get("path") is not None, value.get("content") is not None
    if has_path == has_content:
        raise InvalidArguments(
            f"File argument {arg!r} takes exactly one of `content` (base64) and `path`"
            f" (got {'both' if has_path else 'neither'})."
        )
    if has_path:
        data, name = _read_path(arg, str(value["path"]), policy)
    else:
        data, name = _decode(arg, value["content"], policy), arg
    filename = str(value.get("filename") or name)
    _refuse_control(arg, "filename", filename)
    content_type = value.get("content_type")
    if content_type:
        _refuse_control(arg, "content_type", str(content_type))
    else:
        guessed = mimetypes.guess_type(filename)[0]
        content_type = declared if is_concrete(declared) else guessed or "application/octet-stream"
    return Upload(filename, data, str(content_type))


def _read_path(arg: str, raw: str, policy: UploadPolicy) -> tuple[bytes, str]:
    if not policy.folder:
        raise InvalidArguments(
            f"File argument {arg!r}: uploading from a path is off on this server. Send the file"
            f" as `content` (base64), or set {policy.env}_UPLOAD_DIR to the folder files may be"
            " read from."
        )
    _refuse_control(arg, "path", raw)
    folder = f"{policy.env}_UPLOAD_DIR"
    try:
        fd, name = open_inside(policy.folder, raw)
    except OutsideFolder:
        raise InvalidArguments(
            f"File argument {arg!r}: {raw!r} is outside {folder}; only files inside it can be"
            " uploaded. Nothing was sent."
        ) from None
    except NotRegularFile as exc:
        raise InvalidArguments(
            f"File argument {arg!r}: {raw!r} is {exc.kind}, not a regular file. Nothing was sent."
        ) from None
    except FileNotFoundError:
        raise InvalidArguments(
            f"File argument {arg!r}: there is no file {raw!r} in {folder}. Nothing was sent."
        ) from None
    except OSError as exc:  # the message names the path as the caller gave it, nothing else
        raise InvalidArguments(
            f"File argument {arg!r}: {raw!r} cannot be read ({exc.strerror or type(exc).__name__})."
            " Nothing was sent."
        ) from None
    try:
        data = _read_bounded(fd, policy.max_bytes + 1)
    except OSError as exc:
        raise InvalidArguments(
            f"File argument {arg!r}: {raw!r} cannot be read ({exc.strerror or type(exc).__name__})."
            " Nothing was sent."
        ) from None
    finally:
        os.close(fd)
    _check_size(arg, len(data), policy)
    return data, name


def _read_bounded(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(1024 * 1024, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _refuse_control(arg: str, member: str, text: str) -> None:
    """NUL, line breaks and other control characters have no place in a path, a file name or a
    media type (in a part's header they would start a header of their own)."""
    bad = next((c for c in text if ord(c) < 0x20 or ord(c) == 0x7F), None)
    if bad is not None:
        raise InvalidArguments(
            f"File argument {arg!r}: `{member}` contains the control character {bad!r}; give it"
            " without control characters or line breaks. Nothing was sent."
        )


def _decode(arg: str, content: Any, policy: UploadPolicy) -> bytes:
    if not isinstance(content, str):
        raise InvalidArguments(f"File argument {arg!r}: `content` must be a base64 string.")
    text = "".join(content.split())  # line breaks of wrapped base64
    _check_size(arg, len(text) * 3 // 4, policy)
    try:
        if "-" in text or "_" in text:
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise InvalidArguments(
            f"File argument {arg!r}: `content` is not valid base64. Nothing was sent."
        ) from None


def _check_size(arg: str, size: int, policy: UploadPolicy) -> None:
    if size > policy.max_bytes:
        raise InvalidArguments(
            f"File argument {arg!r} is larger than {policy.max_bytes} bytes"
            f" ({policy.env}_MAX_UPLOAD_BYTES); nothing was sent."
        )
