"""The deduction notebook (rules 7): hand-built scenarios for each rule and exception of 7.2 and 7.3,
one driven through the engine, and seeded playouts where no seat ever rules out the real solution."""

from __future__ import annotations

import json
import random

import pytest

from kiosk.games.base import Event
from kiosk.games.mystery_express.deduction import (
    BOTH_MINE,
    HELD,
    REASON_TEXT,
    REMOVED,
    REVEALED,
    SAME_LEG,
    TIME_COUNT,
    TRACKED,
    Notebook,
    assist,
    deduce,
)
from kiosk.games.mystery_express.game import INFO
from kiosk.games.mystery_express.rules import TIME, element_of
from kiosk.referee.headless import play, random_bots
from me_support import GAME, act, free_faces, rig, started

X = "SUSPECT:2"  # the element the scenarios look for
Y = "SUSPECT:4"
ME = 0


def pub(kind: str, **data) -> Event:
    return Event(kind, data)


def priv(kind: str, audience: set[int], **data) -> Event:
    return Event(kind, data, frozenset(audience))


def leg(n: int) -> Event:
    return pub("leg_start", leg=n)


def returned() -> Event:
    return pub("discards_returned", hands=[])


def dealt(*faces: str) -> Event:
    return priv("dealt", {ME}, seat=ME, hand=list(faces))


def shown(owner: int, face: str, to: int = ME) -> Event:
    return priv("card_shown", {owner, to}, **{"from": owner, "to": to, "face": face})


def notebook(*events: Event, memory: int | None = None, removed: frozenset[str] = frozenset()) -> Notebook:
    book = Notebook(seat=ME, seats=4, removed=removed, memory=memory)
    book.observe_all(events)
    return book


# --- 7.2: the same element seen twice within one leg ------------------------------------------


def test_two_players_show_the_same_element_in_one_leg():
    book = notebook(dealt(Y), leg(1), shown(1, X), shown(2, X))
    assert book.ruled[X].reason == SAME_LEG
    assert [(s.leg, s.source) for s in book.ruled[X].evidence] == [(1, 1), (1, 2)]
    assert book.open_elements("SUSPECT") == [e for e in book.elements("SUSPECT") if e != X]


def test_the_same_player_twice_in_one_leg_shows_two_copies():
    """A shown card is locked in its owner's discard pile until the leg ends (4.2)."""
    book = notebook(dealt(Y), leg(1), shown(1, X), shown(1, X))
    assert book.ruled[X].reason == SAME_LEG


def test_one_sighting_rules_nothing_out():
    book = notebook(dealt(Y), leg(1), shown(1, X))
    assert X not in book.ruled and book.seen(X)
    assert book.report()[X] == {"status": "open", "seen": True}


def test_a_public_lounge_reveal_and_a_private_showing_in_one_leg():
    lounge = pub("lounge", seat=3, category="SUSPECT", reveals=[{"seat": 1, "face": X}])
    book = notebook(dealt(Y), leg(1), lounge, shown(2, X))
    assert book.ruled[X].reason == SAME_LEG


# --- 7.2: seeing an element in two different legs proves nothing ... --------------------------


def test_the_same_player_in_two_legs_may_show_the_same_copy():
    book = notebook(dealt(Y), leg(1), shown(1, X), returned(), leg(2), shown(1, X))
    assert X not in book.ruled


def test_two_players_in_two_legs_after_a_public_pass_of_that_category_prove_nothing():
    passes = [{"from": 1, "to": 2, "category": "SUSPECT"}, {"from": 2, "to": 3, "category": "MOTIVE"}]
    passenger = pub("passenger", seat=3, passes=passes)
    book = notebook(dealt(Y), leg(1), shown(1, X), returned(), leg(2), passenger, returned(), leg(3), shown(2, X))
    assert X not in book.ruled  # seat 1 may have passed that very copy to seat 2


def test_a_card_passed_this_leg_is_locked_in_the_receivers_discard_pile():
    passes = [{"from": 1, "to": 2, "category": "SUSPECT"}]
    passenger = pub("passenger", seat=3, passes=passes)
    book = notebook(dealt(Y), leg(1), shown(1, X), returned(), leg(2), passenger, shown(2, X))
    assert book.ruled[X].reason == TRACKED  # seat 2 cannot show the card it received until the leg ends


# --- ... unless the seat knows where the first copy is ("or know where both are") -------------


