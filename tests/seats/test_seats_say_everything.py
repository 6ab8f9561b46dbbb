"""Issue 38 (the seat screens say everything), in English and Spanish: the Conductor's spaces name
their category and nothing more; every title fits its bar; Mystery City's hand is readable before an
attack, its skills are explained, a decided combat says who won and what to press; a Watson & Holmes
seat names its own character and what discarding it brings; P.I. marks a place with a house and
points to the notes when a marker waits for one; an echo of a seat's own choice gives way to its
next prompt at once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.cards import ABILITY_NAMES, ATTRIBUTES
from kiosk.games.mystery_city.game import MysteryCity
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.games.mystery_express.narrate import CATEGORY_NAMES, PROMPT_TITLES
from kiosk.games.mystery_express.rules import category_of, element_of
from kiosk.i18n import Text
from kiosk.referee.awaited import doing
from kiosk.referee.narration import narrator_for
from kiosk.seats import mystery_express as me_screens
from kiosk.seats.canvas import ELLIPSIS, GLYPHS, WIDTH, paragraph
from kiosk.seats.controller import SeatController
from kiosk.seats.mystery_city import ABILITY_HELP, ONCE, MysteryCityPages
from kiosk.seats.mystery_express import MysteryExpressPages
from kiosk.seats.pi import mark, one_line, unnoted
from kiosk.seats.screen import PAGE_LINES, Screen, render, title_fits, writing
from kiosk.ui.boards.pi_map import marker_side
from tests.seats.test_mystery_city_pages import pages as mc_pages, play_until as mc_play_until, stage
from tests.seats.test_pi_pages import first as pi_first, pages_at as pi_pages_at
from tests.seats.test_seat_screens import check, play_until as me_play_until
from tests.seats.test_watson_holmes_pages import GAME as WH, Table as WHTable

ME = MysteryExpress()
MC = MysteryCity()
LANGS = ["en", "es"]


def title_whole(screen: Screen) -> bool:
    """Whether the title bar shows the title whole (beside its position, or alone on the bar)."""
    title, lines = writing(screen)[0]
    return not any(ELLIPSIS in line for line in lines) and title == screen.title


# --- Mystery Express: the Conductor's spaces --------------------------------------------------------


def at_a_chat(seed: int = 11):
    state = ME.start(4, seed, {"characters": "random"})
    me_play_until(state, lambda s, ev: any(p.kind == "conductor_space" for p in ME.prompts(s)))
    (prompt,) = [p for p in ME.prompts(state) if p.kind == "conductor_space"]
    return state, prompt


def chat_menu(state, prompt, lang: str):
    narrator = narrator_for("mystery-express", ME.view(state, None))
    return me_screens.menu(prompt, ME.view(state, prompt.seat), narrator, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_each_conductor_space_names_the_category_of_its_back(lang):
    state, prompt = at_a_chat()
    menu = chat_menu(state, prompt, lang)
    spaces = [(e.action, e.item) for e in menu.entries if e.action is not None and e.action.kind == "space"]
    assert len(spaces) == 3
    for action, item in spaces:
        category = category_of(state.conductor_spaces[action.args[0]])
        assert item.mark == category  # the category's mark, and its name in words
        assert Text(CATEGORY_NAMES[category]).render(lang) in item.label
        assert str(action.args[0] + 1) in item.label
    screen = menu.screen((), 0)
    assert title_whole(screen), screen.title
    check(f"me_conductor_space_{lang}", render(screen))


@pytest.mark.parametrize("seed", [11, 3, 5])
def test_the_conductor_spaces_tell_the_category_and_nothing_more(seed):
    """Another card of the same category on each space (what the player may not know) changes no
    screen of the chat; the faces lying there are named on none of them."""
    state, prompt = at_a_chat(seed)
    before = chat_menu(state, prompt, "en").screens()
    rules = ME.rules
    swapped = []
    for card in state.conductor_spaces:
        assert card is not None
        others = [e for e in rules.elements[category_of(card)] if e != element_of(card)]
        swapped.append(card.replace(element_of(card), others[0]))
    hidden = {element_of(card) for card in state.conductor_spaces} | {element_of(card) for card in swapped}
    state.conductor_spaces = swapped
    after = chat_menu(state, prompt, "en").screens()
    assert after == before
    names = {Text(rules.element_names[face]).render("en") for face in hidden}
    words = " ".join(text for screen in before for text, _ in writing(screen))
    assert not [name for name in names if name in words]


@pytest.mark.parametrize("lang", LANGS)
def test_every_mystery_express_title_fits_the_seat_title_bar(lang):
    narrator = narrator_for("mystery-express", {})
    for kind in PROMPT_TITLES:
        for category in CATEGORY_NAMES:
            prompt = Prompt(0, kind, (), data={"category": category, "hours": 12})
            title = me_screens.seat_title(prompt, narrator, lang)
            assert title_fits(title) and ELLIPSIS not in title, (kind, title)
            if "{category}" in PROMPT_TITLES[kind]:  # the category is never dropped to make it fit
                assert Text(CATEGORY_NAMES[category]).render(lang) in title


def test_the_passengers_board_in_agreement_in_spanish():
    """«Pasajeros 1 / suben en Estrasburgo»: the passengers are plural, so is their verb."""
    assert Text("Passengers {stack}", {"stack": 1}).render("es") == "Pasajeros 1"
    assert Text("boards in {city}", {"city": Text("Strasbourg")}).render("es").startswith("suben en ")


# --- a private reveal gives way to "Your move" ----------------------------------------------------------


def test_the_echo_of_a_seats_own_choice_gives_way_to_its_next_prompt():
    """"You passed" (the seat's own choice) is dropped when the seat must act; a card shown to it stays."""
    state = ME.start(4, 11, {"characters": "random"})
    me_play_until(state, lambda s, ev: any(p.kind == "dining_show" for p in ME.prompts(s)))
    prompt = next(p for p in ME.prompts(state) if p.kind == "dining_show")
    seat, other = prompt.seat, (prompt.seat + 1) % 4
    narrator = narrator_for("mystery-express", ME.view(state, None))
    controller = SeatController(seat, MysteryExpressPages(narrator, "en"))
    controller.update(ME.view(state, seat), None)
    audience = frozenset({seat, other})
    echo = controller.ui.reveal(Event("card_passed", {"from": seat, "to": other, "face": "MOTIVE:0"}, audience), seat)
    news = controller.ui.reveal(Event("card_passed", {"from": other, "to": seat, "face": "SUSPECT:1"}, audience), seat)
    assert echo is not None and news is not None and echo.title == "You passed" and news.title == "You see"
    controller.reveal(echo)
    controller.reveal(news)
    public = ME.view(state, None)
    controller.update(ME.view(state, seat), prompt, doing("mystery-express", prompt.kind, public, narrator))
    assert controller.reveals == [news]  # the card passed to it is still to be seen
    controller.press("select")
    assert controller.screen().title == "Your move"  # at once after it: no echo in between
    controller.reveal(echo)  # an echo with nothing asked of the seat stays up as before
    controller.update(ME.view(state, seat), prompt)
    assert controller.screen() == echo


# --- Mystery City -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_and_its_values_are_read_before_attacking(lang):
    state, _ = mc_play_until(3, 7, stage("attack"))
    (prompt,) = MC.prompts(state)
    view = MC.view(state, prompt.seat)
    pages = mc_pages(lang)
    controller = SeatController(prompt.seat, pages)
    controller.update(view, prompt)
    controller.press("prev")  # the menu wraps: the hand is one press back from the first attack
    screen = controller.screen()
    assert screen.items[screen.index].label == {"en": "Your hand", "es": "Tu mano"}[lang]
    check(f"mc_attack_hand_{lang}", render(screen))
    controller.press("select")
    cards = controller.screen()
    for card in view["you"]["hand"]:
        values = MC.cards.card(card).values
        item = next(i for i in cards.items if i.label == pages.narrator.card(card).render(lang) and not i.lines)
        assert all(str(values[a]) in item.detail for a in ATTRIBUTES)
    assert controller.press("select") is None  # reading a card chooses nothing
    menu = pages.menu(prompt, view)
    for entry in menu.entries[:-1]:  # each attribute says the best the hand has in it
        attribute = entry.below[0].action.args[0]
        best = max(v for c in view["you"]["hand"] if isinstance(v := MC.cards.card(c).values[attribute], int))
        assert entry.item.detail == {"en": f"Your best card: {best}", "es": f"Tu mejor carta: {best}"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_each_ability_is_explained_whole_on_the_seat(lang):
    pages = mc_pages(lang)
    specials = [card for card in MC.cards.cards if MC.cards.is_special(card)]
    assert {MC.cards.card(c).ability for c in specials} == set(ABILITY_HELP)
    for card in specials:
        ability = MC.cards.card(card).ability
        (_, page) = pages.hand_entries([card])
        said = " ".join(page.item.lines)
        words = f"{Text(ABILITY_HELP[ability]).render(lang)}. {Text(ONCE).render(lang)}"
        assert page.item.lines[0] == Text(ABILITY_NAMES[ability]).render(lang)
        assert len(paragraph(words, WIDTH - 2)) < PAGE_LINES and said.endswith(" ".join(paragraph(words, WIDTH - 2)))
        use = pages.choice(Prompt(0, "aftermath", (Action("use", (card,)),), data={"winner": 0}), Action("use", (card,)))
        assert " ".join(use.item.lines).endswith(" ".join(paragraph(Text(ABILITY_HELP[ability]).render(lang), WIDTH - 2)))
        assert len(use.item.lines) <= PAGE_LINES and (use.footer == "" or len(use.item.lines) < PAGE_LINES)


@pytest.mark.parametrize("lang", LANGS)
def test_a_decided_combat_says_who_won_and_what_the_press_does(lang):
    state, _ = mc_play_until(3, 7, stage("aftermath"))
    pages = mc_pages(lang)
    for prompt in MC.prompts(state):
        view = MC.view(state, prompt.seat)
        won = prompt.data["winner"] == prompt.seat
        screen = pages.menu(prompt, view).screen()
        assert screen.title == {("en", True): "You won the combat", ("en", False): "You lost the combat",
                                ("es", True): "Ganaste el combate", ("es", False): "Perdiste el combate"}[(lang, won)]
        go_on = next(i for i in screen.items if i.label == {"en": "Go on", "es": "Seguir"}[lang])
        winner = pages.narrator.seat(prompt.data["winner"]).render(lang)
        assert go_on.detail == ({"en": "You take the cards", "es": "Te llevas las cartas"}[lang] if won else
                                {"en": f"{winner} takes them", "es": f"Cartas al puesto {prompt.data['winner'] + 1}"}[lang])
        check(f"mc_aftermath_{lang}", render(screen))
        asked = doing("mystery-city", "aftermath", MC.view(state, None), pages.narrator).render(lang)
        assert asked == {"en": "end the combat", "es": "cierra el combate"}[lang]


def test_no_masculine_pronoun_for_a_feminine_attribute():
    """«Atacar con él» read under Fuerza, Destreza…: the attribute step now names a value instead."""
    state, _ = mc_play_until(3, 7, stage("attack"))
    (prompt,) = MC.prompts(state)
    menu = mc_pages("es").menu(prompt, MC.view(state, prompt.seat))
    words = " ".join(text for screen in menu.screens() for text, _ in writing(screen))
    assert " él" not in words and "Tu mejor carta" in words


# --- Watson & Holmes ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_names_its_own_character_and_what_discarding_it_brings(lang):
    table = WHTable(lang=lang, case="thornbury-clock").until(lambda t: t.has("visit"))
    prompt = table.prompt("visit")
    view = WH.view(table.state, prompt.seat)
    name = Text(table.narrator.characters.get(view["you"]["character"]).name).render(lang)
    pages = table.pages[prompt.seat]
    assert name in pages.idle(view).title
    for seat in [s for s in table.pages if s != prompt.seat]:  # no other seat's screen names it
        assert name not in table.pages[seat].idle(WH.view(table.state, seat)).title
    labels = [item.label for screen in pages.menu(prompt, view).screens() for item in screen.items]
    discard = {label for label in labels if label.startswith({"en": "Discard", "es": "Descartar"}[lang])}
    assert discard == {{"en": "Discard your character: +3 carriages", "es": "Descartar tu personaje: +3 carruajes"}[lang]}


# --- P.I. ------------------------------------------------------------------------------------------------------


def test_a_place_is_marked_with_a_house_not_a_railway_car():
    assert mark("LOCATION:1") == "PLACE" and GLYPHS["PLACE"] != GLYPHS["LOCATION"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_points_to_the_notes_while_a_marker_waits_for_one(lang):
    moment = pi_first(lambda m: any(p.kind == "notes" for p in m.prompts) and m.prompts[0].kind == "turn")
    turn = moment.prompts[0]
    view = moment.views[turn.seat]
    pages = pi_pages_at(moment, turn.seat, lang)
    pointer = {"en": "◀ Note a marker", "es": "◀ Anotar marcador"}[lang]
    assert unnoted(view, turn.seat) and pages.menu(turn, view).entries[0].footer == pointer
    markers = [m["id"] for i in view["investigators"] if i["seat"] == turn.seat for m in i["markers"]]
    noted = {**view, "you": {**view["you"], "notes": {m: "SUSPECT:1" for m in markers}}}
    assert not unnoted(noted, turn.seat) and pages.menu(turn, noted).entries[0].footer != pointer


@pytest.mark.parametrize("lang", LANGS)
def test_a_markers_level_of_the_notes_has_a_title_that_fits(lang):
    moment = pi_first(lambda m: any(p.kind == "notes" and len({a.args[0] for a in p.actions}) > 1 for p in m.prompts))
    notes = next(p for p in moment.prompts if p.kind == "notes")
    menu = pi_pages_at(moment, notes.seat, lang).menu(notes, moment.views[notes.seat])
    for i, entry in enumerate(menu.entries):
        if entry.is_group:
            screen = menu.screen((i,), 0)
            assert title_whole(screen), screen.title


def test_an_investigators_markers_stand_large_where_the_strip_has_room():
    chip = 13  # a chip at 800x480
    assert marker_side(chip, 120, 3, 3) > chip // 2  # three pawns, three markers: one row, large
    assert marker_side(chip, 120, 2, 0) == 0
    assert marker_side(chip, 60, 3, 6) == 0  # crowded: two rows of half a chip, as before


def test_a_single_markers_tiles_say_where_it_is_from_on_one_line():
    """"Cubo en Pequeña Italia" is cut on one line: the tiles then say "De Pequeña Italia", and where
    even that is too long, the place alone."""
    assert one_line("Cube at Docks", "From Docks", "Docks") == "Cube at Docks"
    assert one_line("Cubo en Pequeña Italia", "De Pequeña Italia", "Pequeña Italia") == "De Pequeña Italia"
    assert one_line("Cubo en Parador de Carretera", "De Parador de Carretera", "Parador de Carretera") == "Parador de Carretera"
