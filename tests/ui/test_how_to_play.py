""""How to play": each game's lessons read at every size in both languages, turn with the pager and
a sideways swipe, end with one tap, and picture the board of a sample game that never shows what a
Watson & Holmes case hides."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from kiosk.games import registry
from kiosk.games.watson_holmes.library import bundled_cases
from kiosk.i18n import Text
from kiosk.ui import sample_board
from kiosk.ui.how_to_play import LESSONS, START, Lesson
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.chrome import NEXT
from kiosk.ui.scenes.how_to_play import CLOSE, DONE, PAGE, HowToPlay
from kiosk.ui.scenes.rules_pages import HOW_TO_PLAY, RulesPages
from tests.ui.layout_checks import one_size, touch_edge_defects
from tests.ui.scene_checks import render, render_everywhere

LANDSCAPE = LAYOUTS["800x480"]


def texts(painter: Painter) -> list[str]:
    return [drawn.text for drawn in painter.drawn]


@pytest.mark.parametrize("game_id", list(LESSONS))
def test_every_page_reads_at_every_size_in_both_languages_at_one_size(game_id: str) -> None:
    lessons = LESSONS[game_id]
    assert 5 <= len(lessons) <= 8
    sizes: dict[tuple[str, str], set[int]] = {}
    for index in range(len(lessons)):
        def make(index: int = index) -> HowToPlay:
            return HowToPlay(game_id, 3, lambda: None, page=index)
        for painter in render_everywhere(f"how-to-play-{game_id}-{index + 1}", make):
            where = f"{game_id} page {index + 1} at {painter.layout.name} in {painter.lang}"
            assert not touch_edge_defects(painter), f"{where}: {touch_edge_defects(painter)}"
            assert f"{index + 1}/{len(lessons)}" in texts(painter)
            body = Text(lessons[index].body).render(painter.lang)
            sizes.setdefault((painter.layout.name, painter.lang), set()).update(one_size(painter, [body]))
    assert all(len(found) == 1 for found in sizes.values()), f"{game_id}: pages at several sizes: {sizes}"


def test_a_sideways_swipe_turns_the_page_and_one_tap_ends_it() -> None:
    pygame.font.init()
    ended: list[bool] = []
    scene = HowToPlay("pi", 3, lambda: ended.append(True))
    screen = Touchscreen(pygame.Surface(LANDSCAPE.size), "en")
    screen.show(scene)
    assert screen.draw(0.0) and screen.painter is not None
    area = next(target.rect for target in screen.painter.swipes if target.value == PAGE)
    assert screen.swipe((area.right - 20, area.centery), (area.left + 20, area.centery), 0.1)
    assert scene.page == 1
    assert not screen.swipe((area.centerx, area.top + 5), (area.centerx, area.bottom - 5), 0.2), "up and down is not a page"
    assert screen.swipe((area.left + 20, area.centery), (area.right - 20, area.centery), 0.3)
    assert scene.page == 0
    screen.draw(0.4)
    done = next(target.rect for target in screen.painter.targets if target.value == DONE)
    assert screen.tap(done.center, 0.5) and ended == [True]


def test_the_last_page_offers_to_play_and_the_rules_screen_to_close() -> None:
    last = len(LESSONS["mystery-city"]) - 1
    assert "Skip" in texts(render(HowToPlay("mystery-city", 3, lambda: None), LANDSCAPE, "en"))
    assert "Jugar" in texts(render(HowToPlay("mystery-city", 3, lambda: None, page=last), LANDSCAPE, "es"))
    from_rules = HowToPlay("mystery-city", 3, lambda: None, done_label=CLOSE, page=last)
    assert "Close" in texts(render(from_rules, LANDSCAPE, "en"))


@pytest.mark.parametrize("game_id", list(LESSONS))
def test_tapping_next_page_after_page_ends_on_play(game_id: str) -> None:
    """A newcomer taps "Next" again and again: the last page's "Play" is under that finger, not a
    dimmed "Next" (a trial found the game "stuck" there), and "Skip" has nothing left to skip."""
    ended: list[bool] = []
    scene = HowToPlay(game_id, 3, lambda: ended.append(True))
    screen = Touchscreen(pygame.Surface(LANDSCAPE.size), "en")
    screen.show(scene)
    screen.draw(0.0)
    assert screen.painter is not None
    spot = next(target.rect for target in screen.painter.targets if target.value == NEXT).center
    for turn in range(len(LESSONS[game_id])):
        screen.draw(turn + 0.5)
        assert not ended
        assert screen.tap(spot, turn + 0.6)
    assert ended == [True]
    assert [t.rect.center for t in screen.painter.targets if t.value == DONE] == [spot], "Play alone ends it"
    assert "Play" in texts(screen.painter)


def test_the_rules_screen_opens_how_to_play() -> None:
    opened: list[bool] = []
    scene = RulesPages("watson-holmes", lambda: None, on_how_to_play=lambda: opened.append(True))
    painter = render(scene, LANDSCAPE, "en")
    assert HOW_TO_PLAY in [target.value for target in painter.targets]
    scene.tap(HOW_TO_PLAY, 0.0)
    assert opened == [True]
    assert HOW_TO_PLAY not in [t.value for t in render(RulesPages("pi", lambda: None), LANDSCAPE, "en").targets]


def drawn_texts(monkeypatch: pytest.MonkeyPatch, lessons: tuple[Lesson, ...], case: str) -> str:
    seen: list[str] = []

    class Keeping(Painter):
        def text(self, rect: pygame.Rect, words: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
            seen.append(words.render(self.lang))
            return super().text(rect, words, *args, **kwargs)

    monkeypatch.setattr(sample_board, "Painter", Keeping)
    seats = bundled_cases()[case].max_players
    sample_board.board_pictures("watson-holmes", seats, lessons, LANDSCAPE, "en", {"case": case})
    return "\n".join(seen)


def secrets(case_id: str) -> list[str]:
    """The start of every card's text and of the solution: what no picture may show."""
    case = bundled_cases()[case_id]
    found = [card.text["en"][:40] for card in case.cards if card.text]
    if case.solution:
        found.append(case.solution["en"][:40])
    return found


