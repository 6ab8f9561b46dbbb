"""The board of P.I. (rules section 3): the real 14-location map and its adjacency, kept as data."""

from __future__ import annotations

import pytest

from kiosk.games.pi.rules import RulesError, load_rules
from pi_support import RULES, TABLE, el


def names(locations) -> set[str]:
    return {RULES.names[loc] for loc in locations}


def test_the_map_is_the_real_board_of_the_rules():
    assert {RULES.names[loc]: names(near) for loc, near in RULES.neighbours.items()} == TABLE
    assert len(RULES.locations) == 14


def test_adjacency_is_symmetric_without_loops_and_has_29_edges():
    edges = {frozenset((a, b)) for a, near in RULES.neighbours.items() for b in near}
    assert len(edges) == 29
    for a, near in RULES.neighbours.items():
        assert a not in near
        assert all(RULES.adjacent(b, a) for b in near)


def test_the_constraints_of_the_seed_example_hold_on_the_map():
    both = [loc for loc in RULES.locations if RULES.adjacent(loc, el("Waterfront")) and RULES.adjacent(loc, el("Main Street"))]
    assert names(both) == {"Downtown"}
    assert not RULES.adjacent(el("Little Italy"), el("Waterfront"))
    assert not RULES.adjacent(el("Little Italy"), el("Downtown"))
    assert names(RULES.neighbours[el("Little Italy")]) == {"Lakeside", "Trocadero", "Central Station", "China Town"}


def test_tiles_and_cards_match_the_components():
    assert len(RULES.elements["SUSPECT"]) + RULES.blank_suspects == 14 == len(RULES.elements["CRIME"]) + RULES.blank_crimes
    assert len(RULES.elements["SUSPECT"]) == 12 and len(RULES.elements["CRIME"]) == 10
    assert len(RULES.evidence_cards()) == 36 == len(set(RULES.evidence_cards()))
    assert RULES.solve_boxes == (7, 5, 3, 1) and RULES.penalty_points == 2 and RULES.investigators == 5


@pytest.mark.parametrize(
    "change, message",
    [
        (('["Skid Row", "Waterfront"]', '["Skid Row", "Atlantis"]'), "edges\\[27\\] names an unknown location 'Atlantis'"),
        (('["Union Square", "Waterfront"]', '["Union Square", "Union Square"]'), "cannot be its own neighbour"),
        (("blank_crimes = 4", "blank_crimes = 3"), "10 crimes and 3 blanks must fill the 14 locations"),
        (('"Earl"]', '"Earl", "Earl"]'), "suspect names must be unique"),
        (("display = 9", "display = nine"), "rules.toml"),
    ],
)
def test_a_broken_data_file_is_refused_with_a_clear_message(tmp_path, change, message):
    text = (load_rules.__wrapped__.__defaults__[0]).read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / "rules.toml"
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(RulesError, match=message):
        load_rules(path)
