"""The table's cases folder (`cases_dir`): a case dropped there is offered when the game choice opens,
listed with where it comes from; a clashing id is refused; a stored game records its case file's
digest, so a case that changed or went away since is refused with a reason, never replayed wrongly."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.config import config_from_dict
from kiosk.games import registry
from kiosk.games.watson_holmes.case import CASES_DIR
from kiosk.games.watson_holmes.library import bundled_case_ids
from kiosk.games.watson_holmes.game import CaseUnavailable
from kiosk.games.watson_holmes.library import LIBRARY, set_cases_dir
from kiosk.referee.session import GameSession, ReplayMismatch
from kiosk.store import GameStore

TUTORIAL_TEXT = (CASES_DIR / "tutorial-lamplighter.yaml").read_text(encoding="utf-8")
MINE = TUTORIAL_TEXT.replace("id: lamplighter", "id: my-lamp", 1)
BUNDLED = bundled_case_ids()  # however many cases ship, easiest first


@pytest.fixture
def folder(tmp_path):
    """The table's cases folder, for the registry's Watson & Holmes; emptied of it afterwards."""
    cases = tmp_path / "cases"
    cases.mkdir()
    set_cases_dir(cases)
    yield cases
    set_cases_dir(None)
    registry.refresh()


def offered() -> tuple:
    spec = next(o for o in registry.get("watson-holmes").info.options if o.name == "case")
    return spec.choices


def test_a_case_dropped_in_the_folder_is_offered_at_the_next_look_and_goes_when_removed(folder):
    registry.refresh()
    assert "my-lamp" not in offered()
    (folder / "mine.yaml").write_text(MINE, encoding="utf-8")
    registry.refresh()  # what the game choice does when it opens
    assert set(offered()) == {*BUNDLED, "my-lamp"}
    assert offered()[:2] == ("lamplighter", "my-lamp")  # easiest first: both are tutorials
    assert registry.get("watson-holmes").cases["my-lamp"].source == "mine.yaml"
    (folder / "mine.yaml").unlink()
    registry.refresh()
    assert "my-lamp" not in offered()


def test_a_broken_or_clashing_file_is_never_offered_and_never_replaces_a_bundled_case(folder):
    (folder / "a-twin.yaml").write_text(TUTORIAL_TEXT, encoding="utf-8")
    (folder / "b-broken.yaml").write_text(MINE.replace("  difficulty: 0", "  difficulty: 42"), encoding="utf-8")
    registry.refresh()
    assert offered() == BUNDLED
    assert registry.get("watson-holmes").cases["lamplighter"].source == "tutorial-lamplighter.yaml"
    broken = {path.name: str(error.problems[0]) for path, error in LIBRARY.scan().broken}
    assert broken["a-twin.yaml"] == (f"{folder / 'a-twin.yaml'}: case id 'lamplighter' is already the id of "
                                     f"{CASES_DIR / 'tutorial-lamplighter.yaml'}; give this case another id (a case "
                                     "never replaces another)")
    assert broken["b-broken.yaml"].startswith("b-broken.yaml:11: case 'my-lamp': field 'difficulty' must be")


def test_a_file_changed_in_place_is_read_again(folder):
    (folder / "mine.yaml").write_text(MINE, encoding="utf-8")
    registry.refresh()
    (folder / "mine.yaml").write_text(MINE.replace("The Lamplighter's Ledger", "The Lamplighter's Other Ledger"), encoding="utf-8")
    registry.refresh()
    assert registry.get("watson-holmes").cases["my-lamp"].title["en"] == "The Lamplighter's Other Ledger"


def stored_game(folder: Path, tmp_path: Path) -> tuple[GameStore, int]:
    (folder / "mine.yaml").write_text(MINE, encoding="utf-8")
    registry.refresh()
    store = GameStore.open(tmp_path / "data")
    session = GameSession.start(store, "watson-holmes", 3, 5, {"case": "my-lamp"}, bots=[])
    assert session.record.options["case_digest"] == registry.get("watson-holmes").cases["my-lamp"].digest
    return store, session.record.id


def test_a_stored_game_resumes_with_its_case_unchanged(folder, tmp_path):
    store, game_id = stored_game(folder, tmp_path)
    record = store.game(game_id)
    assert record is not None and GameSession.resume(store, record).state.case_id == "my-lamp"


def test_a_stored_game_whose_case_changed_or_went_away_is_refused_with_a_reason(folder, tmp_path):
    store, game_id = stored_game(folder, tmp_path)
    record = store.game(game_id)
    assert record is not None
    (folder / "mine.yaml").write_text(MINE.replace("Thomas Pryce, the foreman", "Thomas Pryce, the old foreman"), encoding="utf-8")
    registry.refresh()
    with pytest.raises(ReplayMismatch) as error:
        GameSession.resume(store, record)
    assert isinstance(error.value.__cause__, CaseUnavailable)
    assert error.value.reason.render("en") == "The file of the case 'my-lamp' changed after this game began, so the game cannot be replayed."
    (folder / "mine.yaml").unlink()
    registry.refresh()
    with pytest.raises(ReplayMismatch) as error:
        GameSession.resume(store, record)
    assert "The case 'my-lamp' is no longer among this kiosk's cases" in error.value.reason.render("en")


def test_kiosk_replay_explains_a_case_that_went_away(folder, tmp_path, monkeypatch, capsys):
    store, game_id = stored_game(folder, tmp_path)
    store.finish(game_id, {"scores": {}, "winners": [], "detail": {}})
    store.close()
    config = tmp_path / "table.toml"
    config.write_text(f'cases_dir = "{folder}"\n[[seats]]\n', encoding="utf-8")
    monkeypatch.setenv("MYSTERY_TABLE_CONFIG", str(config))
    (folder / "mine.yaml").unlink()
    assert main(["replay", str(game_id), "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert f"game {game_id} cannot be replayed: The case 'my-lamp' is no longer among this kiosk's cases" in err
    assert "Traceback" not in err


def test_cases_list_says_where_each_case_comes_from(folder, tmp_path, capsys):
    (folder / "mine.yaml").write_text(MINE, encoding="utf-8")
    (folder / "bad.yaml").write_text('format: watson-holmes-case/1\ncase:\n  id: "bad\n', encoding="utf-8")
    config = tmp_path / "table.toml"
    config.write_text('cases_dir = "cases"\n[[seats]]\n', encoding="utf-8")
    assert main(["cases", "list", "--config", str(config)]) == 2
    captured = capsys.readouterr()
    assert "lamplighter: The Lamplighter's Ledger (2–7 players, 8 cards, 2 questions; bundled)" in captured.out
    assert f"my-lamp: The Lamplighter's Ledger (2–7 players, 8 cards, 2 questions; cases folder: {folder / 'mine.yaml'})" in captured.out
    assert f"{folder / 'bad.yaml'}: broken, not offered: bad.yaml:3: not valid YAML at line 3, column 7" in captured.err


def test_the_cases_folder_is_in_the_data_folder_unless_table_toml_says(tmp_path):
    path = tmp_path / "table.toml"
    assert config_from_dict({"seats": [{}]}, path).cases_dir == tmp_path / "var" / "cases"
    assert config_from_dict({"data_dir": "/srv/t", "seats": [{}]}, path).cases_dir == Path("/srv/t/cases")
    assert config_from_dict({"cases_dir": "mine", "seats": [{}]}, path).cases_dir == tmp_path / "mine"


def test_install_sh_makes_the_cases_folder_readable_by_the_kiosk_and_written_by_root(tmp_path):
    from tests.deploy.test_install_script import dry_run

    (tmp_path / "boot" / "firmware").mkdir(parents=True)
    out = dry_run(tmp_path)
    root = str(tmp_path)
    assert f"+ mkdir -p {root}/var/lib/mystery-table/cases" in out
    assert f"+ chown kiosk:kiosk {root}/var/lib/mystery-table\n" in out
    assert f"+ chown root:kiosk {root}/var/lib/mystery-table/cases" in out
    assert f"+ chmod 0755 {root}/var/lib/mystery-table/cases" in out
