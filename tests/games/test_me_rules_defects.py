"""Mystery Express rules defects of issue 17, each tested from the rule text that it broke.

1. Sightings are tagged with their window, the time between two returns of the discard piles (rules
   3.2, 7.2 clarified 2026-12), not with the leg number: the München tunnel and the Budapest sudden
   revelation come after the piles returned, so they belong to the next leg, "arriving in" the city.
3. Each Conductor space keeps its place during a chat, empty while its card is out (rules 4.10).
"""

from __future__ import annotations

from typing import Any

import pytest

from kiosk.bots.me_bot import bots_for
from kiosk.games.base import Action
from kiosk.games.mystery_express import arrival, turn, zones
from kiosk.games.mystery_express.deduction import SAME_LEG, deduce
from kiosk.games.mystery_express.rules import category_of
from kiosk.referee.headless import play
from kiosk.referee.narration import narrator_for
from kiosk.seats import mystery_express as screens
from me_support import GAME, act, advance, started

# --- 1. the journal's window tags -------------------------------------------------------------------


def journal_lines(state, seat: int, lang: str = "en") -> list[str]:
    """What the seat's journal screen says under each face, oldest first."""
    view = GAME.view(state, seat)
    narrator = narrator_for("mystery-express", view)
    screen = screens.journal(view, narrator, lang)
    return [item.detail for item in reversed(screen.items)]


def test_the_munich_tunnel_is_tagged_with_leg_3_and_shown_as_arriving_in_munich():
    """Rules 7.2: "for example 'leg 3' for the München tunnel, shown as 'arriving in München'"."""
    state = started(4, seed=8)
    advance(state, lambda s: s.stage == "tunnel")
    assert state.leg == 2  # leg 2 has ended; its discard piles are back in hand (3.2 step 2)
    while state.stage == "tunnel":
        p = min(GAME.prompts(state), key=lambda p: p.seat)
        GAME.apply(state, p.seat, p.actions[0])
    for seat in range(4):
        peeks = [e for e in state.seats[seat].journal if e["how"] == "tunnel"]
        assert len(peeks) == 2
        assert all(e["leg"] == 3 and e["arriving"] == 2 for e in peeks)  # itinerary[2] is München
        lines = journal_lines(state, seat)
        assert sum(line.endswith("arriving in München") for line in lines) == 2
        assert sum(line.endswith("arriving in München") for line in journal_lines(state, seat, "es")) == 0
        assert sum(line.endswith("al llegar a Múnich") for line in journal_lines(state, seat, "es")) == 2
    # Sightings of leg 3 proper carry the same tag, and are shown as the leg.
    advance(state, lambda s: any(e["leg"] == 3 and "arriving" not in e for e in s.seats[0].journal), seed=3)
    during = [e for e in state.seats[0].journal if e["leg"] == 3 and "arriving" not in e]
    assert during and journal_lines(state, 0)[-1].endswith("leg 3")


def test_the_budapest_sudden_revelation_is_tagged_with_leg_5_arriving_in_budapest():
    state = started(3, seed=21)
    advance(state, lambda s: s.stage == "sudden")
    assert state.leg == 4
    while state.stage == "sudden":
        p = min(GAME.prompts(state), key=lambda p: p.seat)
        GAME.apply(state, p.seat, p.actions[0])
    for seat in range(3):
        revealed = [e for e in state.seats[seat].journal if e["how"] == "revealed" and e.get("arriving")]
        assert len(revealed) == 3 and all(e["leg"] == 5 and e["arriving"] == 4 for e in revealed)
        assert sum(line.endswith("arriving in Budapest") for line in journal_lines(state, seat)) == 3


