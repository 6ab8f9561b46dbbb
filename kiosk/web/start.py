"""Phone seats for a table: the hub and its server, when `[web] enabled = true` in table.toml."""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass
from typing import Any

from kiosk.config import WebConfig
from kiosk.web.hub import PhoneHub
from kiosk.web.server import WebError, WebServer

log = logging.getLogger(__name__)


@dataclass
class PhoneSeatsService:
    hub: PhoneHub
    server: WebServer

    def close(self) -> None:
        self.hub.end()
        self.server.stop()


def start_phone_seats(config: WebConfig, inputs: Any) -> PhoneSeatsService | None:
    """The web server listening where the configuration says, or None when it is off or cannot listen
    (logged and raised as `WebError` for the caller to say: the table plays on without phones)."""
    if not config.enabled:
        return None
    hub = PhoneHub("")
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


__all__ = ["PhoneSeatsService", "WebError", "start_phone_seats"]