def test_a_copy_that_stayed_in_a_hand_is_tracked_across_legs():
    """Seat 1 never gave a Suspect away, so the copy it showed in leg 1 is still with it."""
    passes = [{"from": 1, "to": 2, "category": "MOTIVE"}]
    book = notebook(dealt(Y), leg(1), shown(1, X), returned(), leg(2), pub("passenger", seat=3, passes=passes), shown(2, X))
    assert book.ruled[X].reason == TRACKED


def test_a_forgetful_seat_does_not_track_copies_across_legs():
    events = (dealt(Y), leg(1), shown(1, X), returned(), leg(2), shown(2, X))
    assert X not in notebook(*events, memory=0).ruled
    assert notebook(*events, memory=1).ruled[X].reason == TRACKED
    # and forgetting never undoes what is already crossed off
    assert notebook(dealt(Y), leg(1), shown(1, X), shown(2, X), returned(), memory=0).ruled[X].reason == SAME_LEG


# --- exception: "Get a grip, young man!" -------------------------------------------------------


def test_after_get_a_grip_the_same_copy_may_be_shown_again():
    grip = pub("grip", seat=3, target=1, category="SUSPECT", moved=1)
    book = notebook(dealt(Y), leg(1), shown(1, X), grip, shown(1, X))
    assert X not in book.ruled


def test_get_a_grip_on_another_category_or_player_changes_nothing():
    other_category = pub("grip", seat=3, target=1, category="MOTIVE", moved=0)
    other_player = pub("grip", seat=3, target=2, category="SUSPECT", moved=1)
    assert notebook(dealt(Y), leg(1), shown(1, X), other_category, shown(1, X)).ruled[X].reason == SAME_LEG
    assert notebook(dealt(Y), leg(1), shown(1, X), other_player, shown(1, X)).ruled[X].reason == SAME_LEG


def test_after_get_a_grip_another_player_still_shows_a_second_copy():
    grip = pub("grip", seat=3, target=1, category="SUSPECT", moved=1)
    assert notebook(dealt(Y), leg(1), shown(1, X), grip, shown(2, X)).ruled[X].reason == SAME_LEG


# --- exception: a card the seat gave away itself -----------------------------------------------


def given(giver: int, receiver: int, face: str) -> Event:
    return priv("card_given", {giver, receiver}, **{"from": giver, "to": receiver, "face": face})


def test_a_card_it_gave_away_is_the_same_copy_when_it_meets_it_again():
    grip = pub("grip", seat=2, target=1, category="SUSPECT", moved=1)
    book = notebook(dealt(X, Y), leg(1), given(ME, 1, X), grip, shown(1, X))
    assert X not in book.ruled  # the copy it gave came back into seat 1's hand and was shown
    assert book.hand[X] == 0


def test_a_card_it_gave_away_next_leg_is_still_the_same_copy():
    book = notebook(dealt(X, Y), leg(1), given(ME, 1, X), returned(), leg(2), shown(1, X))
    assert X not in book.ruled


def test_a_card_it_gave_away_is_not_the_copy_another_player_shows():
    book = notebook(dealt(X, Y), leg(1), given(ME, 1, X), shown(2, X))
    assert book.ruled[X].reason == SAME_LEG


def test_a_card_left_with_the_conductor_may_be_the_one_taken_back():
    left = priv("card_left", {ME}, seat=ME, space=0, face=X)
    taken = priv("card_taken", {ME}, seat=ME, **{"from": "conductor"}, face=X)
    book = notebook(dealt(X, Y), leg(1), left, returned(), leg(2), taken)
    assert X not in book.ruled and book.discard[X] == 1


# --- the seat's own hand ------------------------------------------------------------------------


def test_both_copies_dealt_to_the_seat():
    book = notebook(dealt(X, X, Y))
    assert book.ruled[X].reason == BOTH_MINE and Y not in book.ruled


def test_receiving_the_second_copy():
    passed = priv("card_passed", {1, ME}, **{"from": 1, "to": ME, "face": X})
    assert notebook(dealt(X, Y), leg(1), passed).ruled[X].reason == BOTH_MINE


def test_holding_one_copy_and_seeing_another():
    book = notebook(dealt(X, Y), leg(3), shown(2, X))
    assert book.ruled[X].reason == HELD


