"""Counts per input, never timings (issue 35), so a slower change is caught on any machine: people
play each game with their seat buttons alone (`ButtonsOnly`, local steps and backing out included),
and after every press

- the seats awaited now are the first written on the bus: no other seat's bytes go before theirs;
- a seat whose picture did not change got no byte at all, and with the kernel's mux (each panel
  written alone) a seat whose picture changed got one update's bytes, no more than its old picture
  straight to its new one takes (a half-way picture is never written);
- the game copies, the seat screens built and drawn and the board updates stay under the game's ceiling, per
  input and over the whole seeded playout, as python-chess counts perft nodes; so do the bytes to the
  seats, over the playout and before the last awaited seat's last byte in any one input. The playouts are
  seeded, so the totals are exact: a change that draws, copies or updates more shows here, and one
  that does less lowers the ceiling (CEILINGS, with its reason in the commit).

A board update is one call of the referee's `on_events` (the touchscreen observes the events, takes
the new public view and draws its next frame once); a game copy is one copy of the game state
(`copy_state` or `copy.deepcopy`, both of which reduce the state); a seat screen built is one
`Screen` a seat controller made (not the one it kept: nothing it is made from changed); a seat screen
drawn is one `draw_screen` (a picture `panel_picture` did not keep).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from hardware.display import plan_windows, window_cost
from kiosk.seats import screen as seat_screen
from kiosk.seats.controller import SeatController
from tests.table_support import ButtonsOnly, mux_table, table_referee

# game -> seats, seeds, most decisions, and the ceilings: per input (copies, seat screens built, screens
# drawn, board updates), then for the whole playout of those seeds (the same four)
CEILINGS: dict[str, tuple[int, tuple[int, ...], int, tuple[int, int, int, int], tuple[int, int, int, int]]] = {
    # playME11: every car stands in the turn menu, one with nothing to do on a page that says why: drawn 1358 -> 1377
    # playME14: a telegram's or final answer's element the seat has seen reads "✓ seen" on that seat alone, so
    # the seats' lists no longer share one picture: drawn 1377 -> 1418; per input unchanged
    "mystery-express": (5, (1,), 400, (1, 5, 5, 1), (588, 2703, 1418, 324)),
    # playWH14: a card the seat may not choose stands in "Where to?" saying why (locked, police, taken, 221B's
    # purpose under it), so the buttons walk past it: built 733 -> 738, drawn 400 -> 444; per input unchanged
    # session 13's case mends reword the cards the seeded bots read, so they play another game (377 inputs):
    # copies 97 -> 101, built 738 -> 772, drawn 444 -> 451, board 67 -> 71; per input unchanged
    # playWH21: discarding a character is sent from its summary ("Discard?"), one more screen for each bot that
    # discards: built 772 -> 778, drawn 451 -> 457; per input unchanged
    # fixWH30: Dr Watson, a question to Holmes and 221B are sent from their summaries too, one more screen
    # each time a bot takes one: built 778 -> 785, drawn 457 -> 462; per input unchanged
    # fixWH30: the character's power is read first where it is discarded or revealed (15 more presses over the
    # playout, 390 -> 405 inputs): built 785 -> 800, drawn 462 -> 481; per input unchanged
    "watson-holmes": (7, (1,), 200, (1, 7, 7, 1), (101, 800, 481, 71)),
    # playPI14: each seat's first turn of a case opens on the cards it holds (12 more presses over the
    # playout's 3 cases of 4 seats): built 1191 -> 1203, drawn 689 -> 710; per input unchanged
    # fixPI30: each investigator is sent from its summary ("Send an investigator?"), one more screen for each
    # one placed: built 1279 -> 1299, drawn 710 -> 716; per input unchanged
    "pi": (4, (1,), 200, (1, 4, 4, 1), (158, 1299, 716, 101)),  # fixMX17: +76 built, the answer held after its own move
    # playMC11: a new kind of decision right after one's own choice opens on "Your move" (fresh_turns):
    # built 749 -> 797, drawn 330 -> 345; per input unchanged
    "mystery-city": (4, (1,), 400, (1, 4, 4, 1), (143, 797, 345, 143)),
}
INVERSION_BYTES = 3  # the address, the command prefix and the command


@dataclass
class Input:
    """What one press cost."""

    copies: int = 0
    built: int = 0
    drawn: int = 0
    board: int = 0
    prompted: int = 0  # the game's prompts worked out on the game's own state (not on a lookahead's copy)
    applied: int = 0  # the game's actions applied, to any state or copy (the lookahead's, the table's trial)
    refreshes: int = 0  # the referee's refreshes of the seats
    publics: int = 0  # public views made of the game's own state: asked for, or made inside a seat's view
    actions: int = 0  # the game's actions the input took (a walk: several)
    written: list[tuple[int, int, int]] = field(default_factory=list)  # (write, seat, bytes) as the panels took them
    awaited_bytes: int = 0  # the bytes the bus carried until the last awaited seat had its last byte


class Counted(ButtonsOnly):
    """People at the buttons whose every press is counted and checked."""

    def __init__(self, referee: Any, game_id: str, seed: int, table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(referee, game_id, seed)
        self.now = Input()
        self.inputs: list[Input] = []
        self.late: list[str] = []
        self.needless: list[str] = []
        self.panels = table.backend.panels
        for seat, panel in self.panels.items():
            monkeypatch.setattr(panel, "receive", self._taken(seat, panel.receive))
        self.alone = table.config.i2c.mux == "kernel"  # every write reaches one panel
        self.writes = 0  # the bus's writes so far: one write may reach several panels (a user-space mux)
        bus = table.backend.buses["i2c"]
        transfers = bus.transfers

        def write(messages: Any) -> None:  # one I2C_RDWR call's writes, each counted
            for message in messages:
                self.writes += 1
                transfers((message,))

        monkeypatch.setattr(bus, "transfers", write)
        state_class = type(self.session.state)
        reduce = state_class.__reduce_ex__

        def copied(state: Any, protocol: Any) -> Any:
            self.now.copies += 1
            return reduce(state, protocol)

        monkeypatch.setattr(state_class, "__reduce_ex__", copied)
        game_class = type(self.session.game)
        prompts = game_class.prompts

        def prompted(game: Any, state: Any) -> Any:
            self.now.prompted += state is self.session.state
            return prompts(game, state)

        monkeypatch.setattr(game_class, "prompts", prompted)
        apply = game_class.apply

        def applied(game: Any, state: Any, seat: int, action: Any) -> Any:
            self.now.applied += 1
            return apply(game, state, seat, action)

        monkeypatch.setattr(game_class, "apply", applied)
        view = game_class.view

        def viewed(game: Any, state: Any, seat: Any, public: Any = None) -> Any:
            self.now.publics += state is self.session.state and (seat is None or public is None)
            return view(game, state, seat, public)

        monkeypatch.setattr(game_class, "view", viewed)
        refresh = type(referee).refresh

        def refreshed(referee: Any, *args: Any, **kwargs: Any) -> Any:
            self.now.refreshes += 1
            return refresh(referee, *args, **kwargs)

        monkeypatch.setattr(type(referee), "refresh", refreshed)
        draw = seat_screen.draw_screen

        def drawn(screen: Any) -> Any:
            self.now.drawn += 1
            return draw(screen)

        monkeypatch.setattr(seat_screen, "draw_screen", drawn)
        build = SeatController._build_screen

        def built(controller: SeatController) -> Any:
            self.now.built += 1
            return build(controller)

        monkeypatch.setattr(SeatController, "_build_screen", built)
        seat_screen.panel_picture.cache_clear()

    def _taken(self, seat: int, receive: Any) -> Any:
        def taken(payload: bytes) -> None:
            self.now.written.append((self.writes, seat, 1 + len(payload)))
            receive(payload)
        return taken

    def heard(self, events: list[Any]) -> None:
        self.now.board += 1
        super().heard(events)

    def showing(self) -> dict[int, tuple[bytes, bool]]:
        return {seat: (panel.framebuffer(), panel.inverted) for seat, panel in self.panels.items()}

    def press(self, seat: int, button: str, long: bool = False) -> None:
        before = self.showing()
        self.now = Input()
        done = self.session.actions_done
        super().press(seat, button, long)
        self.now.actions = self.session.actions_done - done
        after = self.showing()
        self.inputs.append(self.now)
        where = f"seat {seat + 1} pressed {button}{' (long)' if long else ''}, input {len(self.inputs)}"
        awaited = {p.seat for p in self.session.prompts()}
        reached: dict[int, set[int]] = {}  # each write of the input: the panels it reached
        for write, seat_reached, _ in self.now.written:
            reached.setdefault(write, set()).add(seat_reached)
        writes = list(reached.values())
        last = max((n for n, seats in enumerate(writes) if seats & awaited), default=0)
        if any(seats & awaited for seats in writes):
            numbers = sorted(reached)
            self.now.awaited_bytes = sum(count for write, _, count in self.now.written if write <= numbers[last])
        early = sorted({s + 1 for seats in writes[:last] if not seats & awaited for s in seats})
        if early:
            self.late.append(f"{where}: seats {early} written before the awaited seats "
                             f"{sorted(s + 1 for s in awaited)} had their last byte (writes: {runs(writes)})")
        for other, picture in after.items():
            sent = sum(count for _, s, count in self.now.written if s == other)
            # With the kernel's mux each panel is written alone: its bytes are one update, from the
            # picture before to the picture after. From user space a write may reach several panels
            # and carry a page wider than one panel's change: there, only an unchanged picture is held.
            needed = update_cost(before[other], picture) if self.alone or picture == before[other] else sent
            if sent > needed:
                self.needless.append(f"{where}: seat {other + 1} got {sent} bytes, " +
                                     (f"its picture straight to the new one takes {needed}" if needed else
                                      "and its picture did not change"))


@dataclass
class Playout:
    """Every input of a game's seeded playouts, and what went wrong in them."""

    inputs: list[Input]
    late: list[str]  # inputs after which a seat not awaited was written before the awaited ones
    needless: list[str]  # inputs that wrote to a seat whose picture did not change


