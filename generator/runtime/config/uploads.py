"""What uploads may do (upstream/files.py): the folder a file argument's ``path`` may read from
(``<PREFIX>_UPLOAD_DIR``; none: paths are refused) and the size cap (``<PREFIX>_MAX_UPLOAD_BYTES``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .environment import int_default


@dataclass(frozen=True)
class UploadPolicy:
    """``env``: the variables' prefix, named in errors."""

    folder: str | None = None
    max_bytes: int = int_default("MAX_UPLOAD_BYTES")
    env: str = "<PREFIX>"
