"""The staff menu behind the discreet corner key: a PIN pad first, then the table's controls.

The PIN is checked once as many digits as it has are entered; a wrong one says so and clears, and
nothing but the right one opens the menu. Too many wrong PINs lock the pad for a while, with a
countdown (`kiosk/appliance/admin_pin.py` keeps the count, so closing the pad does not reset it). The shipped
default PIN opens only the choice of a new PIN, typed twice, and then the menu. The menu ends or
restarts the game and shuts the table down (each after a confirmation), switches the language, sets
the screen brightness in steps and runs the self-test. `settings` may tell the current language,
brightness and whether a game is on ("in_game": a bool, or "game": its id or None) so the menu shows
them; unsaid, everything is offered. `parts` gives a line for each of the table's optional parts (the
café's broker, the phone seats: working, trying and why, or off and what to fix), shown under the
controls and looked at again every second while the menu is open.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.appliance.admin_pin import DEFAULT_PIN, MAX_DIGITS, MIN_DIGITS, AdminPin, Verdict, well_formed
from kiosk.i18n import LANGUAGES, N_, Text
from kiosk.ui.layout import columns, grid, rows
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.scenes.choose_game import LANGUAGE_NAMES
from kiosk.ui.scenes.notice import notice_bar
from kiosk.ui.scenes.chrome import YES, backdrop, button_height, confirm_box, margin, segmented, title_band
from kiosk.ui.theme import LOBBY, Theme

BRIGHTNESS_STEPS = (25, 50, 75, 100)
PARTS_EVERY = 1.0  # seconds between two looks at the parts' state while the menu is open
CLOSE = "close"
DELETE = "delete"
OK = "ok"

# The PIN pad's steps: the PIN, then (for the default PIN only) a new one and the same again.
ENTER, CHOOSE, REPEAT = "enter", "choose", "repeat"
PROMPTS = {
    ENTER: N_("Enter the PIN"),
    CHOOSE: N_("Choose a new PIN: {low} to {high} digits, then OK"),
    REPEAT: N_("Enter the new PIN again, then OK"),
}
NOT_THE_DEFAULT = N_("{pin} is the default PIN: choose your own.")

# What each risky action asks before it is done: question, detail.
CONFIRMS = {
    "end": (N_("End this game?"), N_("It stops now, without a result.")),
    "restart": (N_("Restart this game?"), N_("The same game starts again from the beginning, with the same seats.")),
    "shutdown": (N_("Shut the table down?"), N_("Wait until the screen is dark before unplugging it.")),
}


@dataclass
class Admin:
    pin: AdminPin
    on_end_game: Callable[[], None]
    on_restart_game: Callable[[], None]
    on_language: Callable[[str], None]
    on_brightness: Callable[[int], None]
    on_shutdown: Callable[[], None]
    on_selftest: Callable[[], None]
    on_close: Callable[[], None]
    settings: dict[str, Any] | None = None
    storage: Callable[[], Text | None] | None = None  # what is wrong with the SD card now, if anything
    parts: Callable[[], list[Text]] | None = None  # a line on each optional part (broker, phone seats)
    entered: str = ""
    step: str = ENTER
    message: Text | None = None  # under the dots: what went wrong, or why a new PIN is asked for
    unlocked: bool = False
    confirming: str | None = None  # a key of CONFIRMS while its question is up
    theme: Theme = LOBBY
    _settings: dict[str, Any] = field(init=False)
    _new: str = field(init=False, default="")
    _drawn_locked: int = field(init=False, default=0)  # the countdown's seconds in the last frame (0: none)
    _title: pygame.Rect | None = field(init=False, default=None)  # the last frame's title band: no control there

    def __post_init__(self) -> None:
        self._settings = dict(self.settings or {})

    # --- drawing --------------------------------------------------------------------------------

    def notice_place(self) -> pygame.Rect | None:
        """A notice (the self-test's answer) covers the title band, never a key (the Close key lies along
        the bottom, where notices usually go)."""
        return self._title

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        if not self.unlocked:
            self._pin_pad(paint, room, now)
            return
        self._menu(paint, room)
        if self.confirming is not None:
            question, detail = CONFIRMS[self.confirming]
            confirm_box(paint, Text(question), Text(detail), Text(N_("Yes")), Text(N_("No")))

    def _pin_pad(self, paint: Painter, room: pygame.Rect, now: float) -> None:
        layout = paint.layout
        gap = margin(paint)
        if layout.portrait:
            side, pad = rows(room, [1, 1.6], gap=gap)
        else:
            side, pad = columns(room, [1, 1], gap=gap)
        title, dots, message, close = rows(side, [2, 1.3, 1.2, 1], gap=gap)
        self._title = title
        prompt = Text(PROMPTS[self.step], {"low": MIN_DIGITS, "high": MAX_DIGITS})
        title_band(paint, title, Text(N_("Staff only")), prompt)
        self._dots(paint, dots)
        locked = self._locked_for(now) if self.step == ENTER else 0
        self._drawn_locked = locked
        if locked:
            minutes, seconds = divmod(locked, 60)
            wait = Text(N_("Too many wrong PINs: try again in {time}."), {"time": f"{minutes}:{seconds:02d}"})
            paint.text(message, wait, 5, paint.theme.alert, title=True)
        elif self.message is not None:
            paint.text(message, self.message, 5, paint.theme.alert, title=True)
        close_box = pygame.Rect(0, 0, min(close.width, layout.mm(50)), max(layout.min_touch, min(close.height,
                                                                                               button_height(paint))))
        close_box.center = close.center
        paint.button(close_box, Text(N_("Close")), CLOSE)
        key = min((pad.width - 2 * gap) // 3, (pad.height - 3 * gap) // 4)
        block = pygame.Rect(0, 0, key * 3 + gap * 2, key * 4 + gap * 3)
        block.center = pad.center
        # A phone's layout: 0 in the middle of the last row; OK beside it while a new PIN is typed.
        labels = [*"123456789", "" if self.step == ENTER else OK, "0", DELETE]
        for box, label in zip(grid(block, 12, 3, gap=gap), labels):
            if not label:
                continue
            if label == DELETE:
                paint.button(box, Verbatim("←"), DELETE, size_mm=8, enabled=not locked)
            elif label == OK:
                paint.button(box, Text(N_("OK")), OK, size_mm=6, enabled=len(self.entered) >= MIN_DIGITS)
            else:
                paint.button(box, Verbatim(label), ("digit", label), size_mm=9, enabled=not locked)

    def _locked_for(self, now: float) -> int:
        """Whole seconds the pad stays locked, rounded up (0: it takes PINs)."""
        return math.ceil(self.pin.locked_for(now))

    def _dots(self, paint: Painter, area: pygame.Rect) -> None:
        """One ring per digit of the PIN, filled for each digit entered (never the digits themselves);
        a new PIN shows as many rings as typed, at least the fewest it may have."""
        count = max(1, self.pin.length) if self.step == ENTER else max(MIN_DIGITS, len(self.entered))
        radius = min(area.height // 3, paint.layout.mm(3.5))
        step = radius * 3
        left = area.centerx - step * (count - 1) // 2
        for i in range(count):
            centre = (left + i * step, area.centery)
            if i < len(self.entered):
                pygame.draw.circle(paint.surface, paint.theme.accent, centre, radius)
            else:
                pygame.draw.circle(paint.surface, paint.theme.muted, centre, radius, width=max(2, radius // 4))

    def _menu(self, paint: Painter, room: pygame.Rect) -> None:
        layout = paint.layout
        gap = margin(paint)
        title_height = room.height // (9 if layout.portrait else 6)
        title, body = rows(room, [title_height, room.height - title_height], gap=gap)
        self._title = title
        title_band(paint, title, Text(N_("Staff menu")))
        trouble = self.storage() if self.storage is not None else None
        if trouble is not None:  # the card cannot be written: what is wrong and what to do, above all else
            warning_height = max(layout.mm(14), body.height // 5)
            warning, body = rows(body, [warning_height, body.height - warning_height], gap=gap)
            notice_bar(paint, warning, trouble)
        close_height = button_height(paint)
        main, close = rows(body, [body.height - close_height, close_height], gap=gap)
        lines = self.parts() if self.parts is not None else []
        if lines:  # each part's state over the close key, in up to two lines of small type
            parts_height = len(lines) * layout.mm(8)
            main, parts = rows(main, [main.height - parts_height, parts_height], gap=gap)
            for area, line in zip(rows(parts, [1] * len(lines)), lines):
                paint.text(area, line, 3, paint.theme.ink, align="left")
        if layout.portrait:
            game, table = rows(main, [2, 3.2], gap=gap * 2)
        else:
            game, table = columns(main, [1, 1.3], gap=gap * 2)
        playing = self._game_on()
        end, restart = rows(game, [1, 1], gap=gap)
        paint.button(end, Text(N_("End the game")), ("ask", "end"), enabled=playing)
        paint.button(restart, Text(N_("Restart the game")), ("ask", "restart"), enabled=playing)
        language, brightness, tools = rows(table, [1, 1, 1], gap=gap)
        self._language(paint, language)
        self._brightness(paint, brightness)
        selftest, shutdown = columns(tools, [1, 1], gap=gap)
        paint.button(selftest, Text(N_("Self-test")), "selftest")
        paint.button(shutdown, Text(N_("Shut down")), ("ask", "shutdown"))
        close_box = pygame.Rect(0, 0, min(close.width, layout.mm(60)), close.height)
        close_box.center = close.center
        paint.button(close_box, Text(N_("Close")), CLOSE, selected=True)

    def _game_on(self) -> bool:
        """Whether a game is on: `settings["in_game"]`, or a game id in `settings["game"]`; if unsaid, yes."""
        if "in_game" in self._settings:
            return bool(self._settings["in_game"])
        return self._settings.get("game", True) is not None

    def _setting_row(self, paint: Painter, area: pygame.Rect, label: Text) -> pygame.Rect:
        words, control = columns(area, [1, 2.2], gap=paint.layout.mm(2))
        paint.text(words, label, 4.5, paint.theme.ink, title=True, align="left")
        return control

    def _language(self, paint: Painter, area: pygame.Rect) -> None:
        control = self._setting_row(paint, area, Text(N_("Language")))
        current = self._settings.get("language", paint.lang)
        segmented(paint, control, [(Text(LANGUAGE_NAMES[lang]), ("language", lang)) for lang in LANGUAGES],
                  ("language", current), size_mm=5)

    def _brightness(self, paint: Painter, area: pygame.Rect) -> None:
        control = self._setting_row(paint, area, Text(N_("Brightness")))
        current = self._settings.get("brightness")
        segmented(paint, control, [(Verbatim(f"{level}%"), ("brightness", level)) for level in BRIGHTNESS_STEPS],
                  ("brightness", current))

    # --- taps -----------------------------------------------------------------------------------

    def tap(self, value: object, now: float) -> None:
        if value == CLOSE:
            self.on_close()
        elif not self.unlocked:
            self._pin_tap(value, now)
        elif self.confirming is not None:
            self._confirm_tap(value)
        else:
            self._menu_tap(value)

    def _pin_tap(self, value: object, now: float) -> None:
        if self.step == ENTER and self._locked_for(now):
            return
        if value == DELETE:
            self.entered = self.entered[:-1]
        elif value == OK and self.step != ENTER:
            self._new_pin_typed()
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == "digit":
            self.message = None
            if self.step != ENTER:
                self.entered = (self.entered + str(value[1]))[:MAX_DIGITS]
                return
            self.entered += str(value[1])
            if len(self.entered) >= self.pin.length:
                self._pin_typed(now)

    def _pin_typed(self, now: float) -> None:
        verdict = self.pin.check(self.entered, now)
        self.entered = ""
        if verdict is Verdict.OPEN:
            self.unlocked = True
        elif verdict is Verdict.CHOOSE:
            self.step = CHOOSE
            self.message = Text(NOT_THE_DEFAULT, {"pin": DEFAULT_PIN})
        elif verdict is Verdict.WRONG:
            self.message = Text(N_("Wrong PIN: try again."))

    def _new_pin_typed(self) -> None:
        typed, self.entered = self.entered, ""
        if self.step == CHOOSE:
            if typed == DEFAULT_PIN:
                self.message = Text(NOT_THE_DEFAULT, {"pin": DEFAULT_PIN})
            elif not well_formed(typed):
                self.message = Text(N_("A PIN has {low} to {high} digits."), {"low": MIN_DIGITS, "high": MAX_DIGITS})
            else:
                self._new, self.step = typed, REPEAT
        elif typed != self._new:
            self._new, self.step = "", CHOOSE
            self.message = Text(N_("The two PINs differ: choose again."))
        else:
            self.pin.choose(typed)
            self._new, self.step, self.unlocked = "", ENTER, True

    def _confirm_tap(self, value: object) -> None:
        asked, self.confirming = self.confirming, None
        if value != YES:
            return
        if asked == "end":
            self.on_end_game()
        elif asked == "restart":
            self.on_restart_game()
        elif asked == "shutdown":
            self.on_shutdown()

    def _menu_tap(self, value: object) -> None:
        if value == "selftest":
            self.on_selftest()
        elif isinstance(value, tuple) and len(value) == 2:
            kind, what = value
            if kind == "ask" and what in CONFIRMS:
                self.confirming = what
            elif kind == "language" and isinstance(what, str):
                self._settings["language"] = what
                self.on_language(what)
            elif kind == "brightness" and isinstance(what, int):
                self._settings["brightness"] = what
                self.on_brightness(what)

    def next_frame(self, now: float) -> float | None:
        """While the pad is locked, a frame each time the countdown's seconds change, and one when it
        opens again (0: a frame is due now)."""
        if self.unlocked:
            return PARTS_EVERY if self.parts is not None else None
        if self.step != ENTER:
            return None
        shown = self._locked_for(now)
        if shown != self._drawn_locked:
            return 0.0
        if shown == 0:
            return None
        return self.pin.locked_for(now) - (shown - 1)
