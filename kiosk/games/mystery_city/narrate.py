"""Mystery City events as sentences, for the terminal, the public log and screen banners.

Pure: returns `Text` (msgid and parameters) that the edge renders in the reader's language.
A private event is only ever narrated to a seat in its audience: the caller checks `visible_to`.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Event
from kiosk.games.mystery_city.cards import ABILITY_NAMES, ATTRIBUTE_NAMES, Cards
from kiosk.games.phrases import with_counts
from kiosk.i18n import N_, Nn_, Text, TextList, counted

TEMPLATES: dict[str, str] = {
    "card_removed": N_("{card} is taken out of the deck for this game."),
    "record_begins": N_("Tap your cards on the reader: {specials} and {regulars} each."),
    "card_recorded": N_("{card} is recorded in your hand."),
    "card_released": N_("{card} is no longer recorded in your hand."),
    "card_moved": N_("{card} was tapped at another seat: it is no longer recorded in your hand."),
    "kiosk_deals": N_("{seat} plays without physical cards: the kiosk will deal the rest of that hand."),
    "hand_dealt": N_("The kiosk deals you the rest of your hand: {cards}."),
    "hands_recorded": N_("Every hand is recorded."),
    "deal": N_("Each player receives {specials} and {regulars}."),
    "dealt": N_("Your hand: {cards}."),
    "turn": N_("{seat} takes the revolver."),
    "attack": N_("{seat} attacks {target} on {attribute}."),
    "counterattack": N_("{seat} counterattacks on {attribute}."),
    "card_played": N_("{seat} plays {card}."),
    "ability": N_("{seat} uses {ability} ({card}) against {target}."),
    "investigation": N_("{target} holds: {cards}."),
    "assassination": N_("{card} of {target} is removed from the game."),
    "card_taken": N_("{seat} takes a card from {target} without looking."),
    "card_stolen": N_("{seat} takes {card} from {target}."),
    "collect": N_("{seat} collects {cards}; removed from the game: {removed}."),
    "eliminated": N_("{seat} has no card left and is out."),
    "game_over": N_("{winner} wins the game with all {cards} cards in play!"),
    "stalemate": N_("The same hands a third time: the game goes round in circles. "
                    "It ends as soon as one player holds the most cards."),
}

# The game's end by the kiosk's stalemate resolution (flow.stalemate): nobody holds every card.
GAME_OVER_STALEMATE = N_("{winner} wins the game with the most cards ({cards}).")

COMPANIONSHIP_USED = N_("{seat} uses {ability} ({card}).")

COLLECT = {  # (regular cards collected, specials removed) -> sentence
    (True, True): TEMPLATES["collect"],
    (True, False): N_("{seat} collects {cards}."),
    (False, True): N_("Only specials were on the table; removed from the game: {removed}."),
    (False, False): N_("{seat} wins the combat but there is nothing to collect."),
}

COMBAT_WON = {
    "exchange": N_("{seat} wins the combat against {loser}."),
    "last_card": N_("{seat} wins the combat by the last-card rule."),
    "no_cards": N_("{loser} has no card to play: {seat} wins the combat."),
}

EXCHANGE_RESULTS = {
    "higher": N_("{seat} wins the exchange."),
    "tie": N_("A tie: the combat goes on."),
    "natural_12": N_("Double six: {seat} wins at once!"),
    "natural_2": N_("Double one: {loser} loses at once."),
}

# Numbers in the sentences above that name cards, in the grammatical number each count needs.
COUNTED = {
    "specials": Nn_("{count} special card", "{count} special cards"),
    "regulars": Nn_("{count} regular card", "{count} regular cards"),
}

class Narrator:
    def __init__(self, cards: Cards) -> None:
        self.cards = cards

    def seat(self, seat: int) -> Text:
        return Text(N_("Seat {n}"), {"n": seat + 1})

    def card(self, card_id: str) -> Text:
        return Text(self.cards.card(card_id).name)

    def card_list(self, card_ids: list[str]) -> TextList:
        return TextList(tuple(self.card(c) for c in card_ids))

    def score(self, seat: int, points: float) -> Text:
        return counted("{seat}: {count} card", "{seat}: {count} cards", int(points), seat=self.seat(seat))

    def describe(self, event: Event) -> Text | None:
        """One sentence for the event, or None for bookkeeping events nobody needs to read."""
        d = event.data
        if event.kind == "exchange":
            return self.exchange(d)
        if event.kind == "card_played" and (d["side"]["rolls"] or d["side"]["partner"] is not None):
            return Text(N_("{seat} plays {card}: {detail} = {total}."), {
                "seat": self.seat(d["seat"]), "card": self.card(d["card"]),
                "detail": self.detail(d["side"]), "total": d["side"]["total"],
            })
        if event.kind == "reroll":
            first, second = (self.side(side) for side in d["sides"])
            return Text(N_("Equal rolls, both roll again: {first}; {second}."), {"first": first, "second": second})
        if event.kind == "companion":
            return Text(N_("{seat} adds {value} with {ability}: {total} in all."), {
                "seat": self.seat(d["seat"]), "value": self.value(d["value"], d["rolls"]),
                "ability": Text(ABILITY_NAMES["COMPANIONSHIP"]), "total": d["total"],
            })
        if event.kind == "combat_won":
            return Text(COMBAT_WON[d["reason"]], {"seat": self.seat(d["seat"]), "loser": self.seat(d["loser"])})
        template = TEMPLATES.get(event.kind)
        if event.kind == "ability" and d["ability"] == "COMPANIONSHIP":
            template = COMPANIONSHIP_USED  # it helps the user's own card: it is against nobody
        if event.kind == "collect":
            template = COLLECT[(bool(d["cards"]), bool(d["removed"]))]
        if event.kind == "game_over" and d.get("reason") == "stalemate":
            template = GAME_OVER_STALEMATE
        if template is None:
            return None
        params: dict[str, Any] = {}
        for key, value in d.items():
            if key in ("seat", "target", "to", "winner") and isinstance(value, int):
                params[key] = self.seat(value)
            elif key == "card":
                params[key] = self.card(value)
            elif key in ("cards", "removed", "hand") and isinstance(value, list):
                params["cards" if key == "hand" else key] = self.card_list(value)
            elif key == "attribute":
                params[key] = Text(ATTRIBUTE_NAMES[value])
            elif key == "ability":
                params[key] = Text(ABILITY_NAMES[value])
            else:
                params[key] = value
        return Text(template, with_counts(params, COUNTED))

    def exchange(self, d: dict[str, Any]) -> Text:
        first, second = (self.side(side) for side in d["sides"])
        winner = d["winner"]
        loser = next((s["seat"] for s in d["sides"] if s["seat"] != winner), None)
        result = Text(
            EXCHANGE_RESULTS[d["reason"]],
            {"seat": self.seat(winner) if winner is not None else "", "loser": self.seat(loser) if loser is not None else ""},
        )
        return Text(
            N_("{attribute}: {first} against {second}. {result}"),
            {"attribute": Text(ATTRIBUTE_NAMES[d["attribute"]]), "first": first, "second": second, "result": result},
        )

    def side(self, side: dict[str, Any]) -> Text:
        return Text(
            N_("{seat} with {card} {detail} = {total}"),
            {"seat": self.seat(side["seat"]), "card": self.card(side["card"]), "detail": self.detail(side),
             "total": side["total"]},
        )

    def detail(self, side: dict[str, Any]) -> TextList:
        """A side's value, its dice and its bonuses: "8 (dice 3+5), +12 for Amanda on the table"."""
        parts: list[Text] = [self.value(side["value"], side["rolls"])]
        if side["partner"] is not None:
            parts.append(
                Text(
                    N_("+{value} for {partner} on the table"),
                    {"value": self.value(side["partner_value"], side["partner_rolls"]), "partner": self.card(side["partner"])},
                )
            )
        if side["companion"] is not None:
            parts.append(
                Text(
                    N_("+{value} from {ability}"),
                    {"value": self.value(side["companion_value"], side["companion_rolls"]), "ability": Text(ABILITY_NAMES["COMPANIONSHIP"])},
                )
            )
        return TextList(tuple(parts))

    def value(self, value: int, rolls: list[list[int]]) -> Text:
        if not rolls:
            return Text(N_("{value}"), {"value": value})
        dice = TextList(tuple(Text(N_("{a}+{b}"), {"a": a, "b": b}) for a, b in rolls))
        return Text(N_("{value} (dice {dice})"), {"value": value, "dice": dice})
