"""The investigation phase (rules 7): Dr Watson's reading, Mycroft's extra card, paying the bids,
each visitor reading their card on their own screen, tokens from icons, police placement, then 221B
(solving.py), the Carriage Stop and the end of the round.

The reading window is a prompt: the card's text is in the seat's view while the prompt is open and
gone for good once the seat answers it (only the player's notes remain, as at the real table).
"""

from __future__ import annotations

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes import board, holmes, solving
from kiosk.games.watson_holmes.board import occupant
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.characters import Characters
from kiosk.games.watson_holmes.state import WHState, in_play

ICON_TOKENS = (("gives_police", "police"), ("gives_calloff", "calloff"), ("gives_lockpick", "lockpick"))


def begin(state: WHState, case: Case, chars: Characters) -> list[Event]:
    """Automatic: the phase opens with Dr Watson, if anyone took him."""
    if state.watson is not None:
        if watson_targets(state, case):
            state.stage = "watson"
            return []
        state.stage = "mycroft"
        return [Event("watson_wasted", {"seat": state.watson})]
    state.stage = "mycroft"
    return []


def watson_targets(state: WHState, case: Case) -> list[str]:
    """Rules 9.1: another player's location card this round, without the no-Watson icon."""
    return [
        p.at
        for seat, p in enumerate(state.players)
        if seat != state.watson and p.at is not None and case.is_location(p.at) and "no_watson" not in case.card(p.at).icons
    ]


def mycroft_targets(state: WHState, case: Case) -> list[str]:
    taken = set(state.extra_reads.values())
    return [
        c.id
        for c in case.cards
        if occupant(state, c.id) is None
        and c.id not in state.police_on
        and "lockpick_required" not in c.icons
        and c.id not in taken
    ]


def prompts(state: WHState, case: Case) -> list[Prompt]:
    """Whoever is asked something may also use Holmes then (rules 9.2: at any time); readers are
    asked at the same time, and each one's Holmes is private and touches only their own carriages,
    so their order does not matter."""
    if state.stage == "watson":
        assert state.watson is not None
        actions = [Action("watson_target", (card,)) for card in watson_targets(state, case)]
        return [Prompt(state.watson, "watson_target", (*actions, *board.holmes_actions(state, case, state.watson)), True)]
    if state.stage == "mycroft_choose":
        seat = next(s for s in state.extra_readers if s not in state.extra_reads)
        actions = [Action("extra_read", (card,)) for card in mycroft_targets(state, case)]
        return [Prompt(seat, "extra_read", (*actions, *board.holmes_actions(state, case, seat)), True)]
    if state.stage == "reading":
        found = []
        for seat in state.pending["readers"]:
            p = state.players[seat]
            done = [Action("done")]
            if p.tokens["police"] and board.police_refusal(state, case, p.at or "") is None:
                done.append(Action("done", ("police",)))
            data = {"cards": list(p.reading), "notes": p.notes}
            found.append(Prompt(seat, "reading", (*done, *board.holmes_actions(state, case, seat)), True, data))
        return found
    raise AssertionError(state.stage)


def apply(state: WHState, case: Case, chars: Characters, seat: int, action: Action) -> list[Event]:
    if action.kind in holmes.HOLMES_KINDS:
        return holmes.apply(state, case, seat, action)
    if action.kind == "watson_target":
        card = action.args[0]
        state.watson_target = card
        state.stage = "mycroft"
        text = board.card_text(state, case, card)
        events = [Event("watson_reading", {"seat": seat, "card": card, "visitor": occupant(state, card), "text": text})]
        board.reveal_questions_on_card(state, case, card, events)
        return events
    if action.kind == "extra_read":
        state.extra_reads[seat] = action.args[0]
        state.stage = "mycroft"
        # rules 16: which card is private to the reader (its text reaches them as card_read); the
        # table only learns that the extra read happened, which Mycroft's reveal already told it
        return [Event("extra_read", {"seat": seat})]
    if action.kind == "done":
        p = state.players[seat]
        events = []
        if action.args == ("police",):
            assert p.at is not None
            p.tokens["police"] -= 1
            state.police_on.append(p.at)
            events.append(Event("police_placed", {"seat": seat, "card": p.at}))
        p.reading = []
        state.pending["readers"].remove(seat)
        events.append(Event("reading_done", {"seat": seat}))
        if not state.pending["readers"]:
            state.pending.clear()
            state.stage = "solve"
        return events
    raise AssertionError(action.kind)


def mycroft(state: WHState, case: Case, chars: Characters) -> list[Event]:
    """Automatic: each extra reader picks a free card, while there is one."""
    waiting = [s for s in state.extra_readers if s not in state.extra_reads]
    if waiting and mycroft_targets(state, case):
        state.stage = "mycroft_choose"
        return []
    for seat in waiting:
        state.extra_reads[seat] = ""
    state.stage = "read"
    return []


