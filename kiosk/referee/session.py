"""One game in progress, kept in the store: every accepted action is on disk before anyone sees it.

Resuming replays the stored actions from the seed to the identical state. Bots are driven through
the replay as if live (each chooses again and must choose what was stored), so they go on exactly as
they would have without the interruption. Who is waiting to answer, and since when (`waiting`), is
rebuilt by the replay too: it depends on the actions alone, so the referee lets bots answer
simultaneous prompts in the same order after a resume as before it.

A stored game that does not replay (a row that does not parse, an action from a seat that was not
prompted, an illegal action, a bot that chooses differently) raises `ReplayMismatch`; `resumable`
sets such a game aside with its reason, and records the end of a game whose last action ended it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from kiosk.bots import Bot
from kiosk.games import registry
from kiosk.games.base import Action, Event, Game, IllegalAction, Outcome, Prompt, Walk, copy_state
from kiosk.i18n import N_, Text
from kiosk.store import CorruptRow, GameRecord, GameStore


log = logging.getLogger("kiosk")


class ReplayMismatch(Exception):
    """A stored game does not replay: a row that does not parse, an action the game refuses or from a
    seat that was not prompted, or a bot choosing differently (the stored game and the bot code no
    longer agree). `reason` says which."""

    def __init__(self, record: GameRecord, reason: Text) -> None:
        super().__init__(f"game {record.id}: {reason}")
        self.record = record
        self.reason = reason


@dataclass
class GameSession:
    store: GameStore
    record: GameRecord
    game: Game[Any]
    state: Any
    actions_done: int = 0
    replayed: list[Event] = field(default_factory=list)  # the events of a resumed game, for seat notes
    # Each prompted seat and the number of actions done when its prompt began: who has waited longest.
    waiting: dict[int, int] = field(default_factory=dict)
    _prompts: tuple[int, list[Prompt]] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._track_waiting(None)

    def prompts(self) -> list[Prompt]:
        """The game's prompts now (not to be changed). Worked out once an action: only this session
        applies actions to its state, and `actions_done` counts them. An input asks three or four
        times (the waiting order, the seats, the bots, the board), each 60 µs for a Mystery Express
        table of five here, five times that on a Pi."""
        cached = self._prompts
        if cached is None or cached[0] != self.actions_done:
            done = self.actions_done  # read before the state: a later action makes this entry stale, never wrong
            cached = self._prompts = (done, self.game.prompts(self.state))
        return cached[1]

    @classmethod
    def start(
        cls, store: GameStore, game_id: str, seats: int, seed: int, options: dict[str, Any], bots: list[int]
    ) -> GameSession:
        game = registry.get(game_id)
        stamp = getattr(game, "stamp_options", None)  # a game played from files records which file it was
        if stamp is not None:
            options = stamp(options)
        state = game.start(seats, seed, options)  # refuses bad seats or options before anything is stored
        # Stored whole, defaults included: a default changed later never changes how this game replays.
        game_row = store.begin(game_id, game.info.resolve_options(options, seats), seed, seats, bots)
        record = store.game(game_row)
        assert record is not None
        log.info("game %d started: %s, %d seats, %d played by bots, seed %d", record.id, game_id, seats, len(bots), seed)
        return cls(store, record, game, state)

    @classmethod
    def resume(cls, store: GameStore, record: GameRecord, bots: dict[int, Bot] | None = None) -> GameSession:
        """The game replayed, to go on with it; raises `ReplayMismatch` if it does not replay. A game
        its last stored action ended gets its end recorded (a store written before the last action
        and the end were one transaction can lack it)."""
        session = cls.replay(store, record, bots)
        outcome = session.game.outcome(session.state)
        if outcome is not None and record.finished is None:
            store.finish(record.id, outcome_json(outcome))
            log.info("game %d had ended before the cut: its end is recorded", record.id)
        log.info("game %d resumed after %d actions", record.id, session.actions_done)
        return session

    @classmethod
    def replay(cls, store: GameStore, record: GameRecord, bots: dict[int, Bot] | None = None) -> GameSession:
        """The game replayed from its seed and stored actions (its events in `replayed`), changing
        nothing in the store; raises `ReplayMismatch` if it does not replay."""
        if record.problem is not None:
            raise ReplayMismatch(record, Text(N_("its row in the store does not parse")))
        try:
            game = registry.get(record.game)
            options = game.info.stored_options(record.options)  # an older record: the defaults of its day
            session = cls(store, record, game, game.start(record.seats, record.seed, options))
            stored = store.actions(record.id)
        except CorruptRow as error:
            raise ReplayMismatch(record, Text(N_("an action in the store does not parse"))) from error
        except (KeyError, ValueError, TypeError) as error:  # a game's own refusal may say why (a case file gone)
            why = getattr(error, "text", None)
            reason = why if isinstance(why, Text) else Text(N_("the game cannot be set up again"))
            raise ReplayMismatch(record, reason) from error
        for number, (seat, data) in enumerate(stored, 1):
            session._replay(number, seat, data, bots or {})
        return session

    def _replay(self, number: int, seat: int, data: Any, bots: dict[int, Bot]) -> None:
        """One stored action, checked as the referee would have: from a prompted seat, legal, and what
        that seat's bot chooses again."""
        record, game = self.record, self.game
        try:
            action = game.action_from_json(data)
        except (KeyError, ValueError, TypeError) as error:
            raise ReplayMismatch(record, Text(N_("action {n} does not parse"), {"n": number})) from error
        prompt = next((p for p in self.prompts() if p.seat == seat), None)
        if prompt is None:
            raise ReplayMismatch(record, Text(N_("action {n} is from seat {seat}, which was not asked to play"),
                                              {"n": number, "seat": seat + 1}))
        if seat in bots:
            again = bots[seat].choose(game.view(self.state, seat), prompt)
            if again != action:
                log.error("game %d: bot of seat %d chose %s, stored %s", record.id, seat + 1, again, action)
                raise ReplayMismatch(record, Text(N_("at action {n} the bot of seat {seat} chooses differently"),
                                                  {"n": number, "seat": seat + 1}))
        try:
            events = game.apply(self.state, seat, action)
        except IllegalAction as error:
            raise ReplayMismatch(record, Text(N_("action {n} is refused by the game: {why}"),
                                              {"n": number, "why": error.text})) from error
        self.replayed.extend(events)
        self.actions_done += 1
        self._track_waiting(seat)
        for bot_seat, bot in bots.items():  # bots hear again what their seats heard
            bot.observe([e for e in events if e.visible_to(bot_seat)])

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Check, commit, apply, then return the events to show. An illegal action raises and stores
        nothing; so does a card that cannot be written (`StoreWriteError`), and the game's state is
        then as it was: the action is taken on a copy, which the state (the same object, which others
        hold) becomes only once it is stored. The action that ends the game is committed with the
        game's end, in one transaction: no cut keeps the one without the other."""
        events, refused = self.apply_all(seat, (action,))
        if refused is not None:
            raise refused
        return events

    def apply_all(self, seat: int, actions: tuple[Action, ...],
                  tried: Walk | None = None) -> tuple[list[Event], IllegalAction | None]:
        """`apply` for a seat's actions taken at once (its local steps, then the choice that ends
        them): those up to the first the game refuses are committed in one transaction and applied;
        their events, and the refusal if there was one (raised when the first is refused: nothing is
        stored). `tried`, if given, is a copy of the state with all of `actions` taken on it as it is
        now and none refused, with their events (the seat's lookahead walked it for the same press), so
        they are not tried again."""
        taken, refused = actions, None
        if tried is None:
            tried, taken, refused = self.try_on_copy(seat, actions)
        return self.commit(seat, taken, tried), refused

    def try_on_copy(self, seat: int, actions: tuple[Action, ...]) -> tuple[Walk, tuple[Action, ...], IllegalAction | None]:
        """The seat's actions taken in turn on a copy of the state up to the first the game refuses: that
        walk (the copy and the events of those taken), the actions taken, and the refusal (None: all were
        taken). Raises the refusal if the first is refused. The state itself is not touched."""
        trial = Walk(copy_state(self.state), [])
        for done, action in enumerate(actions):
            try:
                trial.events += self.game.apply(trial.state, seat, action)
            except IllegalAction as error:
                if not done:
                    raise
                return trial, actions[:done], error
        return trial, actions, None

    def commit(self, seat: int, taken: tuple[Action, ...], walked: Walk) -> list[Event]:
        """Store the seat's actions `taken` (with the game's end if `walked.state`, the copy with them
        taken, is over) in one transaction, then make the state what that copy holds (the state stays
        the same object, which others hold; the copy is not to be used again); their events. The game's
        prompts there, if the lookahead worked them out, serve the state's. If the store refuses
        (`StoreWriteError`), the state is as it was.

        The copy becomes the state, where the actions were applied to the state again until 2026-12
        (with the game's legality check, which works out its prompts: some 5 % of the referee loop's
        work in the slowest Watson & Holmes inputs). Who waits since when (`waiting`) is tracked once,
        after the last action, where a replay tracks it after each: the same, since the actions before
        the last are local steps, which leave every other seat's prompt as it was
        (`kiosk.seats.lookahead.step_after`), and the seat that acted starts waiting anew either way.

        The commit, its sync included, stays ahead of the first byte on any screen, the awaited seat's
        included, though it costs that seat the card's sync: its "Your move" already tells of the move
        (whose turn it is, and what the move showed the table), so a power cut after it was drawn and
        before the sync would resume a game in which that move never happened, and its maker could
        play otherwise than what a player saw. The sync runs on the store's thread while the state
        takes the move, which nobody sees until this returns."""
        after = walked.state
        outcome = self.game.outcome(after)
        ending = outcome_json(outcome) if outcome is not None else None
        self.store.append_all(self.record.id, seat, [self.game.action_to_json(action) for action in taken], ending,
                              later=True)
        vars(self.state).update(vars(after))  # while the card syncs, on the store's thread
        self.actions_done += len(taken)
        if walked.prompts is not None:
            self._prompts = (self.actions_done, walked.prompts)
        self._track_waiting(seat)
        self.store.synced()
        if outcome is not None:
            winners = ", ".join(str(seat + 1) for seat in outcome.winners)
            log.info("game %d finished after %d actions: won by seat %s", self.record.id, self.actions_done, winners)
        return walked.events

    def _track_waiting(self, acted: int | None) -> None:
        """After an action by `acted` (None: at the start): a seat prompted anew, or again after its own
        action, starts waiting now; a seat still prompted keeps its place; the others leave."""
        prompted = {prompt.seat for prompt in self.prompts()}
        self.waiting = {
            seat: self.waiting[seat] if seat in self.waiting and seat != acted else self.actions_done
            for seat in sorted(prompted)
        }

    def turn_order(self, seat: int) -> tuple[int, int]:
        """Where a prompted seat stands among those waiting: who waited longest first, then by seat."""
        return (self.waiting.get(seat, self.actions_done), seat)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {
        "scores": {str(seat): score for seat, score in outcome.scores.items()},
        "winners": outcome.winners,
        "detail": outcome.detail,
    }


def resumable(store: GameStore, aside: list[ReplayMismatch] | None = None) -> GameRecord | None:
    """The unfinished game to offer for resume, once the others are settled: a game that does not
    replay is set aside with its reason logged (and added to `aside`, for the screen), a game that had
    ended gets its end recorded."""
    while (record := store.unfinished()) is not None:
        try:
            session = GameSession.resume(store, record)
        except ReplayMismatch as error:
            set_aside(store, error)
            if aside is not None:
                aside.append(error)
            continue
        if not session.over:
            return record
    return None


def set_aside(store: GameStore, error: ReplayMismatch) -> None:
    """A game that does not replay: kept for history, never offered again, its reason in the log."""
    log.error("game %d cannot be replayed, set aside: %s", error.record.id, error.reason)
    store.abandon(error.record.id, str(error.reason))
