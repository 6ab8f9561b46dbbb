"""Mystery City with the nfc deck, end to end on the mock table: tagged cards laid on the simulated
PN532 are read by the real driver, resolved by the tag registry and played by the referee as the
prompted person's action naming that card; anything else changes nothing and says why."""

from __future__ import annotations

from hardware.events import DeviceStatus, TagSeen
from hardware.sim.pn532 import SimTag
from hardware.tags import tag_text
from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.games.base import Action, Prompt
from kiosk.games.mystery_city.cards import load_cards
from kiosk.referee.table import card_choices
from tests.table_support import PATIENCE, lay, settle, table_referee

BOTS = (2, 3)
CARDS = load_cards()
NOT_ASKED = "That card is not asked for now."


def make_referee(mock_table, tmp_path, seed=3):
    """Seats 0 and 1 are people with tagged cards; 2 and 3 are bots the kiosk deals to."""
    return table_referee(mock_table, tmp_path, "mystery-city", seed, options={"deck": "nfc"}, bots=BOTS,
                         bot=MysteryCityBot, reveal_seconds=600.0)


_uids = iter(range(1, 10_000))


def card_tag(card: str, game: str = "mystery-city") -> SimTag:
    """A sticker written by `kiosk tags write`, with a UID of its own."""
    return SimTag.ntag213(f"04A1{next(_uids):06X}0000"[:14], tag_text(game, card))


def notices(referee, seat: int) -> list[str]:
    return [item.label for screen in referee.controllers[seat].reveals if screen.title == "Not now"
            for item in screen.items]


def prompt_of(session, seat: int) -> Prompt | None:
    return next((p for p in session.game.prompts(session.state) if p.seat == seat), None)


def record_hand(mock_table, referee, session, seat: int, cards: list[str]) -> None:
    for card in cards:
        before = len(session.store.actions(session.record.id))
        lay(mock_table, referee, card_tag(card))
        assert card in session.state.hands[seat]
        assert session.store.actions(session.record.id)[before] == (seat, {"kind": "hold", "args": [card]})


def hands(session) -> tuple[list[str], list[str]]:
    """Two hands of the 4-player deal (1 special + 3 regulars each) for the two people."""
    specials = [c for c in CARDS.in_play(4) if CARDS.is_special(c)]
    regulars = [c for c in CARDS.in_play(4) if not CARDS.is_special(c)]
    return [specials[0], *regulars[0:3]], [specials[1], *regulars[3:6]]


def test_the_nfc_deck_prompts_name_their_cards():
    """Every action a tap can stand for names its card id among its arguments."""
    from kiosk.games.mystery_city.game import MysteryCity

    game = MysteryCity()
    state = game.start(2, 1, {"deck": "nfc"})
    (prompt,) = game.prompts(state)
    assert {a.args[0] for a in prompt.actions if a.kind == "hold"} == set(CARDS.in_play(2))
    game.apply(state, 0, Action("hold", ("falken",)))
    (prompt,) = game.prompts(state)
    assert Action("release", ("falken",)) in prompt.actions
    assert card_choices([prompt], "falken", set()) == [(0, Action("release", ("falken",)))]