@pytest.fixture(scope="module", params=[(game_id, mux) for game_id in sorted(CEILINGS) for mux in ("kernel", "user")],
                ids=lambda param: f"{param[0]}-{param[1]}")
def playout(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Playout:
    """People play the game's seeds to the end with their buttons, every press counted (once per
    game and mux: the three guards read the same playout)."""
    game_id, mux = request.param
    seats, seeds, most, _, _ = CEILINGS[game_id]
    found = Playout([], [], [])
    for seed in seeds:
        table = mux_table(mux, seats)
        store, session, referee = table_referee(table, tmp_path_factory.mktemp(f"{game_id}-{seed}"), game_id, seed,
                                                seats=seats, bots=(), touchscreen=True)
        try:
            with pytest.MonkeyPatch.context() as monkeypatch:
                people = Counted(referee, game_id, seed, table, monkeypatch)
                for _ in range(most):
                    if session.over:
                        break
                    people.answer_next()
            assert session.over, f"seed {seed}: the game did not end in {most} decisions"
            found.inputs += people.inputs
            found.late += people.late
            found.needless += people.needless
        finally:
            store.close()
            table.close()
    return found


def test_the_seats_awaited_after_an_input_are_written_first(playout):
    assert not playout.late, f"{len(playout.late)} inputs, the first: {playout.late[0]}"


def test_a_seat_whose_picture_did_not_change_gets_no_byte_and_the_others_one_update(playout):
    assert not playout.needless, f"{len(playout.needless)} inputs, the first: {playout.needless[0]}"


def test_copies_screens_built_and_drawn_and_board_updates_stay_under_the_ceiling(request, playout):
    game_id = request.node.callspec.params["playout"][0]
    _, _, _, per_input, whole = CEILINGS[game_id]
    names = ("game copies", "seat screens built", "seat screens drawn", "board updates")
    most = tuple(max(getattr(i, name) for i in playout.inputs) for name in ("copies", "built", "drawn", "board"))
    totals = tuple(sum(getattr(i, name) for i in playout.inputs) for name in ("copies", "built", "drawn", "board"))
    over = [f"{name}: {seen} in one input (ceiling {ceiling})" for name, seen, ceiling in zip(names, most, per_input)
            if seen > ceiling]
    over += [f"{name}: {seen} in the playout (ceiling {ceiling})" for name, seen, ceiling in zip(names, totals, whole)
             if seen > ceiling]
    assert not over, f"{game_id}, {len(playout.inputs)} inputs: " + "; ".join(over)


def update_cost(before: tuple[bytes, bool], after: tuple[bytes, bool]) -> int:
    """The bytes that take a panel from one picture (its RAM, inverted or not) straight to another, as
    the display plans them: none for the same picture."""
    windows = plan_windows(before[0], after[0], "ssd1306")
    return sum(window_cost(window) for window in windows) + (INVERSION_BYTES if before[1] != after[1] else 0)


def runs(writes: list[set[int]]) -> str:
    """The seats each write reached, in order, a run of writes to the same seats told once: "1 x3, 2+3"."""
    told: list[tuple[str, int]] = []
    for seats in writes:
        name = "+".join(str(s + 1) for s in sorted(seats))
        told[-1:] = [(name, told[-1][1] + 1)] if told and told[-1][0] == name else told[-1:] + [(name, 1)]
    return ", ".join(name if count == 1 else f"{name} x{count}" for name, count in told)


# game, mux -> the bytes the seats took over the seeded playout, and the most an input put on the bus
# before its last awaited seat had its last byte (that seat's wire floor: at 400 kHz, 22.5 µs a byte).
# Exact for the seeds, like CEILINGS: a picture that costs more bytes shows here, one that costs fewer
# lowers the ceiling. Caught: a W&H "Your move" notice that wrapped to two lines on every awaited seat
# (33e27bb), which made seven seats asked at once wait 35 ms instead of 16 (bench/table.py).
# Session 12: every total -1.8 to -2.9 % (ME user 1126237 -> 1105602), with a window's cost as the wire's (one
# message, no 32-byte blocks) and consecutive changed pages joined where one window costs less (`cheapest`);
# the most before the last awaited seat's last byte down or the same but W&H user's (+2: 3786 -> 3788).
BYTES: dict[tuple[str, str], tuple[int, int]] = {
    # playME11 (issue 38's newcomer): the Conductor named on his car, every car in the turn menu with why it
    # offers nothing now, and each card passed or given back saying to whom: +40394 / +40362 over the playout
    # (3.7 %); the most before the last awaited seat's last byte +108 / +23 (a Passenger Car card's "to ...")
    # playME14: "✓ seen" under what each seat has seen in its telegram and final answers: +4841 each (0.4 %),
    # awaited unchanged
    ("mystery-express", "kernel"): (1096271, 3163),
    ("mystery-express", "user"): (1109995, 3606),
    # +400 each with the line under "Reveal your character" that says what it does (issue 39's newcomer)
    # playWH14: the refused cards' "Not now" pages walked past in "Where to?", "card 5 · taken" and 221B's
    # "to solve the case": +14777 / +14837 over the playout (6 %); the most before the last seat's byte unchanged
    # fixWH17: "Done reading" (and "Done: police on this card") says "closes the card" over "◀ reread · ● close"
    # (a newcomer lost his card to a ● pressed to read on): +3042 / +3067 over the playout (1.2 %); awaited unchanged
    # session 13's case mends (the bots' longer game above): +10775 / +10934 over the playout; the most before
    # the last awaited seat's last byte 3524 -> 3497, 3788 -> 3761
    # playWH21: a character's discard sent from its summary (one more page per discard) and the outbid title
    # ending on a word ("Seat 2 outbid you"): +7129 / +7129 over the playout (2.7 %, 2.4 %); awaited unchanged
    # fixWH30: Dr Watson, Holmes and 221B sent from their summaries (one more page each): +8958 / +8927 over
    # the playout (3.3 %, 2.9 %); awaited unchanged. Then the character's power read where it is discarded or
    # revealed (its pages, 15 more over the playout): +11614 / +11614 (4.1 %, 3.7 %); awaited unchanged
    ("watson-holmes", "kernel"): (296046, 3497),  # +2 with the winner's own "You solved the case" at the end (playWH33); with 33e27bb's notice: 248184, 3808
    ("watson-holmes", "user"): (325156, 3761),  # with 33e27bb's notice: 276625, 3952
    # playPI14: +11867 each with the cards held before a case's first choices (12 more pages): awaited unchanged;
    # then +3 each, awaited +4, with the accusation's title whole and alone ("Accuse? If wrong: -2", no "1/2")
    # fixPI30: each investigator sent from its summary ("Send an investigator?", the place, how many are left):
    # one more page per investigator placed, +23478 / +23364 over the playout (4.5 %); the most before the last
    # awaited seat's last byte 923 -> 985 (that summary page, drawn whole while its seat is awaited)
    ("pi", "kernel"): (543301, 985),  # fixMX17: +1.3 %, the answer held after its own move
    ("pi", "user"): (543682, 985),  # fixMX17: likewise
    # +314 each with the trial's seat texts (Assassination's help, «Anotado en «Visto»»): awaited unchanged
    # playMC11: +37149 each with "Your move" before a new kind of decision after one's own choice (the
    # window of shown cards, the combat decided, one's next turn): the inverted page the seat reads first
    # playMC14: +52 each with "Go on · Use no ability" ("No ability now" read as having none): awaited unchanged
    ("mystery-city", "kernel"): (295206, 1429),  # fixMX17: an Investigation names the cards (+100 B)
    ("mystery-city", "user"): (298037, 1429),  # fixMX17: likewise
}


def test_bytes_to_the_seats_stay_under_the_ceiling(request, playout):
    game_id, mux = request.node.callspec.params["playout"]
    total = sum(count for i in playout.inputs for _, _, count in i.written)
    awaited = max(i.awaited_bytes for i in playout.inputs)
    ceiling_total, ceiling_awaited = BYTES[(game_id, mux)]
    assert total <= ceiling_total and awaited <= ceiling_awaited, (
        f"{game_id} ({mux} mux): {total} bytes to the seats over the playout (ceiling {ceiling_total}), "
        f"at most {awaited} before the last awaited seat's last byte (ceiling {ceiling_awaited})")


def test_the_prompts_are_worked_out_once_an_action(request, playout):
    """Everyone asks for the game's prompts after an action: the waiting order, each seat, the bots, the
    board. The session works them out once (GameSession.prompts), after the last of the actions an
    input took, on the game's own state, and not at all when it took none: the actions are applied to
    a copy, which the state becomes (`GameSession.commit`). Each caller asking anew made it 4 for one
    action; applying the actions to the state again after the copy (the game's legality check in
    `apply`), 2 for one action."""
    game_id = request.node.callspec.params["playout"][0]
    over = [(i.actions, i.prompted) for i in playout.inputs if i.prompted > min(1, i.actions)]
    assert not over, f"{game_id}: (actions, prompts worked out) of the inputs over: {over[:5]}"


def test_a_press_applies_one_action_however_long_the_walk(request, playout):
    """A seat's next local step takes one action on a copy of its last step's walk (the lookahead keeps
    it), where it took the whole walk again from the state: a Mystery Express telegram walked 17 steps
    long applied 17 actions on its last press. The copy that goes to the table becomes the state, with
    no action applied again; a bot's choice is one action, tried on a copy."""
    game_id = request.node.callspec.params["playout"][0]
    over = [(i.actions, i.applied) for i in playout.inputs if i.applied > max(1, i.actions)]
    assert not over, f"{game_id}: (actions taken, actions applied) of the inputs over: {over[:5]}"


def test_the_public_view_is_made_once_a_refresh(request, playout):
    """A refresh brings every seat up to date with its view: the public part of a view (every pawn,
    card and player of the table) is made once and each seat's own part added to it (`Game.view`'s
    `public`), not made again for each seat: that was 8 public views for a W&H table of seven, some
    0.8 ms of a Pi-budget input's 6 (bench/table.py)."""
    game_id = request.node.callspec.params["playout"][0]
    over = [(i.refreshes, i.publics) for i in playout.inputs if i.publics > i.refreshes]
    assert not over, f"{game_id}: (refreshes, public views made) of the inputs over: {over[:5]}"
