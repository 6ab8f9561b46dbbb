"""Subcommands of the `kiosk` command, one module each."""
