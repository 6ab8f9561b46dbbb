"""The Mystery City board: finished at every layout and language at many moments of seeded bot games,
drawing only what the public may know, and answering taps on public choices."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from typing import Any


import pytest

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.referee.awaited import awaited
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.game import MysteryCity
from kiosk.i18n import Text, TextList
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.boards.event_log import Step
from kiosk.ui.boards.mystery_city import FRAME, ROLL_SECONDS, MysteryCityBoard
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Verbatim
from tests.ui.scene_checks import render, render_everywhere

GAME = MysteryCity()
NAMES = {card.name: card.id for card in GAME.cards.cards.values()}


@dataclasses.dataclass
class Moment:
    """A board as the table left it after one step, and everything public so far (as JSON text)."""

    board: MysteryCityBoard
    state: Any
    events: list[Event]  # the step's events, every audience
    public: str
    submitted: list[tuple[int, Action]]


def new_board(seats: int, submitted: list[tuple[int, Action]] | None = None,
              bots: frozenset[int] = frozenset()) -> MysteryCityBoard:
    sink = submitted if submitted is not None else []
    context = BoardContext("mystery-city", seats, narrator_for("mystery-city", {}),
                           lambda seat, action: sink.append((seat, action)), bots=bots)
    board = make_board(context)
    assert isinstance(board, MysteryCityBoard)
    return board


def moments(seats: int, seed: int, options: dict | None = None, *, leak: bool = False) -> Iterator[Moment]:
    """A seeded bot game, with the board fed exactly what the table gives it after each step (with
    `leak`, every event, private ones too, to prove the board throws those away)."""
    state = GAME.start(seats, seed, options)
    bots = [MysteryCityBot(s, seed) for s in range(seats)]
    submitted: list[tuple[int, Action]] = []
    board = new_board(seats, submitted)
    events = GAME.opening(state)
    public = ""
    now = 0.0
    while True:
        shown = events if leak else [e for e in events if e.audience is None]
        public += json.dumps([GAME.view(state, None), [e.data for e in events if e.audience is None]])
        board.observe(shown, now)
        board.update(GAME.view(state, None), [p for p in GAME.prompts(state) if not p.private], now, awaited(GAME.prompts(state)))
        yield Moment(board, state, events, public, submitted)
        if state.over:
            return
        prompt = min(GAME.prompts(state), key=lambda p: p.seat)
        if prompt.kind == "record_hand":
            free = [a for a in prompt.actions if a.kind == "hold" and not any(a.args[0] in h for h in state.hands)]
            action = free[0] if free and seed % 2 else prompt.actions[-1]
        else:
            action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        events = GAME.apply(state, prompt.seat, action)
        now += 1.0


def first(seats: int, seed: int, wanted: Callable[[Moment], bool], options: dict | None = None) -> Moment:
    for moment in moments(seats, seed, options):
        if wanted(moment):
            return moment
    raise AssertionError("no such moment in that game")


def kinds(*names: str) -> Callable[[Moment], bool]:
    return lambda m: any(e.kind in names for e in m.events)


def rolled(m: Moment) -> bool:
    return any(e.kind == "exchange" and any(s["rolls"] for s in e.data["sides"]) for e in m.events)


def card_names(words: object) -> set[str]:
    """Every card name inside a drawn text and its parameters."""
    if isinstance(words, TextList):
        return set().union(*(card_names(item) for item in words.items)) if words.items else set()
    if isinstance(words, Text):
        found = {NAMES[words.msgid]} if words.msgid in NAMES else set()
        for value in words.params.values():
            found |= card_names(value)
        return found
    return set()


MOMENTS: dict[str, tuple[int, int, Callable[[Moment], bool], dict | None]] = {
    "start": (4, 1, lambda m: True, None),
    "attack": (3, 7, kinds("attack"), None),
    "lead": (3, 7, kinds("card_played"), None),
    "both-cards": (2, 3, lambda m: m.state.stage == "reveal", None),
    "dice": (4, 2, rolled, None),
    "tie": (3, 42, lambda m: m.state.stage == "attribute", None),
    "ability": (3, 7, kinds("ability"), None),
    "collect": (2, 5, kinds("collect"), None),
    "eliminated": (4, 6, kinds("eliminated"), None),
    "over": (3, 8, lambda m: m.state.over, None),
    "register": (2, 3, lambda m: True, {"deck": "nfc"}),
}


@pytest.mark.parametrize("name", sorted(MOMENTS))
def test_the_board_looks_finished_at_every_layout(name):
    seats, seed, wanted, options = MOMENTS[name]
    moment = first(seats, seed, wanted, options)
    painters = render_everywhere(f"mystery-city-{name}", lambda: moment.board)
    assert all(p.drawn for p in painters)
    # every Mystery City decision is taken on the seats: the only buttons are the log's
    assert all(isinstance(t.value, Step) for p in painters for t in p.targets)


def test_the_board_shows_hand_sizes_the_revolver_and_who_is_out():
    moment = first(4, 6, kinds("eliminated"))
    painter = render(moment.board, LAYOUTS["800x480"], "en")
    texts = [d.text for d in painter.drawn]
    out = next(e.data["seat"] for e in moment.events if e.kind == "eliminated")
    assert f"Seat {out + 1}" in texts and "Out of the game" in texts
    for player in GAME.view(moment.state, None)["players"]:
        assert str(player["hand_size"]) in texts
    assert "Turn order: Clockwise" in texts


def test_the_end_names_the_winner():
    moment = first(3, 8, lambda m: m.state.over)
    texts = [d.text for d in render(moment.board, LAYOUTS["720x1280"], "es").drawn]
    assert f"¡Gana el puesto {moment.state.winner + 1}!" in texts


def test_an_end_by_the_same_hands_a_third_time_says_so_not_all_cards():
    """The kiosk's stalemate resolution (flow.stalemate): the winner holds the most cards, not all."""
    moment = first(2, 7, lambda m: m.state.over)
    assert moment.state.ended_by == "stalemate"
    cards = len(moment.state.hands[moment.state.winner])
    for lang, said in (("en", f"The most cards ({cards}) when the same hands came back, after"),
                       ("es", f"Más cartas que nadie ({cards}) al repetirse las manos, tras")):
        texts = [d.text for d in render(moment.board, LAYOUTS["800x480"], lang).drawn]
        assert any(t.startswith(said) for t in texts), texts
        assert not any("cards in play" in t or "cartas en juego" in t for t in texts)