def test_holding_one_copy_after_showing_it_and_seeing_it_again_from_the_viewer_is_no_proof():
    """It showed its own copy to seat 1: seat 1 did not get it, so seat 1 showing X is a second copy;
    but the copy it passed to seat 1 may come back from seat 1."""
    mine_shown = shown(ME, X, to=1)
    assert notebook(dealt(X, Y), leg(1), mine_shown, shown(1, X)).ruled[X].reason == HELD
    passed = priv("card_passed", {ME, 1}, **{"from": ME, "to": 1, "face": X})
    assert X not in notebook(dealt(X, Y), leg(1), passed, returned(), leg(2), shown(1, X)).ruled


# --- exception: the sudden revelation ------------------------------------------------------------


def sudden(*reveals: tuple[int, str]) -> Event:
    return pub("sudden_revelation", reveals=[{"seat": s, "face": f} for s, f in reveals])


def test_a_revealed_copy_counts_as_seen_for_the_rest_of_the_game():
    book = notebook(dealt(Y), leg(4), returned(), sudden((1, X)), leg(5), shown(2, X))
    assert book.ruled[X].reason == REVEALED


def test_a_revealed_copy_may_be_the_one_seen_before_it():
    book = notebook(dealt(Y), leg(4), shown(1, X), returned(), sudden((1, X)))
    assert X not in book.ruled
    book.observe(shown(3, X))
    assert book.ruled[X].reason == REVEALED


def test_both_copies_revealed_at_once():
    assert notebook(dealt(Y), leg(4), returned(), sudden((1, X), (2, X))).ruled[X].reason == REVEALED


def test_the_seat_revealing_its_own_copy_no_longer_holds_it():
    book = notebook(dealt(X, Y), leg(4), returned(), sudden((ME, X)))
    assert book.hand[X] == 0 and X not in book.ruled
    book.observe(leg(5))
    book.observe(shown(2, X))
    assert book.ruled[X].reason == REVEALED


# --- 3-4 players: removed elements; the long tunnel ----------------------------------------------


def test_removed_elements_are_ruled_out_from_the_start():
    book = notebook(removed=frozenset({"MOTIVE:3", "SUSPECT:5"}))
    assert book.ruled["MOTIVE:3"].reason == REMOVED and book.ruled["SUSPECT:5"].reason == REMOVED
    assert "MOTIVE:3" not in book.open_elements("MOTIVE")


def peek(owner: int, face: str) -> Event:
    return priv("tunnel_peek", {ME, owner}, picker=ME, owner=owner, position=0, face=face)


def test_tunnel_peeks_at_two_rows_show_two_copies():
    assert notebook(dealt(Y), leg(2), returned(), peek(1, X), peek(3, X)).ruled[X].reason == SAME_LEG


def test_a_tunnel_peek_after_seeing_the_card_that_leg_proves_nothing():
    """The tunnel comes after the discards went back to hand: it may be the copy seen in leg 2."""
    assert X not in notebook(dealt(Y), leg(2), shown(1, X), returned(), peek(1, X), memory=0).ruled


# --- 7.3: Time -------------------------------------------------------------------------------


def time_sequence(answer_index: int) -> list[str]:
    clocks = [f"TIME:{i}" for i in range(8)]
    return [c for c in clocks for _ in range(2 if c == clocks[answer_index] else 3)]


def test_a_complete_count_of_one_reveal_finds_the_time():
    reveal = pub("time_reveal", city="Strasbourg", method="single_pile", sequence=time_sequence(5))
    book = notebook(dealt(Y), leg(1), reveal)
    assert book.solved(TIME) == "TIME:5"
    assert all(book.ruled[f"TIME:{i}"].reason == TIME_COUNT for i in range(8) if i != 5)
    assert book.report()["TIME:5"]["status"] == "solution"


def test_wien_packets_add_up_to_a_whole_reveal():
    faces = time_sequence(2)
    packets = [faces[0::4], faces[1::4], faces[2::4], faces[3::4]]
    events = [pub("time_reveal", city="Wien", method="packets", rounds=4, cards=23)]
    for r in range(4):
        events.append(priv("time_packet", {ME}, city="Wien", round=r + 1, of=4, cards=packets[(ME - r) % 4]))
    book = notebook(dealt(Y), leg(3), *events)
    assert book.solved(TIME) == "TIME:2"


def test_a_partial_count_rules_nothing_wrongly():
    reveal = pub("time_reveal", city="Strasbourg", method="single_pile", sequence=time_sequence(5)[:12])
    book = notebook(reveal)
    assert "TIME:5" not in book.ruled and book.solved(TIME) is None


