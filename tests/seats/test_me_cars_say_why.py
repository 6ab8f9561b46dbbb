"""Mystery Express turn menus: every car of the train stands in the seat's menu, a car that offers
nothing now with why not (the Club Car on a first turn: nobody has a discard, no passenger has boarded),
and the car where the Conductor stands says so; a grip there is offered even on empty discard piles, for
the chat it brings (rules 4.4 A: legal, no effect; 4.10: an action in his car brings the chat)."""

from __future__ import annotations

from kiosk.games.base import Action
from kiosk.games.mystery_express.choices import worth_offering
from kiosk.games.mystery_express.narrate import Narrator
from kiosk.seats.mystery_express import menu
from kiosk.seats.screen import writing
from tests.games.me_support import GAME, started


def first_turn(conductor_car: str):
    state = started()
    state.conductor_car = conductor_car
    assert not any(s.discard for s in state.seats)
    (prompt,) = GAME.prompts(state)
    return state, prompt


def words(state, prompt, lang="en") -> list[str]:
    seat_menu = menu(prompt, GAME.view(state, prompt.seat), Narrator(GAME.rules), lang)
    found = []
    for screen in seat_menu.screens():
        for text, _ in writing(screen):
            found.append(text)
        found += [" ".join(item.lines) for item in screen.items if item.lines]
    return found


def test_a_first_turn_names_the_club_car_and_why_it_offers_nothing():
    state, prompt = first_turn("smoking")
    assert prompt.data["unavailable"]["madam"] == "No passenger with cards has boarded yet."
    assert Action("grip") not in worth_offering(prompt, GAME.view(state, prompt.seat))  # it would change nothing
    pages = {w for w in words(state, prompt) if w.startswith("Club Car ")}
    assert pages == {"Club Car Not now: no discards yet; no passenger cards yet."}
    spanish = {w for w in words(state, prompt, "es") if w.startswith("Vagón club ")}
    assert spanish == {"Vagón club Ahora no: aún no hay descartes; aún sin pasajeros."}


def test_a_grip_in_the_conductors_car_is_offered_for_the_chat_it_brings():
    state, prompt = first_turn("club")
    assert Action("grip") in worth_offering(prompt, GAME.view(state, prompt.seat))
    assert "Conductor · 1 h" in words(state, prompt)
    GAME.apply(state, state.active, Action("grip"))
    for action in (Action("target", (state.active,)), Action("category", ("SUSPECT",))):
        GAME.apply(state, state.active, action)
    assert state.stage == "conductor_space"  # the hour bought the chat


def test_the_car_where_the_conductor_stands_says_so():
    state, prompt = first_turn("dining")
    found = words(state, prompt)
    assert "The Conductor is here" in found  # "Conductor · 1 h per guest" would not fit its line
    assert not any(w.startswith("Conductor ·") for w in found)
    state, prompt = first_turn("smoking")
    assert "Conductor · 3 h" in words(state, prompt)
    assert "Revisor · 3 h" in words(state, prompt, "es")


def test_a_power_names_the_category_it_asks_for():
    state = started()
    GAME.apply(state, state.active, Action("power"))
    (prompt,) = GAME.prompts(state)
    specialty = GAME.rules.character(state.seats[state.active].character).specialty
    assert prompt.kind == "power_target" and prompt.data["category"] == specialty
    named = {"SUSPECT": "Suspect", "MODUS_OPERANDI": "Modus operandi", "MOTIVE": "Motive", "LOCATION": "Location"}
    title = Narrator(GAME.rules).title(prompt).render("en")
    assert title == f"Power: {named[specialty]} from whom?"
    seat_title = menu(prompt, GAME.view(state, prompt.seat), Narrator(GAME.rules), "en").title
    assert named[specialty] in seat_title


def test_a_card_given_back_from_the_smoking_car_says_to_whom():
    state = started()
    smoker = state.active
    GAME.apply(state, smoker, Action("smoking"))
    category = GAME.prompts(state)[0].actions[0].args[0]
    GAME.apply(state, smoker, Action("category", (category,)))
    GAME.apply(state, smoker, GAME.prompts(state)[0].actions[0])
    while state.stage == "smoking_give":
        for prompt in GAME.prompts(state):
            GAME.apply(state, prompt.seat, prompt.actions[0])
    (prompt,) = GAME.prompts(state)
    assert prompt.kind == "smoking_return"
    receiver = Narrator(GAME.rules).seat(prompt.data["to"]).render("en")
    details = {e.item.detail for e in menu(prompt, GAME.view(state, smoker), Narrator(GAME.rules), "en").entries}
    assert details == {f"to {receiver}"}


def test_a_card_passed_in_the_passenger_car_says_to_which_neighbour():
    state = started()
    GAME.apply(state, state.active, Action("passenger"))
    narrator = Narrator(GAME.rules)
    for prompt in GAME.prompts(state):
        assert prompt.kind == "passenger_pass" and prompt.data["to"] == (prompt.seat + 1) % 4  # left, clockwise
        entries = menu(prompt, GAME.view(state, prompt.seat), narrator, "en").entries
        leaves = [leaf for e in entries for leaf in (e.below or (e,))]  # seven cards: by category, then card
        # (a category of one card stands as its heading, without a detail)
        assert {e.item.detail for e in leaves} - {""} == {f"to {narrator.seat(prompt.data['to']).render('en')}"}


def test_with_no_hours_left_the_cars_are_not_listed_one_by_one():
    state, prompt = first_turn("smoking")
    state.hours = 0
    (prompt,) = GAME.prompts(state)
    found = words(state, prompt)
    assert not any(w.startswith(("Club Car", "Dining Car", "Smoking Car")) for w in found)
    assert "End my turn" in found


def test_a_tunnel_position_shows_the_category_of_its_back():
    from kiosk.games.mystery_express.rules import category_of

    state = started()
    while state.stage != "tunnel":  # everyone ends every turn until München
        (prompt,) = GAME.prompts(state)
        GAME.apply(state, prompt.seat, Action("end_turn") if prompt.kind == "turn" else prompt.actions[0])
    prompt = next(p for p in GAME.prompts(state) if p.seat == 0)
    seat_menu = menu(prompt, GAME.view(state, 0), Narrator(GAME.rules), "en")
    marked = {}
    for entry in seat_menu.entries:
        for leaf in entry.below or (entry,):
            if leaf.action is not None:
                marked[leaf.action.args] = leaf.item.mark
    assert marked and all(mark == category_of(state.pending["rows"][owner][position])
                          for (owner, position), mark in marked.items())


def test_each_detective_to_choose_says_its_specialty():
    state = GAME.start(4, 1, {})
    (prompt,) = GAME.prompts(state)
    assert prompt.kind == "character"
    details = {e.action.args[0]: e.item.detail
               for e in menu(prompt, GAME.view(state, prompt.seat), Narrator(GAME.rules), "en").entries if e.action}
    assert details["strauss"] == "Specialty: Motive"
    assert details["macdouglas"] == "Modus operandi"  # "Specialty: Modus operandi" is too long for the line
