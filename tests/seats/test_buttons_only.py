"""Every turn takeable from a seat's three buttons (issue 31): seeded games of each game where people
answer ONLY by pressing their seat's buttons (no direct submit, no touchscreen tap, no card on the
reader), at a table with a touchscreen as in the café. A bot decides what each person wants; the test
presses until the seat's menu has sent that choice. Every prompt kind that came up must be answered
that way and the game must reach its end (or a fixed number of choices); now and then a person walks
into a choice and backs out, which must write nothing: no stored action, no public event.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.table_support import ButtonsOnly, table_referee

# game -> seats, seeds, the most choices its games may take, the prompt kinds its seeds must bring, and
# those of them walked on the seat alone (after a local step, which the test also backs out of)
GAMES: dict[str, tuple[int, tuple[int, ...], int, set[str], set[str]]] = {
    "pi": (3, (1, 2), 200, {"turn", "notes", "solve_suspect", "solve_crime", "solve_location"},
           {"solve_suspect", "solve_crime", "solve_location"}),
    "mystery-express": (4, (3, 5), 400, {"turn", "dining_category", "dining_guests", "dining_show", "telegram", "final"},
                        {"dining_category", "dining_guests", "lounge_category"}),
    "watson-holmes": (3, (1, 2), 200, {"visit", "bid", "reading", "answer"}, {"bid"}),
    "mystery-city": (3, (1, 2), 400, {"attack", "play_card", "reveal", "aftermath"}, set()),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_people_play_with_their_buttons_alone(mock_table, tmp_path, game_id):
    seats, seeds, most, expected, walked = GAMES[game_id]
    kinds: Counter[str] = Counter()
    local: Counter[str] = Counter()
    backed = 0
    for seed in seeds:
        store, session, referee = table_referee(mock_table, tmp_path / str(seed), game_id, seed, seats=seats,
                                                bots=(), touchscreen=True)
        people = ButtonsOnly(referee, game_id, seed)
        for _ in range(most):
            if session.over:
                break
            people.answer_next()
        assert session.over, f"seed {seed}: the game did not end in {most} choices"
        kinds += people.kinds
        local += people.local
        backed += people.backed
        store.close()
    assert expected <= set(kinds), f"these prompt kinds never came up: {expected - set(kinds)}"
    assert walked <= set(local), f"these prompt kinds were never walked on the seat alone: {walked - set(local)}"
    assert backed or not walked, "nobody ever backed out of a choice"
