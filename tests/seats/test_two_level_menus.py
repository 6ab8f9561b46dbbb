"""Seat menus that fit three buttons (issue 15 item 4): two levels where that helps, the position at
each level, the cost of each action, nothing impossible or pointless offered, and a press that
dismisses a reveal only dismisses it."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games import registry
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.turn import CAR_OF
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.menu import Entry, Menu
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import Item, Screen, render
from tests.menu_support import presses_to, where
from tests.seats.test_seat_screens import check

ME = registry.get("mystery-express")
RULES_COSTS = {"grip": 1, "madam": 3, "dining": 1, "lounge": 2, "passenger": 1, "sleeping": 2, "smoking": 3}  # rules 4.3


# --- seeded playouts of every game ----------------------------------------------------------------


def playout(game_id: str, seats: int, seed: int, options: dict[str, Any] | None = None,
            lang: str = "en") -> Iterator[tuple[Any, Prompt, dict[str, Any], Any]]:
    """Every prompt of a random game, with its seat's view and that seat's pages (which have seen
    every event the seat was allowed to see), before the bots answer."""
    game = registry.get(game_id)
    state = game.start(seats, seed, options)
    narrator = narrator_for(game_id, game.view(state, None))
    pages = [seat_pages(game_id, narrator, lang) for _ in range(seats)]
    bots = [RandomBot(s, seed) for s in range(seats)]
    events: list[Event] = list(getattr(game, "opening", lambda s: [])(state))
    rng = random.Random(seed)
    for _ in range(3000):
        for seat in range(seats):
            pages[seat].observe([e for e in events if e.visible_to(seat)])
        prompts = game.prompts(state)
        if not prompts:
            return
        for prompt in prompts:
            yield state, prompt, game.view(state, prompt.seat), pages[prompt.seat]
        prompt = rng.choice(prompts)
        events = game.apply(state, prompt.seat, bots[prompt.seat].choose(game.view(state, prompt.seat), prompt))
    raise AssertionError(f"{game_id} did not end")


def me_pointless(prompt: Prompt, action: Action, view: dict[str, Any]) -> bool:
    """What a Mystery Express seat is not offered although the engine allows it, as the rules say:
    a grip on an empty discard pile changes nothing (4.4 A); walking is free and does nothing by
    itself (4.1), so walking to a car where nothing can be done is pointless."""
    players = view["players"]
    if action.kind == "grip":
        return all(p["discard_size"] == 0 for p in players)
    if prompt.kind == "grip_target":
        return action.kind == "target" and players[action.args[0]]["discard_size"] == 0
    if prompt.kind == "grip_category":
        return action.kind == "category" and players[prompt.data["target"]]["discard"][action.args[0]] == 0
    if action.kind == "move":
        return not any(CAR_OF.get(a.kind) == action.args[0] and not me_pointless(prompt, a, view) for a in prompt.actions)
    return False


POINTLESS = {"mystery-express": me_pointless}
GAMES = [
    ("mystery-express", 4, 5, {"characters": "random"}),
    ("mystery-express", 3, 8, None),
    ("pi", 3, 2, None),
    ("watson-holmes", 4, 3, None),
    ("mystery-city", 4, 6, None),
    ("mystery-city", 3, 9, {"deck": "nfc"}),
]


def depth(entries: tuple[Entry, ...]) -> int:
    return 1 + max((depth(e.below) - e.confirms for e in entries if e.is_group), default=0)  # a summary is no level


@pytest.mark.parametrize(("game_id", "seats", "seed", "options"), GAMES)
def test_every_offered_choice_is_legal_and_every_useful_one_is_offered(game_id, seats, seed, options):
    pointless = POINTLESS.get(game_id, lambda prompt, action, view: False)
    kinds = set()
    rng = random.Random(seed)
    for step, (state, prompt, view, pages) in enumerate(playout(game_id, seats, seed, options)):
        kinds.add(prompt.kind)
        menu = pages.menu(prompt, view)
        offered = menu.leaves()
        assert len(offered) == len(set(offered)), "a choice offered twice"
        assert set(offered) <= set(prompt.actions), "a choice the engine does not allow"
        left_out = [a for a in prompt.actions if a not in offered]
        assert all(pointless(prompt, a, view) for a in left_out), f"{prompt.kind}: {left_out} cannot be reached"
        assert depth(menu.entries) <= 2
        # a group holds at least two choices (or is one's summary), each a choice (or one refused now, in its
        # place, saying why: a W&H card locked to this seat), or pages to read; pages to read may also come
        # first, before its choices, as at the top (fixWH30: a W&H character's power, read where it is chosen)
        for entry in menu.entries:
            first = next((i for i, e in enumerate(entry.below) if e.action or e.is_group or e.refused), len(entry.below))
            choices = entry.below[first:]
            assert not entry.is_group or (
                (len(choices) >= 2 or entry.confirms or not choices)
                and all(e.action or e.confirms or e.refused for e in choices))
        if game_id == "mystery-express" and prompt.kind == "turn":  # rules 4.1: enough hours to complete it
            for action in offered:
                if action.kind in RULES_COSTS:
                    assert RULES_COSTS[action.kind] <= view["hours"], (action, view["hours"])
        if game_id == "watson-holmes" and prompt.kind == "bid":  # rules 6.2: no more carriages than held
            me = view["players"][prompt.seat]
            assert any(a.kind in ("bid", "toby") for a in offered), "a card one cannot afford to bid on"
            for action in offered:
                if action.kind == "bid":
                    assert action.args[0] + prompt.data["travel"] <= me["carriages"] - me["committed"]
        for action in offered[:3]:  # a sample of the leaves, applied for real
            registry.get(game_id).apply(copy.deepcopy(state), prompt.seat, action)
        if step % 5 == 0:  # and one of them reached with the buttons, from the top of the menu
            seat = SeatController(prompt.seat, pages)
            seat.update(view, prompt)
            wanted = rng.choice(offered)
            chosen = [seat.press(button, long) for button, long in presses_to(seat, wanted)]
            assert chosen[-1] == wanted and not any(chosen[:-1])
    assert kinds


def test_every_offered_choice_is_reached_with_the_three_buttons():
    """From the top of the menu, presses reach each choice of a few turns, and select chooses it."""
    reached = 0
    for _, prompt, view, pages in playout("mystery-express", 4, 5, {"characters": "random"}):
        if prompt.kind != "turn" or reached > 40:
            continue
        for action in pages.menu(prompt, view).leaves():
            controller = SeatController(prompt.seat, pages)
            controller.update(view, prompt)
            chosen = [controller.press(button, long) for button, long in presses_to(controller, action)]
            assert chosen[-1] == action and not any(chosen[:-1])
            reached += 1
    assert reached > 40


# --- Mystery Express: the turn by car, with its hours ------------------------------------------------


def me_turn(until) -> tuple[Any, Prompt, dict[str, Any], Any]:
    for state, prompt, view, pages in playout("mystery-express", 4, 5, {"characters": "random"}):
        if prompt.kind == "turn" and until(state, view):
            return state, prompt, view, pages
    raise AssertionError("no such turn")


def labels(screen: Screen) -> list[str]:
    return [item.label for item in screen.items]


def test_a_turn_is_first_the_car_then_what_to_do_there():
    state, prompt, view, pages = me_turn(lambda s, v: v["hours"] == 5 and any(p["discard_size"] for p in v["players"])
                                         and s.seats[s.active].car != "club")
    menu = pages.menu(prompt, view)
    top = menu.screen()
    assert top.title == "Your turn: 5 h" and len(top.items) < len(prompt.actions)
    assert labels(top)[-1] == "End my turn"
    club = labels(top).index("Club Car")
    assert menu.entries[club].is_group
    inside = menu.screen((club,), 1)
    assert inside.title == "Club Car" and inside.index == 1 and len(inside.items) == len(menu.entries[club].below)
    assert [i.label for i in inside.items[:1]] == ["Get a grip!"] and inside.items[0].detail == "1 h"
    assert inside.items[-1].label == "Just walk there" and inside.items[-1].detail == "no hours"
    dining = menu.entries[labels(top).index("Dining Car")]
    assert dining.item.detail == "1 h per guest"
    assert [e.item.detail for e in dining.below] == ["1 h per guest", "no hours"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_turn_menu_images(lang):
    state, prompt, view, _ = me_turn(lambda s, v: v["hours"] == 5 and any(p["discard_size"] for p in v["players"])
                                     and s.seats[s.active].car != "club")
    narrator = narrator_for("mystery-express", ME.view(state, None))
    menu = seat_pages("mystery-express", narrator, lang).menu(prompt, view)
    club = next(i for i, e in enumerate(menu.entries) if e.item.label in ("Club Car", "Vagón club", "Vagón Club"))
    check(f"menu_turn_top_{lang}", render(menu.screen((), club)))
    check(f"menu_turn_club_{lang}", render(menu.screen((club,), 0)))


def test_no_action_is_offered_that_costs_more_hours_than_are_left():
    state, prompt, view, pages = me_turn(lambda s, v: v["hours"] == 1)
    menu = pages.menu(prompt, view)
    offered = menu.leaves()
    assert not {"madam", "lounge", "sleeping", "smoking"} & {a.kind for a in offered}
    for car in ("Lounge Car", "Sleeping Car", "Smoking Car"):  # nor a walk there: nothing to do there
        assert Action("move", (car.split()[0].lower(),)) not in offered
        # the car stands only as a page saying why not, which chooses nothing
        (entry,) = [e for e in menu.entries if e.item.label == car]
        assert entry.action is None and not entry.is_group and "Not now:" in " ".join(entry.item.lines)


def test_get_a_grip_is_not_offered_while_every_discard_pile_is_empty():
    state, prompt, view, pages = me_turn(lambda s, v: not any(p["discard_size"] for p in v["players"]))
    assert Action("grip") in prompt.actions  # legal (rules 4.4 A: no effect), but pointless
    assert Action("grip") not in pages.menu(prompt, view).leaves()


# --- the other games' long lists -------------------------------------------------------------------------


def first(game_id, seats, seed, kind, options=None):
    for _, prompt, view, pages in playout(game_id, seats, seed, options):
        if prompt.kind == kind:
            return prompt, view, pages
    raise AssertionError(kind)


def test_pi_move_is_what_then_where():
    prompt, view, pages = first("pi", 3, 2, "turn")
    menu = pages.menu(prompt, view)
    assert len(prompt.actions) > 20
    # a case's first turn opens on the cards the seat holds (a page of reading), then the choices
    assert menu.entries[0].action is None and not menu.entries[0].is_group and menu.entries[0].title.startswith("Case of")
    assert [e.item.label for e in menu.entries[1:]] == ["Place an investigator", "Take evidence", "Solve the case"]
    places = menu.screen((1,), 3)
    assert places.title == "Where to?" and places.index == 3
    assert len(places.items) == sum(a.kind == "investigate" for a in prompt.actions)


def test_pi_notes_are_marker_then_tile():
    seen = set()
    for _, prompt, view, pages in playout("pi", 3, 2):
        if prompt.kind != "notes":
            continue
        menu = pages.menu(prompt, view)
        markers = {a.args[0] for a in prompt.actions}
        seen.add(min(len(markers), 2))
        if len(markers) == 1:  # one marker: its tiles are the menu, each saying where the marker is from
            assert all(e.action is not None and e.item.detail for e in menu.entries)
            continue
        assert len(menu.entries) == len(markers)
        for entry in menu.entries:
            group = {leaf.action.args[0] for leaf in entry.below} if entry.is_group else {entry.action.args[0]}
            assert len(group) == 1
    assert seen == {1, 2}


def test_watson_holmes_bid_is_walk_or_carriages_then_how_many():
    prompt, view, pages = first("watson-holmes", 4, 3, "bid")
    menu = pages.menu(prompt, view)
    assert len(menu.entries) < len(prompt.actions)
    bids = next(e for e in menu.entries if e.item.label == "Bid carriages")
    amounts = [e.action.args[0] for e in bids.below if e.action is not None]
    assert bids.item.detail == f"{min(amounts)} to {max(amounts)} carriages"
    assert menu.screen((menu.entries.index(bids),), 0).title == "Your bid"


# --- the controller: levels, back, and a press that dismisses -------------------------------------------------


class Pages:
    """Seat pages whose menu is a fixed tree: two groups and a loose choice."""

    pages = ("hand",)

    def __init__(self) -> None:
        a, b, c = (Action("x", (n,)) for n in range(3))
        self.actions = (a, b, c, Action("end"))
        self.tree = Menu("Pick", (
            Entry(Item("Group A"), below=(Entry(Item("a"), a), Entry(Item("b"), b))),
            Entry(Item("c"), c),
            Entry(Item("End"), Action("end")),
        ))

    def idle(self, view):
        return Screen("idle")

    def page(self, name, view, index):
        return Screen(name)

    def menu(self, prompt, view):
        return self.tree

    def reveal(self, event):
        return None

    def observe(self, events):
        pass


def controller() -> SeatController:
    pages = Pages()
    seat = SeatController(0, pages)
    seat.update({}, Prompt(0, "pick", pages.actions))
    return seat


def test_select_opens_a_group_long_press_goes_back_onto_it():
    seat = controller()
    assert (seat.screen().title, seat.screen().index, len(seat.screen().items)) == ("Pick", 0, 3)
    assert seat.press("select") is None  # opens Group A
    screen = seat.screen()
    assert (screen.title, screen.index, len(screen.items)) == ("Group A", 0, 3)
    assert screen.items[-1].label == "Back" and screen.footer == "hold ● to go back"
    seat.press("next")
    assert seat.press("select", long=True) is None  # back up, onto the group just left
    assert (seat.screen().title, seat.screen().index) == ("Pick", 0)
    seat.press("select")
    seat.press("prev")  # onto "Back", the level's last entry
    on_back = seat.screen()
    said = [on_back.footer, *(i.detail for i in on_back.items if i.detail)]  # the trial of issue 38: said twice
    assert on_back.items[on_back.index].label == "Back" and said == ["or hold ● anywhere"], said
    assert seat.press("select") is None  # "Back" chooses nothing: up, onto the group just left
    assert (seat.screen().title, seat.screen().index) == ("Pick", 0)
    seat.press("select")
    seat.press("next")
    assert seat.press("select") == Action("x", (1,))
    seat.press("select", long=True)
    seat.press("select", long=True)  # from the top level: out to the idle screen
    assert seat.mode == "idle" and seat.screen().title == "idle"
    assert where(seat.ui.menu(seat.prompt, {}), Action("x", (1,))) == (0, 1)


def test_a_press_that_dismisses_a_reveal_only_dismisses_it():
    seat = controller()
    seat.reveal(Screen("You see", (Item("Silk scarf"),), inverted=True))
    for button in ("select", "next", "prev"):
        seat.reveal(Screen("You see", (Item("Silk scarf"),), inverted=True))
        assert seat.press(button) is None  # dismissed, and nothing chosen
        assert (seat.path, seat.index) == ((), 0)
    assert seat.press("select") is None and not seat.reveals  # the first reveal's own press
    assert seat.screen().title == "Pick" and seat.screen().index == 0
    assert seat.press("select") is None and seat.screen().title == "Group A"  # now the menu answers


def test_on_the_table_a_press_on_a_reveal_chooses_nothing(mock_table, tmp_path):
    """Through the referee: a seat with a private card to read and a choice awaited presses select
    once; the card goes and no action is taken: "Your move" shows, and the next press opens the menu
    on its first item untouched, choosing nothing either."""
    from tests.table_support import settle, table_referee

    store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 4, bots=(), reveal_seconds=60.0)
    settle(referee)
    seat = session.game.prompts(session.state)[0].seat
    card = Screen("You see", (Item("Silk scarf"),), inverted=True)
    referee.controllers[seat].reveal(card)
    actions_before = len(store.actions(session.record.id))
    state_before = session.game.view(session.state, None)
    referee.press(seat, "select")
    controller = referee.controllers[seat]
    assert not controller.reveals and controller.mode == "idle" and controller.screen().inverted
    referee.press(seat, "select")
    assert controller.mode == "prompt" and (controller.path, controller.index) == ((), 0)
    assert len(store.actions(session.record.id)) == actions_before
    assert session.game.view(session.state, None) == state_before


# --- a Wien packet on the seat screen (issue 15 item 5) ----------------------------------------------


@pytest.mark.parametrize(("seats", "seed", "lang", "count"), [(3, 8, "es", (7, 8)), (5, 4, "en", (4, 5)), (4, 6, "en", (5, 6))])
def test_wien_packet_images(seats, seed, lang, count):
    from kiosk.seats import mystery_express as screens
    from tests.seats.test_seat_screens import play_until

    state = ME.start(seats, seed)
    events = play_until(state, lambda s, ev: any(e.kind == "time_packet" for e in ev))
    packet = next(e for e in events if e.kind == "time_packet")
    screen = screens.reveal(packet, narrator_for("mystery-express", ME.view(state, None)), lang)
    assert screen is not None and len(screen.clocks) == len(packet.data["cards"]) and len(screen.clocks) in count
    check(f"wien_packet_{seats}_{lang}", render(screen))


def test_the_hour_hand_is_short_and_thick_the_minute_hand_long_and_thin():
    """At three o'clock the minute hand points up and the hour hand right: on one bit they differ in
    thickness and in length, so they are told apart however small the packet makes the faces."""
    for clocks, radius in ((((3, 0),), 24), (((3, 0),) * 8, 11)):
        image = render(Screen("", clocks=clocks))
        lit = {(x, y) for x in range(128) for y in range(64) if image.getpixel((x, y))}
        cx, cy = (64, 38) if len(clocks) == 1 else (16, 25)  # the first face's centre
        minute = [y for y in range(cy - radius * 2 // 3, cy - 1) if (cx, y) in lit]  # well below the notch at twelve
        hour = [x for x in range(cx + 2, cx + radius - 3) if (x, cy) in lit]  # short of the dot at three
        assert not any((cx - 1, y) in lit or (cx + 1, y) in lit for y in minute), "the minute hand is one pixel wide"
        assert all((x, cy - 1) in lit or (x, cy + 1) in lit for x in hour), "the hour hand is thicker"
        assert len(minute) > len(hour) >= 3, (radius, minute, hour)  # and the minute hand is the longer


def test_the_tunnel_is_whose_row_then_which_card():
    from tests.seats.test_seat_screens import play_until

    state = ME.start(5, 3)
    play_until(state, lambda s, ev: s.stage == "tunnel")
    prompt = next(p for p in ME.prompts(state) if len(p.actions) > 6)
    narrator = narrator_for("mystery-express", ME.view(state, None))
    menu = seat_pages("mystery-express", narrator, "en").menu(prompt, ME.view(state, prompt.seat))
    owners = {a.args[0] for a in prompt.actions}
    assert len(menu.entries) == len(owners) and sorted(map(repr, menu.leaves())) == sorted(map(repr, prompt.actions))
    row = menu.screen((0,), 1)
    assert row.items[1].label == "Card 2" and row.title == menu.entries[0].item.label


def test_dining_guests_say_who_is_invited_and_what_it_costs():
    for _, prompt, view, pages in playout("mystery-express", 4, 5, {"characters": "random"}):
        if prompt.kind == "dining_guests" and prompt.data["guests"]:
            break
    else:
        raise AssertionError("nobody was invited")
    menu = pages.menu(prompt, view)
    details = {e.action: e.item.detail for e in menu.entries}
    for action in prompt.actions:
        if action.kind == "guest":
            assert details[action] == ("Invited (● to undo)" if action.args[0] in prompt.data["guests"] else "● to invite")
    assert details[Action("confirm")] == f"Dine: costs {len(prompt.data['guests'])} h"
