"""`kiosk config check [FILE]`: validate a table configuration and say what it describes."""

from __future__ import annotations

import argparse
from typing import Any

from kiosk.appliance.admin_pin import DEFAULT_PIN, PIN_FILE, PinFile
from kiosk.config import ConfigError, TableConfig, load_config
from kiosk.i18n import N_, Text, _, counted


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("config", help=_("check the table configuration"))
    actions = parser.add_subparsers(dest="config_action", required=True)
    check = actions.add_parser("check", help=_("validate a table.toml and print what it found"))
    check.add_argument("file", nargs="?", default=None, help=_("the file (default: table.toml)"))
    check.set_defaults(handler=check_config)


def say(msgid: str, **params: Any) -> None:
    print(Text(msgid, params).render())


def check_config(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as error:
        for problem in error.problems:
            print(problem)
        print(counted("{count} problem: the table will not start with this file.",
                      "{count} problems: the table will not start with this file.", len(error.problems)).render())
        return 1
    if config.off:
        return say_sections_off(config)
    say(N_("{file}: valid."), file=str(config.path) if config.path else _("built-in defaults (no table.toml found)"))
    say(N_("Backend: {backend}; language: {lang}; data: {data}"),
        backend=config.backend, lang=config.language, data=str(config.data_dir))
    say(N_("I2C bus {bus} at {speed} Hz, multiplexer mode: {mux}"),
        bus=config.i2c.bus, speed=config.i2c.speed_hz, mux=config.i2c.mux)
    if any(bus.mux == "user" for bus in config.buses().values()):
        say(N_("Shared writes: what several seat screens show alike is sent once to all of them "
               "(config.txt must have no i2c-mux overlay for a bus whose mode is user)."))
    for seat in config.seats:
        display = seat.display
        say(N_("Seat {n}: {model} at 0x{address:02X} on channel {channel}, rotation {rotation}"),
            n=seat.index + 1, model=display.model, address=display.address, channel=display.channel,
            rotation=display.rotation)
    for n in range(len(config.seats) + 1, config.seat_count + 1):
        say(N_("Seat {n}: phone only (no screen or buttons): its link is on the touchscreen"), n=n)
    reader = Text(N_("reader on {port}"), {"port": config.reader.port}) if config.reader.enabled else Text(N_("no reader"))
    whistle = Text(N_("buzzer on")) if config.whistle.enabled else Text(N_("buzzer off"))
    say(N_("{reader}; {whistle}; assist: {assist}"), reader=reader, whistle=whistle, assist=config.assist)
    say_admin_pin(config)
    return 0


def say_admin_pin(config: TableConfig) -> None:
    """Which PIN opens the admin menu; a warning while it is still the shipped default."""
    if config.admin_pin != DEFAULT_PIN:
        say(N_("Admin PIN: set in {file}."), file=config.path.name if config.path else "table.toml")
    elif PinFile(config.data_dir / PIN_FILE).read() is not None:
        say(N_("Admin PIN: chosen on the touchscreen (kept in {file})."), file=str(config.data_dir / PIN_FILE))
    else:
        say(N_("Warning: admin_pin is the default {pin}, which anyone can look up. Set your own in table.toml; "
               "until then the touchscreen asks for a new PIN before it opens the admin menu."), pin=DEFAULT_PIN)


def say_sections_off(config: TableConfig) -> int:
    """Mistakes in optional sections: each named, and what the table does about them (plays without
    that part); 1, as for any mistake, so a script checking the file notices."""
    problems = [problem for section in config.off for problem in section.problems]
    for problem in problems:
        print(problem)
    for section in config.off:
        say(N_("[{section}] is off until this is fixed: the table plays without it."), section=section.section)
    print(counted("{count} problem.", "{count} problems.", len(problems)).render())
    return 1
