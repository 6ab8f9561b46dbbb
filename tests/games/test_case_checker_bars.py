"""The case checker's bars beyond one file's fields (issue 40, cases/FORMAT.md), each on a broken copy of
the author's template built in the test (never on a bundled case's wording, which its authors keep
mending): a card too long for a seat screen, a difficulty its cards do not play at, free text where a
picker would do, a tavern, inspector or prop another case has, and the right choice always in the same
place. One test (in test_case_checker.py) checks the bundled cases pass `--strict` as they stand."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from kiosk.cli import main
from kiosk.commands.case_audit import audit, seat_pages
from kiosk.games.watson_holmes.case import load_case_file
from kiosk.games.watson_holmes.difficulty import EASIEST, difficulty
from test_case_checker import TEMPLATE, broken_copy, problems

TEMPLATE_C01_ES = "El mayordomo vio a Albert Finch salir del vestíbulo con un paquete alargado a las cinco."
TEMPLATE_C01_EN = "The butler saw Albert Finch leave the hall with a long parcel at five."


def checked(capsys, *args: str, code: int = 0) -> tuple[str, str]:
    capsys.readouterr()
    assert main(["--lang", "en", "cases", "check", *args]) == code
    found = capsys.readouterr()
    return found.out, found.err


def built(tmp_path: Path, change: Callable[[dict[str, Any]], None], name: str = "built.yaml") -> Path:
    """The template, decoded, changed by `change` (given its `case` mapping) and written back."""
    raw = yaml.safe_load(TEMPLATE.read_text(encoding="utf-8"))
    change(raw["case"])
    path = tmp_path / name
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def choice(case: dict[str, Any], question: int, choice_id: str) -> dict[str, Any]:
    return next(c for c in case["questions"][question]["choices"] if c["id"] == choice_id)


FILLERS = range(6, 17)  # cards 6-16: 16 cards in all, of which the template's Finch is on 4 (a quarter)


def with_fillers(case: dict[str, Any]) -> None:
    """Eleven cards that say nothing of the umbrella, on a 6x3 grid; Clara Ashdown and Peter Moss are no
    longer cleared by anything (each test says how)."""
    case["layout"]["grid"] = {"cols": 6, "rows": 3}
    case["fixed_cards"]["baker_street_221b"]["position"] = {"col": 6, "row": 1}
    case["fixed_cards"]["carriage_stop"]["position"] = {"col": 6, "row": 2}
    places = iter((col, row) for row in (1, 2, 3) for col in range(1, 7) if (col, row) not in
                  {(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (6, 1), (6, 2)})
    for number in FILLERS:
        col, row = next(places)
        case["location_cards"].append({
            "id": f"C{number:02d}", "number": number, "front_name": {"en": f"Room {number}", "es": f"Sala {number}"},
            "position": {"col": col, "row": row}, "icons": [],
            "back_text": {"en": f"Nobody in room {number} saw anything that afternoon.",
                          "es": f"Nadie en la sala {number} vio nada aquella tarde."}})
    for suspect in ("ashdown", "moss"):
        choice(case, 0, suspect).pop("cleared_by")


def way(*numbers: int) -> dict[str, dict[str, str]]:
    """A way of clearing a suspect: filler cards, each by the phrase it shows."""
    return {f"C{n:02d}": {"en": f"room {n}", "es": f"sala {n}"} for n in numbers}


def longer(text: str, pages: int) -> str:
    """The template's first card's Spanish text, made longer word by word until the seat shows it on
    exactly `pages` pages (counted by the seat's own pager, which the checker must use)."""
    from kiosk.seats.watson_holmes import pages_of

    words = text
    while len(pages_of("Scotland Yard", words)) < pages:
        words += " y luego"
    assert len(pages_of("Scotland Yard", words)) == pages
    return words


# --- 3. card length on the seat screen: 6 pages pass, 7 warn ----------------------------------------


@pytest.mark.parametrize("pages, warned", [(6, False), (7, True)])
def test_a_card_is_warned_of_from_its_seventh_page(tmp_path, pages, warned):
    path = broken_copy(tmp_path, [(TEMPLATE_C01_ES, longer(TEMPLATE_C01_ES, pages))], "template")
    case = load_case_file(path)
    said = [str(w) for w in audit(case, []).warnings if "seat screen" in str(w)]
    assert seat_pages(case)["C01"] == {"en": 2, "es": pages}
    assert said == ([f"{path.name}:{case.card('C01').line}: case 'my-case', location_cards[0] (C01): card 1 needs 2 (en), "
                     f"{pages} (es) pages on a seat screen; at most 6: shorten its text"] if warned else [])


def test_strict_refuses_a_card_too_long_for_the_seat_naming_it_and_its_pages_in_each_language(tmp_path, capsys):
    path = broken_copy(tmp_path, [(TEMPLATE_C01_ES, longer(TEMPLATE_C01_ES, 9))], "template")
    out, err = checked(capsys, str(path), "--strict", code=2)
    assert "card 1 needs 2 (en), 9 (es) pages on a seat screen; at most 6" in err
    assert "seat screen: the longest card, 1, needs 2 (en), 9 (es) pages (at most 6)" in out
    out, err = checked(capsys, str(path))
    assert "warning: " in out and "9 (es) pages on a seat screen" in out and "is valid" in out


# --- 4. difficulty that means something ----------------------------------------------------------


def test_check_prints_on_how_many_cards_each_answer_is_singled_out(capsys):
    out, _ = checked(capsys, str(TEMPLATE))
    # by hand: "Albert Finch" (1), "Mr Finch" (2, 3), "Finch" (4); "The Reform Club" (2, its name)
    assert "template.yaml: question 1: singled out on 4 of 5 cards (1, 2, 3, 4)\n" in out
    assert "template.yaml: question 2: singled out on 1 of 5 cards (2)\n" in out


@pytest.mark.parametrize("telling, singled", [(True, [1, 2, 3, 4, 5]), (False, [1, 2, 3, 4])])
def test_a_telling_description_counts_where_a_card_uses_it(tmp_path, telling, singled):
    def change(case: dict[str, Any]) -> None:
        card = case["location_cards"][4]
        card["back_text"] = {"en": card["back_text"]["en"] + " The clubman left his ticket on it.",
                             "es": card["back_text"]["es"] + " El socio del club dejó en él su resguardo."}
        if not telling:
            choice(case, 0, "finch").pop("telling")

    found = difficulty(load_case_file(built(tmp_path, change)))
    assert [card.number for card in found.singled[0].cards] == singled


def banded(tmp_path: Path, cards_per_way: int | None, fillers: int = len(FILLERS)) -> Path:
    """The template with `fillers` of the filler cards, Finch singled out on 4 of them; Ashdown and Moss
    each cleared by one way of `cards_per_way` filler cards (None: nothing clears them)."""
    def change(case: dict[str, Any]) -> None:
        with_fillers(case)
        del case["location_cards"][5 + fillers:]
        if cards_per_way:
            choice(case, 0, "ashdown")["cleared_by"] = [way(*range(6, 6 + cards_per_way))]
            choice(case, 0, "moss")["cleared_by"] = [way(*range(10, 10 + cards_per_way))]

    return built(tmp_path, change)


@pytest.mark.parametrize("cards_per_way, fillers, band", [
    (None, 11, EASIEST), (1, 11, (2,)), (2, 11, (3,)), (3, 11, (4,)),
    (3, 10, (3,)),  # 4 of 15 cards single Finch out: over a quarter, so not 4 however deep the exclusion
    (4, 11, (4,)),  # 5 needs a fifth at most
])
def test_the_band_is_the_highest_whose_two_bars_the_case_clears(tmp_path, cards_per_way, fillers, band):
    path = banded(tmp_path, cards_per_way, fillers)
    case = load_case_file(path)
    found = difficulty(case)
    cards = 5 + fillers
    assert len(found.singled[0].cards) == 4 and found.cards == cards and found.band == band
    said = [str(w) for w in audit(case, []).warnings if "plays at" in str(w)]
    if band == EASIEST:  # the template's difficulty 1 is in it
        assert said == []
    else:
        assert said == [f"{path.name}: case 'my-case': difficulty 1, but the case plays at {band[0]}: "
                        f"the culprit is singled out on 4 of {cards} cards; the nearest alternative, Clara Ashdown, "
                        f"needs {cards_per_way} card{'s' if cards_per_way != 1 else ''} to exclude (cases/FORMAT.md, Difficulty)"]


def test_a_case_that_clears_nobody_says_whom(tmp_path):
    case = load_case_file(banded(tmp_path, None))
    report = [text.render("en") for text in audit(case, []).report]
    assert "difficulty 1; plays at 0-1: the culprit is singled out on 4 of 16 cards; the nearest alternative, -, needs " \
           "0 cards to exclude (no cleared_by: Clara Ashdown, Peter Moss)" in report


def test_the_shortest_way_counts_and_the_nearest_alternative_needs_the_most(tmp_path):
    def change(case: dict[str, Any]) -> None:
        with_fillers(case)
        choice(case, 0, "ashdown")["cleared_by"] = [way(6, 7), way(8)]
        choice(case, 0, "moss")["cleared_by"] = [way(9, 10, 11)]

    found = difficulty(load_case_file(built(tmp_path, change)))
    assert found.exclusion is not None and found.exclusion.nearest is not None
    assert found.exclusion.needed == {"ashdown": 1, "moss": 3}
    assert found.exclusion.nearest.id == "moss" and found.exclusion.depth == 3 and found.band == (4,)


def test_a_way_of_clearing_is_checked_as_evidence_is(tmp_path):
    path = broken_copy(tmp_path, [('- {C03: {en: "poured the tea all afternoon", es: "sirvió el té toda la tarde"}}',
                                   '- {C03: "at the piano", C66: "x"}')], "template")
    found = problems(path)
    assert any(p.endswith("cleared_by[0]: the phrase \"at the piano\" (en) is not on card C03") for p in found), found
    assert any("cleared_by[0]: cleared_by: no location card 'C66'" in p for p in found), found


def test_the_new_fields_are_optional(tmp_path):
    def change(case: dict[str, Any]) -> None:
        del case["props"]
        for c in case["questions"][0]["choices"]:
            c.pop("telling", None)
            c.pop("cleared_by", None)

    case = load_case_file(built(tmp_path, change))
    assert case.props == () and all(not c.telling and not c.cleared_by for q in case.questions for c in q.choices)
    exclusion = difficulty(case).exclusion
    assert exclusion is not None and exclusion.needed == {"ashdown": None, "moss": None}


# --- 5. pickers rather than free text -------------------------------------------------------------


@pytest.mark.parametrize("marked, forms, expected", [
    (False, 3, "free text: the attempting player grades the written answer alone"),
    (True, 1, "free text is the point, but 'accepted' gives 1 form; give at least 3, the ways a table would say it"),
    (True, 2, "free text is the point, but 'accepted' gives 2 forms; give at least 3"),
    (True, 3, None),
])
def test_free_text_warns_unless_it_is_the_point_with_three_forms(tmp_path, marked, forms, expected):
    def change(case: dict[str, Any]) -> None:
        case["questions"].append({
            "id": "Q3", "number": 3, "text": {"en": "What colour is the umbrella?", "es": "¿De qué color es el paraguas?"},
            "answer_kind": "FREE_TEXT",
            "accepted": [{"en": "green", "es": "verde"}, {"en": "a green one", "es": "uno verde"},
                         {"en": "bottle green", "es": "verde botella"}][:forms],
            "evidence": {"C05": {"en": "a green umbrella", "es": "un paraguas verde"}}, "single_card_ok": True,
            **({"free_text_is_the_point": True} if marked else {})})

    path = built(tmp_path, change)
    said = [str(w) for w in load_case_file(path).warnings if "free text" in str(w)]
    if expected is None:
        assert said == []
    else:
        assert len(said) == 1 and expected in said[0] and "(Q3)" in said[0]


# --- 6. no repeats across cases -------------------------------------------------------------------

# A second case in the template's shape that shares no name with it: each name of the template, renamed.
STRANGER = (("  id: my-case ", "  id: stranger "), ("Missing Umbrella", "Lost Cane"), ("Albert Finch", "Silas Crewe"), ("Finch", "Crewe"),
            ("Clara Ashdown", "Mary Poole"), ("Ashdown", "Poole"), ("Peter Moss", "Tom Hart"), ("Moss", "Hart"),
            ("Reform Club", "Garrick Club"), ("green umbrella", "black cane"), ("paraguas verde", "bastón negro"))
SAID_EN = " Inspector Quillfeather drank at the Brass Heron."
SAID_ES = " El inspector Quillfeather bebió en la Garza de Latón."


def stranger(tmp_path: Path, en: str = "", es: str = "") -> Path:
    text = TEMPLATE.read_text(encoding="utf-8")
    for old, new in STRANGER:
        assert old in text, old
        text = text.replace(old, new)
    text = text.replace("the hall with a long parcel at five.", "the hall with a long parcel at five." + en, 1)
    text = text.replace("un paquete alargado a las cinco.", "un paquete alargado a las cinco." + es, 1)
    path = tmp_path / "stranger.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def repeated(out: str) -> list[str]:
    return sorted(line for line in out.splitlines() if "is also in case 'stranger'" in line)


def test_a_second_case_of_other_names_repeats_nothing(tmp_path, capsys):
    out, _ = checked(capsys, str(broken_copy(tmp_path, [], "template")), str(stranger(tmp_path)), "--strict")
    assert "is also in case" not in out


def test_an_inspector_and_a_tavern_of_another_case_are_warned_of_and_strict_refuses(tmp_path, capsys):
    path = broken_copy(tmp_path, [(TEMPLATE_C01_EN, TEMPLATE_C01_EN + SAID_EN), (TEMPLATE_C01_ES, TEMPLATE_C01_ES + SAID_ES)],
                       "template")
    other = stranger(tmp_path, SAID_EN, SAID_ES)
    out, _ = checked(capsys, str(path), str(other))
    assert repeated(out) == sorted(
        f"warning: {path.name}: case 'my-case': '{name}' (card 1) is also in case 'stranger' (card 1): the same "
        "tavern, inspector or prop in two cases; give this case its own" for name in ("Brass Heron", "Inspector Quillfeather"))
    _, err = checked(capsys, str(path), str(other), "--strict", code=2)
    assert err.count("is also in case 'stranger'") == 2


def test_names_shared_on_purpose_never_warn(tmp_path, capsys):
    shared = (" Sherlock Holmes and Dr Watson came from Baker Street by Dean Street and Charing Cross to Scotland "
              "Yard, as The Times said.")
    path = broken_copy(tmp_path, [(TEMPLATE_C01_EN, TEMPLATE_C01_EN + shared)], "template")
    out, _ = checked(capsys, str(path), str(stranger(tmp_path, shared)), "--strict")
    assert "is also in case" not in out


def test_a_prop_of_one_case_written_in_another_is_a_repeat(tmp_path, capsys):
    path = broken_copy(tmp_path, [('    - {en: "a green umbrella", es: "un paraguas verde"}',
                                   '    - {en: "a green umbrella", es: "un paraguas verde"}\n'
                                   '    - {en: "brass telescope", es: "catalejo de latón"}')], "template")
    other = stranger(tmp_path, " A brass telescope lay on the table.", " Un catalejo de latón estaba en la mesa.")
    out, _ = checked(capsys, str(path), str(other))
    assert "'brass telescope' (not on a card) is also in case 'stranger' (card 1)" in out, out


def test_files_checked_together_are_compared_with_each_other(tmp_path, capsys):
    first = tmp_path / "first.yaml"
    broken_copy(tmp_path, [], "template").rename(first)
    second = tmp_path / "second.yaml"
    second.write_text(first.read_text(encoding="utf-8").replace("  id: my-case ", "  id: my-other-case ", 1), encoding="utf-8")
    out, _ = checked(capsys, str(first), str(second))
    assert "first.yaml: case 'my-case': 'a green umbrella' (card 5) is also in case 'my-other-case' (card 5)" in out
    assert "second.yaml: case 'my-other-case': 'a green umbrella' (card 5) is also in case 'my-case' (card 5)" in out
    assert "'Lady Ashdown' (card 5) is also in case 'my-other-case' (card 5)" in out  # on the card of the prop too
    assert "'Albert Finch' (card 1) is also in case 'my-other-case' (card 1)" in out


def test_a_case_of_the_tables_cases_folder_is_compared_too(tmp_path, capsys):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "folder-case.yaml").write_text(TEMPLATE.read_text(encoding="utf-8").replace("  id: my-case ", "  id: folder-case ", 1),
                                             encoding="utf-8")
    config = tmp_path / "table.toml"
    config.write_text(f'cases_dir = "{folder}"\n[[seats]]\n', encoding="utf-8")
    path = broken_copy(tmp_path, [], "template")
    out, _ = checked(capsys, str(path), "--config", str(config))
    assert "'Albert Finch' (card 1) is also in case 'folder-case' (card 1)" in out
    out, _ = checked(capsys, str(path))  # without the folder, nothing repeats the template's Albert Finch
    assert "'Albert Finch'" not in out


