"""The menu scenes: drawn at every layout in both languages, and tapped as a finger would.

Every tap goes through `painter.targets` (`tap_on` finds the button showing a value, or
`tap_at` hits a point), so a button that is not drawn, too small or covered cannot be pressed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from kiosk.games import registry
from kiosk.games.base import Outcome
from kiosk.referee.headless import play, random_bots
from kiosk.i18n import Text
from kiosk.referee.narration import QuietNarrator, narrator_for
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.option_labels import LABELS, RECORDED
from kiosk.ui.paint import Painter
from kiosk.ui.rules_text import RULES
from kiosk.ui.scene import Scene
from kiosk.appliance.admin_pin import AdminPin
from kiosk.ui.scenes.admin import Admin
from kiosk.ui.scenes.choose_game import ADMIN, ChooseGame
from kiosk.ui.scenes.chrome import common_size
from kiosk.ui.scenes.claim import SeatClaim
from kiosk.ui.scenes.notice import notice_bar
from kiosk.ui.scenes.options import Options, option_rows
from kiosk.ui.scenes.resume import ResumeOffer
from kiosk.ui.scenes.results import Results
from kiosk.ui.scenes.rules_pages import RulesPages
from kiosk.ui.theme import theme_for
from tests.ui.scene_checks import check_frame, render, render_everywhere

LANDSCAPE, PORTRAIT = LAYOUTS["800x480"], LAYOUTS["720x1280"]


class Calls:
    """Records every callback a scene makes, by name, with its arguments."""

    def __init__(self) -> None:
        self.made: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not name.startswith("on_"):
            raise AttributeError(name)
        return lambda *args: self.made.append((name, args))


def draw(scene: Scene, layout=LANDSCAPE, lang: str = "en") -> Painter:
    return render(scene, layout, lang)


def tap_on(scene: Scene, value: object, layout=LANDSCAPE, now: float = 0.0) -> Painter:
    """Draw the scene, find the target answering `value`, tap the middle of it (as a finger would)."""
    painter = draw(scene, layout)
    spots = [t.rect.center for t in painter.targets if t.value == value]
    assert spots, f"nothing on screen answers {value!r}: {[t.value for t in painter.targets]}"
    assert painter.hit(spots[-1]) == value, f"{value!r} is covered by another target"
    scene.tap(painter.hit(spots[-1]), now)
    return painter


def values(painter: Painter) -> list[object]:
    return [t.value for t in painter.targets]


def reachable(painter: Painter) -> set[object]:
    """What a finger can still reach: each target's value as a tap at its centre answers it."""
    return {painter.hit(t.rect.center) for t in painter.targets}


def texts(painter: Painter) -> list[str]:
    return [d.text for d in painter.drawn]


def targets_do_not_overlap(painter: Painter) -> None:
    rects = [t for t in painter.targets if t.value is not None]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            inside = a.rect.contains(b.rect) or b.rect.contains(a.rect)  # a button on a card is fine
            assert inside or not a.rect.colliderect(b.rect), f"{a.value!r} overlaps {b.value!r}"


# --- choose a game ----------------------------------------------------------------------------------


def test_choose_game_at_every_layout_and_with_a_small_table():
    for painter in render_everywhere("menu-choose-game", lambda: ChooseGame(print, print, print, print)):
        assert {("game", g) for g in registry.ids()} <= set(values(painter))
        assert {("rules", g) for g in registry.ids()} <= set(values(painter))
        assert ADMIN in values(painter)
    small = render_everywhere("menu-choose-game-3-seats", lambda: ChooseGame(print, print, print, print, max_seats=2))
    assert ("game", "mystery-express") not in values(small[0])  # it needs 3 seats
    assert "Needs 3 seats" in texts(small[0])


