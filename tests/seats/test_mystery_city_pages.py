"""Mystery City seat screens: golden images of the key screens, words that fit, and no seat ever shown
a card it has not seen (its own hand, its private events, the public table).

Run with UPDATE_GOLDEN=1 to rewrite the reference images after a deliberate change (and review them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.games.base import Event
from kiosk.games.mystery_city.game import MysteryCity
from kiosk.i18n import Text, counted
from kiosk.referee.table import reveal_pages
from kiosk.referee.narration import narrator_for
from kiosk.seats.canvas import ELLIPSIS, WIDTH, fit, text_width, wrap
from kiosk.seats.mystery_city import IN_HAND, MysteryCityPages, make_pages
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import title_position, title_room, Screen, render
from tests.seats.leak_checks import mc_names_on as names_on, mc_untold_cards
from tests.seats.screen_checks import screen_defects
from tests.seats.test_seat_screens import check

GAME = MysteryCity()
CARD_NAMES = {card.id: card.name for card in GAME.cards.cards.values()}


def pages(lang: str) -> MysteryCityPages:
    made = make_pages(narrator_for("mystery-city", {}), lang)
    assert isinstance(made, MysteryCityPages)
    return made


def play_until(seats: int, seed: int, until: Callable[[Any, list[Event]], bool], options: dict | None = None):
    """A seeded bot game up to the first moment `until(state, events of the last step)` holds."""
    state = GAME.start(seats, seed, options)
    bots = [MysteryCityBot(s, seed) for s in range(seats)]
    events = GAME.opening(state)
    log = list(events)
    while not until(state, events):
        prompt = min(GAME.prompts(state), key=lambda p: p.seat)
        events = GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))
        log += events
    return state, log


def stage(name: str) -> Callable[[Any, list[Event]], bool]:
    return lambda state, events: state.stage == name


def event(kind: str) -> Callable[[Any, list[Event]], bool]:
    return lambda state, events: any(e.kind == kind for e in events)


def test_the_table_uses_these_pages_for_mystery_city():
    assert isinstance(seat_pages("mystery-city", narrator_for("mystery-city", {}), "es"), MysteryCityPages)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hand_carousel_shows_the_card_its_values_and_the_position(lang):
    state, _ = play_until(2, 4, stage("attack"))
    view = GAME.view(state, 0)
    screen = pages(lang).hand(view, index=1)
    specials = sum(1 for card in view["you"]["hand"] if GAME.cards.is_special(card))  # each with a page on its ability
    assert len(screen.items) == 8 + specials and screen.index == 1
    cards = [item.label for item in screen.items if not item.lines]  # the ability pages are set small
    assert cards == [Text(CARD_NAMES[card]).render(lang) for card in view["you"]["hand"]]
    check(f"mc_hand_{lang}", render(screen))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_attack_choices_read_as_an_attribute_against_a_rival(lang):
    state, _ = play_until(3, 7, stage("attack"))
    (prompt,) = GAME.prompts(state)
    menu = pages(lang).menu(prompt, GAME.view(state, prompt.seat))
    assert len(menu.entries) == 6  # ten attacks: first the attribute, then one of two rivals; the hand last
    assert menu.entries[-1].item.label == {"en": "Your hand", "es": "Tu mano"}[lang] and menu.entries[-1].is_group
    screen = menu.screen((1,), 1)
    assert len(screen.items) == 2
    expected = {"en": "Dexterity against Seat 3", "es": "Destreza contra el puesto 3"}[lang]
    assert screen.items[1].label == expected
    check(f"mc_attack_{lang}", render(screen))


def test_card_choices_give_each_card_its_value_in_the_attribute_fought_over():
    state, _ = play_until(3, 7, stage("follow"))
    (prompt,) = GAME.prompts(state)
    screen = pages("es").menu(prompt, GAME.view(state, prompt.seat)).screen()
    attribute = prompt.data["attribute"]
    for action, item in zip(prompt.actions, screen.items):
        if action.kind == "play":
            value = GAME.cards.card(action.args[0]).values[attribute]
            assert item.detail.endswith(f": {value}")
    check("mc_play_es", render(screen))


def test_an_investigation_is_revealed_to_its_user_and_kept_in_the_journal():
    state, log = play_until(3, 7, event("investigation"))
    found = next(e for e in log if e.kind == "investigation")
    seat = found.data["seat"]
    screen = pages("en").reveal(found, seat)
    assert screen is not None and screen.inverted
    assert screen.title == f"Seat {found.data['target'] + 1} holds"
    hand = found.data["hand"]  # two cards: each over its values, to choose an attribute by
    assert screen.items[0].lines == tuple(line for c in hand for line in (CARD_NAMES[c], pages("en").values(c)))
    check("mc_investigation_en", render(screen))
    journal = pages("es").journal(GAME.view(state, seat))
    assert [item.label for item in journal.items] == [Text(CARD_NAMES[c]).render("es") for c in found.data["hand"]]
    check("mc_journal_es", render(journal))


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (2, 5), (4, 8), (2, 11), (2, 16)])
def test_an_investigated_hand_reads_card_by_card_on_its_users_seat_alone(seats, seed, lang):
    """A big hand investigated (three to seven cards) reads by name, not as "7 cards in hand", on the
    seat that used Investigation, over as many pages as it needs (seven cards with long names, seeds
    11 and 16, read only "7 cards in hand"), each page's footer keeping the count and its title bar
    saying which page it is ("2/3"); the event is that
    seat's alone, and every other seat's screens of the game (the target's and the rest) never name a
    card of it they were not told of."""
    state, log = play_until(seats, seed, event("investigation"))
    found = next(e for e in log if e.kind == "investigation")
    user, hand = found.data["seat"], found.data["hand"]
    assert found.audience == {user} and len(hand) >= 3
    screens = reveal_pages(pages(lang), found, user)
    assert screens and screens[0] == pages(lang).reveal(found, user)
    assert set().union(*(names_on(screen, lang) for screen in screens)) == set(hand)
    count = counted(*IN_HAND, len(hand)).render(lang)
    for n, screen in enumerate(screens, 1):
        assert all(text_width(line, 12) <= WIDTH - 2 for line in screen.items[0].lines)
        assert len(screens) == 1 or (screen.footer, screen.index, len(screen.items)) == (count, n - 1, len(screens))
        assert not screen_defects(screen), screen_defects(screen)
        render(screen)
    for seat, known, shown in screens_of_a_whole_game(seats, seed, lang):
        if seat != user:
            assert not mc_untold_cards(shown, known, lang), f"seat {seat} was shown a card it was never told about"


def test_a_stolen_card_is_shown_to_both_seats_of_the_steal():
    for seed in range(40):
        state, log = play_until(2, seed, lambda s, ev: s.over or any(e.kind == "card_stolen" for e in ev))
        stolen = next((e for e in log if e.kind == "card_stolen"), None)
        if stolen is not None:
            break
    assert stolen is not None and stolen.audience == {stolen.data["seat"], stolen.data["target"]}
    taker_seat, victim_seat = stolen.data["seat"], stolen.data["target"]
    took, lost = pages("en").reveal(stolen, taker_seat), pages("en").reveal(stolen, victim_seat)
    assert took is not None and took.items[0].label == CARD_NAMES[stolen.data["card"]]
    assert (took.title, took.items[0].detail) == ("You took", f"from Seat {victim_seat + 1}")
    assert lost is not None and lost.items[0].label == CARD_NAMES[stolen.data["card"]]
    assert (lost.title, lost.items[0].detail) == ("Taken from you", f"by Seat {taker_seat + 1}")
    check("mc_lost_en", render(lost))
    check("mc_took_es", render(pages("es").reveal(stolen, taker_seat)))
    taker, victim = GAME.view(state, stolen.data["seat"]), GAME.view(state, stolen.data["target"])
    assert pages("en").journal(taker).items[0].detail == f"Taken from Seat {stolen.data['target'] + 1}"
    assert pages("en").journal(victim).items[0].detail == f"Lost to Seat {stolen.data['seat'] + 1}"


def test_public_events_are_never_revealed_on_a_seat():
    _, log = play_until(3, 7, stage("over"))
    assert all(pages("en").reveal(e, seat) is None for e in log if e.audience is None for seat in range(3))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_idle_screen_says_whose_turn_and_how_the_game_stands(lang):
    state, _ = play_until(3, 7, stage("lead"))
    view = GAME.view(state, state.active)
    screen = pages(lang).idle(view)
    assert screen.title == {"en": f"Seat {state.active + 1} · your turn", "es": f"Puesto {state.active + 1} · tu turno"}[lang]
    if lang == "en":
        check("mc_idle_en", render(screen))
    state, _ = play_until(3, 7, stage("over"))
    loser = next(s for s in range(3) if s != state.winner)
    assert pages("en").idle(GAME.view(state, state.winner)).items[0].detail == "You win!"
    assert pages("en").idle(GAME.view(state, loser)).items[0].detail == f"Seat {state.winner + 1} wins"


def test_recording_a_tagged_hand_on_the_seat():
    state = GAME.start(2, 5, {"deck": "nfc"})
    (prompt,) = GAME.prompts(state)
    screen = pages("en").menu(prompt, GAME.view(state, prompt.seat)).screen()
    assert screen.title == "Record your hand" and screen.items[-1].label == "Deal me the rest"
    check("mc_record_en", render(screen))
    events = GAME.apply(state, prompt.seat, prompt.actions[0])
    recorded = next(e for e in events if e.kind == "card_recorded")
    reveal = pages("es").reveal(recorded, prompt.seat)
    assert reveal is not None and reveal.items[0].detail == "Registrada"


def screens_of_a_whole_game(seats: int, seed: int, lang: str, options: dict | None = None):
    """Every screen each seat could show at every step of a bot game, with what the seat knew then."""
    state = GAME.start(seats, seed, options)
    bots = [MysteryCityBot(s, seed) for s in range(seats)]
    mine = [pages(lang) for _ in range(seats)]
    known: list[str] = [""] * seats  # everything each seat was ever told, as JSON text
    events = GAME.opening(state)
    while True:
        prompts = {p.seat: p for p in GAME.prompts(state)}
        for seat in range(seats):
            seen = [e for e in events if e.visible_to(seat)]
            view = GAME.view(state, seat)
            known[seat] += json.dumps([view, [e.data for e in seen]])
            prompt = prompts.get(seat)
            if prompt is not None:
                known[seat] += json.dumps([a.args for a in prompt.actions])
            shown: list[Screen] = [mine[seat].idle(view), mine[seat].journal(view)]
            shown += [mine[seat].hand(view, i) for i in range(max(1, len(view["you"]["hand"])))]
            shown += [s for s in (mine[seat].reveal(e, seat) for e in seen) if s is not None]
            if prompt is not None:
                shown += mine[seat].menu(prompt, view).screens()
            yield seat, known[seat], shown
        if state.over:
            return
        # Bots drive the game; bots with the nfc deck deal themselves the rest of their hand.
        prompt = min(prompts.values(), key=lambda p: p.seat)
        if prompt.kind == "record_hand":
            free = [a for a in prompt.actions if a.kind == "hold" and not any(a.args[0] in h for h in state.hands)]
            action = free[0] if seed % 2 and free else prompt.actions[-1]
        else:
            action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        events = GAME.apply(state, prompt.seat, action)


@pytest.mark.parametrize(("seats", "seed", "lang", "deck"), [
    (2, 1, "en", "virtual"), (3, 2, "es", "virtual"), (4, 3, "en", "virtual"), (4, 8, "es", "virtual"),
    (2, 5, "es", "nfc"), (3, 6, "en", "nfc"),
])
def test_a_seat_is_only_ever_shown_cards_it_was_told_about(seats, seed, lang, deck):
    checked = 0
    for seat, known, shown in screens_of_a_whole_game(seats, seed, lang, {"deck": deck}):
        assert not mc_untold_cards(shown, known, lang), f"seat {seat} was shown a card it was never told about"
        checked += sum(len(names_on(screen, lang)) for screen in shown)
    assert checked > 100


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_screen_of_whole_games_fits_the_seat_screen(lang):
    for seats, seed in ((2, 11), (3, 12), (4, 13)):
        for _seat, _known, shown in screens_of_a_whole_game(seats, seed, lang):
            for screen in shown:
                render(screen)
                for item in screen.items:
                    lines, _ = wrap(item.label, WIDTH)
                    assert ELLIPSIS not in "".join(lines), f"{item.label!r} is cut in {lang}"
                    if item.detail:
                        assert text_width(item.detail, 12) <= WIDTH, f"{item.detail!r} is cut in {lang}"
                room = title_room(title_position(screen, f"{len(screen.items)}/{len(screen.items)}"), screen.title)
                assert ELLIPSIS not in fit(screen.title, room, (12,))[0], f"{screen.title!r} is cut in {lang}"
                if screen.footer:
                    assert ELLIPSIS not in fit(screen.footer, WIDTH, (12,))[0], f"{screen.footer!r} is cut in {lang}"


def test_every_card_name_fits_and_values_fit_on_one_line():
    for lang in ("en", "es"):
        for card in CARD_NAMES:
            assert ELLIPSIS not in "".join(wrap(Text(CARD_NAMES[card]).render(lang), WIDTH)[0])
            assert text_width(pages(lang).values(card), 12) <= WIDTH


def partner_in_hand(state: Any, events: list[Event]) -> bool:
    """A card must be played while the partner of a card on the table is in that seat's hand."""
    if state.stage not in ("lead", "follow"):
        return False
    (prompt,) = GAME.prompts(state)
    placed = {card for _, card in state.combat.table}
    return any(GAME.cards.card(card).partner in placed for card in state.hands[prompt.seat])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_card_says_its_partner_and_what_the_partner_on_the_table_adds(lang):
    """Seen in a trial: "Meryl · Strength: 4" while Luigi, her partner, lay on the table; she made 16
    and won, and nothing on the seat had said so, nor which cards are couples."""
    state, _ = play_until(3, 1, partner_in_hand)
    (prompt,) = GAME.prompts(state)
    view = GAME.view(state, prompt.seat)
    attribute = prompt.data["attribute"]
    placed = {card for _, card in state.combat.table}
    menu = pages(lang).menu(prompt, view)
    plays = [(entry.action.args[0], entry) for entry in menu.entries if entry.action is not None and entry.action.kind == "play"]
    paired = [(card, entry) for card, entry in plays if GAME.cards.card(card).partner in placed]
    assert paired
    for card, entry in paired:
        value = GAME.cards.card(card).values[attribute]
        bonus = GAME.cards.card(GAME.cards.card(card).partner).values[attribute]
        assert entry.item.detail.endswith(f": {value} + {bonus}")
        assert entry.footer == {"en": "Partner on the table", "es": "Pareja en la mesa"}[lang]
    for card, entry in plays:
        if (card, entry) not in paired:
            assert entry.item.detail.endswith(f": {GAME.cards.card(card).values[attribute]}")
    hand = pages(lang).hand_entries(view["you"]["hand"])
    for card, entry in zip([c for c in view["you"]["hand"] for _ in range(2 if GAME.cards.is_special(c) else 1)], hand):
        partner = GAME.cards.card(card).partner
        if partner is not None and not GAME.cards.is_special(card):
            assert entry.footer == {"en": "Partner: ", "es": "Pareja: "}[lang] + CARD_NAMES[partner]


@pytest.mark.parametrize("when", ["reveal", "aftermath"])
def test_an_ability_window_opens_on_go_on_the_abilities_after(when):
    """A trial's newcomer read the explanation with ●, pressed it once more, and spent Assassination:
    the first choice of a window is "Go on", the once-only abilities follow."""
    state, _ = play_until(3, 1, lambda s, ev: s.stage == when and any(a.kind == "use" for p in GAME.prompts(s) for a in p.actions))
    checked = 0
    for prompt in GAME.prompts(state):
        entries = [e for e in pages("en").menu(prompt, GAME.view(state, prompt.seat)).entries if e.action is not None]
        assert entries[0].action is not None and entries[0].action.kind == "pass"
        assert {e.action.kind for e in entries[1:] if e.action is not None} <= {"use"}
        checked += len(entries) > 1
    assert checked


def test_the_phone_lists_the_hand_without_the_footer_of_one_card():
    """Seen on a phone in a trial: "Companionship" under the whole hand, the footer of the card the OLED
    would show first; the phone lists every card, so no card's footer stands under them all."""
    from kiosk.seats.controller import SeatController
    from kiosk.web.hub import PhoneHub
    from kiosk.web.seat_feed import PhoneSeats

    state, _ = play_until(3, 1, stage("attack"))
    seat = next(s for s in range(3) if len(state.hands[s]) > 1)
    controller = SeatController(seat, pages("en"))
    controller.update(GAME.view(state, seat), None)
    assert pages("en").hand(GAME.view(state, seat)).footer  # the OLED's, under the card in view
    hand = next(p for p in PhoneSeats(PhoneHub("")).document(seat, controller)["pages"] if p["name"] == "hand")
    assert hand["screen"]["footer"] == "" and len(hand["screen"]["items"]) > 1
