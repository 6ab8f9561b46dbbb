"""The café's tables as heard on the broker: each one's status, state and health, and statistics of
the games finished in a period (count and average duration, per game and per table).

Fed with every message under `mystery-table/` (`heard`); a game is counted once however it was heard
(live `game_finished`, or a table's retained `history`, or both): a table and the game's id name it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

TOPICS = ("status", "state", "health", "history", "game_finished")


@dataclass(frozen=True)
class Period:
    """From `since` (inclusive) to `until` (exclusive), as UNIX times; None: open on that side."""

    since: float | None = None
    until: float | None = None

    def holds(self, at: float) -> bool:
        return (self.since is None or at >= self.since) and (self.until is None or at < self.until)


@dataclass
class Fleet:
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)  # table id -> status, state, health
    games: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)  # (table, id) -> game, finished_at, duration_s

    def heard(self, topic: str, payload: bytes) -> tuple[str, dict[str, Any]] | None:
        """Take one message in. Returns (table, game) when it is a finished game heard for the first time."""
        parts = topic.split("/")
        if len(parts) != 3 or parts[0] != "mystery-table" or parts[2] not in TOPICS:
            return None
        table, leaf = parts[1], parts[2]
        if not payload:  # a table taken off the broker (its retained topics emptied)
            self.tables.pop(table, None)
            return None
        try:
            data = payload.decode() if leaf == "status" else json.loads(payload)
        except (UnicodeError, ValueError):
            return None
        if leaf == "history" and isinstance(data, list):
            for game in data:
                self._game(table, game)
            return None
        if leaf == "game_finished" and isinstance(data, dict):
            return (table, data) if self._game(table, data) else None
        if leaf != "history":
            self.tables.setdefault(table, {})[leaf] = data
        return None

    def _game(self, table: str, game: Any) -> bool:
        try:
            key = (table, int(game["id"]))
            entry = {"game": str(game["game"]), "finished_at": datetime.fromisoformat(game["finished_at"]).timestamp(),
                     "duration_s": float(game["duration_s"])}
        except (KeyError, TypeError, ValueError):
            return False
        if key in self.games:
            return False
        self.games[key] = entry
        return True

    def complete(self) -> bool:
        """Every table heard of has said its status, state and health."""
        return all({"status", "state", "health"} <= set(found) for found in self.tables.values())

    def counted(self, period: Period) -> int:
        return sum(1 for game in self.games.values() if period.holds(game["finished_at"]))

    def stats(self, period: Period) -> dict[str, dict[str, dict[str, float]]]:
        """{"by_game": {game: {"games": n, "average_s": s}}, "by_table": {table: {...}}} for `period`."""
        groups: dict[str, dict[str, list[float]]] = {"by_game": {}, "by_table": {}}
        for (table, _), game in sorted(self.games.items()):
            if period.holds(game["finished_at"]):
                groups["by_game"].setdefault(game["game"], []).append(game["duration_s"])
                groups["by_table"].setdefault(table, []).append(game["duration_s"])
        return {
            name: {key: {"games": len(durations), "average_s": round(sum(durations) / len(durations))}
                   for key, durations in sorted(group.items())}
            for name, group in groups.items()
        }

    def to_json(self, period: Period) -> dict[str, Any]:
        return {
            "tables": {table: {leaf: found.get(leaf) for leaf in ("status", "state", "health")}
                       for table, found in sorted(self.tables.items())},
            "period": {"since": _local(period.since), "until": _local(period.until)},
            **self.stats(period),
        }


def _local(at: float | None) -> str | None:
    return None if at is None else datetime.fromtimestamp(at).astimezone().isoformat()