@pytest.mark.parametrize(("seats", "seed", "deck"), [(2, 11, "virtual"), (3, 12, "virtual"), (4, 13, "virtual"),
                                                     (4, 14, "virtual"), (3, 15, "nfc"), (2, 16, "nfc")])
def test_the_board_draws_only_public_names_even_when_fed_private_events(seats, seed, deck):
    checked = 0
    for step, moment in enumerate(moments(seats, seed, {"deck": deck}, leak=True)):
        checked += public_cards_only(step, moment, moment.board)
    assert checked > 50


def public_cards_only(step: int, moment: Any, board: Any, now: float = 0.0) -> int:
    """Draw the board at this step (landscape and portrait, English and Spanish by turns) and check
    that every card it names is public; how many names it checked."""
    layout = (LAYOUTS["800x480"], LAYOUTS["720x1280"])[step % 2]
    painter = render(board, layout, ("en", "es")[step % 2], now)
    named = [card for drawn in painter.drawn for card in card_names(drawn.source)]
    for card in named:
        assert f'"{card}"' in moment.public, f"step {step}: the board drew {card}, which is not public"
    return len(named)


def test_dice_tumble_only_while_they_roll():
    moment = first(4, 2, rolled)
    board = moment.board
    thrown = board.rolled_at
    assert thrown is not None
    assert board.next_frame(thrown) == FRAME
    assert board.next_frame(thrown + ROLL_SECONDS + 0.01) is None
    rolls = [side["rolls"][-1] for side in board.exchange["sides"] if side["rolls"]]
    faces = [pips for pair in rolls for pips in pair]
    assert board.dice_faces(rolls, thrown + ROLL_SECONDS + 0.01) == faces  # settled: the roll itself
    assert board.dice_faces(rolls, thrown - 10.0) == faces  # a clock from before the throw shows no motion
    tumbling = {tuple(board.dice_faces(rolls, thrown + k * FRAME)) for k in range(int(ROLL_SECONDS / FRAME))}
    assert len(tumbling) > 3 and all(1 <= p <= 6 for seen in tumbling for p in seen)
    render_everywhere("mystery-city-dice-tumbling", lambda: board, now=thrown + 0.3)


def test_an_idle_board_asks_for_no_frame():
    moment = first(3, 7, kinds("attack"))
    assert moment.board.next_frame(100.0) is None


def public_prompt(seats: int, seed: int, kind: str) -> tuple[MysteryCityBoard, Prompt, list[tuple[int, Action]]]:
    """A moment of a real game with one of its prompts turned public, as a table could choose to."""
    state = first(seats, seed, lambda m: any(p.kind == kind for p in GAME.prompts(m.state))).state
    prompt = next(p for p in GAME.prompts(state) if p.kind == kind)
    submitted: list[tuple[int, Action]] = []
    board = new_board(seats, submitted)
    board.update(GAME.view(state, None), [dataclasses.replace(prompt, private=False)], 0.0)
    return board, prompt, submitted


