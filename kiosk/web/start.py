"""Phone seats for a table: the hub and its server, when `[web] enabled = true` in table.toml.

A table without them (turned off, a mistake in `[web]`, a port it cannot listen on) knows why
(`NoPhones`): the touchscreen says so in one line instead of showing links that cannot work, the
staff menu names the fix, and a headless mock table that needs them for its people says what to change.
"""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass
from typing import Any

from kiosk.config import TableConfig, WebConfig
from kiosk.i18n import N_, Renders, Text
from kiosk.web.hub import PhoneHub
from kiosk.web.server import WebError, WebServer

log = logging.getLogger(__name__)


@dataclass
class PhoneSeatsService:
    hub: PhoneHub
    server: WebServer

    def close(self) -> None:
        """The kiosk stops. A game in play keeps its links (in the store: they open their seats again
        when it resumes) and its phones hear nothing but the connection drop: they try again until
        the table is back. Otherwise every link dies and its phone hears why."""
        if self.hub.links.keep is None:
            self.hub.end()
        self.server.stop()


@dataclass(frozen=True)
class NoPhones:
    """Why a table has no phone seats: `detail` (what is wrong and the fix, for the staff menu), `brief`
    (the touchscreen's one line), `fix` (what to change, alone) and `reason` (the whole story for the
    terminal and the journal, when the system said more than `detail`)."""

    detail: Renders
    brief: Text
    fix: Text
    reason: str | None = None

    def said(self) -> str:
        """The terminal's and the journal's words."""
        return self.reason or self.detail.render()


def phones_off(config: TableConfig) -> NoPhones | None:
    """Why the table `config` describes has no phone seats, as far as its file says (None: it asks for them)."""
    off = config.off_because("web")
    if off is not None:
        return NoPhones(off.summary(), Text(N_("Phones cannot join: [web] in table.toml has a mistake.")),
                        Text(N_("fix [web] in table.toml")))
    if not config.web.enabled:
        return NoPhones(Text(N_("phone seats are off ([web] enabled = false in table.toml)")),
                        Text(N_("Phones cannot join: phone seats are off in table.toml.")),
                        Text(N_("set [web] enabled = true in table.toml")))
    return None


def start_phones(config: TableConfig, inputs: Any, waiting: tuple[int, dict[str, int]] | None = None
                 ) -> tuple[PhoneSeatsService | None, NoPhones | None]:
    """The phone seats listening, or why they cannot (nothing raised): the table plays on without them.
    `waiting`: the unfinished game a restart interrupted and its links' digests, live from the first
    connection (`PhoneHub.restore`)."""
    if (off := phones_off(config)) is not None:
        return None, off
    try:
        service = start_phone_seats(config.web, inputs, waiting)
    except WebError as error:
        port = config.web.port
        return None, NoPhones(Text(N_("the table cannot listen on port {port} (the journal says why)"), {"port": port}),
                              Text(N_("Phones cannot join: the table cannot listen on port {port}."), {"port": port}),
                              Text(N_("free port {port}, or set another [web] port in table.toml"), {"port": port}),
                              str(error))
    assert service is not None  # enabled, and listening
    return service, None


def start_phone_seats(config: WebConfig, inputs: Any, waiting: tuple[int, dict[str, int]] | None = None
                      ) -> PhoneSeatsService | None:
    """The web server listening where the configuration says, or None when it is off or cannot listen
    (logged and raised as `WebError` for the caller to say: the table plays on without phones)."""
    if not config.enabled:
        return None
    hub = PhoneHub("")
    if waiting is not None:
        hub.restore(*waiting)
    server = WebServer(config, hub, inputs).start()
    hub.base_url = config.url or f"http://{public_host(config)}:{server.port}"
    return PhoneSeatsService(hub, server)


def public_host(config: WebConfig) -> str:
    """The address a phone reaches the table by: the one address it listens on, or, listening on
    every address, this machine's address on its network (no packet is sent to find it)."""
    specific = [a for a in config.bind if a not in ("0.0.0.0", "::")]
    if specific:
        address = specific[0]
        return f"[{address}]" if ":" in address else address
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the route, sends nothing
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


__all__ = ["NoPhones", "PhoneSeatsService", "WebError", "phones_off", "start_phone_seats", "start_phones"]