def read(state: WHState, case: Case, chars: Characters) -> list[Event]:
    """Automatic: bids are paid, lockpicks spent, every visitor reads, icons pay out (rules 7.2-7.3)."""
    events: list[Event] = []
    payments = []
    for seat, p in enumerate(state.players):
        if p.at is None:
            continue
        paid = p.committed()
        if paid:
            p.carriages -= paid
            payments.append({"seat": seat, "card": p.at, "carriages": paid})
        p.bid, p.travel = 0, 0
    if payments:
        events.append(Event("bids_paid", {"payments": payments}))
    exempt = set(state.pens_down_exempt)
    if exempt:
        events.append(Event("pens_down_now", {"exempt": sorted(exempt)}))
    readers = []
    for seat, p in enumerate(state.players):
        cards = []
        if p.at is not None and case.is_location(p.at):
            cards.append(p.at)
        extra = state.extra_reads.get(seat)
        if extra:
            cards.append(extra)
        if not cards:
            continue
        if p.at is not None and case.is_location(p.at):
            location = case.card(p.at)
            if p.at in state.police_on or "lockpick_required" in location.icons:
                board.return_token(state, p, "lockpick")
                events.append(Event("lockpick_used", {"seat": seat, "card": p.at}))
            p.token_used = None
        p.notes = not exempt or seat in exempt or p.at == case.baker_street_id
        p.reading = cards
        readers.append(seat)
        for card in cards:
            events.append(
                Event(
                    "card_read",
                    {"seat": seat, "card": card, "text": board.card_text(state, case, card), "notes": p.notes},
                    frozenset({seat}),
                )
            )
            board.reveal_questions_on_card(state, case, card, events)
        if p.at is not None and case.is_location(p.at):
            location = case.card(p.at)
            for icon, token in ICON_TOKENS:
                if icon in location.icons:
                    board.gain_token(state, seat, token, events)
            if location.carriages:
                p.carriages += location.carriages
                events.append(Event("carriages_gained", {"seat": seat, "carriages": location.carriages}))
    if readers:
        state.pending["readers"] = readers
        state.stage = "reading"
    else:
        state.stage = "solve"
    return events


def solve(state: WHState, case: Case, chars: Characters) -> list[Event]:
    """Automatic: players at 221B attempt in order (solving.py), or the round ends."""
    attempters = [s for s, p in enumerate(state.players) if p.at == case.baker_street_id]
    if attempters:
        return solving.begin(state, attempters)
    state.stage = "round_end"
    return []


def round_end(state: WHState, case: Case, chars: Characters) -> list[Event]:
    """Automatic: the Carriage Stop pays, pawns come home, the game ends or a new round begins."""
    events: list[Event] = []
    stopped = [s for s, p in enumerate(state.players) if p.at == case.stop_id]
    for seat in stopped:
        state.players[seat].carriages += case.stop_gain
    if stopped:
        events.append(Event("stop_gain", {"seats": stopped, "carriages": case.stop_gain}))
    for q in case.questions:
        if q.reveal == "round" and q.reveal_at == state.round and q.id not in state.revealed_questions:
            state.revealed_questions.append(q.id)
            events.append(Event("question_revealed", {"question": q.id, "number": q.number}))
    for p in state.players:
        if p.zone is not None and p.at is not None and case.is_location(p.at):
            p.zone = case.card(p.at).zone
        p.at, p.bid, p.travel, p.toby_bid, p.token_used, p.notes = None, 0, 0, False, None, True
    active = board.active_seats(state)
    if not active:
        return events + finish(state, case)
    if state.last_player is not None:
        state.last_player["rounds_left"] -= 1
    elif len(active) == 1 and len(state.players) > 1:
        seat = active[0]
        rounds = min(state.players[seat].carriages, 4)
        state.last_player = {"seat": seat, "rounds_left": rounds}
        events.append(Event("last_player", {"seat": seat, "rounds": rounds}))
    state.round += 1
    state.watson = None
    state.watson_target = None
    state.pens_down_exempt.clear()
    state.extra_readers.clear()
    state.extra_reads.clear()
    state.first_at_221b.clear()
    state.last_placer = None
    state.stage = "visit"
    first = next(s for s in board.clockwise_from(state, state.diary) if in_play(state.players[s]))
    state.turn = first
    events.append(Event("round_start", {"round": state.round, "diary": state.diary, "first": first}))
    return events


def finish(state: WHState, case: Case) -> list[Event]:
    state.over = True
    state.stage = "over"
    state.winners = [s for s, p in enumerate(state.players) if p.place == 1]
    answers = {q.id: list(q.accepted) for q in case.questions}
    solution = None if state.options.get("physical") or case.solution is None else dict(case.solution)
    places = {str(s): p.place for s, p in enumerate(state.players) if p.place is not None}
    return [Event("game_over", {"winners": list(state.winners), "places": places, "answers": answers, "solution": solution})]