def test_a_public_attack_takes_two_taps_the_attribute_then_the_rival():
    board, prompt, submitted = public_prompt(4, 1, "attack")
    painters = render_everywhere("mystery-city-attack-choice", lambda: board)
    painter = painters[0]
    rivals = [t for t in painter.targets if isinstance(t.value, tuple) and isinstance(t.value[1], Action)]
    assert not rivals  # no rival before an attribute
    strength = next(t for t in painter.targets if t.value == ("attribute", "ST"))
    board.tap(painter.hit(strength.rect.center), 0.0)
    painter = render(board, LAYOUTS["1024x600"], "es")
    rival = next(t for t in painter.targets if isinstance(t.value, tuple) and isinstance(t.value[1], Action))
    board.tap(painter.hit(rival.rect.center), 0.0)
    assert len(submitted) == 1
    seat, action = submitted[0]
    assert seat == prompt.seat and action in prompt.actions and action.args[0] == "ST"


def test_public_card_choices_are_buttons_that_submit_the_card():
    board, prompt, submitted = public_prompt(2, 3, "play_card")
    painters = render_everywhere("mystery-city-card-choice", lambda: board)
    for painter in painters:
        submitted.clear()
        for target in painter.targets:
            board.tap(painter.hit(target.rect.center), 0.0)
        plays = [action for _, action in submitted]
        assert plays and all(action in prompt.actions for action in plays)
        assert {seat for seat, _ in submitted} == {prompt.seat}


def test_bot_seats_get_no_buttons():
    board, prompt, _ = public_prompt(2, 3, "play_card")
    bots_board = new_board(2, bots=frozenset({prompt.seat}))
    bots_board.update(board.view, [dataclasses.replace(prompt, private=False)], 0.0)
    targets = render(bots_board, LAYOUTS["800x480"], "en").targets
    assert not [t for t in targets if not isinstance(t.value, Step)], "only the log answers a touch"


def test_many_public_choices_page_with_a_more_button():
    state = GAME.start(2, 9, {"deck": "nfc"})
    (prompt,) = GAME.prompts(state)
    submitted: list[tuple[int, Action]] = []
    board = new_board(2, submitted)
    board.update(GAME.view(state, None), [dataclasses.replace(prompt, private=False)], 0.0)
    render_everywhere("mystery-city-many-choices", lambda: board)
    offered: set[Action] = set()
    for _ in range(len(prompt.actions)):
        painter = render(board, LAYOUTS["800x480"], "es")
        offered |= {t.value[1] for t in painter.targets if isinstance(t.value, tuple) and isinstance(t.value[1], Action)}
        more = next(t for t in painter.targets if t.value == "more")
        board.tap(painter.hit(more.rect.center), 0.0)
    assert offered == set(prompt.actions) and not submitted


def a_side_without_its_card(m: Moment) -> bool:
    """A duel in which a side of the exchange under way has no card on the table any more."""
    combat = m.board.view.get("combat") if m.board.view else None
    if not combat:
        return False
    on_table = {c["seat"] for c in combat["table"]}
    return any(s["seat"] not in on_table for s in combat["exchanges"][-1]["sides"])


def test_an_empty_card_slot_has_no_total_beside_it():
    """After an exchange a side whose card has left the table shows its empty slot, not "= 15"."""
    moment = first(2, 1, a_side_without_its_card, None)
    for painter in render_everywhere("mystery-city-empty-slot", lambda: moment.board):
        totals = [d.text for d in painter.drawn if isinstance(d.source, Verbatim) and "=" in d.text]
        assert len(totals) <= 1, totals  # the side that still has its card, at most


@pytest.mark.parametrize("kind, seats, seed", [("play_card", 2, 3), ("attack", 4, 1)])
def test_a_row_of_public_choices_is_set_at_one_size(kind, seats, seed):
    """Each button shrank on its own: a short card name stood larger than a long one beside it."""
    board, prompt, _ = public_prompt(seats, seed, kind)
    for layout in (LAYOUTS["800x480"], LAYOUTS["720x1280"]):
        for lang in ("en", "es"):
            painter = render(board, layout, lang)
            rows_of_buttons: dict[int, set[int]] = {}
            for rect, label in painter.buttons:
                rows_of_buttons.setdefault(rect.top, set()).add(label.pixels)
            assert rows_of_buttons
            for top, sizes in rows_of_buttons.items():
                assert len(sizes) == 1, f"{kind} at {layout.name} in {lang}: the row at {top} mixes sizes {sizes}"


def a_couple_on_the_table(m: Moment) -> bool:
    return any(e.kind == "card_played" and e.data["side"]["partner"] is not None for e in m.events)


@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 4)])
def test_the_couples_heart_covers_no_total(seats, seed):
    """Seen in a trial: the heart of a couple sat on the left card's total, "= 12" read "= ♥2"."""
    moment = first(seats, seed, a_couple_on_the_table, None)
    for painter in render_everywhere(f"mystery-city-couple-{seats}-{seed}", lambda: moment.board):
        hearts = [d.rect for d in painter.drawn if d.text == "♥"]
        totals = [d.rect for d in painter.drawn if isinstance(d.source, Verbatim) and "=" in d.text]
        assert hearts and totals
        assert not any(h.colliderect(t) for h in hearts for t in totals), (hearts, totals)
