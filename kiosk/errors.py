"""Errors a person can fix, shown as one clear line by the command line and the screens."""


class UserError(Exception):
    """A problem the person at the keyboard can fix: bad arguments, a broken config file."""
