"""The games: one package per game, each a pure rules engine behind the contract in `base`.

May import the translation layer only: pure rules, no I/O, no clock, no global random.
"""
