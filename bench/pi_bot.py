"""P.I. deducing bot: how soon it solves and how often it wins, against random bots and against itself.

One deducing bot in seat 0, random bots in the other seats (then: deducing bots in every seat).
Printed per seat count: the share of mini-games the bot solved, its average solving round (the
number of turns it took, 1-based), its wrong attempts per game, its win rate, and games per second.
Run: `make bench` or `.venv/bin/python bench/pi_bot.py [--games N]`.
"""

from __future__ import annotations

import argparse
import time

from kiosk.bots.pi_bot import DeducingBot
from kiosk.bots.random_bot import RandomBot
from kiosk.games import registry
from kiosk.referee.headless import play


def run(seats: int, games: int, everyone_deduces: bool) -> tuple[float, float, float, float, float]:
    game = registry.get("pi")
    minigames = solved = wrong = wins = 0
    rounds: list[int] = []
    started = time.perf_counter()
    for seed in range(games):
        state = game.start(seats, seed)
        bots = [
            DeducingBot(seat, seed) if seat == 0 or everyone_deduces else RandomBot(seat, seed) for seat in range(seats)
        ]
        for step in play(game, state, bots):
            for event in step.events:
                if event.data.get("seat") != 0:
                    continue
                if event.kind == "solved":
                    solved += 1
                    rounds.append(event.data["round"])
                elif event.kind == "penalty":
                    wrong += 1
        minigames += len(state.past)
        outcome = game.outcome(state)
        assert outcome is not None
        wins += 0 in outcome.winners
    elapsed = time.perf_counter() - started
    return solved / minigames, sum(rounds) / max(1, len(rounds)), wrong / games, wins / games, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per seat count")
    args = parser.parse_args()
    for everyone, title in ((False, "1 deducing bot (seat 0) against random bots"), (True, "deducing bots in every seat")):
        print(f"P.I. {title}, {args.games} games per seat count (figures for seat 0)")
        print(f"{'seats':>5} {'solved':>7} {'round':>6} {'wrong/game':>10} {'wins':>6} {'games/s':>8}")
        for seats in range(2, 6):
            solved, mean_round, wrong, wins, speed = run(seats, args.games, everyone)
            print(f"{seats:>5} {solved:>7.0%} {mean_round:>6.2f} {wrong:>10.2f} {wins:>6.0%} {speed:>8.1f}")
        print()


if __name__ == "__main__":
    main()
