"""Watson & Holmes behind the game contract of `kiosk.games.base`."""

from __future__ import annotations

import random
from typing import Any

from kiosk.games import base
from kiosk.games.base import Action, Event, GameInfo, OptionRefused, OptionSpec, Outcome, Prompt, require_legal
from kiosk.games.watson_holmes import board, holmes, investigation, solving, visiting
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.library import LIBRARY, CaseLibrary
from kiosk.games.watson_holmes.characters import Characters, load_characters
from kiosk.games.watson_holmes.state import SUPPLY, TOKENS, Player, WHState
from kiosk.games.watson_holmes.views import public_view, seat_view
from kiosk.i18n import N_, Text

GAME_ID = "watson-holmes"
NAMES = {"en": "Watson & Holmes", "es": "Watson & Holmes"}

# Stages the engine runs by itself, without waiting for anyone.
_AUTOMATIC = {
    "investigation": investigation.begin,
    "mycroft": investigation.mycroft,
    "read": investigation.read,
    "solve": investigation.solve,
    "round_end": investigation.round_end,
}


def make_info(case_ids: tuple[str, ...], cases: dict[str, Case]) -> GameInfo:
    def playable(seats: int) -> tuple[str, ...]:  # the cases written for that many players
        return tuple(cid for cid in case_ids if cases[cid].min_players <= seats <= cases[cid].max_players)

    return GameInfo(
        id=GAME_ID,
        names=NAMES,
        min_seats=2,
        max_seats=7,
        fresh_turns=frozenset({"round_start"}),  # a new round of visits
        options=(
            OptionSpec("case", case_ids[0], case_ids, "which case file to play", playable),
            OptionSpec("case_digest", "", None, "recorded, not chosen: the case file's sha256 when the game began"),
            OptionSpec("physical", False, None, "the published box: players read the NFC-tagged cards, the kiosk shows no card text"),
            OptionSpec("characters", True, None, "deal the character cards"),
            OptionSpec("play_on", False, None, "after a win the others play on for the next places (rules 11)"),
        ),
    )


class CaseUnavailable(ValueError):
    """A stored game's case is gone from the kiosk or its file changed: the game cannot be replayed."""

    def __init__(self, text: Text) -> None:
        self.text = text
        super().__init__(text.render("en"))


