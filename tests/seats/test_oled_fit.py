"""Seat screens seen in the simulator (issue 15): the words a seat reads are not cut short. A card
shown to you names who showed it whole, on two lines where no footer needs the second ("Shown by
Colonel MacDouglas"); the idle screen of the seat whose turn it is keeps its hours left when its
name is too long for both in the title bar. Golden images in both languages."""

from __future__ import annotations

import pytest

from kiosk.games.base import Event
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats import mystery_express as screens
from kiosk.seats.canvas import ELLIPSIS, WIDTH, text_width
from kiosk.seats.screen import render, title_fits
from tests.seats.test_seat_screens import check, play_until

GAME = MysteryExpress()


def five_seats():
    state = GAME.start(5, 11, {"characters": "random"})
    play_until(state, lambda s, ev: s.stage not in ("characters", "start_car"))
    narrator = narrator_for("mystery-express", GAME.view(state, None))
    return state, narrator


def macdouglas(state, narrator) -> int:
    (seat,) = [s for s in range(5) if narrator.seat(s).render("en") == "Colonel MacDouglas"]
    return seat


@pytest.mark.parametrize("lang", ["en", "es"])
def test_who_showed_a_card_is_named_whole(lang):
    state, narrator = five_seats()
    shower = macdouglas(state, narrator)
    seeing = (shower + 1) % 5
    event = Event("card_shown", {"from": shower, "to": seeing, "face": "MOTIVE:0"}, frozenset({shower, seeing}))
    screen = screens.reveal(event, narrator, lang, seeing)
    assert screen is not None and not screen.footer
    detail = screen.items[0].detail
    assert narrator.seat(shower).render(lang) in detail and text_width(detail, 12) > WIDTH  # it needs two lines
    image = render(screen)
    assert image.crop((0, 52, WIDTH, 64)).getextrema()[0] == 0  # the second line, drawn (dark on light) under the first
    check(f"reveal_shown_by_long_name_{lang}", image)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_active_seat_keeps_its_hours_in_the_title(lang):
    state, narrator = five_seats()
    play_until(state, lambda s, ev: GAME.view(s, None).get("active") == macdouglas(s, narrator)
               and GAME.view(s, None).get("hours") is not None)
    seat = macdouglas(state, narrator)
    view = GAME.view(state, seat)
    screen = screens.idle(view, narrator, lang)
    assert title_fits(screen.title) and ELLIPSIS not in screen.title
    assert str(view["hours"]) in screen.title
    check(f"idle_hours_long_name_{lang}", render(screen))
    shorter = [s for s in range(5) if title_fits(f"{narrator.seat(s).render(lang)}: 5 h")]
    assert shorter  # a short name still reads beside its hours (the title is unchanged for it)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_watson_holmes_status_line_reads_whole(lang):
    """The footer of a Watson & Holmes seat's idle screen is one line: each thing it can say fits."""
    from kiosk.games.watson_holmes.game import WatsonHolmes
    from kiosk.seats import watson_holmes as wh_screens

    game = WatsonHolmes()
    state = game.start(7, 3, {})
    narrator = narrator_for("watson-holmes", game.view(state, None))
    base = game.view(state, 0)
    me = dict(base["players"][0], won=False, eliminated=False)
    views = [
        dict(base, over=True), dict(base, over=False, players=[dict(me, won=True)]),
        dict(base, over=False, players=[dict(me, eliminated=True)]),
        dict(base, over=False, players=[me], turn=0), dict(base, over=False, players=[me], turn=None),
        *(dict(base, over=False, players=[me], turn=other) for other in range(1, 7)),
    ]
    lines = {wh_screens.status(view, narrator, 0).render(lang) for view in views}
    assert len(lines) == 11  # five states, and six other seats visiting
    too_long = [line for line in lines if text_width(line, 12) > WIDTH]
    assert not too_long, f"cut short on the seat screen: {too_long}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_what_your_move_asks_reads_on_one_line(lang):
    """ "Your move" says what is asked on the seat screen's bottom line: one line reads at a glance
    and, with several seats awaited at once, costs each a page less on the bus (issue 22). Words
    that name the seat whose turn it is are asked of one seat at a time, and a character's name
    ("Colonel MacDouglas") takes a second line whatever the words around it."""
    from kiosk.referee.awaited import DOING, LAST_TURN
    from kiosk.i18n import Text

    too_long = []
    for game, kinds in {**DOING, "pi last": {"turn": LAST_TURN}}.items():
        for kind, words in kinds.items():
            if "{active}" in words:
                continue
            asked = Text(words).render(lang)
            if text_width(asked[:1].upper() + asked[1:], 12) > WIDTH:
                too_long.append(f"{game} {kind}: {asked}")
    assert not too_long