# --- only what the seat may see ----------------------------------------------------------------


def test_events_the_seat_may_not_see_change_nothing():
    book = notebook(dealt(Y), leg(1), shown(1, X, to=2), shown(3, X, to=2))
    assert not book.seen(X) and X not in book.ruled
    assert book.report() == notebook(dealt(Y), leg(1)).report()


def test_the_last_open_element_is_the_solution():
    book = notebook(dealt(*[f"SUSPECT:{i}" for i in range(6) for _ in range(2) if i != 3][:7]))
    book.observe_all([leg(1), shown(1, "SUSPECT:4"), shown(2, "SUSPECT:4"), shown(1, "SUSPECT:5"), shown(3, "SUSPECT:5")])
    assert book.solved("SUSPECT") == "SUSPECT:3"
    assert book.report()["SUSPECT:3"]["status"] == "solution"


# --- through the engine -------------------------------------------------------------------------


def test_two_guests_of_the_dining_car_showing_the_same_element():
    state = started(5, seed=7)
    face = free_faces(state, "MOTIVE", 1)[0]
    other = free_faces(state, "SUSPECT", 1)[0]
    rig(state, {0: [other], 1: [face], 2: [face]}, active=0)
    state.conductor_car = "smoking"
    seen: list[Event] = [Event("dealt", {"seat": 0, "hand": [other]}, frozenset({0}))]
    for kind, *args in (("dining",), ("category", "MOTIVE"), ("guest", 1), ("guest", 2), ("confirm",)):
        seen += act(state, 0, kind, *args)
    seen += act(state, 1, "card", face)
    seen += act(state, 2, "card", face)
    view = GAME.view(state, 0)
    marks = assist(view, [e for e in seen if e.visible_to(0)])
    assert marks[face]["status"] == "ruled_out" and marks[face]["reason"] == SAME_LEG
    assert [e["from"] for e in marks[face]["evidence"]] == [1, 2]
    # seat 3 saw nothing of it
    assert assist(GAME.view(state, 3), [e for e in seen if e.visible_to(3)])[face]["status"] == "open"


def random_options(rng: random.Random) -> dict:
    if rng.random() < 0.5:
        return {}
    return {o.name: rng.choice(o.choices if o.choices else (True, False)) for o in INFO.options}


@pytest.mark.parametrize("chunk", range(4))
def test_no_seat_ever_rules_out_the_solution(chunk):
    """Sound in every seeded playout, every option, every memory: the real answer always stays open,
    and a complete Time count finds it."""
    for seed in range(chunk * 40, (chunk + 1) * 40):
        seats = 3 + seed % 3
        state = GAME.start(seats, seed, random_options(random.Random(seed)))
        books = [
            Notebook.for_view(GAME.view(state, s), memory) for s in range(seats) for memory in (None, 0)
        ]
        for step in play(GAME, state, random_bots(seats, seed)):
            for book in books:
                book.observe_all(step.events)
        truth = {element_of(c) for c in state.solution.values()}
        for book in books:
            assert not truth & set(book.ruled), (seed, book.seat, [book.ruled[f] for f in truth & set(book.ruled)])
            assert book.solved(TIME) == element_of(state.solution[TIME])
        # The notebooks above were handed every event, private ones of other seats included: they
        # ignore what their seat may not see, so the seat's own events alone give the same sheet.
        again = deduce(GAME.view(state, 1), [e for e in _replay_events(seed, seats, state) if e.visible_to(1)])
        assert again.ruled == books[2].ruled and again.report() == books[2].report()
        json.dumps(again.report())


def _replay_events(seed, seats, finished):
    state = GAME.start(seats, seed, finished.options)
    events = []
    for step in play(GAME, state, random_bots(seats, seed)):
        events += step.events
    return events


def test_every_reason_has_words_for_the_journal_screen_in_each_language():
    assert set(REASON_TEXT) == {REMOVED, BOTH_MINE, HELD, SAME_LEG, REVEALED, TRACKED, TIME_COUNT}
    ruling = notebook(dealt(X, X)).ruled[X]
    assert ruling.text().render("en") == "You hold both copies."
    assert ruling.text().render("es") == "Tienes las dos copias."
    assert notebook(dealt(X, X)).report()[X]["why"] == "You hold both copies."
