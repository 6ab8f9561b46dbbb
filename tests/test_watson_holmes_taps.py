"""Watson & Holmes with the published box (the `physical` option): a location card's NFC tag, laid on
the simulated PN532, chooses that card for the seat whose visiting turn it is, end to end through the
referee; an unknown tag and a card not asked for change nothing and say why on the seats."""

from __future__ import annotations

from hardware.events import TagSeen
from hardware.sim.pn532 import SimTag
from hardware.tags import tag_text
from kiosk.games.base import Action, Prompt
from kiosk.referee.table import CARD_ACTIONS, card_choices
from tests.table_support import PATIENCE, settle, table_referee

GAME = "watson-holmes"
HUMANS = (0, 1)
BOTS = (2, 3)
OPTIONS = {"physical": True, "characters": False, "case": "lamplighter"}


def make_referee(mock_table, tmp_path, seed=4, options=OPTIONS):
    return table_referee(mock_table, tmp_path, GAME, seed, options=options, bots=BOTS, reveal_seconds=60.0)


def human_prompt(session) -> Prompt:
    prompts = [p for p in session.game.prompts(session.state) if p.seat in HUMANS]
    assert len(prompts) == 1, prompts
    return prompts[0]


def lay(mock_table, referee, tag: SimTag) -> None:
    """A person lays the tag on the reader; the reader's thread reports it; the referee handles it."""
    mock_table.tap(tag)
    try:
        for _ in range(100):  # the reader's poller reports the tap within a few polls
            event = mock_table.table.events.get(timeout=PATIENCE)
            referee.handle(event)
            if isinstance(event, TagSeen):
                return
        raise AssertionError("the reader never reported the tag")
    finally:
        mock_table.lift()


def card_tag(card: str, uid: str = "04A1B2C3D4E501") -> SimTag:
    return SimTag.ntag213(uid, text=tag_text(GAME, card))


def test_a_tapped_card_is_the_visit_of_the_seat_whose_turn_it_is(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    prompt = human_prompt(session)
    assert prompt.kind == "visit" and Action("tap", ("C02",)) in prompt.actions
    before = len(store.actions(session.record.id))
    lay(mock_table, referee, card_tag("C02"))
    stored = store.actions(session.record.id)
    assert len(stored) == before + 1 and stored[-1] == (prompt.seat, {"kind": "tap", "args": ["C02"]})
    assert session.state.pending["card"] == "C02"
    bid = human_prompt(session)
    assert bid.kind == "bid" and bid.seat == prompt.seat
    screen = referee.screen_of(prompt.seat)  # the seat now shows its bid for that card
    assert screen.title == "Your bid" and screen.items[0].detail == "for card 2"
    referee.submit(prompt.seat, Action("bid", (0,)))
    pawns = session.game.view(session.state, None)["pawns"]
    assert {"seat": prompt.seat, "card": "C02"}.items() <= next(p for p in pawns if p["seat"] == prompt.seat).items()


def test_an_unknown_tag_changes_nothing_and_says_so_on_every_seat(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    before = len(store.actions(session.record.id)), session.game.view(session.state, None)
    lay(mock_table, referee, SimTag.ntag213("04DEADBEEF0001"))
    assert (len(store.actions(session.record.id)), session.game.view(session.state, None)) == before
    for seat in HUMANS:
        notice = referee.screen_of(seat)
        assert notice.title == "Not now" and notice.items[0].label == "Unknown card."


def test_a_card_not_asked_for_changes_nothing_and_says_so(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    lay(mock_table, referee, card_tag("C02"))  # chosen: now the seat is asked for a bid, not a card
    before = len(store.actions(session.record.id)), session.game.view(session.state, None)
    lay(mock_table, referee, card_tag("C05", uid="04A1B2C3D4E502"))
    assert (len(store.actions(session.record.id)), session.game.view(session.state, None)) == before
    assert human_prompt(session).kind == "bid" and session.state.pending["card"] == "C02"
    for each in HUMANS:
        assert referee.screen_of(each).items[0].label == "That card is not asked for now."


def test_a_tag_of_another_game_is_refused(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    before = len(store.actions(session.record.id))
    lay(mock_table, referee, SimTag.ntag213("04A1B2C3D4E503", text=tag_text("mystery-city", "C02")))
    assert len(store.actions(session.record.id)) == before
    assert "Unknown card: this is a Mystery City card." == referee.screen_of(HUMANS[0]).items[0].label


def test_a_tap_never_reveals_a_hidden_character():
    """Revealing Inspector Lestrade names the policed card he clears: a tap on that card chooses it
    to visit when it may, and otherwise is not asked for; it never plays the character."""
    prompt = Prompt(0, "visit", (Action("tap", ("C01",)), Action("character", ("remove_police", "C05")), Action("watson")))
    kinds = CARD_ACTIONS[GAME]
    assert card_choices([prompt], "C05", set(), kinds) == []
    assert card_choices([prompt], "C01", set(), kinds) == [(0, Action("tap", ("C01",)))]
    assert card_choices([prompt], "C05", set()) == [(0, Action("character", ("remove_police", "C05")))]  # without the guard
    watson = Prompt(1, "watson_target", (Action("watson_target", ("C03",)),))
    assert card_choices([watson], "C03", set(), kinds) == [(1, Action("watson_target", ("C03",)))]
    assert card_choices([watson], "C03", {1}, kinds) == []  # a bot's prompt is not answered by a tap


def test_physical_prompts_name_every_card_they_accept():
    """Every physical-mode prompt that chooses a card takes the card id as its argument, so a tag
    always maps to exactly the action the seat would choose on its buttons."""
    from kiosk.games import registry
    from kiosk.referee.headless import play, random_bots

    game = registry.get(GAME)
    state = game.start(4, 9, OPTIONS)
    kinds = CARD_ACTIONS[GAME]
    seen = set()
    for step in play(game, state, random_bots(4, 9)):
        for prompt in game.prompts(state):
            for action in prompt.actions:
                if action.kind in kinds:
                    seen.add(action.kind)
                    assert card_choices([prompt], action.args[0], set(), kinds) == [(prompt.seat, action)]
        if state.round > 6:
            break
    assert "tap" in seen and "visit" not in {a.kind for p in game.prompts(state) for a in p.actions}
