"""The table's Watson & Holmes cases folder (`cases_dir` in table.toml) for the commands that need it."""

from __future__ import annotations

from pathlib import Path

from kiosk.config import ConfigError, TableConfig, load_config
from kiosk.errors import UserError
from kiosk.games import registry
from kiosk.games.watson_holmes.library import set_cases_dir


def use_cases_folder(config: TableConfig) -> None:
    """The cases of the table's folder are offered with the bundled ones (read again now)."""
    set_cases_dir(config.cases_dir)
    registry.refresh()


def use_configured_cases_folder(config_path: Path | None = None) -> TableConfig:
    """As `use_cases_folder`, with the table.toml found as every command finds it."""
    try:
        config = load_config(config_path)
    except ConfigError as error:
        raise UserError("; ".join(error.problems)) from None
    use_cases_folder(config)
    return config
