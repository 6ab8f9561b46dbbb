"""Helpers for the Watson & Holmes tests: games set up and rigged to a known position."""

from __future__ import annotations

import copy
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any

import yaml

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes.case import CASES_DIR, Case, parse_case
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.games.watson_holmes.state import WHState

GAME = WatsonHolmes()
TUTORIAL = "lamplighter"
FULL = "thornbury-clock"


def raw_case(name: str = "tutorial-lamplighter") -> dict[str, Any]:
    """The decoded YAML of a bundled case, to be changed by a test."""
    return yaml.safe_load((CASES_DIR / f"{name}.yaml").read_text(encoding="utf-8"))


def game_with(*cases: Case) -> WatsonHolmes:
    return WatsonHolmes({case.id: case for case in cases})


def case_from(raw: dict[str, Any], source: str = "test.yaml") -> Case:
    return parse_case(copy.deepcopy(raw), source)


def started(seats: int = 3, seed: int = 1, game: WatsonHolmes = GAME, first: int = 0, **options: Any) -> WHState:
    """A new game where seat `first` holds the Diary and visits first; characters as dealt."""
    state = game.start(seats, seed, options)
    state.diary = state.turn = first
    return state


def no_characters(state: WHState) -> None:
    for p in state.players:
        p.character = None


def give(state: WHState, seat: int, character: str) -> None:
    state.players[seat].character = character
    state.players[seat].character_state = "hidden"


def act(state: WHState, seat: int, kind: str, *args: Any, game: WatsonHolmes = GAME) -> list[Event]:
    return game.apply(state, seat, Action(kind, tuple(args)))


def visit(state: WHState, seat: int, card: str, bid: int | None = 0, token: str | None = None, game: WatsonHolmes = GAME) -> list[Event]:
    """Choose a card and, for a location card, bid (0 = walking); 221B with questions not yet open
    is confirmed."""
    events = act(state, seat, "visit", card, game=game)
    if any(p.kind == "confirm_221b" for p in game.prompts(state)):
        events += act(state, seat, "go", game=game)
    if bid is not None and "card" in state.pending:
        events += act(state, seat, "bid", *((bid,) if token is None else (bid, token)), game=game)
    return events


def prompt_for(state: WHState, seat: int, game: WatsonHolmes = GAME) -> Prompt:
    prompts = [p for p in game.prompts(state) if p.seat == seat]
    assert len(prompts) == 1, (seat, prompts)
    return prompts[0]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def one(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def finish_reading(state: WHState, game: WatsonHolmes = GAME) -> list[Event]:
    """Everyone reading closes their card (no police placed)."""
    events: list[Event] = []
    while state.stage == "reading":
        p = game.prompts(state)[0]
        events += game.apply(state, p.seat, Action("done"))
    return events


def answer_all(state: WHState, seat: int, answers: dict[str, Any], game: WatsonHolmes = GAME) -> list[Event]:
    """Answer every question at 221B: a picked option, or True/False for a self-graded question
    (written on paper first, then compared with the key once the whole sheet is written)."""
    events: list[Event] = []
    while any(p.seat == seat and p.kind == "answer" for p in game.prompts(state)):
        prompt = prompt_for(state, seat, game)
        question = prompt.data["question"]
        kind = prompt.actions[0].kind
        args = (question,) if kind == "written" else (question, answers[question])
        events += game.apply(state, seat, Action(kind, args))
    return events


def free_text_thornbury() -> Case:
    """Thornbury with its question 5 asked as free text, as it once was: no bundled case asks for
    free text any more, and the self-graded answer still needs a case to be tested on."""
    raw = raw_case("thornbury-clock")
    q5 = raw["case"]["questions"][4]
    del q5["choices"]
    q5.update(answer_kind="FREE_TEXT", accepted=[{"en": "The forged bank draft for £2,000, paid to Captain Hugh Morland",
                                                  "es": "El talón falsificado de 2000 libras, pagado al capitán Hugh Morland"}])
    return case_from(raw, "thornbury-clock.yaml")


RIGHT_TUTORIAL = {"Q1": "marsh", "Q2": "organ"}
WRONG_TUTORIAL = {"Q1": "pryce", "Q2": "organ"}


def texts_of(case: Case) -> dict[str, str]:
    """Every card's back text, in every language, mapped to its card id (the leak oracle)."""
    found = {}
    for card in case.cards:
        for text in (card.text or {}).values():
            found[text] = card.id
    return found


def here() -> Path:
    return Path(__file__).parent


@dataclass
class BotTables:
    """What seeded tables of investigating bots met on their way through a case, played to the end."""

    won: int = 0  # games that ended with a winner
    opened: int = 0  # games where the sealed question opened on its card, read that step
    picked: int = 0  # lockpicks used, over all games
    policed: int = 0  # police tokens handed or offered (rules 2.1), over all games
    winning_answers: list[dict[str, Any]] = field(default_factory=list)


def bot_tables(case: str, seats: int, seeds: range, sealed: str, opens_on: str) -> BotTables:
    """Seeded tables of investigating bots play `case` to the end; the question `sealed` must stay
    closed at the start and open only in a step where its card `opens_on` is read."""
    from kiosk.bots.watson_holmes_bot import WatsonHolmesBot
    from kiosk.referee.headless import play

    met = BotTables()
    for seed in seeds:
        state = GAME.start(seats, seed, {"case": case})
        assert sealed not in {q["id"] for q in GAME.view(state, 0)["case"]["questions"]}
        for step in play(GAME, state, [WatsonHolmesBot(seat, seed) for seat in range(seats)]):
            revealed = [e for e in step.events if e.kind == "question_revealed"]
            if revealed:
                read = {e.data["card"] for e in step.events if e.kind in ("card_read", "watson_reading")}
                assert revealed[0].data["question"] == sealed and opens_on in read
                met.opened += 1
            met.picked += sum(e.kind == "lockpick_used" for e in step.events)
            met.policed += sum(e.kind in ("token_gained", "token_refused") and e.data["token"] == "police" for e in step.events)
        assert state.over
        outcome = GAME.outcome(state)
        assert outcome is not None
        met.won += bool(outcome.winners)
        met.winning_answers += [state.players[seat].answers for seat in outcome.winners]
    return met
