"""What the café may ask a table over MQTT: end the game in play, restart the kiosk, feature a game
on the attract screen (Home Assistant's buttons and select, `kiosk.fleet.discovery`).

Who may ask is the broker's business: a command reaches the table only from a user the broker's ACL
lets write `mystery-table/<table_id>/command` (README, "Home Assistant"). The table carries it out with
the very actions of the touchscreen's admin menu (`Controls`, given by whoever runs the table), on
the main loop's thread (paho's thread only puts it in the `Inbox`). A command that cannot be carried
out now (no game in play, a game the table does not have, a payload that is no command) changes
nothing and is logged once, saying why. A retained message is never a command: it would be carried
out again at every reconnect.
"""

from __future__ import annotations

import json
import logging
import queue
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from kiosk.games import registry

log = logging.getLogger("kiosk")

NAMES = ("end_game", "restart", "feature")


@dataclass(frozen=True)
class Command:
    name: str
    game: str | None = None  # `feature`: the game's id


def parse(payload: bytes) -> Command | str:
    """The command in a message, or why it is none (for the log)."""
    try:
        found = json.loads(payload.decode("utf-8"))
    except (UnicodeError, ValueError):
        return f"not JSON: {payload[:80]!r}"
    if not isinstance(found, dict) or found.get("command") not in NAMES:
        return f"not a command ({', '.join(NAMES)}): {json.dumps(found)[:80]}"
    game = found.get("game")
    if found["command"] == "feature":
        if game not in registry.ids():
            return f"feature: no game {game!r} at this table (one of {', '.join(registry.ids())})"
        return Command("feature", str(game))
    return Command(str(found["command"]))


class Inbox:
    """Commands heard on paho's thread, for the main loop to carry out."""

    def __init__(self) -> None:
        self._found: queue.SimpleQueue[Command | str] = queue.SimpleQueue()

    def heard(self, client: Any, userdata: Any, message: Any) -> None:
        """paho's `on_message`: only the table's command topic is subscribed to."""
        if message.retain:
            self._found.put(f"a retained message on {message.topic} (commands are never retained)")
        else:
            self._found.put(parse(bytes(message.payload)))

    def take(self) -> list[Command | str]:
        found = []
        while True:
            try:
                found.append(self._found.get_nowait())
            except queue.Empty:
                return found


@dataclass
class Controls:
    """The admin menu's actions, as the table running now offers them (None: not at this table, such as
    a headless one's attract screen)."""

    in_play: Callable[[], bool]  # a game is in play (not over)
    end_game: Callable[[], None] | None = None
    restart: Callable[[], None] | None = None
    feature: Callable[[str], None] | None = None
    featured: Callable[[], str | None] = lambda: None  # the game the attract screen features now
    resumable: Callable[[], str | None] = lambda: None  # the game (id) waiting on the touchscreen's resume offer


def carry_out(found: Command | str, controls: Controls | None, table_id: str) -> bool:
    """Do one command (True), or log once why not and change nothing (False)."""
    if isinstance(found, str):
        log.warning("mqtt: table %s ignored a message on its command topic: %s", table_id, found)
        return False
    action: Callable[[], None] | None = None
    if controls is not None:
        if found.name == "end_game":
            action = controls.end_game
            if action is not None and not controls.in_play():
                log.warning("mqtt: table %s: end_game not done: no game in play", table_id)
                return False
        elif found.name == "restart":
            action = controls.restart
        elif controls.feature is not None and found.game is not None:
            action = partial(controls.feature, found.game)
    if action is None:
        log.warning("mqtt: table %s: %s not done: this table runs without its touchscreen", table_id, found.name)
        return False
    log.info("mqtt: table %s: %s%s, asked on the command topic", table_id, found.name,
             f" {found.game}" if found.game else "")
    action()
    return True
