"""The Mystery City bot: its strongest attribute against the weakest rival, from its view alone."""

from __future__ import annotations

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action
from kiosk.referee.headless import play
from mystery_city_support import GAME, act, prompt_for, rigged


class Strict(MysteryCityBot):
    """The bot without its whim, so a test can ask for its best choice."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat, 0)
        self.rng.random = lambda: 0.99  # type: ignore[method-assign]


def choose(bot: MysteryCityBot, state, seat: int) -> Action:
    return bot.choose(GAME.view(state, seat), prompt_for(state, seat))


def test_it_attacks_the_rival_with_fewest_cards_on_its_strongest_attribute():
    state = rigged({0: ["luigi", "kendall"], 1: ["paul", "bess", "clive"], 2: ["eddie"]}, seats=3)
    assert choose(Strict(0), state, 0) == Action("attack", ("ST", 2))  # Luigi's ST 12


def test_it_answers_with_the_cheapest_card_that_wins_and_gives_nothing_when_it_cannot():
    state = rigged({0: ["paul", "kendall"], 1: ["charles", "luigi", "clive", "bess"]})
    act(state, 0, "attack", "ST", 1)
    act(state, 0, "play", "kendall")  # ST 7
    assert choose(Strict(1), state, 1) == Action("play", ("clive",))  # 10 beats 7 and keeps Luigi's 12
    state = rigged({0: ["luigi", "kendall"], 1: ["bess", "chomp", "paul"]})
    act(state, 0, "attack", "ST", 1)
    act(state, 0, "play", "luigi")  # ST 12: nothing beats it
    assert choose(Strict(1), state, 1) == Action("play", ("chomp",))  # a special is lost anyway
    state = rigged({0: ["luigi", "kendall"], 1: ["bess", "chomp", "meryl"]})
    act(state, 0, "attack", "ST", 1)
    act(state, 0, "play", "luigi")
    assert choose(Strict(1), state, 1) == Action("play", ("meryl",))  # 4 + her partner Luigi's 12


def test_it_counts_a_partner_already_on_the_table():
    state = rigged({0: ["amanda", "paul"], 1: ["michael", "luigi", "kendall"]})
    act(state, 0, "attack", "HT", 1)
    act(state, 0, "play", "amanda")  # HT 12
    assert choose(Strict(1), state, 1) == Action("play", ("michael",))  # 12 + Amanda's 12


def test_it_uses_companionship_only_when_it_turns_the_exchange():
    state = rigged({0: ["kendall", "paul"], 1: ["charles", "chomp", "bess"]})
    act(state, 0, "attack", "IQ", 1)
    act(state, 0, "play", "kendall")  # IQ 8
    act(state, 1, "play", "charles")  # IQ 7: Chomp's IQ 3 turns it
    assert choose(Strict(1), state, 1) == Action("use", ("chomp",))
    state = rigged({0: ["luigi", "paul"], 1: ["kendall", "chomp", "bess"]})
    act(state, 0, "attack", "ST", 1)
    act(state, 0, "play", "luigi")  # ST 12
    act(state, 1, "play", "bess")  # ST 3: Chomp's 6 is not enough
    assert choose(Strict(1), state, 1) == Action("pass")


def test_it_beats_random_players_nearly_always():
    wins = 0
    for seed in range(60):
        seats = 2 + seed % 3
        state = GAME.start(seats, seed, {"first_seat": seed % seats})
        bots = [MysteryCityBot(0, seed)] + [RandomBot(s, seed) for s in range(1, seats)]
        for _ in play(GAME, state, bots):
            pass
        wins += GAME.outcome(state).winners == [0]
    assert wins >= 50
