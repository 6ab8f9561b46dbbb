"""The desktop simulator: the whole mock table in one window.

Left, the touchscreen at its real size, driven by the mouse (or by fingers on a touch display). Under
it, the NFC reader: a button for every card and token of the game being set up or played; hold one
down to lay that tag on the simulated PN532, release to lift it. Right, every seat's OLED, drawn from
what its emulated panel decoded off the fake I2C bus (so the window shows exactly what the real driver
sent, with a marker on a seat whose screen failed), and its three buttons: a mouse button held on one,
or a key held, drives the mock GPIO pin low until released, and the real gpiozero `Button` does the
debouncing and the long-press timing. Keys: seat 1 Q W E, seat 2 A S D, seat 3 Z X C, seat 4 U I O,
seat 5 J K L, seat 6 R T Y, seat 7 F G H (previous, next, select). A lamp lights while the buzzer
plays, with the pattern's sound where an audio device exists.

Its labels go through the catalogue like the rest, the cards by the names players know them by (from
the game's data, in the table's language); key letters are shown as they are.
"""

from __future__ import annotations

import hashlib
import threading
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from hardware.sim.mock_table import MockTable
from hardware.sim.pn532 import SimTag
from hardware.tags import tag_text
from hardware.whistle import PATTERNS
from kiosk.games.physical import physical_tags, tag_names
from kiosk.i18n import N_, Text, counted
from kiosk.ui.layout import grid
from kiosk.ui.paint import font as ui_font

SCALE = 2
OLED_W, OLED_H = 128 * SCALE, 64 * SCALE
MARGIN = 12
BUTTON_H = 30
# Under a seat's buttons: its phone link, to open the seat in a browser, in the UI's serif (its l,
# I and 1 differ; pygame's default face drew them alike), on up to two lines within the seat's column.
LINK_FONT, LINK_PX = "DejaVuSerif.ttf", 17
LINK_LINES = 2
LINK_H = LINK_LINES * 20 + 4
LABEL_H = 20
COLUMNS = 2
NFC_H = 150
NFC_PER_PAGE = 18
BACKGROUND = (18, 22, 40)  # night blue
BEZEL = (40, 40, 46)
PIXEL_ON = (120, 200, 255)  # an OLED's cold blue-white
BRASS = (200, 160, 80)
CREAM = (240, 230, 210)
ALERT = (255, 80, 80)
KEYS = ("qwe", "asd", "zxc", "uio", "jkl", "rty", "fgh")
BUTTONS = ("prev", "next", "select")
RATE = 22050  # the lamp's sound


def link_lines(link: str, face: pygame.font.Font, width: int) -> list[str]:
    """A link broken into lines no wider than `width` (a link has no spaces: after any character),
    at most `LINK_LINES`, the last cut with an ellipsis if even they do not hold it."""
    lines: list[str] = []
    rest = link
    while rest and len(lines) < LINK_LINES:
        cut = len(rest)
        while cut > 1 and face.size(rest[:cut])[0] > width:
            cut -= 1
        lines.append(rest[:cut])
        rest = rest[cut:]
    if rest:
        last = lines[-1]
        while last and face.size(last + "…")[0] > width:
            last = last[:-1]
        lines[-1] = last + "…"
    return lines


DESKTOP_SHARE = 0.92  # of the desktop a window may take: the panels and the title bar keep the rest


def desktop_size() -> tuple[int, int] | None:
    """The desktop's size (the first display's), or None where there is none (the dummy driver makes
    one up: 1024x768)."""
    if pygame.display.get_driver() == "dummy":
        return None
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes and min(sizes[0]) > 0 else None


def fit_scale(size: tuple[int, int], desktop: tuple[int, int] | None) -> float:
    """How much the window must shrink to fit `desktop` (1: not at all; never larger than drawn)."""
    if desktop is None:
        return 1.0
    return min(1.0, DESKTOP_SHARE * desktop[0] / size[0], DESKTOP_SHARE * desktop[1] / size[1])