def test_choosing_a_game_then_a_player_count():
    calls = Calls()
    scene = ChooseGame(calls.on_choose, calls.on_rules, calls.on_admin, calls.on_language, max_seats=4)
    tap_on(scene, ("game", "watson-holmes"))
    painter = draw(scene)
    assert [v for v in values(painter) if isinstance(v, tuple) and v[0] == "players"] == [
        ("players", n) for n in (2, 3, 4)]  # 2-7 players, capped at the table's 4 seats
    render_everywhere("menu-choose-players", lambda: _chosen("watson-holmes"))
    tap_on(scene, ("players", 3))
    assert calls.made == [("on_choose", ("watson-holmes", 3))]


def _chosen(game_id: str) -> ChooseGame:
    scene = ChooseGame(print, print, print, print)
    scene.tap(("game", game_id), 0.0)
    return scene


def test_back_from_the_player_count_returns_to_the_games():
    scene = _chosen("pi")
    tap_on(scene, "back")
    assert scene.chosen is None and ("game", "pi") in values(draw(scene))


def test_rules_language_and_admin_buttons_call_back():
    calls = Calls()
    scene = ChooseGame(calls.on_choose, calls.on_rules, calls.on_admin, calls.on_language)
    tap_on(scene, ("rules", "mystery-city"))
    tap_on(scene, ("language", "es"))
    tap_on(scene, ADMIN, layout=PORTRAIT)
    assert calls.made == [("on_rules", ("mystery-city",)), ("on_language", ("es",)), ("on_admin", ())]


def test_the_game_cards_do_not_overlap_anywhere():
    for layout in LAYOUTS.values():
        targets_do_not_overlap(draw(ChooseGame(print, print, print, print), layout))
        targets_do_not_overlap(draw(_chosen("watson-holmes"), layout))


# --- seat claim -------------------------------------------------------------------------------------


def _claim(game_id: str, seats: int, claimed: set[int], bots: set[int], calls: Calls | None = None) -> SeatClaim:
    calls = calls or Calls()
    scene = SeatClaim(game_id, seats, calls.on_bot, calls.on_start, calls.on_back)
    scene.claimed, scene.bots = set(claimed), set(bots)
    return scene


@pytest.mark.parametrize("game_id, seats, claimed, bots", [
    ("mystery-express", 3, set(), set()),
    ("watson-holmes", 7, {0, 3}, {1}),
    ("pi", 5, {0, 1, 2, 3, 4}, set()),
    ("mystery-city", 2, {1}, {0}),
])
def test_seat_claim_at_every_layout(game_id, seats, claimed, bots):
    name = f"menu-claim-{game_id}-{seats}"
    for painter in render_everywhere(name, lambda: _claim(game_id, seats, claimed, bots)):
        assert {("seat", s) for s in range(seats)} <= set(values(painter))
        assert ("start" in values(painter)) == bool(claimed)
        targets_do_not_overlap(painter)


def test_start_waits_for_a_person_then_says_bots_fill_the_rest():
    calls = Calls()
    scene = _claim("pi", 4, set(), set(), calls)
    painter = draw(scene)
    assert "start" not in values(painter)
    assert any("Claim your seat" in t for t in texts(painter))
    scene.claimed.add(2)
    painter = tap_on(scene, "start")
    assert "At the start, bots play the 3 seats nobody claimed." in texts(painter)
    assert calls.made == [("on_start", ())]


def test_tapping_a_free_seat_asks_for_a_bot_and_a_claimed_one_says_why_not():
    calls = Calls()
    scene = _claim("mystery-city", 4, {0}, {3}, calls)
    tap_on(scene, ("seat", 1))
    tap_on(scene, ("seat", 3))  # a bot's seat: the app frees it
    tap_on(scene, ("seat", 0))  # a person's seat: refused with a message
    assert calls.made == [("on_bot", (1,)), ("on_bot", (3,))]
    assert any("A player sits here" in t for t in texts(draw(scene)))
    tap_on(scene, "back")
    assert calls.made[-1] == ("on_back", ())


# --- options ----------------------------------------------------------------------------------------


def test_every_game_option_has_a_label():
    for game_id in registry.ids():
        for spec in registry.get(game_id).info.options:
            assert (game_id, spec.name) in LABELS or (game_id, spec.name) in RECORDED, f"{game_id}: option {spec.name!r} has no label on screen"


