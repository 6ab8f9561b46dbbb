"""Watson & Holmes tables of bots, before (RandomBot) and after (the investigating bot).

For every bundled case, N seeded games of 3 bots each; per bot and case: how often the table ends
with a winner, the average round of the win (games with a winner), the carriages spent per bot
(bids with their zone fares, carriages lost when outbid, Watson and Holmes; gains not subtracted),
and how many rounds games last.
Run: `.venv/bin/python bench/wh_bots.py [--games N] [--seats S]` (default 50 games per case, about
40 s in all on one core; `--games 200` for the issue's figures, about 2.5 minutes).

Measured 2026-12-03, `--games 200`, 3 bots, the four bundled cases (The Portrait of the Lady in Grey
replacing the Wapping case, issue #29; Thornbury Hall as mended since the 2026-12-02 run, when it gave
the investigator 91.0%, win round 13.7; before its first revision, 77%, win round 16.0).

    case             bot                     winner win round  rounds spent/bot
    lamplighter      random (before)          15.0%       7.0     8.5      11.8
    lamplighter      investigator (after)     99.0%       3.6     3.6       5.1
    corinna-silk     random (before)           0.0%         -    10.6      12.9
    corinna-silk     investigator (after)     98.0%       8.7     8.8       9.5
    thornbury-clock  random (before)           0.5%       7.0    13.4      13.6
    thornbury-clock  investigator (after)     84.5%      14.3    14.7      12.1
    lady-in-grey     random (before)           0.0%         -    17.7      13.4
    lady-in-grey     investigator (after)     98.0%       8.7     8.7       7.6

The Brighton Pomeranian (issue #36, a case for two or three), measured 2026-12-04 with `--games 200`:
at 3 bots, random 7.0% (win round 8.1), investigator 94.5% (win round 6.3, 6.4 rounds); at 2 bots
(`run` alone, 200 games), random 5.5%, investigator 87.0% (win round 7.8).

The Fire in the Orchid House (issue #36, a case for five to seven, skipped at fewer seats), measured
2026-12-04, 200 seeded games at each size (`run` alone): at 5 bots, random 0.0%, investigator 100.0%
(win round 14.3); at 6, random 2.0%, investigator 100.0% (12.7); at 7, random 2.0%, investigator
100.0% (11.9).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from kiosk.bots import Bot
from kiosk.bots.random_bot import RandomBot
from kiosk.bots.watson_holmes_bot import WatsonHolmesBot
from kiosk.games import registry
from kiosk.referee.headless import play

BOTS: dict[str, Callable[[int, int], Bot]] = {"random (before)": RandomBot, "investigator (after)": WatsonHolmesBot}


def spent(events: list[Any]) -> int:
    total = 0
    for e in events:
        if e.kind == "bids_paid":
            total += sum(p["carriages"] for p in e.data["payments"])
        elif e.kind in ("watson_taken", "holmes_used"):
            total += e.data["cost"]
        elif e.kind == "outbid":
            total += e.data["lost"]
    return total


def run(case: str, make: Callable[[int, int], Bot], games: int, seats: int) -> dict[str, float]:
    game = registry.get("watson-holmes")
    won, win_rounds, rounds, carriages = 0, [], [], []
    for seed in range(games):
        state = game.start(seats, seed, {"case": case})
        bots = [make(seat, seed) for seat in range(seats)]
        total = 0
        for step in play(game, state, bots):
            total += spent(step.events)
        outcome = game.outcome(state)
        assert outcome is not None
        rounds.append(outcome.detail["rounds"])
        carriages.append(total / seats)
        if outcome.winners:
            won += 1
            win_rounds.append(outcome.detail["rounds"])
    return {
        "won": won / games,
        "win_round": statistics.mean(win_rounds) if win_rounds else float("nan"),
        "rounds": statistics.mean(rounds),
        "carriages": statistics.mean(carriages),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="seeded games per case and bot (200 for the issue)")
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args()
    game = registry.get("watson-holmes")
    cases = next(o.choices for o in game.info.options if o.name == "case")
    print(f"{args.games} games per case, {args.seats} bots at the table")
    print(f"{'case':<20} {'bot':<22} {'winner':>7} {'win round':>9} {'rounds':>7} {'spent/bot':>9} {'ms/game':>8}")
    for case in cases or ():
        if not game.cases[case].min_players <= args.seats <= game.cases[case].max_players:
            print(f"{case:<20} (a case for {game.cases[case].min_players}-{game.cases[case].max_players} players: --seats)")
            continue
        for name, make in BOTS.items():
            started = time.perf_counter()
            r = run(case, make, args.games, args.seats)
            ms = (time.perf_counter() - started) * 1000 / args.games
            print(
                f"{case:<20} {name:<22} {r['won']:>7.1%} {r['win_round']:>9.1f} {r['rounds']:>7.1f} {r['carriages']:>9.1f} {ms:>8.0f}"
            )


if __name__ == "__main__":
    main()