def button_mark(surface: pygame.Surface, button: str, box: pygame.Rect) -> None:
    """A seat button's mark as the seat screens print it (◀ ▶ ●), drawn: pygame's default font has
    no such glyphs."""
    if button == "select":
        pygame.draw.circle(surface, CREAM, box.center, box.width // 2)
    else:
        tip, back = (box.left, box.right) if button == "prev" else (box.right, box.left)
        pygame.draw.polygon(surface, CREAM, [(tip, box.centery), (back, box.top), (back, box.bottom)])


@dataclass(frozen=True)
class Control:
    kind: str  # "button", "card", "page"
    rect: pygame.Rect
    value: Any


class Simulator:
    def __init__(self, mock: MockTable, title: str, touch_size: tuple[int, int] = (800, 480),
                 current_game: Callable[[], str | None] = lambda: None) -> None:
        self.mock = mock
        self.current_game = current_game
        self.current_case: Callable[[], str | None] = lambda: None  # the Watson & Holmes case being played
        self.bots: set[int] = set()  # seats labelled as played by a bot
        self.links: Callable[[int], str | None] = lambda seat: None  # each seat's phone link (kiosk/web)
        self.seats = [s.index for s in mock.table.seats]
        rows = (len(self.seats) + COLUMNS - 1) // COLUMNS
        seat_h = LABEL_H + OLED_H + BUTTON_H + LINK_H + 2 * MARGIN
        self.touch_area = pygame.Rect(MARGIN, MARGIN, *touch_size)
        self.nfc_area = pygame.Rect(MARGIN, self.touch_area.bottom + MARGIN, touch_size[0], NFC_H)
        self.seat_area = pygame.Rect(self.touch_area.right + MARGIN, MARGIN,
                                     COLUMNS * (OLED_W + MARGIN), rows * seat_h)
        width = self.seat_area.right + MARGIN
        height = max(self.nfc_area.bottom, self.seat_area.bottom) + MARGIN
        pygame.display.init()
        pygame.font.init()
        # Everything is drawn at its real size on `window`; where the desktop is smaller (a 720x1280
        # touchscreen makes a window 1,466 px tall, a laptop shows about 1,000), the display shows it
        # scaled down to fit and a pointer's position is scaled back up (`scale`, in `Loop.dispatch`).
        self.scale = fit_scale((width, height), desktop_size())
        if self.scale < 1:
            self.display = pygame.display.set_mode((round(width * self.scale), round(height * self.scale)))
            self.window = pygame.Surface((width, height))
        else:
            self.display = self.window = pygame.display.set_mode((width, height))
        pygame.display.set_caption(title)
        self.window.fill(BACKGROUND)
        self.touch = self.window.subsurface(self.touch_area)
        self.font = pygame.font.Font(None, 20)
        self.controls: list[Control] = []
        self.held: dict[object, tuple[int, str]] = {}
        self.pressed_at: dict[object, float] = {}
        self.keys = {ord(key): (seat, BUTTONS[i]) for seat, keys in zip(self.seats, KEYS) for i, key in enumerate(keys)}
        self.page = 0
        self.tag_down: str | None = None
        self.card_labels: list[str] = []  # the reader panel's card buttons as last drawn, in order
        self.shown: object = None  # what the window's own parts last showed: redraw only on change
        self.sound = Sound()
        self.heard = 0

    # --- Window -----------------------------------------------------------------------------------

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Show what was drawn: as it is (only `rects` of the touchscreen, if given), or scaled down to
        the window's size on a small desktop."""
        if self.display is not self.window:
            pygame.transform.smoothscale(self.window, self.display.get_size(), self.display)
        elif rects is not None:
            pygame.display.update([r.move(self.touch_area.topleft) for r in rects])
            return
        pygame.display.flip()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            where = (event.pos[0] / self.scale, event.pos[1] / self.scale)
            control = next((c for c in self.controls if c.rect.collidepoint(where)), None)
            if control is None:
                return False
            if control.kind == "button":
                self.down("mouse", *control.value)
            elif control.kind == "card":
                self.lay(control.value)
            elif control.kind == "page":
                self.page += control.value
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.up("mouse")
            self.lift()
            return True
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.down(event.key, *self.keys[event.key])
            return True
        if event.type == pygame.KEYUP:
            self.up(event.key)
            return True
        return False

    def due(self) -> float | None:
        whistle = self.mock.table.whistle
        return 0.05 if whistle is not None and whistle.is_playing else None  # the lamp goes out

    def draw(self) -> bool:
        whistle = self.mock.table.whistle
        playing = whistle is not None and whistle.is_playing
        if whistle is not None and len(whistle.played) > self.heard:
            for pattern in whistle.played[self.heard:]:
                self.sound.play(pattern)
            self.heard = len(whistle.played)
        if not playing:
            self.sound.close()  # an open audio device keeps a thread busy: an idle window has none
        game = self.current_game()
        state = ([self.mock.panel(seat).framebuffer() for seat in self.seats], sorted(self.held.values()),
                 playing, game, self.current_case(), self.page, self.tag_down, sorted(self.bots),
                 [part.display.failed for part in self.mock.table.seats], [self.links(seat) for seat in self.seats])
        if state == self.shown:
            return False
        self.shown = state
        self.controls = []
        self.window.fill(BACKGROUND, self.seat_area.inflate(MARGIN, MARGIN))
        for position, seat in enumerate(self.seats):
            self.draw_seat(position, seat)
        self.draw_reader(game)
        pygame.draw.circle(self.window, BRASS if playing else BEZEL, (self.window.get_width() - 14, 10), 7)
        return True

    def close(self) -> None:
        # Only the display: the fonts stay loaded (the painter caches them; pygame.quit would leave
        # that cache pointing at freed fonts).
        pygame.display.quit()

    # --- the seats --------------------------------------------------------------------------------

    def draw_seat(self, position: int, seat: int) -> None:
        row, column = divmod(position, COLUMNS)
        x = self.seat_area.left + column * (OLED_W + MARGIN)
        y = self.seat_area.top + row * (LABEL_H + OLED_H + BUTTON_H + LINK_H + 2 * MARGIN)
        label = Text(N_("Seat {n}"), {"n": seat + 1}).render()
        if seat in self.bots:
            label += " · " + Text(N_("Bot")).render()
        self.window.blit(self.font.render(label, True, BRASS), (x, y))
        screen = self.mock.screen(seat).convert("L")
        surface = pygame.image.frombuffer(screen.tobytes(), screen.size, "P")
        surface.set_palette([(0, 0, 0)] + [PIXEL_ON] * 255)
        top = y + LABEL_H
        pygame.draw.rect(self.window, BEZEL, (x - 4, top - 4, OLED_W + 8, OLED_H + 8), border_radius=6)
        self.window.blit(pygame.transform.scale(surface, (OLED_W, OLED_H)), (x, top))
        if self.mock.table.seats[position].display.failed:
            pygame.draw.rect(self.window, ALERT, (x - 4, top - 4, OLED_W + 8, OLED_H + 8), width=3, border_radius=6)
            self.window.blit(self.font.render("!", True, ALERT), (x + OLED_W - 12, y))
        for i, button in enumerate(BUTTONS):
            rect = pygame.Rect(x + i * (OLED_W // 3) + 4, top + OLED_H + 8, OLED_W // 3 - 8, BUTTON_H)
            pressed = (seat, button) in self.held.values()
            pygame.draw.rect(self.window, BRASS if pressed else BEZEL, rect, border_radius=8)
            button_mark(self.window, button, pygame.Rect(rect.x + 8, rect.y + 7, 10, 10))  # as the seats name it
            self.window.blit(self.font.render(KEYS[position][i].upper(), True, CREAM), rect.move(26, 8))
            self.controls.append(Control("button", rect, (seat, button)))
        link = self.links(seat)
        if link is not None and seat not in self.bots:
            face = ui_font(LINK_FONT, LINK_PX)
            for n, line in enumerate(link_lines(link, face, OLED_W + 4)):
                self.window.blit(face.render(line, True, CREAM), (x - 2, top + OLED_H + 8 + BUTTON_H + 4 + n * 20))

    def down(self, source: object, seat: int, button: str) -> None:
        self.held[source] = (seat, button)
        self.pressed_at[source] = time.monotonic()
        self.mock.pin(seat, button).drive_low()

    def up(self, source: object) -> None:
        """Release the pin; a click or key tap shorter than the debounce time is held that long, as a
        finger would be, or the debouncer would take the release for a bounce."""
        if source not in self.held:
            return
        seat, button = self.held.pop(source)
        pin = self.mock.pin(seat, button)
        shortest = self.mock.table.config.buttons.bounce_s * 1.5
        left = shortest - (time.monotonic() - self.pressed_at.pop(source, 0.0))
        if left > 0:
            threading.Timer(left, pin.drive_high).start()
        else:
            pin.drive_high()

    # --- the reader -------------------------------------------------------------------------------

    def draw_reader(self, game: str | None) -> None:
        self.window.fill(BACKGROUND, self.nfc_area)
        pygame.draw.rect(self.window, BEZEL, self.nfc_area, width=2, border_radius=8)
        case = self.current_case() if game is not None else None
        cards = physical_tags(game, case) if game is not None else []
        if cards:
            title = counted("Card reader: hold a card down to lay it on the reader ({count} card)",
                            "Card reader: hold a card down to lay it on the reader ({count} cards)", len(cards)).render()
        elif game is None:
            title = Text(N_("Card reader: the tagged cards of a game show here once it is chosen")).render()
        else:
            title = Text(N_("Card reader: no tagged cards in this game")).render()
        self.window.blit(self.font.render(title, True, BRASS), self.nfc_area.move(8, 6))
        pages = max(1, (len(cards) + NFC_PER_PAGE - 1) // NFC_PER_PAGE)
        self.page %= pages
        shown = cards[self.page * NFC_PER_PAGE:(self.page + 1) * NFC_PER_PAGE]
        body = pygame.Rect(self.nfc_area.left + 8, self.nfc_area.top + 26, self.nfc_area.width - 60, NFC_H - 34)
        names = tag_names(game, case) if game is not None else {}
        self.card_labels = []
        for rect, card in zip(grid(body, NFC_PER_PAGE, 6, gap=4), shown):
            down = card == self.tag_down
            pygame.draw.rect(self.window, BRASS if down else BEZEL, rect, border_radius=6)
            label = self.shortened(names[card].render() if card in names else card, rect.width - 8)
            self.card_labels.append(label)
            self.window.blit(self.font.render(label, True, CREAM), rect.move(4, 8))
            self.controls.append(Control("card", rect, (game, card)))
        if pages > 1:
            more = pygame.Rect(body.right + 6, body.top, 40, body.height)
            pygame.draw.rect(self.window, BEZEL, more, border_radius=6)
            self.window.blit(self.font.render(f"{self.page + 1}/{pages}", True, CREAM), more.move(4, 8))
            self.controls.append(Control("page", more, 1))

    def shortened(self, text: str, width: int) -> str:
        """`text` cut with an ellipsis to fit `width` pixels of the panel's font."""
        if self.font.size(text)[0] <= width:
            return text
        while text and self.font.size(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def lay(self, value: tuple[str, str]) -> None:
        game, card = value
        text = tag_text(game, card)
        uid = b"\x04" + hashlib.sha1(text.encode()).digest()[:6]  # an NXP UID, the same for the same card
        self.mock.tap(SimTag.ntag213(uid, text))
        self.tag_down = card

    def lift(self) -> None:
        if self.tag_down is not None:
            self.mock.lift()
            self.tag_down = None


class Sound:
    """The buzzer's patterns through the computer's speaker, if it has one (else silent). The audio
    device is opened for a pattern and closed once the lamp goes out."""

    def __init__(self) -> None:
        self.cache: dict[str, pygame.mixer.Sound] = {}
        self.missing = False  # no audio device here: stop trying

    def play(self, pattern: str) -> None:
        if self.missing or pattern not in PATTERNS:
            return
        if not pygame.mixer.get_init():
            try:
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            except pygame.error:
                self.missing = True
                return
            self.cache.clear()  # sounds belong to the device they were made for
        if pattern not in self.cache:
            self.cache[pattern] = pygame.mixer.Sound(buffer=square_waves(pattern).tobytes())
        self.cache[pattern].play()

    def close(self) -> None:
        if pygame.mixer.get_init():
            self.cache.clear()
            pygame.mixer.quit()


def square_waves(pattern: str) -> array:  # type: ignore[type-arg]
    """The pattern's notes as a quiet square wave, 16-bit mono at RATE."""
    from gpiozero.tones import Tone

    samples = array("h")
    for note, seconds in PATTERNS[pattern]:
        count = int(seconds * RATE)
        if note is None:
            samples.extend([0] * count)
            continue
        half = max(1, int(RATE / Tone(note).frequency / 2))
        samples.extend(3000 if (i // half) % 2 == 0 else -3000 for i in range(count))
    return samples
