"""A player's turn (rules 6): place an investigator, take an evidence card, or attempt to solve.

`prompts` lists the legal actions of the active seat; `apply` carries one out. A solution attempt is
chosen tile by tile (suspect, crime, location) and can be taken back until the last tile is chosen
(DESIGN: undo only until new information). Private notes (rules 6.1 step 6) are free actions the
active seat takes on its own screen during its turn.
"""

from __future__ import annotations

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.pi import feedback
from kiosk.games.pi.rules import KINDS, Rules, element_key, kind_of
from kiosk.games.pi.scoring import result_data, score
from kiosk.games.pi.setup import deal_minigame
from kiosk.games.pi.state import Investigator, Marker, PIState, left
from kiosk.i18n import N_

SOLVE = Action("solve")
BACK = Action("back")


# --- prompts --------------------------------------------------------------------------------------


def prompts(rules: Rules, state: PIState) -> list[Prompt]:
    seat = state.active
    if state.stage == "solve":
        kind = next_kind(state)
        actions = [Action("accuse", (element,)) for element in rules.elements[kind]] + [BACK]
        return [Prompt(seat, f"solve_{kind.lower()}", tuple(actions), private=False, data={"guess": dict(state.guess)})]
    actions = []
    if state.players[seat].investigators_left > 0:
        actions += [Action("investigate", (loc,)) for loc in rules.locations]
    actions += [Action("evidence", (card,)) for card in state.display]
    actions.append(SOLVE)
    found = [Prompt(seat, "turn", tuple(actions), private=False)]
    notes = note_actions(rules, state, seat)
    if notes:
        found.append(Prompt(seat, "notes", tuple(notes), private=True))
    return found


def next_kind(state: PIState) -> str:
    return next(kind for kind in KINDS if kind not in state.guess)


def note_candidates(rules: Rules, state: PIState, investigator: Investigator, kind: str) -> list[str]:
    """The tiles a marker of this kind on this investigator can be about (rules 6.1 step 6)."""
    places = {investigator.location} if kind == "disc" else rules.neighbours[investigator.location]
    return sorted((e for e, loc in state.where.items() if loc in places), key=element_key)


def note_actions(rules: Rules, state: PIState, seat: int) -> list[Action]:
    notes = state.players[seat].notes
    actions = []
    for investigator in state.investigators:
        if investigator.seat != seat:
            continue
        for marker in investigator.markers:
            for element in note_candidates(rules, state, investigator, marker.kind):
                if notes.get(marker.id) != element:
                    actions.append(Action("note", (marker.id, element)))
            if marker.id in notes:
                actions.append(Action("note", (marker.id, None)))
    return actions


def unavailable_reason(rules: Rules, state: PIState, seat: int, action: Action) -> str | None:
    """Why a well-formed action is refused, for the player to read; None if no better reason exists."""
    player = state.players[seat]
    if state.stage == "turn":
        if action.kind == "investigate" and player.investigators_left == 0:
            return N_("You have no investigator left: they are single use for the whole game.")
        if action.kind == "investigate":
            return N_("Choose a location of the map.")
        if action.kind == "evidence":
            return N_("That card is not in the evidence display.")
        if action.kind == "accuse":
            return N_("Start a solution attempt first.")
    if state.stage == "solve" and action.kind == "accuse":
        return N_("Choose a tile of the kind asked for, one that is not blank.")
    return None


# --- apply ----------------------------------------------------------------------------------------


def apply(rules: Rules, state: PIState, seat: int, action: Action) -> list[Event]:
    if action.kind == "note":
        return note(state, seat, *action.args)
    if state.stage == "solve":
        if action == BACK:
            state.stage, state.guess = "turn", {}
            return [Event("solve_cancelled", {"seat": seat})]
        return accuse(rules, state, seat, action.args[0])
    if action == SOLVE:
        state.stage, state.guess = "solve", {}
        return [Event("solve_started", {"seat": seat})]
    if action.kind == "investigate":
        events = investigate(rules, state, seat, action.args[0])
    else:
        events = take_evidence(rules, state, seat, action.args[0])
    return events + end_turn(rules, state)


def note(state: PIState, seat: int, marker: str, element: str | None) -> list[Event]:
    notes = state.players[seat].notes
    if element is None:
        notes.pop(marker, None)
    else:
        notes[marker] = element
    return [Event("noted", {"seat": seat, "marker": marker, "tile": element}, frozenset({seat}))]


def identified(state: PIState, seat: int) -> set[str]:
    """Elements whose tile carries one of this seat's discs."""
    return {element for element, owners in state.tiles.items() if owners.get(seat) == "disc"}


def investigate(rules: Rules, state: PIState, seat: int, location: str) -> list[Event]:
    player = state.players[seat]
    player.investigators_left -= 1
    reported_here = {
        element for inv in state.investigators if inv.seat == seat and inv.location == location for element in inv.reported
    }
    found = feedback.investigation(rules, state.where, state.cases[seat], location, identified(state, seat), reported_here)
    # The order of new markers must not betray which aspect matched (DESIGN, lessons).
    state.rng.shuffle(found)
    number = state.placed
    state.placed += 1
    markers = [Marker(f"{number}.{i}", kind, cause) for i, (kind, cause) in enumerate(found)]
    state.investigators.append(Investigator(number, seat, location, markers, [cause for _, cause in found]))
    discs = sum(1 for kind, _ in found if kind == "disc")
    result = {"seat": seat, "location": location, "investigator": number, "discs": discs, "cubes": len(found) - discs}
    state.history.append({"action": "investigate", **result})
    return [Event("investigated", {**result, "markers": [m.kind for m in markers]})]


