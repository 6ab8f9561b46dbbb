"""Engine speed of every registered game: whole random-bot games per second and actions per second.

Each figure is the median of several runs; every run plays fresh seeds. Bots choose from views and
prompts, as at the table, so the figures include building one view per decision.
Run: `make bench` or `.venv/bin/python bench/engine.py [--games N] [--runs K]`.
"""

from __future__ import annotations

import argparse
import statistics
import time

from kiosk.games import registry
from kiosk.referee.headless import play, random_bots


def one_run(game_id: str, seats: int, games: int, first_seed: int) -> tuple[float, float]:
    game = registry.get(game_id)
    actions = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = game.start(seats, seed)
        actions += sum(1 for _ in play(game, state, random_bots(seats, seed)))
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per seat count (the median is shown)")
    args = parser.parse_args()
    for game_id in registry.ids():
        info = registry.get(game_id).info
        print(f"{info.names['en']} engine, random bots, median of {args.runs} runs of {args.games} games")
        print(f"{'seats':>5} {'games/s':>9} {'actions/s':>10} {'us/action':>10}")
        for seats in range(info.min_seats, info.max_seats + 1):
            runs = [one_run(game_id, seats, args.games, run * args.games) for run in range(args.runs)]
            games_per_s = statistics.median(r[0] for r in runs)
            actions_per_s = statistics.median(r[1] for r in runs)
            print(f"{seats:>5} {games_per_s:>9.1f} {actions_per_s:>10.0f} {1e6 / actions_per_s:>10.1f}")
        print()

if __name__ == "__main__":
    main()