def test_the_assist_tags_an_arrival_sighting_with_the_same_window_as_the_journal():
    """A card seen in leg 2 and again in the tunnel may be the same copy: the assist does not rule
    it out as seen twice in one leg, and both name the tunnel sighting leg 3."""
    state = started(4, seed=8)
    events = advance(state, lambda s: s.stage == "tunnel")
    while state.stage == "tunnel":
        p = min(GAME.prompts(state), key=lambda p: p.seat)
        events += GAME.apply(state, p.seat, p.actions[0])
    for seat in range(4):
        book = deduce(GAME.view(state, seat), events)
        legs = {(r.element, s.leg) for r in book.ruled.values() for s in r.evidence if s.how == "tunnel"}
        journal = {(e["face"], e["leg"]) for e in state.seats[seat].journal if e["how"] == "tunnel"}
        assert legs <= journal
        assert all(r.reason != SAME_LEG or all(s.leg == r.evidence[0].leg for s in r.evidence)
                   for r in book.ruled.values())


@pytest.fixture
def physical_notes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every journal entry written, with the physical copy behind it (the journal names faces only)."""
    log: list[tuple[Any, ...]] = []
    real = zones.note

    def note(state, seat, card, source, how):
        real(state, seat, card, source, how)
        log.append(("note", id(state), seat, card, state.seats[seat].journal[-1]))

    for module in (zones, turn, arrival):
        monkeypatch.setattr(module, "note", note)
    return log


def test_over_seeded_bot_games_no_journal_shows_one_physical_card_twice_under_one_tag(physical_notes):
    """Rules 4.2 / 7.2: within one window a card, once seen, is locked in a discard pile. The only
    way to see it again is "Get a grip", which puts the discard pile back in hand. A look in the
    München tunnel locks nothing ("these looks do not move any card", 3.3): the card may be shown
    again in that window, so it only counts as the second sighting."""
    checked = 0
    for seed in range(12):
        seats = 3 + seed % 3
        state = GAME.start(seats, seed)
        del physical_notes[:]
        for step in play(GAME, state, bots_for(["normal"] * seats, seed)):
            for event in step.events:
                if event.kind == "grip":
                    physical_notes.append(("grip", event.data["target"], event.data["category"]))
        seen: dict[tuple[int, str, int], int] = {}  # (seat, card, window) -> position in the log
        for position, entry in enumerate(physical_notes):
            if entry[0] != "note":
                continue
            _, _, seat, card, journal_entry = entry
            key = (seat, card, journal_entry["leg"])
            if key in seen:
                between = physical_notes[seen[key] + 1:position]
                gripped = any(e[0] == "grip" and e[2] == category_of(card) for e in between)
                assert gripped, f"seed {seed}: seat {seat} journals one copy twice in leg {journal_entry['leg']}"
            if journal_entry["how"] != "tunnel":
                seen[key] = position
            checked += 1
    assert checked > 500


# --- 3. the Conductor's spaces keep their places -----------------------------------------------------


def test_a_conductor_space_stays_in_place_and_empty_while_its_card_is_out():
    """Rules 4.10: take the card of one space, then leave a card "on the now-empty Conductor space"."""
    five = started(5, seed=2)
    five.conductor_car = "lounge"
    before = GAME.view(five, None)["conductor_spaces"]
    act(five, five.active, "lounge")
    seat = five.active
    act(five, seat, "category", turn.held_by_others(five)[0])
    while five.stage == "lounge_show":
        p = min(GAME.prompts(five), key=lambda p: p.seat)
        GAME.apply(five, p.seat, p.actions[0])
    assert five.stage == "conductor_space"
    act(five, seat, "space", 0)
    for viewer in (None, seat, (seat + 1) % 5):
        assert GAME.view(five, viewer)["conductor_spaces"] == [None, before[1], before[2]]
    face = min(GAME.prompts(five), key=lambda p: p.seat).actions[0].args[0]
    GAME.apply(five, seat, Action("card", (face,)))
    after = GAME.view(five, None)["conductor_spaces"]
    assert after == [category_of(face), before[1], before[2]]


# --- 2. every character has a power by default ------------------------------------------------------


def test_at_five_players_every_character_has_a_power_by_default():
    """Rules 6, decided 2026-12: a 5-player game needs all five characters, so a seat without a power is
    not acceptable: the Time specialist's power is on by default."""
    state = started(5, seed=3)
    assert {s.character for s in state.seats} == {c.id for c in GAME.rules.characters}
    ilic = next(i for i, s in enumerate(state.seats) if s.character == "ilic")
    events = advance(state, lambda s: s.leg == 2)
    reveal = next(e for e in events if e.kind == "time_reveal")
    looks = [e for e in events if e.kind == "time_second_look"]
    assert looks and all(e.audience == frozenset({ilic}) for e in looks)
    assert [face for e in looks for face in e.data["cards"]] == reveal.data["sequence"]  # a second viewing
    narrator = narrator_for("mystery-express", GAME.view(state, None))
    screen = screens.reveal(looks[0], narrator, "es")
    assert screen is not None and screen.title == f"Segunda mirada 1/{len(looks)}" and len(screen.clocks) == 6
    # The four others use theirs in their own turn (the turn prompt offers it while someone holds the category).
    for seat, s in enumerate(state.seats):
        if seat != ilic:
            state.active = seat
            why = turn.unavailable_reason(GAME.rules, state, "power")
            assert why in (None, "Nobody else holds a card of your specialty.")


