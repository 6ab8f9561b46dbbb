"""The strict case checker: a broken copy of the author's template for each rule (of a bundled case only
for what the template lacks, its zones), refused with one specific message (file, line, case, card or question, field, and what is expected); the authoring commands
`kiosk cases new` and `kiosk cases show`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kiosk import i18n
from kiosk.cli import main
from kiosk.games.watson_holmes.case import CASES_DIR, CaseError, load_case_file

TUTORIAL = "tutorial-lamplighter"
FULL = "thornbury-clock"
TEMPLATE = CASES_DIR.parent / "template.yaml"  # the author's template: its text is ours, not the content's
TEMPLATE_C05 = """        C05: {en: "the club's cloakroom", es: "el guardarropa del club"}\n"""  # Q2's second card


def broken_copy(tmp_path: Path, changes: list[tuple[str, str]], case: str = TUTORIAL) -> Path:
    """The template (or a bundled case) with each `old` text replaced once by `new` (each must be found)."""
    text = (TEMPLATE if case == "template" else CASES_DIR / f"{case}.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(CaseError) as error:
        load_case_file(path)
    return [str(problem) for problem in error.value.problems]


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    "changes, case, expected",
    [
        # a misspelled key: named, with the nearest known key, and not again as a missing field
        ([("      accepted: [finch]", "      accepted: [finch]\n      revael: {after_round: 2}")], "template",
         "case 'my-case', questions[0] (Q1): unknown field 'revael', did you mean 'reveal'?"),
        ([('      back_text:\n        en: "The porter', '      back_txt:\n        en: "The porter')], "template",
         "case 'my-case', location_cards[1] (C02): unknown field 'back_txt', did you mean 'back_text'?"),
        ([("  difficulty: 1 ", "  difficulty: 1\n  colour: blue\n  #")], "template",
         "case 'my-case': unknown field 'colour', expected one of id, edition, languages,"),
        # numbers: type and range
        ([("gain: 3}", "gain: -2}")], "template",
         "case 'my-case', fixed_cards.carriage_stop: field 'gain' must be a whole number 1-10, got -2"),
        ([("  special_rules:\n", "  special_rules:\n    police_limit_players: -2\n")], "template",
         "case 'my-case', special_rules: field 'police_limit_players' must be a whole number 1-7, got -2"),
        ([("  difficulty: 1 ", "  difficulty: 42 ")], "template",
         "case 'my-case': field 'difficulty' must be a whole number 0-5, got 42"),
        ([("      gives_carriages: 2", "      gives_carriages: -1")], "template",
         "case 'my-case', location_cards[2] (C03): field 'gives_carriages' must be a whole number 1-10, got -1"),
        ([("{from: LDN, to: KNT, cost: 1}", "{from: LDN, to: KNT, cost: -1}")], FULL,
         "case 'thornbury-clock', special_rules, zone_travel[0]: field 'cost' must be a whole number 0-10, got -1"),
        ([("  min_players: 2", "  min_players: two")], "template",
         "case 'my-case': field 'min_players' must be a whole number, got 'two'"),
        # solvability
        ([(TEMPLATE_C05, "")], "template",
         "case 'my-case', questions[1] (Q2): evidence: the answer rests on 1 readable card (C02); list in "
         "'evidence' at least two cards that establish it, or mark the question 'single_card_ok: true'"),
        ([("      icons: [gives_lockpick]", "      icons: []")], "template",
         "case 'my-case': C05 needs a lockpick, but nothing gives one: give a card that needs none the "
         "gives_lockpick icon, or set special_rules.start_resources.lockpick: 1"),
        # references
        ([("        C05: {en: \"the club's", "        C66: {en: \"the club's")], "template",
         "case 'my-case', questions[1] (Q2): evidence: no location card 'C66', expected one of C01, C02,"),
        ([("reveal: {after_round: 1}", "reveal: {on_card: C42}")], "template",
         "case 'my-case', questions[1] (Q2): reveal.on_card: no location card 'C42', expected one of C01,"),
        ([("      accepted: [finch]", "      accepted: [attic]")], "template",
         "case 'my-case', questions[0] (Q1): accepted answer 'attic' is not one of the choice ids (finch, ashdown, moss)"),
        ([("      zone: KNT", "      zone: PARIS")], FULL,
         "case 'thornbury-clock', location_cards[11] (C12): no zone 'PARIS', expected one of LDN, KNT"),
        # every text in every language the case declares
        ([('    es: "El paraguas desaparecido"\n', "")], "template",
         "case 'my-case': field 'title' has no text in es"),
        # a broken list of languages is one problem, not one per text
        ([("  languages: [en, es]", "  languages: [en, fr]")], "template",
         "case 'my-case': field 'languages' must list some of en, es, got ['en', 'fr']"),
    ],
)
def test_each_broken_copy_is_refused_with_one_specific_message(tmp_path, changes, case, expected):
    found = problems(broken_copy(tmp_path, changes, case))
    assert len(found) == 1, found
    assert expected in found[0], found[0]
    assert found[0].startswith("broken.yaml:")


def test_a_message_names_the_line_of_the_field(tmp_path):
    path = broken_copy(tmp_path, [("gain: 3}", "gain: -2}")], "template")
    assert problems(path)[0].startswith(f"broken.yaml:{line_of(path, 'gain: -2')}: case 'my-case'")


def test_a_question_may_rest_on_one_card_when_the_case_says_so(tmp_path):
    path = broken_copy(tmp_path, [(TEMPLATE_C05, ""), ("reveal: {after_round: 1}", "reveal: {after_round: 1}\n      single_card_ok: true")],
                       "template")
    assert load_case_file(path).question("Q2").evidence == ("C02",)


def test_a_lockpick_in_every_players_start_is_a_source(tmp_path):
    path = broken_copy(tmp_path, [("      icons: [gives_lockpick]", "      icons: []"),
                                  ("  special_rules:\n", "  special_rules:\n    start_resources: {lockpick: 1}\n")], "template")
    assert load_case_file(path).start["lockpick"] == 1


def test_an_unclosed_quote_is_reported_where_it_opens_with_the_line_shown(tmp_path):
    path = broken_copy(tmp_path, [('        en: "Who took the umbrella? (full name)"', '        en: "Who took the umbrella? (full name)')],
                       "template")
    quote_line = line_of(path, "Who took the umbrella")
    found = problems(path)
    assert len(found) == 1
    first, shown, caret = found[0].splitlines()
    assert first == (f"broken.yaml:{quote_line}: not valid YAML at line {quote_line}, column 13: a quoted text opens "
                     f"here and runs on to line {quote_line + 1}: is its closing quote missing?")
    assert shown.strip() == 'en: "Who took the umbrella? (full name)'
    assert caret.index("^") == shown.index('"')


def test_a_quote_left_open_to_the_end_is_reported_where_it_opens(tmp_path):
    path = broken_copy(tmp_path, [("gain: 3}", 'gain: "3}')], "template")
    found = problems(path)
    assert len(found) == 1 and found[0].startswith(f"broken.yaml:{line_of(path, 'gain:')}: not valid YAML")


def test_a_case_without_cards_is_one_problem_not_one_per_reference():
    from watson_holmes_support import case_from, raw_case

    raw = raw_case()
    raw["case"]["location_cards"] = []
    with pytest.raises(CaseError) as error:
        case_from(raw, "broken.yaml")
    assert [str(p) for p in error.value.problems] == ["broken.yaml: case 'lamplighter': a case needs at least one card in 'location_cards'"]


def test_a_bad_indent_is_reported_at_its_line(tmp_path):
    path = broken_copy(tmp_path, [("      number: 5\n", "      number: 5\n     stray: 1\n")], "template")
    found = problems(path)
    line = line_of(path, 'stray: 1')
    assert len(found) == 1 and found[0].startswith(
        f"broken.yaml:{line}: not valid YAML at line {line}, column 6: this line is indented differently from the "
        "fields around it: give it as many spaces as the other fields of the same mapping"), found
    assert "<block" not in found[0]


def test_a_tab_is_reported_as_a_tab(tmp_path):
    path = tmp_path / "tab.yaml"
    path.write_text("format: watson-holmes-case/1\ncase:\n\tid: x\n", encoding="utf-8")
    assert problems(path)[0].startswith("tab.yaml:3: not valid YAML at line 3, column 1: a tab character: indent with spaces only")


def test_checker_messages_are_translated(tmp_path):
    path = broken_copy(tmp_path, [("  difficulty: 0", "  difficulty: 42")])
    with pytest.raises(CaseError) as error:
        load_case_file(path)
    spanish = error.value.render("es")
    assert "difficulty" in spanish and "42" in spanish and "must be" not in spanish


@pytest.mark.parametrize("name", sorted(path.name for path in CASES_DIR.glob("*.yaml")))
def test_the_bundled_cases_pass_the_checker(name):
    assert load_case_file(CASES_DIR / name).digest


def test_cases_check_refuses_a_copy_that_takes_a_bundled_id(tmp_path, capsys):
    copy = tmp_path / "mine.yaml"
    copy.write_text((CASES_DIR / f"{TUTORIAL}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["cases", "check", str(copy)]) == 2
    err = capsys.readouterr().err
    assert f"{copy}: case id 'lamplighter' is already the id of {CASES_DIR / (TUTORIAL + '.yaml')}" in err


# --- authoring ---------------------------------------------------------------------------------------


def test_cases_new_writes_a_commented_template_that_passes_the_check(tmp_path, capsys):
    assert main(["cases", "new", "the-stolen-map", "--out", str(tmp_path)]) == 0
    written = tmp_path / "the-stolen-map.yaml"
    assert "# " in written.read_text(encoding="utf-8")
    assert main(["cases", "check", str(written)]) == 0
    assert "case 'the-stolen-map' is valid" in capsys.readouterr().out
    assert load_case_file(written).id == "the-stolen-map"


def test_cases_new_never_overwrites_and_wants_a_plain_name(tmp_path, capsys):
    assert main(["cases", "new", "mine", "--out", str(tmp_path)]) == 0
    assert main(["cases", "new", "mine", "--out", str(tmp_path)]) == 2
    assert main(["cases", "new", "My Case!", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "mine.yaml already exists" in err and "a case name is lowercase letters, digits and dashes" in err


def test_cases_show_prints_the_intro_and_questions_and_the_secrets_only_when_asked(monkeypatch, capsys):
    path = CASES_DIR / f"{TUTORIAL}.yaml"
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    assert main(["cases", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The Lamplighter's Ledger" in out and "1. Who took the ledger? (full name)" in out and "- Edwin Marsh" in out
    assert "Inspector Gregson" not in out and "Answers" not in out
    assert main(["cases", "show", str(path), "--yes"]) == 0
    out = capsys.readouterr().out
    assert out.index("1. Who took the ledger?") < out.index("Inspector Gregson") < out.index("Answers")
    assert "1. Edwin Marsh" in out


def test_cases_show_in_spanish(capsys):
    assert main(["--lang", "es", "cases", "show", str(CASES_DIR / f"{TUTORIAL}.yaml"), "--yes"]) == 0
    out = capsys.readouterr().out
    title = load_case_file(CASES_DIR / f"{TUTORIAL}.yaml").title["es"]
    assert out.startswith(title + "\n") and "Respuestas" in out
    i18n.set_language("en")


def test_evidence_names_the_phrase_each_card_shows_per_language():
    case = load_case_file(TEMPLATE)
    q1 = case.question("Q1")
    assert q1.evidence == ("C01", "C03", "C04")
    assert q1.evidence_phrases["C01"] == {"en": "Albert Finch", "es": "Albert Finch"}
    assert q1.evidence_phrases["C03"]["es"] == "el señor Finch se marchó pronto"
    assert not case.warnings


def test_an_evidence_phrase_matches_folding_case_spaces_and_quotes(tmp_path):
    text = TEMPLATE.read_text(encoding="utf-8").replace('C01: "Albert Finch"', 'C01: "ALBERT   finch"', 1)
    path = tmp_path / "folded.yaml"
    path.write_text(text.replace("Mr Finch left early", "Mr Finch left early, ’for his club’", 1), encoding="utf-8")
    load_case_file(path)


def test_an_evidence_phrase_not_on_its_card_names_file_line_question_card_and_language(tmp_path):
    text = TEMPLATE.read_text(encoding="utf-8").replace("es: \"vio pasar a Finch con un paraguas\"", "es: \"un bastón\"", 1)
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    assert problems(path) == [
        f"broken.yaml:{line_of(path, 'un bastón')}: case 'my-case', questions[0] (Q1), evidence: "
        "the phrase \"un bastón\" (es) is not on card C04"
    ]


def test_an_old_evidence_list_still_loads_with_a_warning_and_strict_refuses_it(tmp_path, capsys):
    text = TEMPLATE.read_text(encoding="utf-8")
    start = text.index("      evidence:\n        C02")
    end = text.index("      reveal: {after_round: 1}")
    path = tmp_path / "old.yaml"
    path.write_text(text[:start] + "      evidence: [C02, C05]\n" + text[end:], encoding="utf-8")
    case = load_case_file(path)
    assert case.question("Q2").evidence == ("C02", "C05")
    warning = (f"old.yaml:{line_of(path, 'evidence: [C02, C05]')}: case 'my-case', questions[1] (Q2): "
               "evidence lists cards without the phrase each card shows: name it, `C02: \"...\"`")
    assert [str(w) for w in case.warnings] == [warning]
    assert main(["cases", "check", str(path), "--lang", "en"]) == 0
    assert f"warning: {warning}" in capsys.readouterr().out
    assert main(["cases", "check", "--strict", str(path), "--lang", "en"]) == 2  # refused, as an error is


def test_the_lockpick_message_names_the_line_of_the_first_locked_card(tmp_path):
    text = TEMPLATE.read_text(encoding="utf-8").replace("icons: [gives_lockpick]", "icons: []", 1)
    path = tmp_path / "nopick.yaml"
    path.write_text(text, encoding="utf-8")
    line = line_of(path, "- id: C05")
    assert problems(path) == [
        f"nopick.yaml:{line}: case 'my-case': C05 needs a lockpick, but nothing gives one: give a card that needs "
        "none the gives_lockpick icon, or set special_rules.start_resources.lockpick: 1"
    ]


def test_a_spanish_field_written_in_english_is_a_warning_naming_its_line(tmp_path):
    english = "Finch took the umbrella to keep his dry for the club; it hangs in the Reform Club's cloakroom."
    text = TEMPLATE.read_text(encoding="utf-8").replace(
        'es: "Finch se llevó el paraguas para llegar seco al club; cuelga en el guardarropa del Reform Club."',
        f'es: "{english}"', 1)
    path = tmp_path / "english.yaml"
    path.write_text(text, encoding="utf-8")
    assert [str(w) for w in load_case_file(path).warnings] == [
        f"english.yaml:{line_of(path, 'solution:') + 1}: case 'my-case', solution: field 'text' in es reads as en "
        "(its common words are en's): is it the translation?"
    ]


def test_short_names_are_not_taken_for_another_language():
    assert not load_case_file(TEMPLATE).warnings  # "Scotland Yard", "El Reform Club", "Clara Ashdown"


@pytest.mark.parametrize("name", ["tutorial-lamplighter", "thornbury-clock", "corinna-silk", "lady-in-grey", "chelsea-orchid"])
def test_the_bundled_cases_pass_the_strict_checker_and_the_robustness_playtest(name, capsys):
    path = CASES_DIR / f"{name}.yaml"
    assert main(["cases", "check", "--strict", str(path), "--lang", "en"]) == 0, capsys.readouterr().err
    assert all(q.evidence_phrases for q in load_case_file(path).questions)  # the mapping form, phrases checked
    assert main(["cases", "play", str(path), "--robust", "--lang", "en"]) == 0


def test_the_robustness_playtest_fails_a_question_one_lost_card_leaves_short(tmp_path, capsys):
    text = TEMPLATE.read_text(encoding="utf-8").replace(
        '        C05: {en: "the club\'s cloakroom", es: "el guardarropa del club"}\n', "", 1)
    path = tmp_path / "short.yaml"
    path.write_text(text.replace("reveal: {after_round: 1}", "reveal: {after_round: 1}\n      single_card_ok: true", 1),
                    encoding="utf-8")
    assert main(["cases", "play", str(path), "--robust", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "question 1: cards 1, 3, 4; after losing any one card, 2 left (needs 2): robust" in out
    assert "question 2: cards 2; after losing any one card, 0 left (needs 1): FAILS" in out


@pytest.mark.parametrize(("old", "new"), [("      evidence:                       #", "      evidense:                       #"),
                                          ("      answer_kind: PERSON_FULL_NAME", "      answer_knd: PERSON_FULL_NAME")])
def test_a_misspelled_key_gives_exactly_one_message(tmp_path, old, new):
    path = tmp_path / "typo.yaml"
    path.write_text(TEMPLATE.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    key = new.split(":")[0].strip()
    assert problems(path) == [
        f"typo.yaml:{line_of(path, key + ':')}: case 'my-case', questions[0] (Q1): unknown field '{key}', "
        f"did you mean '{old.split(':')[0].strip()}'?"
    ]


# --- what the texts say: the findings (warnings; --strict refuses them) ------------------------------

BROKEN = Path(__file__).with_name("wh_broken")  # broken copies of the template, one per finding


@pytest.mark.parametrize(("name", "at", "expected"), [
    ("answer-on-no-card", '{id: finch, label: "Alfred Finch"}',
     "case 'my-case', questions[0] (Q1): suspect 'Alfred Finch': 'Alfred' is on no card (en, es); the players "
     "cannot learn the full name from the cards"),
    ("sealed-answer-in-intro", "reveal: {on_card: C01}",
     "case 'my-case', questions[1] (Q2): the question opens on card C01, but the introduction already states its "
     "answer (en): the question gives itself away; let the cards that follow establish it"),
    ("settled-by-one-card", "      evidence:  ",
     "case 'my-case', questions[0] (Q1): evidence: only 1 card supports the answer beyond repeating it (C04; the "
     "phrases of C01, C03 only repeat the answer): at difficulty 2 an answer should rest on two; give another card "
     "a clue that points to it, or mark the question 'single_card_ok: true'"),
])
def test_each_finding_is_one_warning_at_the_line_of_its_field(name, at, expected, capsys):
    path = BROKEN / f"{name}.yaml"
    assert [str(w) for w in load_case_file(path).warnings] == [f"{path.name}:{line_of(path, at)}: {expected}"]
    assert main(["cases", "check", str(path), "--lang", "en"]) == 0
    assert main(["cases", "check", "--strict", str(path), "--lang", "en"]) == 2
    assert expected in capsys.readouterr().err


def test_an_answer_on_no_card_is_checked_per_language(tmp_path):
    text = TEMPLATE.read_text(encoding="utf-8").replace(
        'label: {en: "At the Reform Club", es: "En el Reform Club"}', 'label: {en: "At the Reform Club", es: "En el Athenaeum"}', 1)
    path = tmp_path / "es.yaml"
    path.write_text(text, encoding="utf-8")
    assert [w.render("en").split(": ", 1)[1] for w in load_case_file(path).warnings] == [
        "case 'my-case', questions[1] (Q2): accepted answer 'At the Reform Club': 'Athenaeum' is on no card (es); "
        "the players cannot learn it from the cards"]


def test_a_question_marked_single_card_ok_or_an_easy_case_is_not_settled_by_one_card(tmp_path):
    text = (BROKEN / "settled-by-one-card.yaml").read_text(encoding="utf-8")
    marked = tmp_path / "marked.yaml"
    marked.write_text(text.replace("      accepted: [finch]", "      accepted: [finch]\n      single_card_ok: true", 1), encoding="utf-8")
    easy = tmp_path / "easy.yaml"
    easy.write_text(text.replace("  difficulty: 2 ", "  difficulty: 1 ", 1), encoding="utf-8")
    assert not load_case_file(marked).warnings and not load_case_file(easy).warnings


def test_a_sealed_answer_on_the_card_that_opens_it_is_found(tmp_path):
    text = TEMPLATE.read_text(encoding="utf-8").replace("reveal: {after_round: 1}", "reveal: {on_card: C02}", 1)
    path = tmp_path / "opens.yaml"
    path.write_text(text.replace("keeps it in the cloakroom.", "keeps it in the cloakroom. It is at the Reform Club.", 1),
                    encoding="utf-8")
    assert [w.message.render("en") for w in load_case_file(path).warnings] == [
        "the question opens on card C02, but that card itself already states its answer (en): the "
        "question gives itself away; let the cards that follow establish it"]


def test_an_unknown_evidence_card_is_reported_at_its_own_line():
    path = BROKEN / "unknown-evidence-card.yaml"
    assert problems(path) == [
        f"{path.name}:{line_of(path, 'C66:')}: case 'my-case', questions[1] (Q2): evidence: no location card 'C66', "
        "expected one of C01, C02, C03, C04, C05"]


@pytest.mark.parametrize(("old", "new", "at", "expected"), [
    ("    - id: C05\n", "    - id: C04\n", "    - id: C04\n      number: 5", "case 'my-case': card id 'C04' is used twice"),
    ("position: {col: 2, row: 2}", "position: {col: 1, row: 2}", "position: {col: 1, row: 2}\n      icons: [lockpick",
     "case 'my-case': cards C04 and C05 are both at position 1,2"),
    ("    - id: Q2\n", "    - id: Q1\n", "    - id: Q1\n      number: 2", "case 'my-case': question id 'Q1' is used twice"),
])
def test_a_repeated_id_or_place_is_reported_at_the_second_one(tmp_path, old, new, at, expected):
    path = tmp_path / "twice.yaml"
    path.write_text(TEMPLATE.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    line = text[:text.index(at)].count("\n") + 1
    assert f"twice.yaml:{line}: {expected}" in problems(path)


# --- the proofreading view: `kiosk cases show` in one language, and --compare ------------------------

BUNDLED_NAMES = sorted(path.stem for path in CASES_DIR.glob("*.yaml"))


def shown(capsys, *args: str) -> str:
    capsys.readouterr()
    assert main(["cases", "show", *args, "--yes"]) == 0
    return capsys.readouterr().out


@pytest.fixture
def spanish():
    yield
    i18n.set_language("en")


def test_cases_show_in_spanish_names_cards_by_number_with_zones_and_icons_in_words(capsys, spanish):
    out = shown(capsys, "--lang", "es", str(CASES_DIR / f"{FULL}.yaml"))
    assert "1. Scotland Yard\n   Zona: Londres\n   Da una ficha de policía.\n   Da una ficha de cancelación.\n" in out
    assert "Zona: Kent" in out and "Bajo llave: hace falta una ganzúa para leerla." in out
    assert "gives_police" not in out and "lockpick_required" not in out
    assert not re.search(r"\bC\d+\b|C221B|\bSTOP\b", out), re.findall(r".*\bC\d+\b.*", out)
    assert re.search(r"\n1\. Julian Reeve  \(cartas \d+(, \d+)+\)\n", out)


def test_cases_show_names_the_card_that_opens_a_question_as_the_table_shows_it(tmp_path, capsys, spanish):
    path = tmp_path / "sealed.yaml"
    path.write_text(TEMPLATE.read_text(encoding="utf-8").replace("reveal: {after_round: 1}", "reveal: {on_card: C03}", 1),
                    encoding="utf-8")
    out = shown(capsys, "--lang", "es", str(path))
    assert "2. ¿Dónde está ahora el paraguas? (se muestra cuando alguien lee la carta 3. Clara Ashdown)" in out
    assert "C03" not in out


def test_compare_flags_a_card_whose_spanish_says_another_time_and_a_weekday(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    out = shown(capsys, "--lang", "en", str(BROKEN / "different-time-in-es.yaml"), "--compare", "en", "es")
    card = out[out.index("2. The Reform Club"):out.index("3. Clara Ashdown")]
    assert card.splitlines()[0] == f"{'2. The Reform Club':<48} | 2. El Reform Club"  # (100 - 3) // 2 columns each
    assert "  ! numbers and times differ (en: 6; es: 7)\n  ! weekdays differ (es: lunes)\n" in card
    assert out.count("  ! ") == 2
    assert max(len(line) for line in out.splitlines()) <= 100


@pytest.mark.parametrize("name", BUNDLED_NAMES)
def test_compare_raises_no_flag_on_the_bundled_cases(name, capsys):
    out = shown(capsys, "--lang", "en", str(CASES_DIR / f"{name}.yaml"), "--compare", "en", "es")
    assert "  ! " not in out, [line for line in out.splitlines() if "  ! " in line]
    assert out.count(" | ") > 20


def test_compare_wants_two_languages_of_the_case(capsys):
    assert main(["cases", "show", str(TEMPLATE), "--compare", "en", "en", "--lang", "en"]) == 2
    assert "--compare takes two different languages of the case (en, es), got en en" in capsys.readouterr().err


@pytest.mark.parametrize(("en", "es", "flagged"), [
    ("At half past ten, on Tuesday.", "A las 10.30, el martes.", []),
    ("She put him out at ten. He left at a quarter past.", "Lo echó a las diez. Se fue a las diez y cuarto.", []),
    ("Two hundred pounds, twice.", "Doscientas libras, dos veces.", []),
    ("From noon to three, thirty inches by twenty-five.", "De doce a tres, treinta pulgadas por veinticinco.", []),
    ("Behind them, both easels are empty.", "Detrás de los dos, los caballetes están vacíos.", []),
    ("Thirty-five casks.", "Treinta y seis barricas.", ["numbers and times"]),
    ("A pawnshop in Seven Dials.", "Una casa de empeños de Seven Dials.", []),
    ("The Thames Police, with Julian Reeve.", "La policía del Támesis, con Julian Reeve.", []),
    ("Julian Reeve at 4:10 on Friday.", "Julian a las 4:15 el sábado.", ["names", "numbers and times", "weekdays"]),
])
def test_a_translation_is_compared_by_names_numbers_times_and_weekdays(en, es, flagged):
    from kiosk.games.watson_holmes.proofread import differences

    found = differences({"en": en, "es": es}, "en", "es", {"Julian", "Reeve"})
    assert [d.what.render("en") for d in found] == flagged


def test_cases_help_lists_the_findings_and_the_compare_flag(capsys):
    with pytest.raises(SystemExit):
        main(["cases", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "a suspect or an accepted answer has a name that is on no card" in out
    assert "unless the question says single_card_ok: true" in out and "show --compare en es" in out


def test_a_suspect_of_two_questions_named_on_no_card_is_told_once(tmp_path):
    text = (BROKEN / "answer-on-no-card.yaml").read_text(encoding="utf-8")  # Q1's Alfred Finch is on no card
    q2 = text.index("      answer_kind: CHOICE")  # Q2 becomes a second question about the same people
    text = (text[:q2] + "      answer_kind: PERSON_FULL_NAME\n      choices:\n"
            '        - {id: finch, label: "Alfred Finch"}\n        - {id: moss, label: "Peter Moss"}\n'
            "      accepted: [finch]\n" + text[text.index("      evidence:", q2):])
    path = tmp_path / "twice.yaml"
    path.write_text(text, encoding="utf-8")
    warnings = [str(w) for w in load_case_file(path).warnings]
    assert len(warnings) == 1 and "questions[0] (Q1): suspect 'Alfred Finch'" in warnings[0], warnings


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BUNDLED_NAMES)
def test_cases_show_blind_prints_what_a_table_has_and_no_answer(name, lang, capsys, monkeypatch, spanish):
    """`--blind`, for a blind solver: intro, special rules, questions, every card front and back, in the
    language asked; never the answers, their evidence cards, the 221B answers text or the solution."""
    monkeypatch.setattr("builtins.input", lambda prompt: pytest.fail("--blind asks nothing"))
    case = load_case_file(CASES_DIR / f"{name}.yaml")
    capsys.readouterr()
    assert main(["--lang", lang, "cases", "show", str(CASES_DIR / f"{name}.yaml"), "--blind"]) == 0
    out = capsys.readouterr().out
    for text in (case.title, case.intro, case.special_rules):
        assert text is None or text[lang] in out
    for question in case.questions:
        assert question.text is not None and f"{question.number}. {question.text[lang]}" in out
        assert all(f"   - {choice.label[lang]}\n" in out for choice in question.choices)
        assert not [form for form in question.accepted if isinstance(form, dict) and form[lang] in out]
    for card in case.cards:
        assert card.text is not None and f"\n{card.number}. {card.name[lang]}\n" in out and f"   {card.text[lang]}\n" in out
    assert case.answers_text is not None and case.solution is not None
    assert case.answers_text[lang] not in out and case.solution[lang][:60] not in out
    assert ("Answers" if lang == "en" else "Respuestas") not in out
    assert not re.search(r"\(cards? \d|\(cartas? \d", out)
