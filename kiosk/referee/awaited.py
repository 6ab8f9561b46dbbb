"""Who the table waits for, and for what, in words that tell nothing private.

Built from the game's prompts reduced to `Awaited` (a seat and the kind of its prompt: never the
prompt's choices or data, which may name cards in a hand) and from public view facts (whose turn it
is). The touchscreen's status line ("Miss Pemberton: show a card to Colonel MacDouglas") and a seat's
"Your move" screen ("show a card to Colonel MacDouglas") read the same words, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kiosk.games.base import Prompt
from kiosk.i18n import N_, Text

# game id -> prompt kind -> what the seat is asked, as an imperative that reads after "Seat 2:" and
# on the seat's own "Your move" screen. `{active}` is whose turn it is (a public view fact); nothing
# else is filled in.
DOING: dict[str, dict[str, str]] = {
    "mystery-express": {
        "character": N_("choose a character"),
        "start_car": N_("choose a starting car"),
        "turn": N_("choose where to go"),
        "grip_target": N_("choose a discard pile"),
        "grip_category": N_("choose a category"),
        "madam_stack": N_("choose the passengers"),
        "madam_category": N_("choose a category"),
        "dining_category": N_("choose a category"),
        "dining_guests": N_("invite guests to dine"),
        "dining_show": N_("show a card to {active}"),
        "lounge_category": N_("choose a category"),
        "lounge_show": N_("reveal a card"),
        "passenger_category": N_("choose a category"),
        "passenger_pass": N_("choose a card to pass"),
        "sleeping_target": N_("choose whom to visit"),
        "sleeping_hide": N_("hide the travel bag"),
        "sleeping_guess": N_("guess which hand"),
        "sleeping_category": N_("choose a category"),
        "smoking_category": N_("choose a category"),
        "smoking_targets": N_("choose two smokers"),
        "smoking_give": N_("give a card to {active}"),
        "smoking_return": N_("give a card back"),
        "power_target": N_("choose a power target"),
        "power_show": N_("show a card to {active}"),
        "conductor_space": N_("talk to the Conductor"),
        "conductor_leave": N_("leave a card"),
        "tunnel": N_("peek in the tunnel"),
        "telegram": N_("write a telegram"),
        "telegram_confirm": N_("write a telegram"),
        "sudden": N_("reveal a card"),
        "final": N_("write a final answer"),
        "final_confirm": N_("write a final answer"),
    },
    "pi": {
        "turn": N_("choose an action"),
        "notes": N_("note a marker"),  # the seat's entry: "Note a marker"
        "solve_suspect": N_("name the suspect"),
        "solve_location": N_("name the location"),
        "solve_crime": N_("name the crime"),
    },
    "watson-holmes": {
        "visit": N_("visit a card"),
        "bid": N_("bid carriages"),
        "confirm_221b": N_("visit a card"),  # as "visit": the table is not told who thinks of 221B
        "outbid": N_("outbid: choose again"),
        "reading": N_("read a card"),
        "extra_read": N_("choose a card to read"),
        "watson_target": N_("pick Dr Watson's card"),
        "wait_221b": N_("ready at 221B?"),
        "answer": N_("answer the questions"),  # not "answer Holmes": a newcomer took it for the Holmes card
        "holmes_judge": N_("judge for Holmes"),
    },
    "mystery-city": {
        "record_hand": N_("tap the cards in hand"),
        "attack": N_("choose an attack"),
        "counterattack": N_("counterattack"),  # in a new attribute: there is no giving in (rules 5.1)
        "play_card": N_("play a card"),
        "reveal": N_("use ability or go on"),
        "aftermath": N_("end the combat"),  # the winner is known: each fighter may still use an ability
    },
}


# P.I.: the turn after which the case ends whatever happens (rules 10, A5): its seat is the only one
# still unsolved, or it is the house rule's last round. Two trials' newcomers let it pass unwarned.
LAST_TURN = N_("last turn of the case")

SEAT = "Seat {n}"  # how every narrator names a seat that has no character
ANY_CHOICE = N_("make a choice")


@dataclass(frozen=True)
class Awaited:
    """A seat the table waits for and the kind of its prompt: all that may leave the prompt."""

    seat: int
    kind: str


def awaited(prompts: Iterable[Prompt]) -> tuple[Awaited, ...]:
    """The seats awaited now, in seat order (a seat's prompts in the game's order), once each."""
    unique = dict.fromkeys(Awaited(p.seat, p.kind) for p in prompts)
    return tuple(sorted(unique, key=lambda a: a.seat))


def doing(game_id: str, kind: str, view: dict[str, Any], narrator: Any) -> Text:
    """What a prompt of `kind` asks, from the public facts of `view` only. A kind without words of
    its own (the tests fail on one) still reads as a choice rather than stopping the table."""
    msgid = LAST_TURN if last_turn(game_id, kind, view) else DOING.get(game_id, {}).get(kind, ANY_CHOICE)
    params: dict[str, Any] = {}
    if "{active}" in msgid:
        params["active"] = narrator.seat(view["active"])
    return Text(msgid, params)


def last_turn(game_id: str, kind: str, view: dict[str, Any]) -> bool:
    """Whether a P.I. turn is the seat's last of the case, from public facts (who has solved, the round)."""
    if game_id != "pi" or kind != "turn":
        return False
    limit = view.get("round_limit")
    alone = sum(player.get("solved_round") is None for player in view.get("players") or ()) == 1
    return alone or bool(limit and view.get("round", 0) >= limit)


