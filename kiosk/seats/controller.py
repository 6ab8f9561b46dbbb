"""The three-button grammar of a seat: previous, next, select; a long press goes back.

The same everywhere: a seat that becomes awaited after a wait first reads "Your move" and what is
asked (in the status line's words); any press opens the choices and only opens them, so nothing is
chosen by the press that turns to them. With a decision awaited, the seat shows the choices as a menu of at most two
levels (kiosk/seats/menu.py: previous/next to move, select to choose or to open a group); "Back" at
the end of a level, or a long press, goes back up a level, and from the top level leaves the choices to look at one's hand and
journal; select brings them back. With nothing awaited, select walks idle -> hand -> journal -> idle
(where the table serves phone seats, a last page shows the seat's link as a QR code behind a cover that ▶ lifts: scanned, the seat
moves to that phone). A private reveal (a card you were shown, a Time packet) covers everything until
it is dismissed or a button is pressed; that press only dismisses it.

Browsing is the seat's own business. A choice after which the game still offers "back" (a car, then a
category, then guests; a solution attempt tile by tile) and that shows nothing to anyone is a local
step (`Step`, foreseen by `preview` on a copy of the game): the seat walks on into what follows, a long
press or "Back" takes it back, and nothing reaches the table until a choice that cannot be taken back
sends the whole walk at once (`chosen`). A seat asked two things at once (P.I.: its public turn and
its private notes) reads the second as one more group at the end of the first, which "Done" closes;
at a table with a touchscreen, a public choice says in its footer that it can be tapped there too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from kiosk.games.base import Action, Event, Prompt
from kiosk import i18n
from kiosk.i18n import N_, Text
from kiosk.seats.learn import Learning, again_footer, again_item, explanation_pages, explanation_screen
from kiosk.seats.menu import BACK, BACK_DETAIL, DONE_FOOTER, PICK_FOOTER, SUBMENU_FOOTER, Entry, Menu
from kiosk.seats.screen import Item, Screen

DONE = N_("Done")
DONE_DETAIL = N_("Back to the choices")
TOUCH_FOOTER = N_("● or tap the board")
# The phone page opens on a cover: its code is the seat's key (whoever scans it plays the seat and
# sees its hand), so it shows only on a deliberate ▶, never on a walk of ● through the pages.
PHONE_TITLE = N_("Play on a phone")
PHONE_SHOW = N_("▶ show the code")
PHONE_DETAIL = N_("only for your phone")
# Learn as you play: a seat's first "Your move" also says how to go on (a trial's newcomer waited
# there, not knowing that any button opens the choices).
PRESS_TO_START = N_("{asked}: press ●")


class SeatPages(Protocol):
    """A game's screens for one seat, drawn from that seat's view and prompt only."""

    pages: tuple[str, ...]  # browsable pages, in order (e.g. "hand", "journal")
    # optional: `pages_hint`, what ● shows from the idle screen in one short line ("● character, journal"),
    # which a newcomer's idle screen says above its status line until ● first walks the pages (learn on: a
    # trial's newcomer never found his character nor his journal)
    # optional: `own_result(events, seat) -> Screen | None`, the result of the seat's own move among a step's
    # events (public ones too: P.I.'s answers), which the seat then holds in place of its idle screen (or its
    # "Your move") until a press (a trial's newcomer found it only on the board)

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


@dataclass(frozen=True)
class Step:
    """A choice taken on the seat alone, not yet told to the table, and what follows it."""

    action: Action
    view: dict[str, Any]  # the seat's view after it
    prompt: Prompt  # the seat's next decision, which can still take it back
    at: tuple[int, ...]  # where in the menu before it the choice stood (its path, then its index)


# The actions taken so far on the seat alone, then one more: the seat's view and prompt after them
# if that can still be taken back and shows nobody anything; None if it must go to the table.
Preview = Callable[[tuple[Action, ...]], tuple[dict[str, Any], Prompt] | None]


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
    also: tuple[Prompt, ...] = ()  # the seat's other prompts awaited at the same time
    preview: Preview | None = None  # foresees a local step (set by the referee)
    touchscreen: bool = False  # the table has a touchscreen where public choices can be tapped
    steps: list[Step] = field(default_factory=list)  # the local steps taken in this prompt
    chosen: tuple[Action, ...] = ()  # what the last press sent to the table: the local steps, then its choice
    learn: Learning | None = None  # "Learn as you play": explain each kind of decision the first time
    explaining: str | None = None  # the kind of decision whose explanation the seat reads (mode "learn")
    _asked_again: tuple[tuple[int, ...], int] | None = None  # where "?" stood, when the explanation was opened by it
    _picked: tuple[int, ...] | None = None  # the level of the last choice sent: "Done" there may follow it
    _notes: int = 0  # how many times the pages were told of events (their notes may have changed)
    _walked: bool = False  # ● has walked the pages from the idle screen (learn: its hint is then told)
    held: Screen | None = None  # the result of the seat's own last move, over the idle screen until a press
    _menu_kept: tuple[tuple[Any, ...], Menu] | None = None  # the last menu built, and what it was built from
    _screen_kept: tuple[tuple[Any, ...], Screen] | None = None  # the last screen built, and what it showed

    def update(self, view: dict[str, Any], prompt: Prompt | None, asked: Text | None = None,
               also: tuple[Prompt, ...] = (), fresh: bool = False) -> None:
        """A new view and the prompt now awaited from this seat (None when nothing is asked), with
        what it asks in words, and the seat's other prompts awaited at once. A prompt that ends a wait
        opens on "Your move" (when the words are known), as does one carried into a new leg, case or
        round (`fresh`); the next prompt of the same turn opens on its choices, on "Done" after a pick
        of a multi-select."""
        self.view = view
        self.asked = asked if prompt is not None else None
        picked, self._picked = self._picked, None
        if (prompt is not None and not fresh and self.mode == "learn" and self.prompt is not None
                and prompt.kind == self.explaining and not self.steps and prompt != self.prompt):
            # The same kind of decision, changed by another seat's move (Mystery City: a rival's
            # Companionship changes both totals) while this seat reads its explanation: it reads on.
            self.prompt, self.also, self._asked_again = prompt, also, None
            return
        if prompt != self.prompt or (fresh and prompt is not None):
            # A seat that had not opened its choices (on "Your move", its hand or journal) stays out
            # of them when its prompt changes under it: it is told what is asked, never dropped into
            # a menu it did not open (a trial's newcomer read that as "the menu reopens by itself").
            waited = self.prompt is None or fresh or self.mode not in ("prompt", "learn")
            before = self.deciding()  # after a walk sent whole: the prompt its last choice answered
            same_kind = prompt is not None and before is not None and prompt.kind == before.kind
            self.prompt, self.also, self.steps = prompt, also, []
            if prompt is not None:  # an echo of the seat's own last choice gives way to what it must do now
                self.reveals = [r for r in self.reveals if not getattr(self.ui, "gives_way", lambda r: False)(r)]
            self.index, self.path = 0, ()
            self.mode = "prompt" if prompt is not None and not (waited and self.asked is not None) else "idle"
            if same_kind and picked is not None and self.mode == "prompt":
                self._land(picked)
            self._explain_first()
        elif also != self.also:
            self.also = also
            if self.mode == "prompt" and not self.steps and not (picked is not None and self._land(picked)):
                if self.menu().level(self.path) is None:
                    self.index, self.path = 0, ()

    def chose_elsewhere(self) -> None:
        """The seat's player chose without its buttons (a card laid on the reader): as after a choice
        made in its menu, the next decision of its turn opens on its choices, not on "Your move"."""
        if self.prompt is not None and self.mode == "idle":
            self.mode, self.index, self.path = "prompt", 0, ()

    def observe(self, events: list[Event]) -> None:
        """Events this seat may see, for its pages' notes (a journal drawn from them)."""
        if events:
            self.ui.observe(events)
            self._notes += 1
            own_result = getattr(self.ui, "own_result", None)
            result = own_result(events, self.seat) if own_result is not None else None
            if result is not None:
                self.held = result

    def _explain_first(self) -> None:
        """Learn as you play: the choices of a kind of decision new at this seat open on its explanation."""
        deciding = self.deciding()
        self._asked_again = None
        if (self.mode == "prompt" and self.learn is not None and deciding is not None
                and self.learn.explanation(deciding.kind) is not None and self.learn.first(self.seat, deciding.kind)):
            self.mode, self.index, self.explaining = "learn", 0, deciding.kind

    def _learn_press(self, button: str, long: bool) -> None:
        """The explanation's pages: ● and ▶ turn them, ◀ turns back, and on the last page either goes on to
        the choices (back onto "?" when it was opened from there). ● reads on, as on every other page of
        text: two trials' newcomers pressed ● to read on and skipped the explanation when it jumped to
        the choices. A long press goes back as it does from the choices: from an explanation opened by
        "?", onto "?"; else it takes back the last local step, or leaves the choices for one's hand and
        journal."""
        assert self.learn is not None and self.explaining is not None
        explanation = self.learn.explanation(self.explaining)
        pages = len(explanation_pages(explanation, getattr(self.ui, "lang", None))) if explanation else 0
        if button in ("next", "select") and self.index + 1 < pages and not long:
            self.index += 1
        elif button not in ("next", "select") and not long:
            self.index = max(0, self.index - 1)
        else:
            again, self._asked_again = self._asked_again, None
            self.mode, self.explaining = "prompt", None
            self.path, self.index = again if again is not None else ((), 0)
            if long and again is None:
                self.press("select", long=True)

    def deciding(self) -> Prompt | None:
        """The prompt the seat's menu answers now: its last local step's, or the table's."""
        return self.steps[-1].prompt if self.steps else self.prompt

    def _land(self, picked: tuple[int, ...]) -> bool:
        """The cursor onto "Done" of the multi-select where the last pick was made, if it is still there."""
        landing = self.menu().landing(picked)
        if landing is not None:
            self.path, self.index = landing
        return landing is not None

    def reveal(self, screen: Screen) -> None:
        self.reveals.append(screen)

    def dismiss(self) -> None:
        if self.reveals:
            self.reveals.pop(0)

    def press(self, button: str, long: bool = False) -> Action | None:
        """Handle one press; returns the action chosen, if the press chose one (with the local steps
        before it, every action to send to the table is in `chosen`)."""
        self.chosen = ()
        if self.reveals:
            self.dismiss()  # any press first clears the reveal, so a card is never skipped unseen
            return None
        if self.holding():
            self.held = None  # the press that moves on from one's result only clears it, as a reveal's does
            return None
        if self.mode == "learn":
            self._learn_press(button, long)
            return None
        if long:
            if self.mode == "prompt" and self.path:  # back up one level, onto the group just left
                self.index, self.path = self.path[-1], self.path[:-1]
                return None
            if self.mode == "prompt" and self.steps:  # take the last local step back, onto that choice
                at = self.steps.pop().at
                self.path, self.index = at[:-1], at[-1]
                return None
            self.mode, self.index = ("idle", 0) if self.mode != "idle" or self.prompt is None else ("prompt", 0)
            self.path = ()
            return None
        if self.mode == "prompt" and self.prompt is not None:
            return self._menu_press(self.prompt, button)
        if self.mode == "idle" and self.prompt is not None:  # "Your move": any button opens the choices
            self.mode, self.index = "prompt", 0
            self._explain_first()
            return None
        if button == "select":
            self._next_page()
        elif self.mode in self.ui.pages:
            self.index += 1 if button == "next" else -1
        elif self.mode == "phone":  # ▶ shows the code, ◀ covers it again
            self.index = 1 if button == "next" else 0
        return None

    def _pages_key(self) -> tuple[Any, ...]:
        """What the pages draw from besides the view and prompt: their language and notes."""
        return getattr(self.ui, "lang", None), getattr(self.ui, "behind", False), i18n.language(), self._notes, self.ui.pages

    def menu(self) -> Menu:
        """The menu the seat walks now: its last local step's, or the prompt's (with the seat's other
        prompts as groups at its end). A press walks it and the screen shows it: it is built once
        for what it is built from (a menu is plain data from the view, the prompt and the pages)."""
        key = (self.steps[-1] if self.steps else None, self.prompt, self.view, self.also, self.touchscreen,
               self._pages_key())
        if self._menu_kept is None or self._menu_kept[0] != key:
            self._menu_kept = (key, self._build_menu())
        return self._menu_kept[1]

    def _build_menu(self) -> Menu:
        lang = getattr(self.ui, "lang", None)
        if self.steps:
            menu = self.ui.menu(self.steps[-1].prompt, self.steps[-1].view)
        else:
            menu = self.table_menu()
            assert self.prompt is not None
            if self.touchscreen and not self.prompt.private:  # the board takes the same choices
                menu = replace(menu, footer=Text(TOUCH_FOOTER).render(lang))
        # "Back" says once how else to go back: in its footer, where the levels' "hold ● to go back" stands
        back = Entry(Item(Text(BACK).render(lang)), back=True, footer=Text(BACK_DETAIL).render(lang))
        deciding = self.deciding()
        if self.learn is not None and deciding is not None and self.learn.explanation(deciding.kind) is not None:
            again = Entry(again_item(lang), explains=True, footer=again_footer(lang))  # its own: it is on no board
            if self.steps or not self.also:
                menu = menu.with_last(again)
            else:  # before the other prompts' groups: they stay last, one press back from the first choice
                end = len(menu.entries) - len(self.also)
                menu = replace(menu, entries=menu.entries[:end] + (again,) + menu.entries[end:])
        return replace(menu, back=back, back_footer=Text(SUBMENU_FOOTER).render(lang))

    def table_menu(self) -> Menu:
        """Every choice the table awaits from the seat now, whatever was walked on the seat alone (a
        phone answers from it): the prompt's, then each other prompt's as a group that "Done" closes."""
        lang = getattr(self.ui, "lang", None)
        assert self.prompt is not None
        menu = self.ui.menu(self.prompt, self.view)
        for other in self.also:
            done = Entry(Item(Text(DONE).render(lang), None, Text(DONE_DETAIL).render(lang)))
            menu = menu.with_group(self.ui.menu(other, self.view), done, Text(PICK_FOOTER).render(lang),
                                   Text(DONE_FOOTER).render(lang))
        return menu

    def _menu_press(self, prompt: Prompt, button: str) -> Action | None:
        menu = self.menu()
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
        if entry.explains:
            deciding = self.deciding()
            assert deciding is not None
            self._asked_again = (self.path, self.index)
            self.mode, self.index, self.explaining = "learn", 0, deciding.kind
            return None
        if entry.action is not None:
            return self._choose(entry.action, menu)
        if entry.is_group:
            other = self._other_prompt(self.index, len(entries))
            self.path, self.index = self.path + (self.index,), 0
            if (other is not None and self.learn is not None and self.learn.explanation(other.kind) is not None
                    and self.learn.first(self.seat, other.kind)):  # its explanation first, then into the group
                self._asked_again = (self.path, 0)
                self.mode, self.index, self.explaining = "learn", 0, other.kind
        elif (entry.finish or entry.back) and self.path:  # "Back", or "Done" of a multi-select picked one by one
            self.index, self.path = self.path[-1], self.path[:-1]
        else:  # select on a page of reading turns the page
            self.index = (self.index + 1) % len(entries)
        return None

    def _other_prompt(self, index: int, count: int) -> Prompt | None:
        """The seat's other prompt whose group stands at `index` of the top level of `count` entries
        (P.I.: the private notes beside the turn), if it is one: those groups end the top level."""
        if self.steps or self.path or not self.also:
            return None
        at = index - (count - len(self.also))
        return self.also[at] if at >= 0 else None

    def _choose(self, action: Action, menu: Menu) -> Action | None:
        """A local step if the game foresees one, else the action (after the local steps) for the table."""
        if action.kind == "back" and self.steps:  # back to where the walk started: the table never knew
            at = self.steps[0].at
            self.steps = []
            self.path, self.index = at[:-1], at[-1]
            return None
        walked = tuple(step.action for step in self.steps) + (action,)
        after = self.preview(walked) if self.preview is not None else None
        if after is not None:
            deciding = self.deciding()
            assert deciding is not None
            path, kind = self.path, deciding.kind
            self.steps.append(Step(action, after[0], after[1], self.path + (self.index,)))
            self.path, self.index = (), 0
            if after[1].kind == kind:  # a pick of a multi-select that goes on: onto its "Done"
                self._land(path)
            self.mode = "prompt"
            self._explain_first()
            return None
        self.chosen, self._picked = walked, self.path
        return action

    def _next_page(self) -> None:
        order = ("idle",) + self.ui.pages + (("phone",) if self.link else ())
        self._walked = True
        self.mode = order[(order.index(self.mode) + 1) % len(order)]
        self.index = 0

    def screen(self) -> Screen:
        """What the seat shows now. After each move every seat is brought up to date, and most see the
        same as before: a screen is built only when something it is built from changed (the view, the
        prompt, where the seat stands in its pages or menu, its reveal, its pages' notes and language)."""
        key = (self.reveals[0] if self.reveals else None, self.holding() and self.held, self.mode, self.explaining, self.index, self.path, self.link,
               self.asked, self._newcomer(), self._walked, self.menu() if self.mode == "prompt" and self.prompt is not None and not self.reveals
               else (self.view, self.prompt, self._pages_key()))
        if self._screen_kept is None or self._screen_kept[0] != key:
            self._screen_kept = (key, self._build_screen())
        return self._screen_kept[1]

    def _build_screen(self) -> Screen:
        if self.reveals:
            return self.reveals[0]
        if self.mode == "prompt" and self.prompt is not None:
            return self.menu().screen(self.path, self.index)
        if self.mode == "learn" and self.learn is not None and self.explaining is not None:
            explanation = self.learn.explanation(self.explaining)
            if explanation is not None:
                return explanation_screen(explanation, getattr(self.ui, "lang", None), self.index)
        if self.mode in self.ui.pages:
            return self.ui.page(self.mode, self.view, self.index)
        if self.mode == "phone" and self.link:
            lang = getattr(self.ui, "lang", None)
            if self.index == 0:  # a cover: ● walking the pages never shows the seat's key to the table by chance
                return Screen(Text(PHONE_TITLE).render(lang), (Item(Text(PHONE_SHOW).render(lang), None,
                                                                    Text(PHONE_DETAIL).render(lang)),))
            return Screen(Text(N_("Scan to play this seat on your phone")).render(lang), qr=self.link)
        if self.holding():
            assert self.held is not None
            return self.held
        if self.prompt is not None and self.asked is not None:
            return self.your_move()
        return self._hinted(self.ui.idle(self.view))

    def holding(self) -> bool:
        """Whether the seat shows the result of its own last move: over its idle screen or "Your move" (a
        two-seat table's bot answers at once: the next press opens the choices), the game not over (its
        idle screen then tells the end)."""
        return self.held is not None and self.mode == "idle" and not self.view.get("over")

    def _hinted(self, idle: Screen) -> Screen:
        """The idle screen, with learn on and the pages not yet walked: the game's `pages_hint` on the line
        above the status line, which stays where it was (a notice of two lines: the hint, then the status).
        Not once the game is over: that line is the seat's end then ("Final scores")."""
        hint = getattr(self.ui, "pages_hint", None)
        if self.learn is None or self._walked or hint is None or not idle.footer or idle.notice \
                or self.view.get("over"):
            return idle
        lang = getattr(self.ui, "lang", None)
        return replace(idle, notice=f"{Text(hint).render(lang)}\n{idle.footer}", footer="")

    def _newcomer(self) -> bool:
        """Learn as you play, and this seat has yet to open its first explanation."""
        return self.learn is not None and not any(seat == self.seat for seat, _ in self.learn.explained)

    def your_move(self, buttons: bool = True) -> Screen:
        """The idle screen while this seat is awaited (when the wait ends, or after a long press left
        the choices): inverted, "Your move" in the title bar and what is asked at the bottom, over the
        idle body as it was. Several seats are often awaited at once (a bid, a telegram, a card to
        pass) and their updates cross one bus in turn: a new page costs each seat 650-800 bytes, a
        new title and bottom lines 380-550 (`make bench`). Any button opens the choices. Without
        `buttons` (the phone's page, whose choices are always open) a newcomer is not told to press ●."""
        lang = getattr(self.ui, "lang", None)
        assert self.asked is not None
        asked = self.asked.render(lang)
        notice = asked[:1].upper() + asked[1:]
        if self._newcomer() and buttons:
            notice = Text(PRESS_TO_START, {"asked": notice}).render(lang)  # a newcomer's first turn: say how
        return replace(self.ui.idle(self.view), title=Text(N_("Your move")).render(lang), notice=notice, inverted=True)
