"""What uploads may do (upstream/files.py): the folder a file argument's ``path`` may read from
(``<PREFIX>_UPLOAD_DIR``; none: paths are refused) and the size cap (``<PREFIX>_MAX_UPLOAD_BYTES``).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_UPLOAD_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class UploadPolicy:
    """``env``: the variables' prefix, named in errors."""

    folder: str | None = None
    max_bytes: int = MAX_UPLOAD_BYTES
    env: str = "<PREFIX>"