def _all_pages(scene: Options, layout) -> list[Painter]:
    painters = [draw(scene, layout)]
    while scene.page < scene.pages - 1:
        scene.tap("next", 0.0)
        painters.append(draw(scene, layout))
    return painters


@pytest.mark.parametrize("game_id", registry.ids())
def test_options_of_each_game_on_every_page_at_every_layout(game_id):
    for layout in LAYOUTS.values():
        shown: set[object] = set()
        first = Options(game_id, {}, print, print)
        render(first, layout, "en")  # works out how many pages this layout needs
        for page in range(first.pages):
            def make(page: int = page) -> Options:
                scene = Options(game_id, {}, print, print)
                scene.page = page
                return scene
            for painter in render_everywhere(f"menu-options-{game_id}-p{page + 1}", make, layouts=(layout,)):
                targets_do_not_overlap(painter)
                shown |= {v[1] for v in values(painter) if isinstance(v, tuple) and v[0] in ("set", "toggle")}
        assert shown == {row.name for row in option_rows(game_id, None)}, layout.name  # every option reachable


def test_options_toggle_choose_and_hand_back_every_value():
    calls = Calls()
    scene = Options("mystery-express", {"characters": "random"}, calls.on_done, calls.on_back, seats=4)
    tap_on(scene, ("set", "characters", "choose"))
    for wanted in (("set", "reveal_speed", "slow"), ("toggle", "assist")):  # on whichever page they fall
        while wanted not in values(draw(scene)):
            tap_on(scene, "next")
        tap_on(scene, wanted)
    tap_on(scene, "done")
    (name, (result,)), = calls.made
    assert name == "on_done"
    assert result["characters"] == "choose" and result["assist"] is True and result["reveal_speed"] == "slow"
    assert result["language"] == "en" and result["powers"] is True
    assert set(result) == {s.name for s in registry.get("mystery-express").info.options} | {
        "reveal_speed", "language", "assist", "learn"}
    registry.get("mystery-express").info.resolve_options(
        {k: v for k, v in result.items() if k not in ("reveal_speed", "language", "assist", "learn")})


def test_watson_holmes_lists_its_cases_and_mystery_city_its_seats():
    scene = Options("watson-holmes", {}, print, print)
    choices = registry.get("watson-holmes").info.options[0].choices or ()
    reached = set()
    for _ in choices:  # side by side, or one at a time with a stepper when the titles do not fit
        for case in [v[2] for v in values(draw(scene)) if isinstance(v, tuple) and v[:2] == ("set", "case")]:
            tap_on(scene, ("set", "case", case))
            reached.add(scene.values["case"])
    assert reached == set(choices)
    scene = Options("watson-holmes", {"case": "thornbury-clock"}, print, print)
    assert "The Stopped Clock of Thornbury Hall" in texts(draw(scene))
    assert "El reloj parado de Thornbury Hall" in [d.text for d in render(scene, LANDSCAPE, "es").drawn]
    city = Options("mystery-city", {}, print, print, seats=3)
    painters = _all_pages(city, PORTRAIT)
    seats = [v[2] for p in painters for v in values(p) if isinstance(v, tuple) and v[:2] == ("set", "first_seat")]
    assert seats == [0, 1, 2]


def test_options_back_calls_back():
    calls = Calls()
    scene = Options("pi", {}, calls.on_done, calls.on_back)
    tap_on(scene, "back")
    assert calls.made == [("on_back", ())]


# --- results ----------------------------------------------------------------------------------------


def _finished(game_id: str, seats: int, seed: int) -> tuple[Outcome, Any]:
    game = registry.get(game_id)
    state = game.start(seats, seed)
    for _ in play(game, state, random_bots(seats, seed)):
        pass
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome, narrator_for(game_id, game.view(state, None))


@pytest.mark.parametrize("game_id, seats, seed", [("mystery-express", 5, 7), ("mystery-express", 5, 1), ("pi", 3, 7),
                                                  ("pi", 5, 0), ("watson-holmes", 7, 7), ("mystery-city", 4, 7)])
