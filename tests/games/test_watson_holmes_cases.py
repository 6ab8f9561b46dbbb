"""Case files: the bundled cases are valid and well authored; broken files are refused with the case,
the card or question, and the field named; `kiosk cases check` reports them."""

from __future__ import annotations

import re

import pytest

from kiosk.cli import main
from kiosk.games.watson_holmes.case import CASES_DIR, CaseError, load_case_file
from kiosk.games.watson_holmes.library import bundled_cases
from watson_holmes_support import FULL, TUTORIAL, case_from, raw_case


def line_of(text: str, fragment: str) -> int:
    """The line number (from 1) where `fragment` first occurs in `text`."""
    return text[: text.index(fragment)].count("\n") + 1


def refused(raw, source="broken.yaml") -> str:
    with pytest.raises(CaseError) as error:
        case_from(raw, source)
    return str(error.value)


def test_the_tutorial_is_short_and_the_full_case_is_complete():
    tutorial, full = bundled_cases()[TUTORIAL], bundled_cases()[FULL]
    assert 6 <= len(tutorial.cards) <= 8 and len(tutorial.questions) == 2
    assert len(full.cards) >= 20 and 4 <= len(full.questions) <= 6
    used = set().union(*(card.icons for card in full.cards))
    assert used == {"gives_police", "gives_calloff", "gives_lockpick", "gives_carriages", "no_watson", "no_police", "lockpick_required"}
    assert full.zones and full.special_rules  # the special rule: two zones linked by rail
    for case in (tutorial, full):
        assert case.languages == ("en", "es") and case.min_players == 2 and case.max_players == 7


@pytest.mark.parametrize("case_id", [TUTORIAL, FULL])
def test_every_answer_rests_on_at_least_two_cards(case_id):
    case = bundled_cases()[case_id]
    for question in case.questions:
        assert len(question.evidence) >= 2, question.id
        assert all(case.is_location(card) for card in question.evidence)


@pytest.mark.parametrize("case_id", [TUTORIAL, FULL])
def test_people_are_picked_by_full_name_and_every_text_exists_in_both_languages(case_id):
    case = bundled_cases()[case_id]
    for question in case.questions:
        if question.answer_kind == "PERSON_FULL_NAME":
            for choice in question.choices:
                assert len(choice.label["en"].split()) >= 2, choice.label
    for card in case.cards:
        assert card.text and card.text["en"] != card.text["es"], card.id
    assert case.solution and case.intro and set(case.solution) == {"en", "es"}


# For each question, words of which every card listed as evidence must name at least one (in English,
# front or back).
KEYWORDS = {
    TUTORIAL: {"Q1": ("Marsh", "clerk", "key", "bowler"), "Q2": ("organ", "St Anne's", "church")},
    FULL: {
        "Q1": ("Reeve", "clock", "still-room", "library"),
        "Q2": ("draught", "port", "bottle"),
        "Q3": ("forg", "signature", "draft", "legacy", "owed", "Scotland Yard"),
        "Q4": ("Nora", "housemaid"),  # C12 names her only as "the housemaid" (C17's front: "Nora Quill, housemaid")
        "Q5": ("draft", "clock"),
    },
}


@pytest.mark.parametrize("case_id", [TUTORIAL, FULL])
def test_the_evidence_cards_speak_to_their_question(case_id):
    case = bundled_cases()[case_id]
    for question in case.questions:
        for card in question.evidence:
            text = case.card(card).name["en"] + " " + (case.card(card).text or {})["en"]
            assert any(word in text for word in KEYWORDS[case_id][question.id]), (question.id, card)


def test_a_wrong_format_number_is_refused():
    raw = raw_case()
    raw["format"] = "watson-holmes-case/9"
    assert "field 'format' must be 'watson-holmes-case/1'" in refused(raw)


def test_an_unknown_icon_names_the_case_the_card_and_the_field():
    raw = raw_case()
    raw["case"]["location_cards"][2]["icons"] = ["gives_cake"]
    message = refused(raw)
    assert message.startswith("broken.yaml: case 'lamplighter', location_cards[2] (C03): icons: unknown icon 'gives_cake'")


