"""A prompt's choices as a menu of at most two levels, for three buttons (previous, next, select).

A long flat list ("Your turn 1/14") is hard to walk with three buttons: a game groups its choices
(first what, then which: a car, then what to do there; a category, then a card). Each level shows its
own position ("2/4"); select on a group opens it, a long press goes back up one level. A group of a
single choice is not a group: that choice stands at the upper level itself.

An entry that is neither a choice nor a group is a page of reading (a card's text, a question):
select turns to the next entry. Its own title, if it has one, stands in the title bar while it shows
(P.I.: "Case of Seat 1" over the three cards the seat holds, before its first choices of a case).

Every level below the top ends with "Back" (select there goes up, as a long press does), unless it is
a multi-select, whose "Done" goes back up already; its footer says how to back out.

A choice that costs points or cannot be taken back (an accusation, an answer at 221B) is `confirmed`:
select on it opens a one-screen summary of what will be sent, where select sends it and "Back" returns
with nothing sent.

A multi-select (guests to invite, markers to note) is a level whose last entry finishes it ("Done"):
after each pick the cursor lands on that entry, which says how to finish, so select-select-select
never walks round a list that seems to have no way out. A finishing entry without an action of its
own goes back up a level (the choices it closes were taken one by one).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from kiosk.games.base import Action
from kiosk.i18n import N_, Text
from kiosk.seats.canvas import LINE_WIDTH, paragraph
from kiosk.seats.screen import PAGE_LINES, Item, Screen

LONG = 6  # a list longer than this is split in two levels, where it falls into groups


@dataclass(frozen=True)
class Entry:
    item: Item
    action: Action | None = None  # select chooses this action
    below: tuple[Entry, ...] = ()  # select opens these (a group); the item names the group
    footer: str | None = None  # this entry's own footer line, instead of the menu's
    title: str = ""  # a group's: the title of the level it opens (its item's label if none); a page of reading's: its own
    finish: bool = False  # the entry that finishes a multi-select: the cursor lands here after each pick
    back: bool = False  # the entry that goes back up a level
    confirms: bool = False  # a group that is one choice's summary (`confirmed`), not a level of choices
    explains: bool = False  # "?": select opens the explanation of this kind of decision (kiosk/seats/learn.py)
    refused: bool = False  # a choice that cannot be taken now, as a page that says why (`not_now`), in its place among the choices

    @property
    def is_group(self) -> bool:
        return bool(self.below)


# Under a list to browse. The two arrows stand apart: side by side the seat font draws them as one
# double-headed arrow (its triangles fill their cells to the edge).
BROWSE_FOOTER = N_("◀ ▶ browse · ● choose")
PICK_FOOTER = N_("Then Done to finish")  # under each pick of a multi-select
DONE_FOOTER = N_("● to finish")  # under its "Done"
BACK = N_("Back")
BACK_DETAIL = N_("or hold ● anywhere")
SUBMENU_FOOTER = N_("hold ● to go back")  # under the choices of a level below the top
CONFIRM_FOOTER = N_("● send · hold ● back")  # under the summary of a choice that cannot be taken back


# A choice that cannot be taken now stands in its place all the same, as a page that says why (a
# Mystery Express car that offers nothing yet, a Watson & Holmes card locked to this seat): it is no
# choice, so ● turns to the next entry, and its footer does not say "choose".
NOT_NOW = N_("Not now: {reasons}.")
NOT_NOW_FOOTER = N_("◀ ▶ browse")


def not_now(heading: list[str], reasons: list[str], lang: str) -> Entry:
    """A refused choice as a page to read: `heading` (what it is, a line each), then "Not now:" and
    the `reasons` (already in `lang`), within one page of the seat."""
    page = tuple(not_now_lines(heading, reasons, lang)[:PAGE_LINES])
    footer = "" if len(page) >= PAGE_LINES else Text(NOT_NOW_FOOTER).render(lang)
    return Entry(Item(page[0], lines=page), footer=footer, refused=True)


def not_now_lines(heading: list[str], reasons: list[str], lang: str) -> list[str]:
    """Every line of a `not_now` page, before it is cut to one page (more than `PAGE_LINES`: too long)."""
    return heading + paragraph(Text(NOT_NOW, {"reasons": "; ".join(reasons)}).render(lang), LINE_WIDTH)


def confirmed(entry: Entry, title: str, summary: tuple[str, ...], footer: str) -> Entry:
    """`entry`'s choice behind a summary of what it sends (at most three lines: the footer keeps the
    fourth): select on the entry opens the summary, select on the summary sends the choice, and the
    level's "Back" returns with nothing sent. The summary's item is labelled by the first line, which
    is what a phone shows on its button."""
    assert entry.action is not None and summary
    page = Entry(Item(summary[0], entry.item.mark, " · ".join(summary[1:]), lines=summary), entry.action,
                 footer=footer)
    return Entry(entry.item, below=(page,), footer=entry.footer, title=title, confirms=True)


def multi_select(picks: Iterable[Entry], done: Entry, pick_footer: str, done_footer: str) -> tuple[Entry, ...]:
    """The entries of a multi-select: the picks, then `done` last, which finishes it. Each pick's
    footer says how to finish (`pick_footer`), and so does `done`'s (`done_footer`)."""
    return tuple(replace(e, footer=pick_footer) for e in picks) + (replace(done, finish=True, footer=done_footer),)