def test_one_option_turns_every_power_off_and_none_turns_off_one_alone():
    state = started(5, seed=3, powers=False)
    for seat in range(5):
        state.active = seat
        assert turn.unavailable_reason(GAME.rules, state, "power") == "This game is played without character powers."
    assert "time_second_look" not in {e.kind for e in advance(state, lambda s: s.leg == 2)}
    from kiosk.games.mystery_express.game import INFO

    names = {o.name for o in INFO.options}
    assert "powers" in names and not names & ({"time_power"} | {c.id for c in GAME.rules.characters})
    with pytest.raises(ValueError, match="unknown option 'time_power'"):
        GAME.start(5, 1, {"time_power": False})  # the old option cannot switch off one power in a new game


def test_a_game_stored_before_the_change_resumes_under_its_own_rules(tmp_path):
    """Options are stored per game: a record from before 2026-12 played the Time specialist without his
    power (time_power, off by default). Resumed now, it keeps that rule; a new record stores every option."""
    from kiosk.games.mystery_express.turn import powers_on
    from kiosk.referee.headless import random_bots
    from kiosk.referee.session import GameSession
    from kiosk.store import GameStore

    store = GameStore.open(tmp_path)
    for old_options in ({}, {"characters": "random", "time_power": False}):
        game_row = store.begin("mystery-express", old_options, 3, 5, [])  # as the kiosk stored it then
        session = GameSession.resume(store, store.game(game_row))
        assert not powers_on(session.state, "time_second_look") and powers_on(session.state, "specialty_peek")
        played = []
        for step in play(session.game, session.state, random_bots(5, 3), session.apply):
            played += step.events
            if session.state.leg == 2:
                break
        assert "time_reveal" in {e.kind for e in played} and "time_second_look" not in {e.kind for e in played}
        resumed = GameSession.resume(store, store.game(game_row))
        assert resumed.replayed == played
        store.finish(game_row, {"scores": {}, "winners": []})
    new = GameSession.start(store, "mystery-express", 5, 3, {"characters": "random"}, bots=[])
    assert new.record.options["powers"] is True and "time_power" not in new.record.options
    assert powers_on(GameSession.resume(store, store.game(new.record.id)).state, "time_second_look")


def test_the_rules_pages_and_the_options_screen_say_which_powers_are_the_kiosks_own():
    from kiosk.i18n import Text
    from kiosk.ui.option_labels import LABELS
    from kiosk.ui.rules_text import RULES

    pages = {Text(page.title).render("en"): Text(page.body).render("en") for page in RULES["mystery-express"]}
    powers = pages["Characters and powers"]
    assert "the kiosk's own house rules" in powers and "An option turns all powers off" in powers
    for character in GAME.rules.characters:
        assert character.name in powers
    assert "Professor Ilić (time) sees every Time reveal a second time" in powers
    assert "kiosk's own" in Text(LABELS[("mystery-express", "powers")].help).render("en")
