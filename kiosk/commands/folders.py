"""The folders a command writes into (`--data`, `--out`): made if missing, refused with a message if not."""

from __future__ import annotations

from pathlib import Path

from kiosk.errors import UserError
from kiosk.i18n import N_, Text


def folder_to_write(folder: Path) -> Path:
    """`folder`, created if needed. Raises UserError if it cannot be: a file is there, no permission,
    a read-only card, a name too long."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(Text(N_("{folder}: cannot be used as a folder: {detail}"),
                             {"folder": str(folder), "detail": error.strerror or str(error)}).render()) from None
    return folder
