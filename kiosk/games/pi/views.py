"""What each seat, and the public touchscreen, may know (rules 15, digital referee notes).

Views are built from a whitelist: a field reaches a view only if it is named here, so a new piece of
state stays private until someone decides it may be shown. Never shown to anyone: what each marker
on an investigator is about, and the cases a seat solves (its own until it solves or the mini-game
ends). A seat's view adds the case it holds (its left neighbour's) and its own notes, and with the
`hint` option what is still possible for its own case, per kind (worked out from that view alone).

What a screen draws from them (the touchscreen and seat screens do not exist yet):
- the city map: `rules.layout` places the 14 postcards (row, column); `board` gives each location's
  suspect and crime tile (None: a blank tile); `tiles` the markers on each tile by seat, drawn in
  `players[seat].colour`; `investigators` each counter with its markers (already in a random
  order), and `links` the tiles its markers were moved to; `guess` the black discs of an attempt.
- the evidence display to tap: `display`, `deck` (a count), `discard`, each player's `kept` cards;
  the `turn` prompt pairs each tap with its action (`investigate`, `evidence`, `solve`).
- scores: `players` (investigators left, penalties, points per mini-game, total, solving round and
  solution), `round`, `first`, `active`, `minigame`; `history` is this mini-game's public log;
  `past` the end of each mini-game (every case revealed, the points); `result` the end of the game.
- a seat's screen: `you.holding` (the three cards it holds and whose case they are), `you.notes`
  (marker id -> the tile it believes), the private `notes` prompt, and `you.hint` when enabled.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.pi.deduce import candidates
from kiosk.games.pi.rules import KINDS, Rules, element_key
from kiosk.games.pi.scoring import result_data, score, total
from kiosk.games.pi.setup import board
from kiosk.games.pi.state import PIState, left


def public_view(rules: Rules, state: PIState) -> dict[str, Any]:
    slots = board(rules, state)
    view: dict[str, Any] = {
        "game": "pi",
        "seats": state.seats,
        "minigame": state.minigame,
        "minigames": rules.minigames,
        "round": state.round,
        "round_limit": state.options["round_limit"],
        "first": state.first,
        "active": None if state.over else state.active,
        "stage": state.stage,
        "board": [{"location": loc, "suspect": slots[loc]["SUSPECT"], "crime": slots[loc]["CRIME"]} for loc in rules.locations],
        "tiles": {element: {str(seat): kind for seat, kind in sorted(owners.items())} for element, owners in sorted(state.tiles.items()) if owners},
        "investigators": [
            {
                "id": inv.id,
                "seat": inv.seat,
                "location": inv.location,
                "markers": [{"id": m.id, "kind": m.kind} for m in inv.markers],
                "links": list(inv.links),
            }
            for inv in state.investigators
        ],
        "display": list(state.display),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "players": [
            {
                "seat": seat,
                "colour": rules.colours[seat],
                "investigators_left": p.investigators_left,
                "penalties": p.penalties,
                "scores": list(p.scores),
                "total": total(rules, p),
                "solved_round": p.solved_round,
                "solution": dict(state.cases[seat]) if p.solved_round is not None else None,
                "kept": list(p.kept),
            }
            for seat, p in enumerate(state.players)
        ],
        "guess": dict(state.guess),
        "history": [dict(entry) for entry in state.history],
        "past": [dict(entry) for entry in state.past],
        "over": state.over,
    }
    if state.over:
        view["result"] = result_data(score(rules, state))
    return view


def seat_view(rules: Rules, state: PIState, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    view = dict(public) if public is not None else public_view(rules, state)
    owner = left(seat, state.seats)
    holding = dict(state.cases[owner])
    you: dict[str, Any] = {
        "seat": seat,
        "holding": {"owner": owner, "case": holding},
        "notes": dict(sorted(state.players[seat].notes.items())),
    }
    if state.options["hint"] and not state.over and state.players[seat].solved_round is None:
        # Worked out from this very view, so it can tell the seat nothing it could not deduce itself.
        cases = candidates(rules, view, seat, holding)
        you["hint"] = {"count": len(cases), **{kind: sorted({c[i] for c in cases}, key=element_key) for i, kind in enumerate(KINDS)}}
    view["you"] = you
    return view
