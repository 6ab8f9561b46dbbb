"""The games: one package per game, each a pure rules engine behind the contract in `base`."""
