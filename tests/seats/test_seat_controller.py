"""The three-button grammar, driven like a player: press, look at the screen, press again."""

from __future__ import annotations

from kiosk.bots.random_bot import RandomBot
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.mystery_express import MysteryExpressPages

GAME = MysteryExpress()


def seat_at_turn():
    state = GAME.start(4, 11, {"characters": "random"})
    seat = state.active
    pages = MysteryExpressPages(narrator_for("mystery-express", GAME.view(state, None)), "en")
    controller = SeatController(seat, pages)
    (prompt,) = GAME.prompts(state)
    controller.update(GAME.view(state, seat), prompt)
    return state, controller, prompt


def test_a_new_prompt_is_shown_at_once_and_chosen_with_next_and_select():
    state, controller, prompt = seat_at_turn()
    assert controller.mode == "prompt" and controller.screen().title.startswith("Choose your car")
    assert controller.press("next") is None and controller.press("next") is None
    assert controller.press("prev") is None
    assert controller.press("select") == prompt.actions[1]
    assert controller.screen().index == 1


def test_moving_wraps_around_the_list():
    _, controller, prompt = seat_at_turn()
    controller.press("prev")
    assert controller.press("select") == prompt.actions[-1]


def test_a_long_press_leaves_the_choice_to_browse_and_select_brings_it_back():
    state, controller, prompt = seat_at_turn()
    controller.press("select", long=True)
    assert controller.mode == "idle"
    controller.press("select")
    assert controller.mode == "prompt" and controller.press("select") == prompt.actions[0]


def test_without_a_prompt_select_walks_idle_hand_journal():
    state = GAME.start(4, 11, {"characters": "random"})
    bots = [RandomBot(s, 1) for s in range(4)]
    while state.stage != "turn":
        p = GAME.prompts(state)[0]
        GAME.apply(state, p.seat, bots[p.seat].choose(GAME.view(state, p.seat), p))
    idle_seat = (state.active + 1) % 4
    controller = SeatController(idle_seat, MysteryExpressPages(narrator_for("mystery-express", GAME.view(state, None)), "en"))
    controller.update(GAME.view(state, idle_seat), None)
    titles = []
    for _ in range(4):
        titles.append(controller.screen().title)
        controller.press("select")
    assert titles[1:3] == ["Your hand", "Seen"] and titles[0] == titles[3]
    controller.press("select")
    controller.press("next")
    assert controller.screen().index == 1  # the second card of the hand


def test_a_reveal_covers_the_screen_until_a_press_dismisses_it():
    _, controller, prompt = seat_at_turn()
    from kiosk.seats.screen import Item, Screen

    controller.reveal(Screen("You see", (Item("Candy"),)))
    assert controller.screen().title == "You see"
    assert controller.press("select") is None  # the press only dismisses: no choice is made blindly
    assert controller.screen().title.startswith("Choose your car")