def test_every_problem_is_reported_at_once():
    raw = raw_case()
    del raw["case"]["location_cards"][0]["back_text"]
    raw["case"]["location_cards"][1]["back_text"] = {"en": raw["case"]["location_cards"][1]["back_text"]["en"]}  # no Spanish
    raw["case"]["questions"][1]["accepted"] = ["attic"]
    raw["case"]["location_cards"][3]["position"] = {"col": 9, "row": 1}
    with pytest.raises(CaseError) as error:
        case_from(raw)
    problems = [str(problem) for problem in error.value.problems]
    assert len(problems) == 4
    assert "location_cards[0] (C01): missing field 'back_text'" in problems[0]
    assert "location_cards[1] (C02): field 'back_text' has no text in es" in problems[1]
    assert "location_cards[3] (C04): position 9,1 is outside the 4x3 grid" in problems[2]
    assert re.search(r"questions\[1\] \(Q2\): accepted answer 'attic' is not one of the choice ids", problems[3])


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda c: c["location_cards"][1].update(id="C01"), "card id 'C01' is used twice"),
        (lambda c: c["location_cards"][1].update(number=1), "location_cards[1] (C02): card number 1 is used twice"),
        (lambda c: c["location_cards"][1].update(position={"col": 1, "row": 1}), "cards C01 and C02 are both at position 1,1"),
        (lambda c: c["questions"][0].update(answer_kind="ESSAY"), "questions[0] (Q1): field 'answer_kind' must be one of"),
        (lambda c: c["questions"][0].update(choices=[{"id": "marsh", "label": "Edwin Marsh"}]), "PERSON_FULL_NAME needs at least 2 choices"),
        (lambda c: c["questions"][1].update(number=3), "numbers must run 1, 2, 3"),
        (lambda c: c["questions"][0].update(evidence=["C99"]), "questions[0] (Q1): evidence: no location card 'C99'"),
        (lambda c: c["questions"][0].update(reveal={"on_card": "C42"}), "reveal.on_card: no location card 'C42'"),
        (lambda c: c.update(languages=["en", "fr"]), "field 'languages' must list some of en, es"),
        (lambda c: c.update(max_players=9), "field 'max_players' must be a whole number 2-7, got 9"),
        (lambda c: c["special_rules"].update(start_resources={"police": 2}), "start_resources: field 'police' must be a whole number 0-1, got 2"),
        (lambda c: c["special_rules"].update(zones=[{"id": "A", "name": "A"}, {"id": "B", "name": "B"}]), "zone_travel has no cost from A to B"),
        (lambda c: c["location_cards"][0].update(number="one"), "location_cards[0] (C01): field 'number' must be a whole number, got 'one'"),
        (lambda c: c["location_cards"][4].update(icons=["gives_police", "no_police"]), "gives_police and no_police together"),
        (lambda c: c.update(location_cards=[]), "a case needs at least one card in 'location_cards'"),
    ],
)
def test_each_broken_field_gets_a_specific_message(change, expected):
    raw = raw_case()
    change(raw["case"])
    assert expected in refused(raw)


def test_a_card_outside_the_zones_is_named():
    raw = raw_case("thornbury-clock")
    raw["case"]["location_cards"][5]["zone"] = "PARIS"
    assert "case 'thornbury-clock', location_cards[5] (C06): no zone 'PARIS', expected one of LDN, KNT" in refused(raw)


def test_a_physical_manifest_needs_no_text(tmp_path):
    raw = raw_case()
    raw["case"]["edition"] = "physical"
    for card in raw["case"]["location_cards"]:
        del card["back_text"]
    for question in raw["case"]["questions"]:
        del question["accepted"], question["text"]
    del raw["case"]["solution"], raw["case"]["intro"]
    case = case_from(raw)
    assert case.edition == "physical" and all(card.text is None for card in case.cards)
    assert all(q.graded_by_player for q in case.questions)


def test_cases_check_accepts_the_bundled_cases(capsys):
    assert main(["cases", "check", *map(str, sorted(CASES_DIR.glob("*.yaml")))]) == 0
    out = capsys.readouterr().out
    assert "thornbury-clock.yaml: case 'thornbury-clock' is valid: 22 location cards, 5 questions." in out