def finish_index(entries: tuple[Entry, ...]) -> int | None:
    """Where the entry that finishes this level's multi-select stands, if the level is one."""
    return next((i for i, e in enumerate(entries) if e.finish), None)


@dataclass(frozen=True)
class Menu:
    title: str
    entries: tuple[Entry, ...]
    footer: str = ""
    asking: str = ""  # who asked this of the seat, and for what ("Doctor Strauss asks for a Motive"): the phone says it above the choices
    back: Entry | None = None  # ends every level below the top but a multi-select's (the seat sets it, in its language)
    back_footer: str | None = None  # the footer of those levels' choices (how to back out)

    def level(self, path: tuple[int, ...]) -> tuple[str, tuple[Entry, ...]] | None:
        """The title and entries one reaches by opening the groups at `path`; None if the path
        no longer leads to a group (the choices changed under it)."""
        title, entries = self.title, self.entries
        for step in path:
            if not 0 <= step < len(entries) or not entries[step].is_group:
                return None
            title, entries = entries[step].title or entries[step].item.label, entries[step].below
        if path and self.back is not None and finish_index(entries) is None:
            entries += (self.back,)
        return title, entries

    def screen(self, path: tuple[int, ...] = (), index: int = 0) -> Screen:
        found = self.level(path) or self.level(())
        assert found is not None
        title, entries = found
        index %= len(entries)
        if entries[index].title and entries[index].action is None and not entries[index].is_group:
            title = entries[index].title  # a page of reading under its own title
        footer = entries[index].footer
        if footer is None:
            footer = self.back_footer if path and self.back_footer is not None else self.footer
        return Screen(title, tuple(e.item for e in entries), index, footer=footer)

    def landing(self, path: tuple[int, ...]) -> tuple[tuple[int, ...], int] | None:
        """Where the cursor goes after a pick made at `path`: onto the finishing entry of the nearest
        multi-select at or above that level (None when there is none: the menu starts again)."""
        for depth in range(len(path), -1, -1):
            found = self.level(path[:depth])
            done = finish_index(found[1]) if found is not None else None
            if done is not None:
                return path[:depth], done
        return None

    def with_group(self, other: Menu, done: Entry, pick_footer: str, done_footer: str) -> Menu:
        """This menu with another menu's choices as one more group at its end, a multi-select that
        `done` finishes (P.I.: a seat's private notes beside its public turn)."""
        below = multi_select(other.entries, done, pick_footer, done_footer)
        group = Entry(Item(other.title), below=below, footer=other.footer, title=other.title)
        return replace(self, entries=self.entries + (group,))

    def with_last(self, entry: Entry) -> Menu:
        """This menu with `entry` at the end of its top level, before a closing "Back" or "Done"."""
        entries = self.entries
        end = len(entries)
        while end and _closing(entries[end - 1]):
            end -= 1
        return replace(self, entries=entries[:end] + (entry,) + entries[end:])

    def leaves(self) -> list[Action]:
        """Every action this menu offers, at whatever depth."""
        return [a for e in self.entries for a in _leaves(e)]

    def screens(self) -> list[Screen]:
        """Every screen of the menu, each entry of each level once (for tests and leak checks)."""
        found: list[Screen] = []

        def walk(path: tuple[int, ...]) -> None:
            found_level = self.level(path)
            assert found_level is not None
            for i, entry in enumerate(found_level[1]):
                found.append(self.screen(path, i))
                if entry.is_group:
                    walk(path + (i,))

        walk(())
        return found


def _closing(entry: Entry) -> bool:
    """An entry that closes its level: "Back" (its own, or the game's back action) or "Done"."""
    return entry.back or entry.finish or (entry.action is not None and entry.action.kind == "back")


def _leaves(entry: Entry) -> list[Action]:
    if entry.action is not None:
        return [entry.action]
    return [a for e in entry.below for a in _leaves(e)]


def grouped(leaves: Iterable[tuple[Hashable, Entry]], heading: Callable[[Any, tuple[Entry, ...]], Item],
            title: Callable[[Any], str] | None = None) -> tuple[Entry, ...]:
    """Leaves gathered under a heading per key, in the order each key first appears.

    A key of None leaves its entry at the upper level; a group of one entry is that entry itself
    (with its item as `heading` draws it, so it still says what it is about). `title` names the
    level a group opens, where its heading is too long for a title bar."""
    slots: list[tuple[Hashable, list[Entry]]] = []
    groups: dict[Hashable, list[Entry]] = {}
    for key, entry in leaves:
        if key is None:
            slots.append((None, [entry]))
        elif key in groups:
            groups[key].append(entry)
        else:
            groups[key] = [entry]
            slots.append((key, groups[key]))
    entries: list[Entry] = []
    for key, members in slots:
        if key is None:
            entries.append(members[0])
            continue
        below = tuple(members)
        item = heading(key, below)
        if len(below) == 1:
            entries.append(Entry(item, below[0].action, below[0].below, below[0].footer))
        else:
            entries.append(Entry(item, below=below, title=title(key) if title else ""))
    return tuple(entries)
