"""The service's network, opened as far as `table.toml` needs and no further.

The unit (systemd/mystery-table.service) gives the kiosk no network: `IPAddressDeny=any` and only
local socket families. install.sh writes this module's drop-in beside it,
/etc/systemd/system/mystery-table.service.d/network.conf, from the table's `[mqtt]` and `[web]`:

- `[mqtt]` on: the broker's address. A broker named by an address is the only one allowed; a name
  ending in `.local` is found by mDNS on the café's network (`CAFE_NETWORK`); any other name is
  resolved by the kiosk when it connects, through whatever resolver the Pi has, to addresses
  that may change, so the kiosk may then reach every address (`any`): give the broker's address
  for the tightest sandbox.
- `[web]` on: the phones on the café's network reach the phone server, and it answers them. systemd
  filters the addresses of packets both ways, so the private and link-local ranges (`CAFE_NETWORK`)
  are allowed; the server may bind its own port and no other (`SocketBindAllow`: systemd enforces
  it only when built with its BPF framework, which Debian 12's systemd 252, and so Raspberry Pi OS
  Bookworm's, is not (`systemctl --version` shows -BPF_FRAMEWORK); the addresses are enforced there).
- Both off: nothing; the unit's own settings stand.

Run it again after changing either section: `sudo /opt/mystery-table/app/systemd/install.sh
--network` (it calls `python -m kiosk.appliance.network_sandbox`).
"""

from __future__ import annotations

import ipaddress
import sys
from dataclasses import dataclass

from kiosk.config import ConfigError, MqttConfig, TableConfig, WebConfig, load_config

DROP_IN = "/etc/systemd/system/mystery-table.service.d/network.conf"
RERUN = "sudo /opt/mystery-table/app/systemd/install.sh --network"
# The café's network, as far as an address tells: the private ranges and the link-local ones
# (systemd's own name for 169.254.0.0/16 and fe80::/64). A public address is never in it.
CAFE_NETWORK = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "link-local")


@dataclass(frozen=True)
class Opening:
    """What one part of the table needs from the network, and why (a comment in the drop-in)."""

    addresses: tuple[str, ...]  # IPAddressAllow= values: addresses, ranges or systemd's names (localhost, any)
    binds: tuple[str, ...]  # SocketBindAllow= values (tcp:PORT)
    why: str


def broker_opening(mqtt: MqttConfig) -> Opening:
    """The broker's address, as narrow as its `host` lets it be known before the kiosk starts."""
    host = mqtt.host.strip("[]")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None:
        allowed = "localhost" if address.is_loopback else str(address)
        return Opening((allowed,), (), f"[mqtt] the broker {mqtt.host} port {mqtt.port}")
    if host == "localhost":
        return Opening(("localhost",), (), f"[mqtt] the broker on this Pi, port {mqtt.port}")
    if host.endswith(".local"):
        return Opening(CAFE_NETWORK, (), f"[mqtt] the broker {host} (mDNS: on the café's network), port {mqtt.port}")
    return Opening(("any",), (), f"[mqtt] the broker {host} port {mqtt.port}: a name resolved when the kiosk "
                                 "connects, so every address (give its address in table.toml to narrow this)")


def phone_opening(web: WebConfig) -> Opening:
    """The phones on the café's network to and from the phone server's port."""
    local_only = all(ipaddress.ip_address(address).is_loopback for address in web.bind)
    where = ("localhost",) if local_only else ("localhost", *CAFE_NETWORK)
    listening = ", ".join(web.bind)
    return Opening(where, (f"tcp:{web.port}",),
                   f"[web] the phone server on {listening} port {web.port}, for phones "
                   + ("on this Pi only" if local_only else "on the café's network (private and link-local addresses)"))


def openings(config: TableConfig) -> list[Opening]:
    found = []
    if config.mqtt is not None:
        found.append(broker_opening(config.mqtt))
    if config.web.enabled:
        found.append(phone_opening(config.web))
    return found


def network_drop_in(config: TableConfig) -> str:
    """The drop-in's text for this configuration."""
    source = config.path or "the built-in defaults"
    lines = [f"# Mystery Table: the network {source} needs. Written by install.sh; after changing",
             f"# [mqtt] or [web] there, run: {RERUN}"]
    needed = openings(config)
    if not needed:
        lines += ["# [mqtt] and [web] are off: no network (the unit's IPAddressDeny=any and", "# RestrictAddressFamilies stand).",
                  "[Service]"]
        return "\n".join(lines) + "\n"
    lines += [f"# {opening.why}" for opening in needed]
    addresses = list(dict.fromkeys(address for opening in needed for address in opening.addresses))
    if "any" in addresses:
        addresses = ["any"]
    binds = list(dict.fromkeys(bind for opening in needed for bind in opening.binds))
    lines += ["[Service]", "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6",
              f"IPAddressAllow={' '.join(addresses)}"]
    lines += [f"SocketBindAllow={bind}" for bind in binds]
    # Listening: the phone server's port only (a client binds nothing); where systemd has +BPF_FRAMEWORK.
    lines.append("SocketBindDeny=any")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """`python -m kiosk.appliance.network_sandbox TABLE_TOML`: print the drop-in."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m kiosk.appliance.network_sandbox TABLE_TOML", file=sys.stderr)
        return 2
    try:
        config = load_config(args[0])
    except ConfigError as error:
        print(f"{error}\n(fix it, then run: {RERUN})", file=sys.stderr)
        return 1
    sys.stdout.write(network_drop_in(config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
