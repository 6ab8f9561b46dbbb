"""The bot that takes an empty seat at the table, for each game: the best one the game has."""

from __future__ import annotations

from kiosk.bots import Bot
from kiosk.bots.me_bot import DeducingBot as MysteryExpressBot
from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.bots.pi_bot import DeducingBot as PIBot
from kiosk.bots.random_bot import RandomBot
from kiosk.bots.watson_holmes_bot import WatsonHolmesBot


def table_bot(game_id: str, seat: int, seed: int) -> Bot:
    """Mystery Express bots deduce at the "normal" level: strong enough to win sometimes, not always."""
    if game_id == "mystery-express":
        return MysteryExpressBot(seat, seed, "normal")
    if game_id == "pi":
        return PIBot(seat, seed)
    if game_id == "mystery-city":
        return MysteryCityBot(seat, seed)
    if game_id == "watson-holmes":
        return WatsonHolmesBot(seat, seed)
    return RandomBot(seat, seed)