def test_results_of_a_played_game_at_every_layout(game_id, seats, seed):
    """Every results screen whole at every layout: with five seats (seed 1) the Mystery Express end
    table's columns were too narrow at the type floor for «Té envenenado» and «Vagón restaurante»
    («Té envena…», «Vagón restauran…»); a word too long for its column now breaks with a hyphen.
    P.I. with five seats: its five columns split in two halves read "Ca…", "Poi…" at 800x480, and the
    winner's star, as wide as a tall portrait row, left «Puest…»."""
    outcome, narrator = _finished(game_id, seats, seed=seed)
    painters = render_everywhere(f"menu-results-{game_id}", lambda: Results(game_id, outcome, narrator, print, print))
    shown = texts(painters[0])
    for seat in outcome.scores:
        assert narrator.seat(seat).render("en") in shown
    if outcome.winners:
        assert Results(game_id, outcome, narrator, print, print).headline().render("en") in shown
    if game_id == "mystery-express":  # the solution: one line in landscape, listed by category in portrait
        # the end table at rest: every category's solution beside each seat's answers, at every layout
        faces = [face.render("en") for _, face in Results(game_id, outcome, narrator, print, print).solution()]
        assert faces and all(face in shown for face in faces)
        portrait = texts(painters[-2])  # 720x1280 in English
        assert "Solution" in portrait and "Modus operandi" in portrait and all(face in portrait for face in faces)


def _outcome(scores: dict[int, float], winners: list[int], **detail: Any) -> Outcome:
    return Outcome(scores, winners, detail)


def test_results_say_what_broke_the_tie():
    narrator = QuietNarrator()
    pi = _outcome({0: 9, 1: 9, 2: 3}, [1], minigames=[[7, 5, 3], [1, 3, 0], [1, 1, 0]], penalties=[0, 0, 0],
                  investigators_left=[0, 2, 1], decided_by="investigators")
    shown = texts(draw(Results("pi", pi, narrator, print, print)))
    assert "Tied on points: the most investigators left won." in shown and "Seat 2 wins!" in shown
    shared = _outcome({0: 3, 1: 3, 2: 1}, [0, 1], telegram_scores={0: 1, 1: 1, 2: 0}, decided_by="shared")
    shown = texts(draw(Results("mystery-express", shared, narrator, print, print)))
    assert "A perfect tie: the victory is shared." in shown and "Shared victory: Seat 1, Seat 2" in shown
    assert "+1" in shown  # the telegram column


def test_p_i_results_show_penalties_as_the_points_they_cost():
    """A newcomer read "Penalties 1" beside a total 2 lower: the column shows the points lost, as the board did."""
    pi = _outcome({0: 17, 1: 19, 2: 7}, [1], minigames=[[5, 5, 7], [7, 7, 0], [7, 7, 0]], penalties=[1, 0, 0],
                  penalty_points=2, investigators_left=[0, 1, 2], decided_by="total")
    assert "-2" in texts(draw(Results("pi", pi, QuietNarrator(), print, print)))
    older = _outcome({0: 17, 1: 19}, [1], minigames=[[5, 5], [7, 7], [7, 7]], penalties=[1, 0],
                     investigators_left=[0, 1], decided_by="total")  # stored before the cost was kept: the count
    assert "-2" not in texts(draw(Results("pi", older, QuietNarrator(), print, print)))


def test_results_read_outcomes_that_came_back_from_json():
    stored = _outcome({0: 1.0, 1: 0.0}, [], everyone_loses=True, correct={"0": 1, "1": 0}, rounds=4, places={})
    painter = draw(Results("watson-holmes", stored, QuietNarrator(), print, print))
    assert "Nobody solved the case: everyone loses." in texts(painter) and "Nobody wins" in texts(painter)
    city = _outcome({0: 0, 1: 16, 2: 0}, [1], out_order=[0, 2], combats=9, removed=[])
    painter = draw(Results("mystery-city", city, QuietNarrator(), print, print))
    assert "9 combats were fought." in texts(painter)
    # Places: the winner 1st, the last out 2nd, the first out 3rd; rows in that order.
    assert [t for t in texts(painter) if t in ("1", "2", "3")][-3:] == ["1", "2", "3"]


