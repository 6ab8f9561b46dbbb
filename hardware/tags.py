"""`TagRegistry`: which card or token a tag stands for.

A tag is identified by its NDEF text first (`mt1:<game>:<id>`, written by `kiosk tags write`: it
travels with the sticker, so a deck works on any table), then by its UID in a SQLite table (filled
by `kiosk tags learn`, for stickers that cannot or need not be written). Anything else is an
`UnknownTag`, with the reason, never a guess.

A tag's text is anyone's to write: players are told only "unknown card" (and which game a tag of
another game belongs to, `UnknownTag.game`); the reason, for the operator and the journal, quotes the
text cut short to printable characters.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from kiosk.i18n import N_, Text

PREFIX = "mt1"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


@dataclass(frozen=True)
class TagMatch:
    game: str
    card: str
    source: str  # "ndef" or "uid"


@dataclass(frozen=True)
class UnknownTag:
    uid: str
    text: str | None
    reason: Text  # why, for the operator (never shown to players: it may quote the tag's text)
    game: str | None = None  # the game the tag names, when it is another game's


def tag_text(game: str, card: str) -> str:
    """The NDEF text that names `card` of `game`: `mt1:<game>:<card>`."""
    for part in (game, card):
        if not _ID.match(part):
            raise ValueError(f"{part!r} cannot go on a tag: use letters, digits, '.', '_' or '-'")
    return f"{PREFIX}:{game}:{card}"


def parse_tag_text(text: str) -> tuple[str, str] | None:
    """(game, card) from `mt1:<game>:<card>`, None if the text is not ours or malformed."""
    parts = text.split(":")
    if len(parts) != 3 or parts[0] != PREFIX or not all(_ID.match(p) for p in parts[1:]):
        return None
    return parts[1], parts[2]


QUOTED_LENGTH = 40


def quoted(text: str) -> str:
    """A stranger's tag text as an operator may see it: printable ASCII only, at most 40 characters."""
    shown = "".join(c if " " <= c <= "~" else "?" for c in text[:QUOTED_LENGTH])
    return shown + ("..." if len(text) > QUOTED_LENGTH else "")


class TagRegistry:
    """Tag -> card id. `path` is a SQLite file (or ":memory:"); safe to use from several threads."""

    def __init__(self, path: Path | str = ":memory:") -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS tags ("
                " uid TEXT PRIMARY KEY, game TEXT NOT NULL, card TEXT NOT NULL,"
                " written INTEGER NOT NULL DEFAULT 0,"
                " learned_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def resolve(self, uid: str, text: str | None, game: str | None = None) -> TagMatch | UnknownTag:
        """The card this tag names, for `game` if given."""
        uid = uid.upper()
        match: TagMatch | None = None
        if text is not None and text.startswith(f"{PREFIX}:"):
            parsed = parse_tag_text(text)
            if parsed is None:
                return UnknownTag(uid, text, Text(N_("malformed tag text {text!r}, expected mt1:<game>:<id>"), {"text": quoted(text)}))
            match = TagMatch(parsed[0], parsed[1], "ndef")
        else:
            row = self._row(uid)
            if row is not None:
                match = TagMatch(row[0], row[1], "uid")
        if match is None:
            return UnknownTag(uid, text, Text(N_("tag not in the registry")))
        if game is not None and match.game != game:
            reason = Text(N_("tag belongs to {tagged}, not {game}"), {"tagged": match.game, "game": game})
            return UnknownTag(uid, text, reason, match.game)
        return match

    def knows(self, uid: str) -> bool:
        return self._row(uid.upper()) is not None

    def learn(self, uid: str, game: str, card: str, *, written: bool = False) -> None:
        tag_text(game, card)  # validates the ids
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tags (uid, game, card, written) VALUES (?, ?, ?, ?)"
                " ON CONFLICT(uid) DO UPDATE SET game = excluded.game, card = excluded.card,"
                " written = excluded.written, learned_at = CURRENT_TIMESTAMP",
                (uid.upper(), game, card, int(written)),
            )

    def forget(self, uid: str) -> None:
        with self._lock, self._db:
            self._db.execute("DELETE FROM tags WHERE uid = ?", (uid.upper(),))

    def cards(self, game: str, *, written: bool | None = None) -> dict[str, str]:
        """card id -> UID of every tag registered for `game` (only written ones if `written`)."""
        query = "SELECT card, uid FROM tags WHERE game = ?"
        args: tuple[object, ...] = (game,)
        if written is not None:
            query += " AND written = ?"
            args += (int(written),)
        with self._lock:
            return dict(self._db.execute(query + " ORDER BY learned_at, card", args).fetchall())

    def _row(self, uid: str) -> tuple[str, str] | None:
        with self._lock:
            row = self._db.execute("SELECT game, card FROM tags WHERE uid = ?", (uid,)).fetchone()
        return (row[0], row[1]) if row else None
