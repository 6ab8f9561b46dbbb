"""A Mystery City bot a little better than random: its strongest attribute against the weakest rival.

It reads only its view (its own hand, the table, hand sizes) and its prompt, like any seat. A "?" is
reckoned at 7, the mean of 2D6, until it is rolled: a card shown is rolled at once, so the bot
answers the total to beat and weighs Companionship against the totals as they stand.
"""

from __future__ import annotations

import random
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.cards import ATTRIBUTES, UNKNOWN, Cards, load_cards

MEAN_ROLL = 7
WHIM = 0.1  # how often it plays any legal card or attack instead of its best


class MysteryCityBot:
    def __init__(self, seat: int, seed: int, cards: Cards | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(f"mystery-city-bot:{seed}:{seat}")
        self.cards = cards or load_cards()

    def value(self, card: str, attribute: str) -> int:
        printed = self.cards.card(card).values[attribute]
        return MEAN_ROLL if printed == UNKNOWN else int(printed)

    def strength(self, card: str, attribute: str, table: list[str]) -> int:
        """The card's expected value if played now: its own value and a partner already on the table."""
        partner = self.cards.card(card).partner
        bonus = self.value(partner, attribute) if partner in table else 0
        return self.value(card, attribute) + bonus

    def observe(self, events: list[Event]) -> None:
        """It plays from its view alone: the table and its own hand say all it uses."""

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        choose = {
            "attack": self.attack,
            "counterattack": self.counterattack,
            "play_card": self.play,
            "reveal": self.reveal,
            "aftermath": self.aftermath,
        }.get(prompt.kind)
        if choose is None:  # recording an nfc hand: a bot holds no physical card, the kiosk deals it one
            return Action("deal_rest")
        if self.rng.random() < WHIM and prompt.kind in ("attack", "counterattack", "play_card"):
            # Two strict bots can pass the same cards back and forth for ever: a little whim ends it.
            return self.rng.choice([a for a in prompt.actions if a.kind != "use"])
        return choose(view, prompt)

    def hand(self, view: dict[str, Any]) -> list[str]:
        return list(view["you"]["hand"])

    def best_attribute(self, hand: list[str], allowed: list[str]) -> str:
        regulars = [c for c in hand if not self.cards.is_special(c)] or hand
        return max(allowed, key=lambda a: (max(self.value(c, a) for c in regulars), self.rng.random()))

    def attack(self, view: dict[str, Any], prompt: Prompt) -> Action:
        sizes = {p["seat"]: p["hand_size"] for p in view["players"]}
        targets = sorted({a.args[1] for a in prompt.actions})
        target = min(targets, key=lambda s: (sizes[s], self.rng.random()))
        attribute = self.best_attribute(self.hand(view), list(ATTRIBUTES))
        return Action("attack", (attribute, target))

    def counterattack(self, view: dict[str, Any], prompt: Prompt) -> Action:
        allowed = [a.args[0] for a in prompt.actions if a.kind == "attribute"]
        return Action("attribute", (self.best_attribute(self.hand(view), allowed),))

    def play(self, view: dict[str, Any], prompt: Prompt) -> Action:
        combat = view["combat"]
        attribute = prompt.data["attribute"]
        table = [entry["card"] for entry in combat["table"]]
        hand = [a.args[0] for a in prompt.actions if a.kind == "play"]
        shown = combat["exchanges"][-1]["cards"]

        def keep(card: str) -> tuple[int, int]:
            # A special is lost at the end of the combat whatever happens, a regular only if it loses.
            return (self.strength(card, attribute, table), 0 if self.cards.is_special(card) else 1)

        if not shown:  # leading: the strongest card
            return Action("play", (max(hand, key=keep),))
        to_beat = prompt.data["to_beat"]  # the leader's card was rolled when shown
        winners = [c for c in hand if self.strength(c, attribute, table) > to_beat]
        if winners:  # the cheapest card that wins
            return Action("play", (min(winners, key=keep),))
        specials = [c for c in hand if self.cards.is_special(c)]
        # Losing anyway: a special gives the winner nothing, else give away the weakest card.
        return Action("play", (min(specials or hand, key=lambda c: self.strength(c, attribute, table)),))

    def reveal(self, view: dict[str, Any], prompt: Prompt) -> Action:
        uses = [a for a in prompt.actions if a.kind == "use"]
        chomp = next((a for a in uses if self.cards.card(a.args[0]).ability == "COMPANIONSHIP"), None)
        if chomp is not None:
            mine, theirs = prompt.data["totals"]
            if 0 <= theirs - mine < self.value(chomp.args[0], view["combat"]["exchanges"][-1]["attribute"]):
                return chomp
        return Action("pass")

    def aftermath(self, view: dict[str, Any], prompt: Prompt) -> Action:
        # One-time abilities are worth nothing once the special leaves the table: use them now.
        uses = [a for a in prompt.actions if a.kind == "use"]
        return uses[0] if uses else Action("pass")
