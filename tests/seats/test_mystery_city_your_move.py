"""Mystery City: a seat's next decision of another kind, right after its own choice, opens on "Your
move" with what is asked, never on a menu that came back by itself.

Seen in a trial (playMC11): after a defender played its card, its menu came back at once as the
window of shown cards, a special's ability first; after "Go on" it came back again as "You won the
combat", the ability first again; after the last "Go on" it came back as the next attack. One press
too many spent a special, and one press meant to wake the seat chose an attack.
"""

from __future__ import annotations

import random

from hardware.events import ButtonPress
from kiosk.referee.awaited import doing
from kiosk.referee.narration import narrator_for
from tests.table_support import settle, table_referee

PEOPLE = (0, 1)
GOES_ON = {("attack", "play_card"), ("counterattack", "play_card")}  # naming the fight, then its card


def test_a_new_kind_of_decision_after_ones_own_choice_opens_on_your_move(mock_table, tmp_path):
    store, session, referee = table_referee(mock_table, tmp_path, "mystery-city", 5, seats=3, bots=(2,))
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(400):
        settle(referee)
        waiting = [p for p in session.game.prompts(session.state) if p.seat in PEOPLE]
        if session.over or not waiting:
            break
        prompt = rng.choice(waiting)
        controller = referee.controllers[prompt.seat]
        if controller.mode != "prompt":  # "Your move": the press that opens the choices
            mock_table.table.events.put(ButtonPress(prompt.seat, "next"))
            settle(referee)
        assert controller.mode == "prompt" and controller.prompt == prompt
        referee.submit(prompt.seat, rng.choice(prompt.actions))
        settle(referee)
        after = controller.prompt
        if after is None or after == prompt or after.kind == prompt.kind or (prompt.kind, after.kind) in GOES_ON:
            continue
        seen.add(after.kind)
        screen = referee.screen_of(prompt.seat)
        view = session.game.view(session.state, None)
        asked = doing("mystery-city", after.kind, view, narrator_for("mystery-city", view)).render("en")
        assert controller.mode == "idle" and screen.title == "Your move" and screen.inverted, (prompt.kind, after.kind)
        assert screen.notice == asked[:1].upper() + asked[1:]
    assert {"reveal", "aftermath", "attack"} <= seen, seen
    store.close()