# --- the right choice in the same place in every picker question -------------------------------------


def swapped(case: dict[str, Any]) -> None:
    """Q2's right choice moved back to first, where Q1's is."""
    case["questions"][1]["choices"].reverse()


def test_the_right_choice_first_in_every_picker_question_is_warned_of_and_strict_refuses(tmp_path, capsys):
    path = built(tmp_path, swapped)
    expected = (f"{path.name}: case 'my-case': the right choice is choice 1 of every picker question (Q1, Q2): a table "
                "learns to pick it there; move it in some of them (cases/FORMAT.md, Pickers)")
    warnings = audit(load_case_file(path), []).warnings
    assert [str(w) for w in warnings] == [expected]
    assert "la opción correcta es la opción 1 de todas las preguntas con opciones (Q1, Q2)" in warnings[0].render("es")
    out, _ = checked(capsys, str(path))
    assert f"warning: {expected}" in out
    _, err = checked(capsys, str(path), "--strict", code=2)
    assert "the right choice is choice 1 of every picker question (Q1, Q2)" in err


def test_the_place_is_any_place_and_one_question_in_another_place_clears_it(tmp_path):
    def last(case: dict[str, Any]) -> None:  # finch third of three, club second of two: two places
        case["questions"][0]["choices"].append(case["questions"][0]["choices"].pop(0))

    def both_last(case: dict[str, Any]) -> None:  # finch second of two in Q1, club second in Q2
        del case["questions"][0]["choices"][2]
        case["questions"][0]["choices"].reverse()

    assert not [w for w in audit(load_case_file(built(tmp_path, last)), []).warnings]
    assert not [w for w in audit(load_case_file(TEMPLATE), []).warnings]  # the template teaches the habit
    said = [str(w) for w in audit(load_case_file(built(tmp_path, both_last)), []).warnings]
    assert len(said) == 1 and "the right choice is choice 2 of every picker question (Q1, Q2)" in said[0]


def test_one_picker_question_alone_has_no_place_to_learn(tmp_path):
    def one(case: dict[str, Any]) -> None:
        swapped(case)
        q2 = case["questions"][1]
        q2["answer_kind"] = "FREE_TEXT"
        q2["accepted"] = [{"en": "At the Reform Club", "es": "En el Reform Club"}]
        del q2["choices"]

    assert not [w for w in audit(load_case_file(built(tmp_path, one)), []).warnings if "right choice" in str(w)]
