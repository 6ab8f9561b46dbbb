"""How well the Mystery Express bots play, and how long they think.

For 3, 4 and 5 seats:
- mixed tables: seats take the levels easy, normal, hard and random in turn (rotated every game), and
  the average number of correct final answers (0-5) is shown per level;
- one hard bot against random bots: its win share (a tie shared by k winners counts 1/k), its share
  of sole wins, and the average scores;
- thinking time of the deducing bots per decision (choose, plus the events it observed since its last
  decision): median and 99th percentile, over every decision of every game.
By default 500 games of each table, so 1,000 bot-only games at each of 3, 4 and 5 seats (about
2-3 minutes on one core).
Run: `make bench` or `.venv/bin/python bench/bots.py [--games N] [--jobs J]` (N games per table and
seat count).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from collections import defaultdict
from typing import Any

from kiosk.bots.me_bot import DeducingBot, bots_for
from kiosk.games import registry
from kiosk.games.base import Event

LEVELS: list[str | None] = ["easy", "normal", "hard", None]


def name(level: str | None) -> str:
    return level or "random"


def play_one(seats: int, seed: int, levels: list[str | None], thinking: dict[str, list[float]]) -> Any:
    """One game; returns its outcome. Thinking times of deducing bots go into `thinking`."""
    game = registry.get("mystery-express")
    state = game.start(seats, seed)
    bots = bots_for(levels, seed)
    since = [0.0] * seats  # observing time not yet charged to a decision
    while prompts := game.prompts(state):
        prompt = min(prompts, key=lambda p: p.seat)
        bot = bots[prompt.seat]
        view = game.view(state, prompt.seat)
        started = time.perf_counter()
        action = bot.choose(view, prompt)
        spent = time.perf_counter() - started
        if isinstance(bot, DeducingBot):
            thinking[bot.difficulty].append(spent + since[prompt.seat])
            since[prompt.seat] = 0.0
        events: list[Event] = game.apply(state, prompt.seat, action)
        for other in bots:
            started = time.perf_counter()
            other.observe([e for e in events if e.visible_to(other.seat)])
            since[other.seat] += time.perf_counter() - started
    return game.outcome(state)


Block = tuple[str, int, int, int]  # table ("mixed" or "hard_alone"), seats, first seed, games


def run_block(block: Block) -> tuple[Block, dict[str, list[float]], dict[str, list[float]]]:
    """Play a block of games; returns per-level scores (and, for hard_alone, "win" and "sole") and thinking."""
    table, seats, first, games = block
    thinking: dict[str, list[float]] = defaultdict(list)
    scores: dict[str, list[float]] = defaultdict(list)
    for seed in range(first, first + games):
        if table == "mixed":
            levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(seats)]
        else:
            levels = [None] * seats
            levels[seed % seats] = "hard"
        outcome = play_one(seats, seed, levels, thinking)
        for seat, level in enumerate(levels):
            scores[name(level)].append(outcome.scores[seat])
        if table == "hard_alone":
            hard = seed % seats
            scores["win"].append(1 / len(outcome.winners) if hard in outcome.winners else 0.0)
            scores["sole"].append(float(outcome.winners == [hard]))
    return block, scores, thinking


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per table and seat count")
    parser.add_argument("--jobs", type=int, default=1, help="processes (more than one disturbs the thinking times)")
    args = parser.parse_args()
    started = time.perf_counter()
    size = 50
    blocks: list[Block] = [
        (table, seats, offset + first, min(size, args.games - first))
        for table, offset in (("mixed", 0), ("hard_alone", 1_000_000))
        for seats in (3, 4, 5)
        for first in range(0, args.games, size)
    ]
    scores: dict[tuple[str, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    thinking: dict[str, list[float]] = defaultdict(list)
    with multiprocessing.Pool(args.jobs) as pool:
        for (table, seats, _, _), block_scores, block_thinking in pool.imap_unordered(run_block, blocks):
            for key, values in block_scores.items():
                scores[table, seats][key] += values
            for level, values in block_thinking.items():
                thinking[level] += values
    print(f"Mystery Express bots, {args.games} games per table and seat count (correct final answers, 0-5)")
    print(f"{'':>5} {'mixed tables: average per level':<31} | {'one hard bot, the others random':<31}")
    print(f"{'seats':>5} {'easy':>6} {'normal':>7} {'hard':>6} {'random':>8} | {'wins':>6} {'sole':>6} {'hard':>6} {'random':>8}")
    for seats in (3, 4, 5):
        m = {key: statistics.mean(values) for key, values in scores["mixed", seats].items()}
        h = {key: statistics.mean(values) for key, values in scores["hard_alone", seats].items()}
        print(
            f"{seats:>5} {m['easy']:>6.2f} {m['normal']:>7.2f} {m['hard']:>6.2f} {m['random']:>8.2f} |"
            f" {h['win']:>6.1%} {h['sole']:>6.1%} {h['hard']:>6.2f} {h['random']:>8.2f}"
        )
    print()
    print("thinking time per decision (choose, plus observing the events since its last decision)")
    print(f"{'level':>6} {'decisions':>10} {'median us':>10} {'p99 us':>8} {'max ms':>7}")
    for level in ("easy", "normal", "hard"):
        times = thinking[level]
        print(
            f"{level:>6} {len(times):>10} {statistics.median(times) * 1e6:>10.0f} {percentile(times, 0.99) * 1e6:>8.0f}"
            f" {max(times) * 1e3:>7.1f}"
        )
    print(f"\n{time.perf_counter() - started:.0f} s wall clock, {args.jobs} processes")


if __name__ == "__main__":
    main()