def test_tapped_cards_record_the_hands_and_play_in_a_combat(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    first, second = hands(session)
    assert prompt_of(session, 0).kind == "record_hand"
    record_hand(mock_table, referee, session, 0, first[:3])
    # A sticker that was only learnt by its UID (no text on it) plays the same.
    uid = "04B0C0D0E0F001"
    mock_table.table.registry.learn(uid, "mystery-city", first[3])
    lay(mock_table, referee, SimTag.ntag213(uid))
    assert sorted(session.state.hands[0]) == sorted(first)
    record_hand(mock_table, referee, session, 1, second)
    # The bots' seats were dealt the rest by the kiosk; the first seat holds the revolver.
    assert session.state.stage == "attack" and all(len(h) == 4 for h in session.state.hands)
    # Naming an attack is no card: a tap now is not asked for.
    lay(mock_table, referee, card_tag(first[1]))
    assert notices(referee, 0)[-1] == NOT_ASKED and session.state.stage == "attack"
    referee.submit(0, Action("attack", ("ST", 1)))
    # The attacker lays a card on the reader: it is played.
    lay(mock_table, referee, card_tag(first[2]))
    played = store.actions(session.record.id)[-1]
    assert played == (0, {"kind": "play", "args": [first[2]]})
    assert session.state.combat is not None and session.state.combat.table == [(0, first[2])]
    # The defender's turn: the attacker's other card is not in the defender's prompt.
    before = len(store.actions(session.record.id))
    lay(mock_table, referee, card_tag(first[3]))
    assert len(store.actions(session.record.id)) == before and notices(referee, 1)[-1] == NOT_ASKED
    lay(mock_table, referee, card_tag(second[1]))
    assert store.actions(session.record.id)[before] == (1, {"kind": "play", "args": [second[1]]})


def check_refused(mock_table, tmp_path, tag: SimTag, words: str):
    store, session, referee = make_referee(mock_table, tmp_path)
    view = session.game.view(session.state, None)
    lay(mock_table, referee, tag)
    assert session.game.view(session.state, None) == view and store.actions(session.record.id) == []
    for seat in (0, 1):
        assert words in notices(referee, seat)[-1]
    assert "error" in mock_table.table.whistle.played or mock_table.table.whistle.is_playing


def test_a_card_of_another_game_is_refused(mock_table, tmp_path):
    check_refused(mock_table, tmp_path, card_tag("SUSPECT-3", game="mystery-express"),
                  "Unknown card: this is a Mystery Express card.")


def test_an_unknown_tag_is_refused(mock_table, tmp_path):
    check_refused(mock_table, tmp_path, SimTag.ntag213("04DEADBEEF0001"), "Unknown card.")


def test_a_card_id_no_game_knows_is_refused_by_the_engine_words(mock_table, tmp_path):
    check_refused(mock_table, tmp_path, card_tag("sherlock"), NOT_ASKED)


def test_a_corrupt_frame_never_becomes_a_card(mock_table, tmp_path):
    """Answers with a bad checksum are retried: the card is read once, right, and played once."""
    store, session, referee = make_referee(mock_table, tmp_path)
    card = hands(session)[0][0]
    mock_table.sim.inject("bad_checksum", times=2)
    seen = lay(mock_table, referee, card_tag(card))
    assert "bad_checksum" not in mock_table.sim._faults  # both corrupt answers went out, about this tag
    assert seen.text == tag_text("mystery-city", card)
    assert store.actions(session.record.id) == [(0, {"kind": "hold", "args": [card]})]


def test_a_reader_that_only_answers_corrupt_frames_changes_nothing_and_says_so(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    mock_table.sim.inject("bad_checksum")
    mock_table.tap(card_tag(hands(session)[0][0]))
    try:
        for _ in range(500):
            event = mock_table.table.events.get(timeout=PATIENCE)
            referee.handle(event)
            assert not isinstance(event, TagSeen), "a corrupt answer was taken for a tag"
            if isinstance(event, DeviceStatus) and not event.ok:
                break
        else:
            raise AssertionError("the reader never reported its failure")
    finally:
        mock_table.lift()
        mock_table.sim.clear_faults()
    assert store.actions(session.record.id) == [] and session.state.hands[0] == []
    for seat in (0, 1):
        assert notices(referee, seat)[-1] == "The card reader is not answering: lay the card again in a moment."


def test_a_tap_several_seats_could_mean_is_refused(mock_table, tmp_path, monkeypatch):
    """Two people prompted for the same card (a game may prompt several seats at once): nobody's."""
    store, session, referee = make_referee(mock_table, tmp_path)
    both = [Prompt(seat, "play_card", (Action("play", ("luigi",)),)) for seat in (0, 1)]
    assert {seat for seat, _ in card_choices(both, "luigi", set())} == {0, 1}
    assert card_choices(both, "luigi", {1}) == [(0, Action("play", ("luigi",)))]  # a bot taps nothing
    monkeypatch.setattr(session.game, "prompts", lambda state: both)
    monkeypatch.setattr(session, "prompts", lambda: both)  # the session works them out once an action
    lay(mock_table, referee, card_tag("luigi"))
    assert store.actions(session.record.id) == []
    assert notices(referee, 0)[-1].startswith("Several seats can play that card now")
