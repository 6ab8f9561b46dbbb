"""Subcommands of the `kiosk` command, one module each.

May import every room below the command line: each subcommand wires the referee, the touchscreen,
the fleet and the hardware together.
"""