@pytest.mark.parametrize("case_id", sorted(bundled_cases()))
def test_watson_and_holmes_lessons_never_picture_a_reading_or_the_solution(monkeypatch, case_id: str) -> None:
    shown = drawn_texts(monkeypatch, LESSONS["watson-holmes"], case_id)
    assert [secret for secret in secrets(case_id) if secret in shown] == []


def test_the_privacy_check_sees_a_reading_when_one_is_pictured(monkeypatch) -> None:
    """The check above can fail: a lesson pictured mid-reading shows a card's text."""
    reading = (Lesson("The case", "A reading", START), Lesson("Dr Watson", "Read aloud", "watson_reading", settled=False))
    shown = drawn_texts(monkeypatch, reading, "lamplighter")
    assert [secret for secret in secrets("lamplighter") if secret in shown]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_mystery_city_sample_ends_as_its_who_wins_page_says(seats: int) -> None:
    """"The last player holding cards wins": the sample's end shows one player holding every card,
    whatever the table's stalemate option (a trial's sample ended "the most cards" beside that page)."""
    from kiosk.bots.table_bots import table_bot
    from kiosk.referee.headless import play

    game = registry.get("mystery-city")
    options = sample_board.sample_options("mystery-city", {"stalemate": "most_cards"})
    state = game.start(seats, sample_board.SAMPLE_SEED, options)
    steps = list(play(game, state, [table_bot("mystery-city", seat, sample_board.SAMPLE_SEED) for seat in range(seats)]))
    assert steps
    assert state.over and state.ended_by == "all_cards"