def status_line(game_id: str, waiting: Iterable[Awaited], view: dict[str, Any], narrator: Any) -> Text | None:
    """The touchscreen's line: each group of seats asked the same thing, named, then what for.

    "Miss Pemberton: show a card to Colonel MacDouglas · Doctor Strauss: choose where to go"; a seat
    asked two things at once names both ("Seat 2: choose a place, a card or Solve; note a marker");
    when every seat of the game is asked the same, "Everyone: write a telegram". None when nobody is
    awaited.
    """
    asked: dict[str, tuple[Text, list[int]]] = {}  # by message: the same words whatever the kind
    for entry in waiting:
        words = doing(game_id, entry.kind, view, narrator)
        _, seats = asked.setdefault(words.msgid, (words, []))
        if entry.seat not in seats:
            seats.append(entry.seat)
    groups: dict[tuple[int, ...], Text] = {}  # the same seats asked several things: one name, all of them
    for words, seats in asked.values():
        key = tuple(sorted(seats))
        held = groups.get(key)
        groups[key] = words if held is None else Text(N_("{first}; {then}"), {"first": held, "then": words})
    if not groups:
        return None
    total = int(view.get("seats") or len(view.get("players") or ()))
    parts = [
        Text(N_("{seats}: {doing}"), {"seats": _names(list(seats), total, narrator), "doing": words})
        for seats, words in groups.items()
    ]
    line = parts[0]
    for part in parts[1:]:
        line = Text(N_("{first} · {then}"), {"first": line, "then": part})
    return line


def _names(seats: list[int], total: int, narrator: Any) -> Text:
    if len(seats) > 1 and len(seats) == total:
        return Text(N_("Everyone"))
    names = [narrator.seat(seat) for seat in sorted(seats)]
    if len(names) == 1:
        return names[0]
    if all(name.msgid == SEAT for name in names):  # no characters yet: "Seats 1, 2 and 4"
        numbers = [str(seat + 1) for seat in sorted(seats)]
        return Text(N_("Seats {first} and {last}"), {"first": ", ".join(numbers[:-1]), "last": numbers[-1]})
    listed = names[0]
    for name in names[1:-1]:
        listed = Text(N_("{first}, {then}"), {"first": listed, "then": name})
    return Text(N_("{first} and {last}"), {"first": listed, "last": names[-1]})
