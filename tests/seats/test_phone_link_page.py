"""Where the table serves phone seats, a seat's OLED has one more page: its link as a QR code, drawn
module for module, so a player at a seat station can move the seat to a phone during a game."""

from __future__ import annotations

from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats.qr import modules
from kiosk.seats.controller import SeatController
from kiosk.seats.mystery_express import MysteryExpressPages
from kiosk.seats.screen import HEIGHT, WIDTH, render

GAME = MysteryExpress()
LINK = "http://192.168.100.200:8080/s/" + "AbC-_9" * 3 + "0000"  # the longest IPv4 link


def idle_seat(link: str | None) -> SeatController:
    state = GAME.start(4, 11, {"characters": "random"})
    waiting = next(s for s in range(4) if s != state.active)
    controller = SeatController(waiting, MysteryExpressPages(narrator_for("mystery-express", GAME.view(state, None)), "es"))
    controller.link = link
    controller.update(GAME.view(state, waiting), None)
    return controller


def test_select_walks_to_the_link_page_after_the_others_and_back_to_idle():
    controller = idle_seat(LINK)
    seen = []
    for _ in range(4):
        controller.press("select")
        seen.append(controller.mode)
    assert seen == ["hand", "journal", "phone", "idle"]
    assert idle_seat(None).ui.pages == ("hand", "journal")
    without = idle_seat(None)
    assert [without.press("select") or without.mode for _ in range(3)] == ["hand", "journal", "idle"]


def test_the_link_page_opens_on_a_cover_and_only_next_shows_the_code():
    """The code is the seat's key (whoever scans it plays the seat and sees its hand): ● walking the
    pages shows only a cover, ▶ shows the code, ◀ covers it again (issue 38's trial)."""
    controller = idle_seat(LINK)
    shown = []
    for _ in range(8):  # two walks round every page with ●
        controller.press("select")
        shown.append(controller.screen().qr)
    assert not any(shown)
    while controller.mode != "phone":
        controller.press("select")
    cover = controller.screen()
    assert cover.title == "Jugar en el móvil" and cover.items[0].label == "▶ ver el código"
    controller.press("next")
    assert controller.screen().qr == LINK
    controller.press("previous")
    assert not controller.screen().qr


def test_the_link_page_holds_the_code_module_for_module_and_its_words_in_the_seat_language():
    controller = idle_seat(LINK)
    for _ in range(3):
        controller.press("select")
    controller.press("next")
    screen = controller.screen()
    assert screen.qr == LINK and "móvil" in screen.title
    image = render(screen)
    rows = modules(LINK)
    count = len(rows) + 2
    scale = HEIGHT // count
    assert scale >= 2, "two pixels a module: a phone reads it off a 0.96-inch panel"
    left, top = WIDTH - count * scale, (HEIGHT - count * scale) // 2
    drawn = tuple(tuple(image.getpixel((left + (x + 1) * scale, top + (y + 1) * scale)) == 0 for x in range(len(rows)))
                  for y in range(len(rows)))
    assert drawn == rows
