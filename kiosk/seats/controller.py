"""The three-button grammar of a seat: previous, next, select; a long press goes back.

The same everywhere: a seat that becomes awaited after a wait first reads "Your move" and what is
asked (in the status line's words); any press opens the choices and only opens them, so nothing is
chosen by the press that turns to them. With a decision awaited, the seat shows the choices as a menu of at most two
levels (kiosk/seats/menu.py: previous/next to move, select to choose or to open a group); a long
press goes back up a level, and from the top level leaves the choices to look at one's hand and
journal; select brings them back. With nothing awaited, select walks idle -> hand -> journal -> idle
(where the table serves phone seats, a last page shows the seat's link as a QR code: scanned, the seat
moves to that phone). A private reveal (a card you were shown, a Time packet) covers everything until
it is dismissed or a button is pressed; that press only dismisses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from kiosk.games.base import Action, Event, Prompt
from kiosk.i18n import N_, Text
from kiosk.seats.menu import Menu
from kiosk.seats.screen import Screen


class SeatPages(Protocol):
    """A game's screens for one seat, drawn from that seat's view and prompt only."""

    pages: tuple[str, ...]  # browsable pages, in order (e.g. "hand", "journal")

    def idle(self, view: dict[str, Any]) -> Screen: ...

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen: ...

    def menu(self, prompt: Prompt, view: dict[str, Any]) -> Menu:
        """The prompt's choices worth offering (none impossible, none pointless), grouped where that
        helps, after any pages to read first (Watson & Holmes: the card being read)."""
        ...

    def reveal(self, event: Event, seat: int) -> Screen | None:
        """A private event shown large for a moment, as `seat` reads it: a card it showed or lost
        reads as its own ("You showed ..."), never as something shown to it."""
        ...

    def observe(self, events: list[Event]) -> None:
        """Every event of a step that this seat may see (for pages that keep notes)."""
        ...


@dataclass
class SeatController:
    seat: int
    ui: SeatPages
    view: dict[str, Any] = field(default_factory=dict)
    prompt: Prompt | None = None
    mode: str = "idle"  # "idle", a page name, or "prompt"
    index: int = 0
    path: tuple[int, ...] = ()  # the groups opened in the prompt's menu
    reveals: list[Screen] = field(default_factory=list)
    asked: Text | None = None  # what the awaited prompt asks, in words the table's status line uses too
    link: str | None = None  # the seat's phone link (kiosk/web): a last page shows it as a QR code

    def update(self, view: dict[str, Any], prompt: Prompt | None, asked: Text | None = None,
               fresh: bool = False) -> None:
        """A new view and the prompt now awaited from this seat (None when nothing is asked), with
        what it asks in words. A prompt that ends a wait opens on "Your move" (when the words are
        known), as does one carried into a new leg, case or round (`fresh`); the next prompt of the
        same turn opens on its choices."""
        self.view = view
        self.asked = asked if prompt is not None else None
        if prompt != self.prompt or (fresh and prompt is not None):
            waited = self.prompt is None or fresh
            self.prompt = prompt
            self.index, self.path = 0, ()
            self.mode = "prompt" if prompt is not None and not (waited and self.asked is not None) else "idle"

    def reveal(self, screen: Screen) -> None:
        self.reveals.append(screen)

    def dismiss(self) -> None:
        if self.reveals:
            self.reveals.pop(0)

    def press(self, button: str, long: bool = False) -> Action | None:
        """Handle one press; returns the action chosen, if the press chose one."""
        if self.reveals:
            self.dismiss()  # any press first clears the reveal, so a card is never skipped unseen
            return None
        if long:
            if self.mode == "prompt" and self.path:  # back up one level, onto the group just left
                self.index, self.path = self.path[-1], self.path[:-1]
                return None
            self.mode, self.index = ("idle", 0) if self.mode != "idle" or self.prompt is None else ("prompt", 0)
            self.path = ()
            return None
        if self.mode == "prompt" and self.prompt is not None:
            return self._menu_press(self.prompt, button)
        if self.mode == "idle" and self.prompt is not None:  # "Your move": any button opens the choices
            self.mode, self.index = "prompt", 0
            return None
        if button == "select":
            self._next_page()
        elif self.mode in self.ui.pages:
            self.index += 1 if button == "next" else -1
        return None

    def _menu_press(self, prompt: Prompt, button: str) -> Action | None:
        menu = self.ui.menu(prompt, self.view)
        level = menu.level(self.path)
        if level is None:  # the choices changed under an open group: start again from the top
            self.path, level = (), menu.level(())
        assert level is not None
        entries = level[1]
        self.index %= len(entries)
        if button != "select":
            self.index = (self.index + (1 if button == "next" else -1)) % len(entries)
            return None
        entry = entries[self.index]
        if entry.action is not None:
            return entry.action
        if entry.is_group:
            self.path, self.index = self.path + (self.index,), 0
        else:  # select on a page of reading turns the page
            self.index = (self.index + 1) % len(entries)
        return None

    def _next_page(self) -> None:
        order = ("idle",) + self.ui.pages + (("phone",) if self.link else ())
        self.mode = order[(order.index(self.mode) + 1) % len(order)]
        self.index = 0

    def screen(self) -> Screen:
        if self.reveals:
            return self.reveals[0]
        if self.mode == "prompt" and self.prompt is not None:
            return self.ui.menu(self.prompt, self.view).screen(self.path, self.index)
        if self.mode in self.ui.pages:
            return self.ui.page(self.mode, self.view, self.index)
        if self.mode == "phone" and self.link:
            return Screen(Text(N_("Scan to play this seat on your phone")).render(getattr(self.ui, "lang", None)), qr=self.link)
        if self.prompt is not None and self.asked is not None:
            return self.your_move()
        return self.ui.idle(self.view)

    def your_move(self) -> Screen:
        """The idle screen while this seat is awaited (when the wait ends, or after a long press left
        the choices): inverted, "Your move" in the title bar and what is asked at the bottom, over the
        idle body as it was. Several seats are often awaited at once (a bid, a telegram, a card to
        pass) and their updates cross one bus in turn: a new page costs each seat 650-800 bytes, a
        new title and bottom lines 380-550 (`make bench`). Any button opens the choices."""
        lang = getattr(self.ui, "lang", None)
        assert self.asked is not None
        asked = self.asked.render(lang)
        return replace(self.ui.idle(self.view), title=Text(N_("Your move")).render(lang),
                       notice=asked[:1].upper() + asked[1:], inverted=True)
