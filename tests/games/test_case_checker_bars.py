"""The case checker's bars beyond one file's fields (issue 40, cases/FORMAT.md), each on a broken copy of a
bundled case or of the template: a card too long for a seat screen, a difficulty its cards do not play
at, a tavern, inspector or prop another case has, and free text where a picker would do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.commands.case_audit import MOST_PAGES, audit, seat_pages
from kiosk.games.watson_holmes.case import CASES_DIR, CaseError, load_case_file
from kiosk.games.watson_holmes.difficulty import EASIEST, difficulty
from test_case_checker import TEMPLATE, broken_copy, problems

TEMPLATE_C01_ES = "El mayordomo vio a Albert Finch salir del vestíbulo con un paquete alargado a las cinco."
TUTORIAL_ID = ("  id: lamplighter", "  id: lamplighter-copy")  # a copy's own id, so the check compares it


def checked(capsys, *args: str, code: int = 0) -> tuple[str, str]:
    capsys.readouterr()
    assert main(["--lang", "en", "cases", "check", *args]) == code
    found = capsys.readouterr()
    return found.out, found.err


def longer(text: str, pages: int) -> str:
    """The template's first card's Spanish text, made longer word by word until the seat shows it on
    exactly `pages` pages (counted by the seat's own pager, which the checker must use)."""
    from kiosk.seats.watson_holmes import pages_of

    words = text
    while len(pages_of("Scotland Yard", words)) < pages:
        words += " y luego"
    assert len(pages_of("Scotland Yard", words)) == pages
    return words


# --- 3. card length on the seat screen --------------------------------------------------------------


@pytest.mark.parametrize("pages, warned", [(MOST_PAGES, False), (MOST_PAGES + 1, True)])
def test_a_card_is_warned_of_from_its_seventh_page(tmp_path, pages, warned):
    path = broken_copy(tmp_path, [(TEMPLATE_C01_ES, longer(TEMPLATE_C01_ES, pages))], "template")
    case = load_case_file(path)
    said = [str(w) for w in audit(case, []).warnings]
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


def test_the_bundled_lady_in_grey_card_2_is_counted_as_the_editor_counted_it():
    """The editor's read (2026-12): Lady C02 needs 10 pages in English and 11 in Spanish."""
    case = load_case_file(CASES_DIR / "lady-in-grey.yaml")
    assert seat_pages(case)["C02"] == {"en": 10, "es": 11}


# --- 4. difficulty that means something ----------------------------------------------------------


def test_check_prints_on_how_many_cards_each_answer_is_singled_out(capsys):
    out, _ = checked(capsys, str(CASES_DIR / "tutorial-lamplighter.yaml"))
    # by hand: "Edwin Marsh" / "Mr Marsh" / "Marsh's" on 1, 6, 7, 8; "St Anne's" on 2, 5, 6, 8
    assert "tutorial-lamplighter.yaml: question 1: singled out on 4 of 8 cards (1, 6, 7, 8)\n" in out
    assert "tutorial-lamplighter.yaml: question 2: singled out on 4 of 8 cards (2, 5, 6, 8)\n" in out


def test_a_telling_description_counts_where_a_card_uses_it(tmp_path):
    path = broken_copy(tmp_path, [('- {id: marsh, label: "Edwin Marsh"}',
                                   '- {id: marsh, label: "Edwin Marsh", telling: [{en: "the clerk", es: "el escribiente"}]}')])
    found = difficulty(load_case_file(path))
    # "the Company's clerk" (1), "the clerk's desk" (2), "Mr Marsh, the clerk?" (6), "is the clerk" (7)
    assert [card.number for card in found.singled[0].cards] == [1, 2, 6, 7, 8]


def thornbury_cleared(tmp_path: Path, cards_per_way: int) -> Path:
    """Thornbury with every alternative of Q1 cleared by one way of `cards_per_way` cards (each showing
    its own front name, which is on the card)."""
    case = load_case_file(CASES_DIR / "thornbury-clock.yaml")
    changes = []
    for index, choice in enumerate(c for c in case.questions[0].choices if c.id != "reeve"):
        way = {card.id: card.name for card in case.cards[index:index + cards_per_way]}
        label = choice.label["en"]
        changes.append((f'{{id: {choice.id}, label: "{label}"}}',
                        f'{{id: {choice.id}, label: "{label}", cleared_by: [{json.dumps(way, ensure_ascii=False)}]}}'))
    return broken_copy(tmp_path, changes, "thornbury-clock")


@pytest.mark.parametrize("cards_per_way, band", [(None, EASIEST), (1, (2,)), (2, (3,)), (3, (4,))])
def test_the_band_is_the_highest_whose_two_bars_the_case_clears(tmp_path, cards_per_way, band):
    """Thornbury singles Reeve out on 5 of 22 cards (under a quarter): its band is set by the cards needed
    to exclude the nearest alternative."""
    path = thornbury_cleared(tmp_path, cards_per_way) if cards_per_way else CASES_DIR / "thornbury-clock.yaml"
    case = load_case_file(path)
    found = difficulty(case)
    assert len(found.singled[0].cards) == 5 and found.band == band
    said = [str(w) for w in audit(case, []).warnings if "plays at" in str(w)]
    if band == (3,):  # its stated difficulty
        assert said == []
    else:
        assert said == [f"{path.name}: case 'thornbury-clock': difficulty 3, but the case plays at {'-'.join(map(str, band))}: "
                        f"the culprit is singled out on 5 of 22 cards; the nearest alternative, "
                        + (f"Constance Thornbury, needs {cards_per_way} card{'s' if cards_per_way > 1 else ''} to exclude"
                           if cards_per_way else "-, needs 0 cards to exclude (no cleared_by: Constance Thornbury, "
                           "Arthur Thornbury, Bertram Hale, Clara Venn, Hugh Morland, Nora Quill)")
                        + " (cases/FORMAT.md, Difficulty)"]


def test_the_shortest_way_counts_and_the_nearest_alternative_needs_the_most(tmp_path):
    case = load_case_file(CASES_DIR / "thornbury-clock.yaml")

    def way(*cards: str) -> str:
        return json.dumps({card: case.card(card).name for card in cards}, ensure_ascii=False)

    path = broken_copy(tmp_path, [
        ('{id: venn, label: "Clara Venn"}', f'{{id: venn, label: "Clara Venn", cleared_by: [{way("C18", "C19", "C22")}]}}'),
        ('{id: hale, label: "Bertram Hale"}',
         f'{{id: hale, label: "Bertram Hale", cleared_by: [{way("C16", "C17")}, {way("C15")}]}}'),
    ], "thornbury-clock")
    found = difficulty(load_case_file(path))
    assert found.exclusion is not None and found.exclusion.nearest is not None
    assert found.exclusion.needed["hale"] == 1 and found.exclusion.needed["venn"] == 3 and found.exclusion.needed["arthur"] is None
    assert found.exclusion.nearest.id == "venn" and found.exclusion.depth == 3


def test_a_way_of_clearing_is_checked_as_evidence_is(tmp_path):
    path = broken_copy(tmp_path, [('{id: venn, label: "Clara Venn"}',
                                   '{id: venn, label: "Clara Venn", cleared_by: [{C18: "at the piano", C66: "x"}]}')],
                       "thornbury-clock")
    found = problems(path)
    assert any(p.endswith("cleared_by[0]: the phrase \"at the piano\" (en) is not on card C18") for p in found), found
    assert any("cleared_by[0]: cleared_by: no location card 'C66'" in p for p in found), found


def test_the_new_fields_are_optional_and_the_bundled_cases_load_unchanged():
    for path in sorted(CASES_DIR.glob("*.yaml")):
        case = load_case_file(path)
        assert case.props == () and all(not c.telling and not c.cleared_by for q in case.questions for c in q.choices)


# --- 5. pickers rather than free text -------------------------------------------------------------

THORNBURY_Q5 = "      answer_kind: FREE_TEXT\n"
THORNBURY_Q5_ACCEPTED = ('          es: "La letra de cambio falsificada de 2.000 libras, pagada al capitán Hugh Morland"\n')


@pytest.mark.parametrize("marked, forms, expected", [
    (False, 1, "free text: the attempting player grades the written answer alone"),
    (True, 1, "free text is the point, but 'accepted' gives 1 form; give at least 3, the ways a table would say it"),
    (True, 2, "free text is the point, but 'accepted' gives 2 forms; give at least 3"),
    (True, 3, None),
])
def test_free_text_warns_unless_it_is_the_point_with_three_forms(tmp_path, marked, forms, expected):
    more = "".join(f'        - {{en: "The forged draft, form {n}", es: "La letra falsa, forma {n}"}}\n' for n in range(2, forms + 1))
    changes = [(THORNBURY_Q5_ACCEPTED, THORNBURY_Q5_ACCEPTED + more)]
    if marked:
        changes.append((THORNBURY_Q5, THORNBURY_Q5 + "      free_text_is_the_point: true\n"))
    path = broken_copy(tmp_path, changes, "thornbury-clock")
    said = [str(w) for w in load_case_file(path).warnings if "free text" in str(w)]
    if expected is None:
        assert said == []
    else:
        assert len(said) == 1 and expected in said[0] and "(Q5)" in said[0]


# --- 6. no repeats across cases -------------------------------------------------------------------

TEMPLATE_C01_EN = "The butler saw Albert Finch leave the hall with a long parcel at five."


def test_an_inspector_and_a_tavern_of_a_bundled_case_are_warned_of_and_strict_refuses(tmp_path, capsys):
    path = broken_copy(tmp_path, [(TEMPLATE_C01_EN, TEMPLATE_C01_EN + " Inspector Gregson drank at the Blue Anchor."),
                                  (TEMPLATE_C01_ES, TEMPLATE_C01_ES + " El inspector Gregson bebió en el Ancla Azul.")],
                       "template")
    out, _ = checked(capsys, str(path))
    repeats = sorted(line for line in out.splitlines() if "is also in case" in line)
    assert repeats == sorted(
        f"warning: {path.name}: case 'my-case': '{name}' (card 1) is also in case '{other}' (card {number}): the same "
        "tavern, inspector or prop in two cases; give this case its own"
        for name, other, number in (("Blue Anchor", "corinna-silk", 16), ("Blue Anchor", "lamplighter", 3),
                                    ("Inspector Gregson", "corinna-silk", 1), ("Inspector Gregson", "lamplighter", 1)))
    _, err = checked(capsys, str(path), "--strict", code=2)
    assert err.count("is also in case") == 4


def test_names_shared_on_purpose_never_warn(tmp_path, capsys):
    shared = (" Sherlock Holmes and Dr Watson came from Baker Street by Dean Street and Charing Cross to Scotland "
              "Yard, as The Times said.")
    path = broken_copy(tmp_path, [(TEMPLATE_C01_EN, TEMPLATE_C01_EN + shared)], "template")
    out, _ = checked(capsys, str(path), "--strict")
    assert "is also in case" not in out


def test_a_prop_of_one_case_written_in_another_is_a_repeat(tmp_path, capsys):
    path = broken_copy(tmp_path, [('    - {en: "a green umbrella", es: "un paraguas verde"}',
                                   '    - {en: "a green umbrella", es: "un paraguas verde"}\n'
                                   '    - {en: "choir key", es: "llave del coro"}')], "template")
    out, _ = checked(capsys, str(path))
    assert re.search(r"'choir key' \(not on a card\) is also in case 'lamplighter' \(cards? [\d, ]+\)", out), out


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
    out, _ = checked(capsys, str(path))  # without the folder, the template shares nothing with the bundled cases
    assert "is also in case" not in out