def test_cases_check_refuses_a_broken_file_in_one_clear_line_per_problem(tmp_path, capsys):
    broken = tmp_path / "broken.yaml"
    text = (CASES_DIR / "tutorial-lamplighter.yaml").read_text(encoding="utf-8").replace("[gives_lockpick]", "[gives_cake]")
    broken.write_text(text, encoding="utf-8")
    assert main(["cases", "check", str(broken)]) == 2
    err = capsys.readouterr().err
    line = line_of(text, "[gives_cake]")
    assert f"kiosk: broken.yaml:{line}: case 'lamplighter', location_cards[6] (C07): icons: unknown icon 'gives_cake'" in err
    assert len(err.splitlines()) == 1  # the lost lockpick source is the same cause: not reported again
    assert "Traceback" not in err


def test_cases_check_explains_bad_yaml_and_a_missing_file(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: [unclosed\n", encoding="utf-8")
    assert main(["cases", "check", str(bad), str(tmp_path / "nowhere.yaml")]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml:1: not valid YAML at line 1, column 9: while parsing a flow sequence" in err
    assert "nowhere.yaml: cannot read the file" in err


def test_load_case_file_reads_a_bundled_case():
    case = load_case_file(CASES_DIR / "thornbury-clock.yaml")
    assert case.card("C14").icons == {"lockpick_required"} and case.travel_cost("LDN", "KNT") == 1


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case_id, seats", [(TUTORIAL, 2), (FULL, 5)])
def test_both_cases_play_to_the_end_in_the_simulator_in_both_languages(case_id, seats, lang, capsys):
    assert main(["--lang", lang, "cases", "play", case_id, "--seats", str(seats), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    solution = bundled_cases()[case_id].solution
    assert solution is not None and solution[lang] in out
    assert ("puntos" if lang == "es" else "points") in out.splitlines()[-1]


def test_cases_play_refuses_an_unknown_case(capsys):
    assert main(["cases", "play", "no-such-case"]) == 2
    assert "no case or file named 'no-such-case'" in capsys.readouterr().err


def test_a_choice_written_as_plain_text_is_named():
    raw = raw_case()
    raw["case"]["questions"][0]["choices"][0] = "Edwin Marsh"
    assert "questions[0] (Q1), choices[0]: must be a mapping of fields, got 'Edwin Marsh'" in refused(raw)


def paths(data, prefix=()):
    """Every place in the decoded YAML where a value sits."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield prefix + (key,)
            yield from paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield prefix + (index,)
            yield from paths(value, prefix + (index,))


def test_any_broken_value_is_refused_with_a_case_error_never_a_crash():
    """Seeded mutations of the full case: each is either still a valid case or refused with a message."""
    import random

    base = raw_case("thornbury-clock")
    places = list(paths(base))
    junk = [None, 0, -3, 2.5, True, "", "x", [], {}, [1, "a"], {"en": 3}, {"zz": "y"}]
    rng = random.Random(2026)
    refusals = 0
    for _ in range(400):
        raw = raw_case("thornbury-clock") if rng.random() < 0.02 else __import__("copy").deepcopy(base)
        place = rng.choice(places)
        parent = raw
        for step in place[:-1]:
            parent = parent[step]
        if rng.random() < 0.3 and isinstance(parent, dict):
            del parent[place[-1]]
        else:
            parent[place[-1]] = rng.choice(junk)
        try:
            case_from(raw)
        except CaseError as error:
            refusals += 1
            assert error.problems and all(p for p in error.problems)
    assert refusals > 300


def test_a_broken_file_in_the_cases_folder_is_left_out_and_reported(tmp_path):
    from kiosk.games.watson_holmes.library import CaseLibrary

    good = (CASES_DIR / "tutorial-lamplighter.yaml").read_text(encoding="utf-8").replace("id: lamplighter", "id: lamp-two")
    (tmp_path / "a-good.yaml").write_text(good, encoding="utf-8")
    broken = good.replace("number: 2\n", "number: two\n", 1)
    (tmp_path / "b-broken.yaml").write_text(broken, encoding="utf-8")
    (tmp_path / "c-twin.yaml").write_text(good, encoding="utf-8")
    catalogue = CaseLibrary(tmp_path / "none", tmp_path).scan()
    assert list(catalogue.entries) == ["lamp-two"]
    assert [str(error) for _, error in catalogue.broken] == [
        f"b-broken.yaml:{line_of(broken, 'number: two')}: case 'lamp-two', questions[1] (Q2): field 'number' must be a "
        "whole number, got 'two'",
        f"{tmp_path / 'c-twin.yaml'}: case id 'lamp-two' is already the id of {tmp_path / 'a-good.yaml'}; give this case "
        "another id (a case never replaces another)",
    ]
