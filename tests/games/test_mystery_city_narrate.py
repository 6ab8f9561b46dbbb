"""Mystery City narrated: every event a game produces reads as a sentence in English and Spanish."""

from __future__ import annotations

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.catalogue import all_messages
from kiosk.cli import main
from kiosk.games.mystery_city import narrate
from kiosk.games.mystery_city.narrate import Narrator
from kiosk.referee.headless import play
from mystery_city_support import CARDS, GAME, duel, one, rigged

SILENT = {"hand_count"}  # bookkeeping: the screens draw hand sizes from the view


def test_every_template_is_marked_for_translation():
    marked = all_messages()
    templates = [*narrate.TEMPLATES.values(), *narrate.COMBAT_WON.values(), *narrate.EXCHANGE_RESULTS.values()]
    assert all(template in marked for template in templates + list(narrate.COLLECT.values()))


def test_every_event_of_many_games_is_narrated_in_both_languages():
    narrator = Narrator(CARDS)
    kinds = set()
    for seed in range(60):
        seats = 2 + seed % 3
        options = {"deck": "nfc"} if seed % 2 else {}
        state = GAME.start(seats, seed, options)
        events = GAME.opening(state)
        for step in play(GAME, state, [MysteryCityBot(s, seed) for s in range(seats)]):
            events += step.events
        for event in events:
            kinds.add(event.kind)
            text = narrator.describe(event)
            if event.kind in SILENT:
                assert text is None
                continue
            assert text is not None, event.kind
            for lang in ("en", "es"):
                line = text.render(lang)
                assert line and "{" not in line and "}" not in line, line
    assert {"attack", "card_played", "exchange", "combat_won", "collect", "eliminated", "game_over"} <= kinds


def test_an_exchange_reads_with_its_dice_and_bonuses():
    state = rigged({0: ["amanda", "paul"], 1: ["michael", "bess"]})
    events = duel(state, 0, 1, "HT", "amanda", "michael")
    line = Narrator(CARDS).describe(one(events, "exchange"))
    assert line.render("en") == (
        "Health: Seat 1 with Amanda 12 = 12 against Seat 2 with Michael 12, +12 for Amanda on the table = 24. "
        "Seat 2 wins the exchange."
    )
    state = rigged({0: ["paul", "clive"], 1: ["amanda", "bess"]}, dice=[3, 5])
    events = duel(state, 0, 1, "IQ", "paul", "amanda")
    line = Narrator(CARDS).describe(one(events, "exchange"))
    assert line.render("es") == (
        "Inteligencia: el puesto 1 con Paul Shelton 7 = 7 contra el puesto 2 con Amanda 8 (dados 3+5) = 8. "
        "El puesto 2 gana la baza."
    )


def test_kiosk_run_plays_and_narrates_a_whole_game(capsys, tmp_path):
    run = ["run", "--mock", "--headless", "--game", "mystery-city", "--narrate"]
    assert main([*run, "--seats", "3", "--seed", "4", "--data", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mystery City: 3 seats, 3 played by bots, seed 4")
    assert "attacks" in out and "wins the game" in out and out.rstrip().endswith(" cards")
    assert main([*run, "--seats", "2", "--seed", "4", "--lang", "es", "--data", str(tmp_path / "b")]) == 0
    assert "gana la partida" in capsys.readouterr().out


def test_companionship_is_used_against_nobody():
    """Read in a trial: "Seat 3 uses Companionship (Chomp) against Seat 2": it adds to one's own card."""
    narrator = Narrator(CARDS)
    used = narrate.Event("ability", {"seat": 2, "card": "chomp", "ability": "COMPANIONSHIP", "target": 1})
    assert narrator.describe(used).render("en") == "Seat 3 uses Companionship (Chomp)."
    assert narrator.describe(used).render("es") == "El puesto 3 usa Compañía (Chomp)."
    used = narrate.Event("ability", {"seat": 2, "card": "falken", "ability": "INVESTIGATION", "target": 1})
    assert narrator.describe(used).render("en") == "Seat 3 uses Investigation (Thomas Falken) against Seat 2."
