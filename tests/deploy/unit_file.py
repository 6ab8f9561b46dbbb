"""The service unit as systemd reads it: its [Service] settings, with a drop-in merged in."""

from __future__ import annotations

from pathlib import Path

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "mystery-table.service"


def merged(drop_in: str) -> str:
    """The unit with a drop-in after it: systemd reads a drop-in's sections after the unit's own."""
    return UNIT.read_text(encoding="utf-8") + "\n" + drop_in


def service_settings(text: str) -> dict[str, list[str]]:
    """Each [Service] key's assignments in order (a key may be set several times: DeviceAllow=); an
    empty assignment resets the key, as systemd's list settings do."""
    settings: dict[str, list[str]] = {}
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if section != "Service":
            continue
        key, _, value = line.partition("=")
        if value == "":
            settings.pop(key, None)
        else:
            settings.setdefault(key, []).append(value)
    return settings
