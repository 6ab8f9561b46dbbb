"""`kiosk explain GAME`: every kind with its three parts, then the moments; JSON; --check; bad game."""

from __future__ import annotations

import json

import pytest

from kiosk.cli import main
from kiosk.games.explanations import moment_kinds, prompt_kinds
from kiosk.i18n import gettext_in

GAME = "watson-holmes"


def test_prints_every_kind_with_its_three_parts_then_the_moments(capsys):
    assert main(["explain", GAME]) == 0
    out = capsys.readouterr().out
    expected = []
    for kind, e in prompt_kinds(GAME).items():
        expected += [kind, f"  What: {e.what}", f"  Choices: {e.choices}", f"  Tip: {e.tip}"]
    expected += ["Moments:", *(f"  {kind}: {s}" for kind, s in moment_kinds(GAME).items())]
    assert out.splitlines() == expected


def test_speaks_spanish(capsys):
    assert main(["--lang", "es", "explain", GAME]) == 0
    out = capsys.readouterr().out
    visit = prompt_kinds(GAME)["visit"]
    assert f"  Qué es: {gettext_in('es', visit.what)}\n" in out
    assert visit.what not in out
    assert "Momentos:" in out


def test_json_gives_each_kind_its_parts_and_each_moment_its_sentence(capsys):
    assert main(["explain", GAME, "--json", "--lang", "es"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["prompts"]) == set(prompt_kinds(GAME))
    bid = prompt_kinds(GAME)["bid"]
    assert data["prompts"]["bid"] == {"what": gettext_in("es", bid.what), "choices": gettext_in("es", bid.choices),
                                      "tip": gettext_in("es", bid.tip)}
    assert data["moments"] == {kind: gettext_in("es", s) for kind, s in moment_kinds(GAME).items()}


def test_check_passes_on_the_shipped_texts(capsys):
    assert main(["explain", GAME, "--check"]) == 0
    assert "every explanation fits" in capsys.readouterr().out


def test_check_lists_each_problem_and_exits_1(capsys, monkeypatch):
    from kiosk.games import explanations
    from kiosk.games.explanations import Explanation
    from kiosk.games.watson_holmes import explain

    visit = explain.PROMPTS["visit"]
    monkeypatch.setitem(explain.PROMPTS, "visit", Explanation("Visiting {card}: a far too long explanation " * 3, visit.choices, "Untranslated tip"))
    monkeypatch.setitem(explain.MOMENTS, "placed", "Mrs Hudson goes to 221B.")
    explanations._tables.cache_clear()
    try:
        assert main(["explain", GAME, "--check"]) == 1
    finally:
        monkeypatch.undo()
        explanations._tables.cache_clear()
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("visit.what [en]: ") and "lines on a seat, at most 3" in line for line in out)
    assert any(line.startswith("visit.what [en]: a placeholder") for line in out)
    assert "visit.tip: no Spanish translation: Untranslated tip" in out
    assert any(line.startswith("moment placed [en]: names 'Mrs Hudson'") for line in out)
    assert not any(line.startswith(("bid.", "visit.choices")) for line in out)


@pytest.mark.parametrize("argv", [["explain", "chess"], ["explain", "Watson"]])
def test_an_unknown_game_is_one_clear_line_naming_the_games_and_exit_2(argv, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "unknown game" in lines[0]
    assert all(game in lines[0] for game in ("mystery-express", "pi", "watson-holmes", "mystery-city"))