def take_evidence(rules: Rules, state: PIState, seat: int, card: str) -> list[Event]:
    result = feedback.evidence(rules, state.where, state.cases[seat], card)
    state.display.remove(card)
    events = [Event("evidence", {"seat": seat, "card": card, "result": result})]
    state.history.append({"action": "evidence", "seat": seat, "card": card, "result": result})
    if result is None:
        state.players[seat].kept.append(card)
    else:
        state.discard.append(card)
        state.tiles.setdefault(card, {}).setdefault(seat, result)  # a tile never gets a second marker
        if result == "disc":
            events += transfer(state, seat, card)
    return events + refill(rules, state)


def transfer(state: PIState, seat: int, tile: str) -> list[Event]:
    """Markers on the seat's investigators that were about `tile` move onto it (rules 6.2 step 5)."""
    moved = []
    for inv in state.investigators:
        if inv.seat != seat:
            continue
        leaving = [m for m in inv.markers if m.cause == tile]
        if leaving:
            inv.markers = [m for m in inv.markers if m.cause != tile]
            inv.links.append(tile)
            for m in leaving:
                state.players[seat].notes.pop(m.id, None)
            moved.append({"investigator": inv.id, "markers": [m.id for m in leaving], "kinds": [m.kind for m in leaving]})
    return [Event("transfer", {"seat": seat, "tile": tile, "moved": moved})] if moved else []


def refill(rules: Rules, state: PIState) -> list[Event]:
    events = []
    while len(state.display) < rules.display:
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(Event("reshuffle", {"deck": len(state.deck)}))
        state.display.append(state.deck.pop())
    return events + [Event("display", {"display": list(state.display), "deck": len(state.deck)})]


def accuse(rules: Rules, state: PIState, seat: int, element: str) -> list[Event]:
    state.guess[kind_of(element)] = element
    if len(state.guess) < len(KINDS):
        return [Event("accusing", {"seat": seat, "tile": element})]
    guess, state.guess, state.stage = state.guess, {}, "turn"
    player = state.players[seat]
    correct = guess == state.cases[seat]
    state.history.append({"action": "solve", "seat": seat, "guess": dict(guess), "correct": correct})
    events = [Event("solve_attempt", {"seat": seat, "guess": dict(guess), "correct": correct})]
    if not correct:
        player.penalties += 1
        events.append(Event("penalty", {"seat": seat, "penalties": player.penalties, "points": -rules.penalty_points * player.penalties}))
    else:
        earlier = {p.solved_round for p in state.players if p.solved_round is not None and p.solved_round < state.round}
        box = len(earlier)  # players solving in the same round share a box (rules 8.1)
        points = rules.solve_boxes[box] if box < len(rules.solve_boxes) else 0
        player.solved_round = state.round
        player.scores[state.minigame - 1] = points
        # The solver's cubes leave the board and its discs mark the solution (rules 6.3 step 4).
        for owners in state.tiles.values():
            owners.pop(seat, None)
        for inv in state.investigators:
            if inv.seat == seat:
                inv.markers = []
        player.notes = {}
        for element in guess.values():
            state.tiles.setdefault(element, {})[seat] = "disc"
        events.append(Event("solved", {"seat": seat, "case": dict(guess), "points": points, "round": state.round}))
    return events + end_turn(rules, state)


# --- turns, rounds and mini-games -----------------------------------------------------------------


def unsolved(state: PIState) -> list[int]:
    return [seat for seat, p in enumerate(state.players) if p.solved_round is None]


def end_turn(rules: Rules, state: PIState) -> list[Event]:
    while True:
        state.position += 1
        if state.position == state.seats:
            # The end is checked only when a round is complete, so every player has had as many
            # turns as the others (rules 10, A5).
            limit = state.options["round_limit"]
            if len(unsolved(state)) <= 1 or (limit and state.round >= limit):
                return end_minigame(rules, state)
            state.round += 1
            state.position = 0
        if state.players[state.active].solved_round is None:
            return [Event("turn", {"seat": state.active, "round": state.round})]


def end_minigame(rules: Rules, state: PIState) -> list[Event]:
    index = state.minigame - 1
    for player in state.players:
        if player.scores[index] is None:
            player.scores[index] = 0
    summary = {
        "minigame": state.minigame,
        "rounds": state.round,
        "cases": {str(seat): dict(case) for seat, case in enumerate(state.cases)},
        "scores": {str(seat): p.scores[index] for seat, p in enumerate(state.players)},
        "solved_rounds": {str(seat): p.solved_round for seat, p in enumerate(state.players)},
    }
    state.past.append(summary)
    events = [Event("minigame_end", summary)]
    if state.minigame == rules.minigames:
        state.stage = "over"
        return events + [Event("game_over", result_data(score(rules, state)))]
    state.first = left(state.first, state.seats)  # the first player marker moves clockwise
    events += deal_minigame(rules, state)
    return events + [Event("turn", {"seat": state.active, "round": state.round})]

