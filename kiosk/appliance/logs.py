"""Log lines for the journal: one line each, with a priority journald understands.

Under systemd (JOURNAL_STREAM set) each line starts with a `<N>` syslog priority, which journald
strips and records, so `journalctl -p warning` works; elsewhere lines carry the time and the level.
A traceback is folded into its line ("... ValueError: bad thing at reader.py:201"): one event, one
line. What is logged is the table's life (start, games started and finished, parts failing and
coming back), never a card: log calls name games, seats and parts, not what anyone holds.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback

PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3, logging.CRITICAL: 2}


class OneLine(logging.Formatter):
    def __init__(self, journal: bool) -> None:
        super().__init__("%(name)s: %(message)s" if journal else "%(asctime)s %(levelname)s %(name)s: %(message)s",
                         datefmt="%H:%M:%S")
        self.journal = journal

    def format(self, record: logging.LogRecord) -> str:
        exc_info, record.exc_info, record.exc_text = record.exc_info, None, None
        try:
            line = super().format(record)
        finally:
            record.exc_info = exc_info
        if exc_info is not None and exc_info[1] is not None:
            error = exc_info[1]
            where = traceback.extract_tb(exc_info[2])[-1] if exc_info[2] is not None else None
            place = f" at {os.path.basename(where.filename)}:{where.lineno}" if where is not None else ""
            line += f" ({type(error).__name__}: {error}{place})"
        line = " | ".join(part for part in line.splitlines() if part.strip())
        return f"<{PRIORITY.get(record.levelno, 6)}>{line}" if self.journal else line


def setup_logging() -> None:
    """Log to stderr, one line per record: everything from INFO up to the journal under systemd; on a
    terminal only warnings and errors, which do not drown what the command itself prints."""
    journal = bool(os.environ.get("JOURNAL_STREAM"))
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine(journal))
    handler.setLevel(logging.INFO if journal else logging.WARNING)
    root = logging.getLogger()
    root.handlers[:] = [h for h in root.handlers if not isinstance(h.formatter, OneLine)] + [handler]
    root.setLevel(logging.INFO)