def test_results_buttons():
    calls = Calls()
    outcome = _outcome({0: 2, 1: 1}, [0], decided_by="score")
    scene = Results("mystery-express", outcome, QuietNarrator(), calls.on_again, calls.on_menu)
    tap_on(scene, "again")
    tap_on(scene, "menu", layout=PORTRAIT)
    assert calls.made == [("on_again", ()), ("on_menu", ())]


# --- rules ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", registry.ids())
def test_rules_pages_of_each_game_at_every_layout(game_id):
    pages = RULES[game_id]
    assert 3 <= len(pages) <= 6
    for index in range(len(pages)):
        def make(index: int = index) -> RulesPages:
            scene = RulesPages(game_id, print)
            for _ in range(index):
                scene.tap("next", 0.0)
            return scene
        for painter in render_everywhere(f"menu-rules-{game_id}-{index + 1}", make):
            # the game's own pages first; its "Turn by turn" pages follow, as many as the size needs
            (total,) = [int(t.split("/")[1]) for t in texts(painter) if t.startswith(f"{index + 1}/")]
            assert total >= len(pages)
            assert ("previous" in values(painter)) == (index > 0)
            assert ("next" in values(painter)) == (index < total - 1)


def test_rules_pages_turn_with_the_buttons_and_close():
    calls = Calls()
    scene = RulesPages("pi", calls.on_close)
    tap_on(scene, "next")
    tap_on(scene, "next")
    tap_on(scene, "previous", layout=PORTRAIT)
    assert scene.page == 1 and any(t.startswith("2/") for t in texts(draw(scene)))
    tap_on(scene, "close")
    assert calls.made == [("on_close", ())]


# --- admin ------------------------------------------------------------------------------------------

PIN = "2468"


def _admin(calls: Calls | None = None, settings: dict[str, Any] | None = None) -> Admin:
    calls = calls or Calls()
    return Admin(AdminPin(PIN), calls.on_end_game, calls.on_restart_game, calls.on_language, calls.on_brightness,
                 calls.on_shutdown, calls.on_selftest, calls.on_close, settings=settings)


def _type(scene: Admin, digits: str, layout=LANDSCAPE) -> None:
    for digit in digits:
        tap_on(scene, ("digit", digit), layout=layout)


def _unlocked(settings: dict[str, Any] | None = None, calls: Calls | None = None) -> Admin:
    scene = _admin(calls, settings)
    _type(scene, PIN)
    return scene


def test_admin_states_at_every_layout():
    def typing() -> Admin:
        scene = _admin()
        scene.tap(("digit", "2"), 0.0)
        scene.tap(("digit", "4"), 0.0)
        return scene

    def wrong() -> Admin:
        scene = _admin()
        for digit in "1357":
            scene.tap(("digit", digit), 0.0)
        return scene

    def confirming(what: str) -> Callable[[], Admin]:
        def make() -> Admin:
            scene = _unlocked({"game": "pi", "language": "es", "brightness": 50})
            scene.tap(("ask", what), 0.0)
            return scene
        return make

    for painter in render_everywhere("menu-admin-pin", typing):
        assert {("digit", str(d)) for d in range(10)} <= set(values(painter)) and "close" in values(painter)
        assert not any(PIN[:2] in t for t in texts(painter))  # dots, never the digits typed
    for painter in render_everywhere("menu-admin-wrong-pin", wrong):
        assert "Wrong PIN: try again." in texts(painter) or "PIN incorrecto: inténtalo de nuevo." in texts(painter)
    render_everywhere("menu-admin-menu", lambda: _unlocked({"game": "pi", "language": "en", "brightness": 75}))
    for painter in render_everywhere("menu-admin-menu-no-game", lambda: _unlocked({"game": None})):
        assert ("ask", "end") not in values(painter) and ("ask", "shutdown") in values(painter)
    for what in ("end", "restart", "shutdown"):
        for painter in render_everywhere(f"menu-admin-confirm-{what}", confirming(what)):
            assert reachable(painter) == {None, "yes", "no"}  # only the answers count while asking