class WatsonHolmes:
    """`cases`: a fixed set (tests, `kiosk cases play FILE`); without it the table's library (the
    bundled cases and the cases folder), read again by `refresh()` when the game choice opens."""

    def __init__(self, cases: dict[str, Case] | None = None, characters: Characters | None = None) -> None:
        self.library: CaseLibrary | None = LIBRARY if cases is None else None
        self.cases = dict(cases) if cases is not None else LIBRARY.scan().cases()
        self.info = make_info(tuple(cases) if cases is not None else LIBRARY.scan().ids(), self.cases)
        self.characters = characters or load_characters()

    def refresh(self) -> None:
        """Offer the cases now in the library (files added, changed or removed since the last look)."""
        if self.library is not None:
            catalogue = self.library.scan()
            self.cases = catalogue.cases()
            self.info = make_info(catalogue.ids(), self.cases)

    def case(self, state: WHState) -> Case:
        return self.cases[state.case_id]

    def stamp_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options to store with a new game: with the case file's digest, so a resume or a replay
        notices a case that changed since and refuses it with a reason instead of replaying nonsense."""
        case = self.cases.get(self.info.resolve_options(options)["case"])
        return {**options, "case_digest": case.digest} if case is not None and case.digest else dict(options)

    def start(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> WHState:
        wanted = (options or {}).get("case")
        if wanted is not None and wanted not in self.cases:
            raise CaseUnavailable(Text(N_("The case '{case}' is no longer among this kiosk's cases, so a game played "
                                          "with it cannot be replayed."), {"case": wanted}))
        resolved = self.info.resolve_options(options, seats)
        case = self.cases[resolved["case"]]
        if resolved["case_digest"] and case.digest and resolved["case_digest"] != case.digest:
            raise CaseUnavailable(Text(N_("The file of the case '{case}' changed after this game began, so the game "
                                          "cannot be replayed."), {"case": case.id}))
        if not case.min_players <= seats <= case.max_players:  # no case at all is written for this many
            raise OptionRefused(GAME_ID, "case", case.id, (), seats,
                                f"must be a case for {seats} players ({case.id!r} is for {case.players})")
        if case.edition == "physical" and not resolved["physical"]:
            raise OptionRefused(GAME_ID, "physical", False, (True,), None,
                                f"must be True for case {case.id!r}, which has no card text")
        rng = random.Random(seed)
        diary = rng.randrange(seats)  # rules 5.4: with the recorded intro, the start player is random
        supply = dict(SUPPLY)
        players = [Player(carriages=case.start["carriages"], zone=case.start_zone) for _ in range(seats)]
        state = WHState(seed, resolved, rng, case.id, players, supply, diary, turn=diary)
        for rank, seat in enumerate(board.clockwise_from(state, diary)):
            grant = {token: case.start[token] for token in TOKENS}
            if rank >= case.police_limit_players and grant["police"]:  # rules 5.6: 6th and 7th players
                grant["police"], grant["calloff"] = 0, 1
            for token, count in grant.items():
                if count and supply[token] > 0:
                    supply[token] -= 1
                    players[seat].tokens[token] = 1
        if resolved["characters"]:
            deck = [c.id for c in self.characters.cards if c.min_players <= seats]
            rng.shuffle(deck)
            for seat, player in enumerate(players):
                player.character = deck[seat]
        return state

    def prompts(self, state: WHState) -> list[Prompt]:
        if state.over:
            return []
        case = self.case(state)
        if state.judge is not None:
            return [holmes.judge_prompt(state, case)]
        if state.stage == "visit":
            return visiting.prompts(state, case, self.characters)
        if state.stage in ("wait_221b", "answer"):
            return solving.prompts(state, case, self.characters)
        return investigation.prompts(state, case)

    def apply(self, state: WHState, seat: int, action: Action) -> list[Event]:
        require_legal(state.over, self.prompts(state), seat, action, lambda a: self._refusal(state, seat, a))
        case = self.case(state)
        if state.judge is not None:
            events = holmes.apply_judge(state, seat, action)
        elif state.stage == "visit":
            events = visiting.apply(state, case, self.characters, seat, action)
        elif state.stage in ("wait_221b", "answer"):
            events = solving.apply(state, case, self.characters, seat, action)
        else:
            events = investigation.apply(state, case, self.characters, seat, action)
        while state.stage in _AUTOMATIC and not state.over:
            events += _AUTOMATIC[state.stage](state, case, self.characters)
        return events

    def _refusal(self, state: WHState, seat: int, action: Any) -> str:
        """The most specific reason a player can read for a refused action."""
        if isinstance(action, Action) and action.kind in ("visit", "tap") and action.args:
            if state.stage == "visit" and "card" not in state.pending and state.outbid is None:
                card = action.args[0]
                if isinstance(card, str):
                    reason = board.visit_refusal(state, self.case(state), self.characters, seat, card)
                    if reason:
                        return reason
                    if action.kind != visiting.visit_kind(state):
                        return N_("Cards are chosen by tapping their tag in physical mode.") if action.kind == "visit" else N_("This game is not played with tagged cards.")
        if isinstance(action, Action) and action.kind == "bid" and "card" in state.pending:
            return N_("That bid is not possible: outbid by at least one carriage, within what you hold.")
        if isinstance(action, Action) and action.kind == "watson":
            return N_("Dr Watson is not available to you now.")
        if isinstance(action, Action) and action.kind in holmes.HOLMES_KINDS:
            return N_("The Holmes card is available only after a failed attempt, once per player, for 3 carriages.")
        return N_("That choice is not available now.")

    def view(self, state: WHState, seat: int | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        if seat is None:
            return public_view(self.case(state), self.characters, state)
        if not 0 <= seat < len(state.players):
            raise ValueError(f"no seat {seat} in a game of {len(state.players)}")
        return seat_view(self.case(state), self.characters, state, seat, public)

    def outcome(self, state: WHState) -> Outcome | None:
        if not state.over:
            return None
        scores = {seat: float(p.correct or 0) for seat, p in enumerate(state.players)}
        detail = {
            "everyone_loses": not state.winners,
            "correct": {seat: p.correct for seat, p in enumerate(state.players)},
            "rounds": state.round,
            "places": {seat: p.place for seat, p in enumerate(state.players) if p.place is not None},
        }
        return Outcome(scores, list(state.winners), detail)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return base.action_to_json(action)

    def action_from_json(self, data: dict[str, Any]) -> Action:
        return base.action_from_json(data)
