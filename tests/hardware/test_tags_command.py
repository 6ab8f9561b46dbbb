import argparse

import pytest

from hardware.tags import TagMatch, TagRegistry
from kiosk.cli import UserError
from kiosk.commands import tags
from tests.waiting import PATIENCE


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="kiosk")
    tags.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.handler(args)


@pytest.fixture
def config(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('data_dir = "data"\n[[seats]]\n', encoding="utf-8")
    return str(path)


def test_write_a_deck_then_resume_after_an_interruption(config, tmp_path, capsys):
    cards = "knife,rope,lead-pipe,candlestick"
    assert run(["tags", "write", "--game", "pi", "--cards", cards, "--mock", "--config", config, "--mock-stop-after", "2"]) == 1
    out = capsys.readouterr().out
    assert "Card 1 of 4: knife" in out and "Card 3 of 4: lead-pipe" in out
    assert "2 done now, 0 already done, 0 failed, 2 to go (of 4)" in out
    assert "Run the same command again" in out
    assert run(["tags", "write", "--game", "pi", "--cards", cards, "--mock", "--config", config]) == 0
    out = capsys.readouterr().out
    assert "Card 1 of 4" not in out and "Card 3 of 4: lead-pipe" in out
    assert "2 done now, 2 already done, 0 failed, 0 to go (of 4)" in out
    registry = TagRegistry(tmp_path / "data" / "mock-tags.sqlite")
    written = registry.cards("pi", written=True)
    assert sorted(written) == sorted(cards.split(","))
    uid = written["rope"]
    assert registry.resolve(uid, "mt1:pi:rope") == TagMatch("pi", "rope", "ndef")
    registry.close()


def test_written_stickers_carry_the_record(tmp_path, config):
    from dataclasses import replace

    from hardware.sim.mock_table import build_mock_table
    from kiosk.config import load_config

    registry = TagRegistry()
    mock = build_mock_table(replace(load_config(config), backend="mock"), registry=registry)
    try:
        operator = tags.MockDeckOperator(mock, quiet=True)
        summary = tags.prepare_deck("write", "watson-holmes", ["police-1", "lockpick"], mock.table, operator, timeout=PATIENCE)
        assert (summary.done, summary.remaining) == (2, 0)
        from hardware.ndef_tags import text_from_user_memory

        assert text_from_user_memory(bytes(operator.tags["lockpick"].pages[16:160])) == "mt1:watson-holmes:lockpick"
    finally:
        mock.close()


def test_learn_records_uids(config, tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("# Mystery City\nduel-1\nduel-2  # second card\n\n", encoding="utf-8")
    assert run(["tags", "learn", "--game", "mystery-city", "--deck", str(deck), "--mock", "--config", config]) == 0
    assert "2 done now" in capsys.readouterr().out
    registry = TagRegistry(tmp_path / "data" / "mock-tags.sqlite")
    assert sorted(registry.cards("mystery-city")) == ["duel-1", "duel-2"]
    assert registry.cards("mystery-city", written=True) == {}
    registry.close()


@pytest.mark.parametrize(
    "extra, message",
    [
        ([], "no deck known for nosuchgame"),
        (["--cards", "a,b:c"], "cannot go on a tag"),
        (["--cards", "a,a"], "lists a card twice"),
        (["--deck", "/nonexistent/deck.txt"], "cannot read"),
    ],
)
def test_bad_decks_are_user_errors(config, extra, message):
    with pytest.raises(UserError, match=message):
        run(["tags", "write", "--game", "nosuchgame", "--mock", "--config", config, *extra])