def test_a_wrong_pin_says_so_clears_and_never_opens_the_menu():
    calls = Calls()
    scene = _admin(calls)
    for attempt in ("1111", "2467", "8642", "0000"):  # a fifth would lock the pad (test_admin_pin_pad.py)
        _type(scene, attempt)
        painter = draw(scene)
        assert not scene.unlocked and scene.entered == ""
        assert "Wrong PIN: try again." in texts(painter)
        assert not any(isinstance(v, tuple) and v[0] in ("ask", "language", "brightness") for v in values(painter))
    _type(scene, "24")
    assert "Wrong PIN: try again." not in texts(draw(scene))  # the message goes once typing starts again
    tap_on(scene, "delete")
    _type(scene, "468")  # 2, (4 deleted), 4, 6, 8
    assert scene.unlocked
    assert calls.made == []


def test_an_empty_pin_never_opens_the_menu():
    scene = Admin(AdminPin(""), print, print, print, print, print, print, print)
    scene.tap(("digit", "1"), 0.0)
    assert not scene.unlocked


def test_admin_menu_actions_call_back_after_confirming():
    calls = Calls()
    scene = _unlocked({"game": "mystery-city", "language": "en", "brightness": 100}, calls)
    tap_on(scene, ("ask", "end"))
    tap_on(scene, "no")
    tap_on(scene, ("ask", "end"), layout=PORTRAIT)
    tap_on(scene, "yes", layout=PORTRAIT)
    tap_on(scene, ("ask", "restart"))
    tap_on(scene, "yes")
    tap_on(scene, ("language", "es"))
    tap_on(scene, ("brightness", 25))
    tap_on(scene, "selftest")
    tap_on(scene, ("ask", "shutdown"))
    tap_on(scene, "yes")
    tap_on(scene, "close")
    assert [name for name, _ in calls.made] == [
        "on_end_game", "on_restart_game", "on_language", "on_brightness", "on_selftest", "on_shutdown", "on_close"]
    assert ("on_language", ("es",)) in calls.made and ("on_brightness", (25,)) in calls.made
    selected = [d.text for d in draw(scene).drawn if d.text in ("25%", "ES")]
    assert selected == ["ES", "25%"]


def test_close_from_the_pin_pad():
    calls = Calls()
    scene = _admin(calls)
    tap_on(scene, "close", layout=PORTRAIT)
    assert calls.made == [("on_close", ())] and not scene.unlocked


# --- resume -----------------------------------------------------------------------------------------


def test_resume_offer_and_its_confirmation_at_every_layout():
    def make(confirming: bool = False, started: str = "2026-11-30T11:42:10") -> ResumeOffer:
        scene = ResumeOffer("mystery-express", 4, 57, started, print, print)
        scene.confirming = confirming
        return scene

    for painter in render_everywhere("menu-resume", make):
        assert {"resume", "set aside"} <= set(values(painter))
    assert "57 moves played, started 2026-11-30 11:42" in texts(draw(make()))
    assert "57 moves played" in texts(draw(make(started="after lunch")))  # no letters reach the screen
    for painter in render_everywhere("menu-resume-confirm", lambda: make(confirming=True)):
        assert reachable(painter) == {None, "yes", "no"}

    def asked(confirming: bool = False) -> ResumeOffer:  # `kiosk run --game pi`: the other choice names it
        scene = make(confirming)
        scene.instead = "pi"
        return scene

    for painter in render_everywhere("menu-resume-instead", asked):
        assert {"resume", "set aside"} <= set(values(painter))
    for painter in render_everywhere("menu-resume-instead-confirm", lambda: asked(confirming=True)):
        assert reachable(painter) == {None, "yes", "no"}


def test_resume_is_one_tap_and_setting_aside_needs_a_yes():
    calls = Calls()
    scene = ResumeOffer("pi", 3, 12, "2026-11-30 10:00", calls.on_resume, calls.on_discard)
    tap_on(scene, "set aside")
    tap_on(scene, "no")
    assert calls.made == [] and not scene.confirming
    tap_on(scene, "set aside", layout=PORTRAIT)
    tap_on(scene, "yes", layout=PORTRAIT)
    tap_on(scene, "resume")
    assert calls.made == [("on_discard", ()), ("on_resume", ())]


# --- notices ----------------------------------------------------------------------------------------


def test_a_notice_shows_its_message_then_goes_away_with_one_last_frame():
    scene = ChooseGame(print, print, print, print, max_seats=3)
    scene.tap(("game", "pi"), 0.0)
    scene.tap(("players", 5), 10.0)  # not a count this table offers
    assert scene.next_frame(10.0) == pytest.approx(6.0)
    for painter in render_everywhere("menu-notice", lambda: scene, now=11.0):
        assert any("This table cannot seat" in t or "Esta mesa no tiene" in t for t in texts(painter))
    assert scene.next_frame(11.0) == pytest.approx(5.0)  # after the frame at 11 s: one more when it expires
    assert "This table cannot seat that many players." not in texts(render(scene, LANDSCAPE, "en", 16.0))
    assert scene.next_frame(16.0) is None  # the frame at 16 s cleared it: the table is still


def test_notice_bar_draws_words_from_the_catalogue_in_its_box():
    painter = Painter(pygame.Surface(LANDSCAPE.size), LANDSCAPE, theme_for("pi"), "es")
    box = pygame.Rect(20, 380, 760, 80)
    notice_bar(painter, box, Text("That card is not asked for now."))
    check_frame(painter, "notice bar")
    assert "Ahora no se pide esa carta." in texts(painter)
    assert all(box.contains(d.box) for d in painter.drawn)


def test_a_row_of_buttons_shares_one_size_that_fits_them_all():
    painter = Painter(pygame.Surface(LANDSCAPE.size), LANDSCAPE, theme_for("mystery-city"), "es")
    boxes = [pygame.Rect(10 + i * 100, 10, 96, 50) for i in range(4)]
    labels = [Text("Seat {n}", {"n": n}) for n in (1, 2, 3, 4)]
    size = common_size(painter, boxes, labels, 6.0)
    assert size < 6.0
    for box, label in zip(boxes, labels):
        painter.button(box, label, box.left, size_mm=size)
    check_frame(painter, "a row of seats")
    assert len({d.rect.height for d in painter.drawn}) == 1  # one type size for the whole row


def test_options_never_keep_a_value_they_cannot_show():
    calls = Calls()
    scene = Options("mystery-city", {"first_seat": 3, "deck": "nfc"}, calls.on_done, calls.on_back, seats=2)
    scene.tap("done", 0.0)
    (_, (result,)), = calls.made
    assert result["first_seat"] == 0 and result["deck"] == "nfc"


def test_options_hand_back_only_the_games_options_and_the_settings_that_apply():
    calls = Calls()
    scene = Options("pi", {"language": "es", "brightness": 80, "round_limit": 20}, calls.on_done, calls.on_back)
    tap_on(scene, "done")
    (_, (result,)), = calls.made
    assert result == {"round_limit": 20, "hint": False, "reveal_speed": "normal", "language": "es", "learn": False}


def test_admin_greys_out_the_game_buttons_when_no_game_is_on():
    for settings, on in (({"in_game": False}, False), ({"in_game": True}, True), ({"game": None}, False),
                         ({"game": "pi"}, True), (None, True)):
        painter = draw(_unlocked(settings))
        assert (("ask", "end") in values(painter)) == on and (("ask", "restart") in values(painter)) == on


def test_the_status_line_counts_the_seats_bots_will_play():
    assert "At the start, a bot plays the seat nobody claimed." in texts(draw(_claim("mystery-city", 2, {1}, {0})))
    assert "At the start, bots play the 2 seats nobody claimed." in texts(draw(_claim("pi", 3, {1}, set())))
    assert "Everyone has a seat: start when you are ready." in texts(draw(_claim("pi", 2, {0, 1}, set())))
