"""The Mystery City board: a card table in felt green, drawn from the public view and public events.

Around the felt: each seat with its hand size (a stack of card backs), the revolver of the turn and
who is out; the turn direction; the cards out of the game. On the felt: the combat (who attacks whom
on which attribute, the cards each side laid face up with their value, the couple and Companionship
bonuses, the totals) and big dice for every 2D6 roll, which tumble for a moment when they are thrown.
A banner tells the last public event. At the end, the winner. Public choices (none in the rules as
written: every Mystery City decision is taken on the seats) become buttons through `context.submit`.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.awaited import Awaited
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.cards import ATTRIBUTE_NAMES
from kiosk.games.mystery_city.narrate import EXCHANGE_RESULTS
from kiosk.i18n import N_, Text, TextList, counted
from kiosk.seats.mystery_city import choice_words
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words
from kiosk.ui.scene import ON_TIME
from kiosk.ui.theme import Colour, Theme, theme_for

ROLL_SECONDS = 0.9  # how long thrown dice tumble before they settle
FRAME = 1 / 15
CARD_FACE: Colour = (250, 246, 232)
CARD_INK: Colour = (28, 28, 32)
SPECIAL_RED: Colour = (176, 32, 40)
CARD_BACK: Colour = (120, 24, 36)
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
DIRECTIONS = {"counterclockwise": N_("Counterclockwise"), "clockwise": N_("Clockwise")}
ROLES = {"attacker": N_("Attacks"), "defender": N_("Defends")}
PICK_ATTRIBUTE = "attribute"  # a tap on an attribute of a public attack choice: pick the rival next
MORE = "more"


@dataclass
class MysteryCityBoard:
    context: BoardContext
    theme: Theme
    view: dict[str, Any] = field(default_factory=dict)
    prompts: list[Prompt] = field(default_factory=list)
    awaited: tuple[Awaited, ...] = ()
    banner: Text | None = None
    exchange: dict[str, Any] | None = None  # the last exchange resolved (kept after the combat ends)
    rolled_at: float | None = None
    picked: str | None = None  # the attribute picked in a public attack choice, before the rival
    page: int = 0
    shown_dice: list[list[int]] = field(default_factory=list)  # the dice faces drawn in the last frame

    # --- what the table tells the board ----------------------------------------------------------

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        self.awaited = awaited
        public = [p for p in prompts if not p.private and p.seat not in self.context.bots]
        if [p.actions for p in public] != [p.actions for p in self.prompts]:
            self.picked, self.page = None, 0
        self.view, self.prompts = view, public

    def observe(self, events: list[Event], now: float) -> None:
        for event in events:
            if event.audience is not None:
                continue  # never drawn: private to some seats
            if event.kind == "exchange":
                self.exchange = event.data
                self.banner = self.result(event.data)
            else:
                if rolls_dice(event):  # a "?" is rolled when its card is shown (rules 6)
                    self.rolled_at = now
                if event.kind in ("attack", "turn"):
                    self.exchange = None
                self.banner = self.sentence(event) or self.banner

    def sentence(self, event: Event) -> Text | None:
        """The narrator's sentence for a public event, keeping only the parameters it shows (the
        narrator passes the event's bookkeeping along, such as a card's role, which is no word)."""
        text = self.context.narrator.describe(event)
        if text is None:
            return None
        shown = {name for _, name, _, _ in string.Formatter().parse(text.msgid) if name}
        return Text(text.msgid, {key: value for key, value in text.params.items() if key in shown})

    def result(self, data: dict[str, Any]) -> Text:
        winner = data["winner"]
        loser = next((s["seat"] for s in data["sides"] if s["seat"] != winner), None) if winner is not None else None
        seat = self.context.narrator.seat
        return Text(EXCHANGE_RESULTS[data["reason"]], {
            "seat": seat(winner) if winner is not None else "",
            "loser": seat(loser) if loser is not None else "",
        })

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        self.shown_dice = []
        layout = paint.layout
        gap = layout.mm(2)
        screen = inset(paint.surface.get_rect(), gap)
        choices = self.choice_height(paint) if self.prompts else 0
        top, banner = layout.mm(9), layout.mm(11)
        if layout.portrait:
            seats, pile = layout.mm(26), layout.mm(16)
            rest = screen.height - top - seats - pile - banner - choices - 6 * gap
            top_box, seats_box, felt, side, banner_box, bottom = rows(
                screen, [top, seats, rest, pile, banner, choices], gap=gap)
        else:
            if choices:
                top = 0  # a short landscape screen gives the title's room to the choices
            top_box, middle, banner_box, bottom = rows(
                screen, [top, screen.height - top - banner - choices - 4 * gap, banner, choices], gap=gap)
            seats_box, felt, side = columns(middle, [2.1, 5.4, 1.6], gap=gap)
        if top_box.height:
            self.draw_top(paint, top_box)
        self.draw_seats(paint, seats_box)
        self.draw_felt(paint, felt, now)
        self.draw_removed(paint, side)
        self.draw_banner(paint, banner_box)
        if self.prompts:
            self.draw_choices(paint, bottom)

    def choice_height(self, paint: Painter) -> int:
        """Room for the public choices: a label and two rows of buttons of at least 9 mm."""
        return paint.layout.mm(6) + 2 * (paint.layout.min_touch + paint.layout.mm(2)) + paint.layout.mm(1.5)

    def draw_top(self, paint: Painter, rect: pygame.Rect) -> None:
        title, turn = columns(rect, [1, 1.6], gap=paint.layout.mm(2))
        paint.text(title, Text(N_("Mystery City")), 8, paint.theme.accent, title=True, align="left")
        if not self.view:
            return
        waiting, order = rows(turn, [1.3, 1])
        status_line.draw(paint, waiting, self.context, self.awaited, self.view)
        arrow, words = columns(order, [1, 5])
        self.draw_direction(paint, arrow, self.view["direction"] == "clockwise")
        paint.text(words, Text(N_("Turn order: {direction}"), {"direction": Text(DIRECTIONS[self.view["direction"]])}),
                   4.5, paint.theme.muted, align="left", min_mm=1.8)

    def draw_direction(self, paint: Painter, rect: pygame.Rect, clockwise: bool) -> None:
        """A circular arrow: the way the revolver goes round the table."""
        size = min(rect.width, rect.height) - 4
        box = pygame.Rect(0, 0, size, size)
        box.center = rect.center
        width = max(2, size // 10)
        pygame.draw.arc(paint.surface, paint.theme.accent, box, math.radians(20), math.radians(320), width)
        # the arrow head sits at one end of the arc, pointing along the turn
        angle = math.radians(20 if clockwise else 320)
        r = size / 2
        tip = (box.centerx + r * math.cos(angle), box.centery - r * math.sin(angle))
        turn = -1 if clockwise else 1
        along = (-math.sin(angle) * turn, -math.cos(angle) * turn)
        head = size * 0.28
        normal = (along[1], -along[0])
        points = [
            (tip[0] + along[0] * head, tip[1] + along[1] * head),
            (tip[0] + normal[0] * head * 0.6, tip[1] + normal[1] * head * 0.6),
            (tip[0] - normal[0] * head * 0.6, tip[1] - normal[1] * head * 0.6),
        ]
        pygame.draw.polygon(paint.surface, paint.theme.accent, points)

    def draw_seats(self, paint: Painter, rect: pygame.Rect) -> None:
        players = self.view.get("players", [])
        if not players:
            return
        gap = paint.layout.mm(1.5)
        if paint.layout.portrait:
            boxes = grid(rect, len(players), 2, gap=gap)
        else:
            boxes = rows(rect, [1] * len(players), gap=gap)
        for box, player in zip(boxes, players):
            self.draw_seat(paint, box, player)

    def draw_seat(self, paint: Painter, rect: pygame.Rect, player: dict[str, Any]) -> None:
        theme = paint.theme
        seat = player["seat"]
        active = self.view.get("active") == seat and self.view.get("stage") != "register"
        winner = self.view.get("winner") == seat
        out = player["eliminated"]
        radius = paint.layout.mm(1.5)
        paint.box(rect, theme.panel if not out else theme.background, theme.accent if active or winner else theme.muted,
                  radius=radius, width=3 if active or winner else 1)
        pad = paint.layout.mm(1.2)
        inner = inset(rect, pad)
        stack, words = columns(inner, [1, 3.2], gap=pad)
        self.draw_stack(paint, stack, player["hand_size"], out)
        name, status = rows(words, [1, 1])
        paint.text(name, self.context.narrator.seat(seat), 5, theme.ink if not out else theme.muted, title=True,
                   align="left")
        paint.text(status, self.seat_status(player), 3.8, theme.accent if active or winner else theme.muted,
                   align="left")

    def seat_status(self, player: dict[str, Any]) -> Text:
        """The seat's part now (its hand size is on its stack of cards)."""
        seat = player["seat"]
        if self.view.get("winner") == seat:
            return Text(N_("Winner"))
        if player["eliminated"]:
            return Text(N_("Out of the game"))
        combat = self.view.get("combat")
        if combat is not None and seat in (combat["attacker"], combat["defender"]):
            return Text(ROLES["attacker" if seat == combat["attacker"] else "defender"])
        if self.view.get("active") == seat and self.view.get("stage") != "register":
            return Text(N_("Revolver"))
        return counted("{count} card", "{count} cards", player["hand_size"])

    def draw_stack(self, paint: Painter, rect: pygame.Rect, count: int, out: bool) -> None:
        """A small stack of card backs, one sliver per card (up to eight), with the count on top."""
        height = min(rect.height, int(rect.width * 1.3))
        width = int(height / 1.4)
        shown = min(count, 8)
        step = max(1, min(paint.layout.mm(0.6), height // 16))
        base = pygame.Rect(0, 0, width - step * max(0, shown - 1) // 2, height - step * max(0, shown - 1))
        base.bottomleft = (rect.left + (rect.width - width) // 2, rect.centery + height // 2)
        radius = max(2, paint.layout.mm(0.8))
        for i in range(shown):
            card = base.move(i * step // 2, -i * step)
            paint.box(card, CARD_BACK, CARD_FACE, radius=radius, width=1)
        if shown == 0:
            paint.box(base, None, paint.theme.muted, radius=radius, width=1)
        top = base.move((shown - 1) * step // 2, -(shown - 1) * step) if shown else base
        paint.text(inset(top, 2), Verbatim(str(count)), 5, CARD_FACE if not out else paint.theme.muted, title=True)

    def draw_removed(self, paint: Painter, rect: pygame.Rect) -> None:
        """The cards out of the game, public (rules 12): a column beside the felt, a strip in portrait."""
        removed = self.view.get("removed", [])
        theme = paint.theme
        paint.box(rect, None, theme.muted, radius=paint.layout.mm(1.5), width=1)
        inner = inset(rect, paint.layout.mm(1.2))
        if paint.layout.portrait:
            count_box, names = columns(inner, [1.4, 5], gap=paint.layout.mm(2))
            head, count = rows(count_box, [1, 1.3])
        else:
            head, count, names = rows(inner, [1.2, 1, 5])
        paint.text(head, Text(N_("Out of the game")), 3.8, theme.muted, title=True, min_mm=1.8)
        paint.text(count, Verbatim(str(len(removed))), 6, theme.ink, title=True)
        if removed:
            paint.text(names, TextList(tuple(self.context.narrator.card(c) for c in removed)), 3.2, theme.muted,
                       valign="top" if not paint.layout.portrait else "middle", min_mm=1.8)

    def draw_felt(self, paint: Painter, rect: pygame.Rect, now: float) -> None:
        theme = paint.theme
        radius = paint.layout.mm(6)
        paint.box(rect, (14, 70, 43), (96, 60, 30), radius=radius, width=max(4, paint.layout.mm(1.5)))
        inner = inset(rect, paint.layout.mm(4))
        if self.view.get("over"):
            self.draw_winner(paint, inner)
            return
        combat = self.view.get("combat")
        if combat is None:
            if self.exchange is not None:
                self.draw_duel(paint, inner, self.exchange["attribute"], self.exchange["sides"], None, now)
            elif self.view.get("stage") == "register":
                paint.text(inner, Text(N_("Tap your cards on the reader, one seat at a time.")), 6, theme.ink)
            elif self.view.get("active") is not None:
                line = Text(N_("{seat} takes the revolver."), {"seat": self.context.narrator.seat(self.view["active"])})
                paint.text(inner, line, 7, theme.ink, title=True)
            return
        current = combat["exchanges"][-1]
        self.draw_duel(paint, inner, current["attribute"], current["sides"], combat, now)

    def draw_duel(self, paint: Painter, rect: pygame.Rect, attribute: str, shown: list[dict[str, Any]],
                  combat: dict[str, Any] | None, now: float) -> None:
        """The duel: each side's cards, and for each card shown its value, dice and bonuses."""
        gap = paint.layout.mm(1.5)
        head, body = rows(rect, [1, 5.5], gap=gap)
        paint.text(head, Text(ATTRIBUTE_NAMES[attribute]), 8, paint.theme.accent, title=True)
        by_seat = {s["seat"]: s for s in shown}
        if combat is not None:
            sides = [combat["attacker"], combat["defender"]]
        else:
            sides = list(by_seat)
        for box, seat in zip(columns(body, [1, 1], gap=paint.layout.mm(4)), sides):
            if combat is not None:
                cards = [c["card"] for c in combat["table"] if c["seat"] == seat]
            else:
                cards = [by_seat[seat]["card"]]
            self.draw_side(paint, box, seat, cards, attribute, by_seat.get(seat), combat, now)

    def draw_side(self, paint: Painter, rect: pygame.Rect, seat: int, cards: list[str], attribute: str,
                  side: dict[str, Any] | None, combat: dict[str, Any] | None, now: float) -> None:
        theme = paint.theme
        gap = paint.layout.mm(1)
        who, table, total = rows(rect, [1, 4, 1.1], gap=gap)
        name = self.context.narrator.seat(seat)
        words: Words = name
        if combat is not None:
            role = ROLES["attacker" if seat == combat["attacker"] else "defender"]
            words = Text(N_("{seat} · {role}"), {"seat": name, "role": Text(role)})
        paint.text(who, words, 4.5, theme.ink, title=True, min_mm=1.8)
        rolls = [pair[-1] for pair in (side["rolls"], side["partner_rolls"], side["companion_rolls"]) if pair] if side else []
        if rolls:
            table, dice = columns(table, [3, 1], gap=gap)
            self.draw_dice(paint, dice, rolls, now)
        if cards:
            shown = cards[-3:]  # the newest three: a long tie shows its latest cards
            width = min(table.width // len(shown), int(table.height / 1.35))
            row = pygame.Rect(0, 0, width * len(shown), table.height)
            row.center = table.center
            for box, card in zip(columns(row, [1] * len(shown), gap=gap), shown):
                self.draw_card(paint, box, card, attribute, fighting=card == cards[-1])
        else:
            slot = pygame.Rect(0, 0, int(table.height / 1.45), table.height)
            slot.center = table.center
            paint.box(slot, None, theme.muted, radius=paint.layout.mm(1.5), width=1)
        if side is not None:
            parts = [str(side["value"])]
            if side["partner"] is not None:
                parts.append(str(side["partner_value"]))
            if side["companion"] is not None:
                parts.append(str(side["companion_value"]))
            sums = " + ".join(parts) + f" = {side['total']}" if len(parts) > 1 else f"= {side['total']}"
            paint.text(total, Verbatim(sums), 6, theme.accent, title=True)

    def draw_card(self, paint: Painter, rect: pygame.Rect, card: str, attribute: str, fighting: bool) -> None:
        """A character card face up: its name and its value in the attribute fought over."""
        data = self.context.narrator.cards.card(card)
        width = min(rect.width, int(rect.height / 1.35))
        face = pygame.Rect(0, 0, width, min(rect.height, int(width * 1.45)))
        face.center = rect.center
        if not fighting:
            face = inset(face, paint.layout.mm(1.5))
        radius = paint.layout.mm(1.5)
        paint.box(face, CARD_FACE, SPECIAL_RED if data.special else (150, 130, 90), radius=radius,
                  width=max(2, paint.layout.mm(0.8 if data.special else 0.4)))
        inner = inset(face, paint.layout.mm(1))
        name, value, mark = rows(inner, [1.6, 2, 0.8])
        paint.text(name, self.context.narrator.card(card), 4.2, CARD_INK, title=True, min_mm=1.8)
        paint.text(value, Verbatim(str(data.values[attribute])), 11 if fighting else 8,
                   SPECIAL_RED if data.special else CARD_INK, title=True)
        if data.special:  # a star as well as the red: colour is never the only signal
            paint.text(mark, Verbatim("★"), 3.5, SPECIAL_RED)

    def draw_dice(self, paint: Painter, rect: pygame.Rect, rolls: list[list[int]], now: float) -> None:
        """Big dice, a pair per roll (the card's own, then a partner's or Chomp's), stacked."""
        tick = int((now - (self.rolled_at or 0.0)) / FRAME) if self.tumbling(now) else 0
        cells = rows(rect, [1] * (2 * len(rolls)), gap=paint.layout.mm(1))
        faces = self.dice_faces(rolls, now)
        self.shown_dice.append(faces)
        for cell, pips in zip(cells, faces):
            side = min(cell.width, cell.height, paint.layout.mm(16))
            die = pygame.Rect(0, 0, side, side)
            die.center = cell.center
            self.draw_die(paint, die, pips, tilt=tick % 2)

    def dice_faces(self, rolls: list[list[int]], now: float) -> list[int]:
        """The faces the dice show: tumbling through every face just after the throw, then the roll."""
        faces = [pips for pair in rolls for pips in pair]
        if not self.tumbling(now):
            return faces
        tick = int((now - (self.rolled_at or 0.0)) / FRAME)
        return [(pips + tick * (3 + i % 2) + i) % 6 + 1 for i, pips in enumerate(faces)]

    def draw_die(self, paint: Painter, rect: pygame.Rect, pips: int, tilt: int = 0) -> None:
        box = rect.move(0, -tilt * max(1, rect.height // 12))
        pygame.draw.rect(paint.surface, (20, 20, 20), box.move(2, 3), border_radius=rect.width // 6)
        pygame.draw.rect(paint.surface, CARD_FACE, box, border_radius=rect.width // 6)
        dot = max(2, rect.width // 10)
        for x, y in PIPS[pips]:
            colour = SPECIAL_RED if pips == 1 else CARD_INK
            pygame.draw.circle(paint.surface, colour, (box.left + x * box.width, box.top + y * box.height), dot)

    def draw_winner(self, paint: Painter, rect: pygame.Rect) -> None:
        winner = self.view["winner"]
        cards = self.view["players"][winner]["hand_size"]
        crown, words = rows(rect, [2, 3], gap=paint.layout.mm(2))
        paint.text(crown, Text(N_("{seat} wins!"), {"seat": self.context.narrator.seat(winner)}), 14,
                   paint.theme.accent, title=True)
        paint.text(words, counted("All {cards} cards in play, after {count} combat.",
                                  "All {cards} cards in play, after {count} combats.", self.view["combats"], cards=cards),
                   6, paint.theme.ink)

    def draw_banner(self, paint: Painter, rect: pygame.Rect) -> None:
        if self.banner is not None:
            paint.box(rect, paint.theme.panel, None, radius=paint.layout.mm(1.5))
            paint.text(inset(rect, paint.layout.mm(1)), self.banner, 5, paint.theme.ink, min_mm=2.6)

    # --- public choices --------------------------------------------------------------------------

    def draw_choices(self, paint: Painter, rect: pygame.Rect) -> None:
        prompt = self.prompts[0]
        gap = paint.layout.mm(1.5)
        label, buttons = rows(rect, [paint.layout.mm(6), rect.height - paint.layout.mm(6) - gap], gap=gap)
        waiting = status_line.words(self.context, self.awaited, self.view)
        paint.text(label, waiting or Text(N_("{seat} chooses"), {"seat": self.context.narrator.seat(prompt.seat)}), 4.5,
                   paint.theme.accent, title=True, min_mm=1.8)
        if all(a.kind == "attack" for a in prompt.actions):
            self.draw_attack(paint, buttons, prompt)
            return
        per_row, lines = self.capacity(paint, buttons)
        room = per_row * lines
        actions = list(prompt.actions)
        pages = max(1, math.ceil(len(actions) / room)) if len(actions) <= room else math.ceil(len(actions) / (room - 1))
        per_page = room if pages == 1 else room - 1
        self.page %= pages
        shown = actions[self.page * per_page:(self.page + 1) * per_page]
        cells = grid(buttons, len(shown) + (pages > 1), per_row, gap=gap)
        for box, action in zip(cells, shown):
            paint.button(box, choice_words(self.context.narrator, prompt, action)[0], (prompt.seat, action), size_mm=4)
        if pages > 1:
            paint.button(cells[-1], Text(N_("More")), MORE, size_mm=4)

    def draw_attack(self, paint: Painter, rect: pygame.Rect, prompt: Prompt) -> None:
        """An attack in two taps: the attribute, then the rival."""
        gap = paint.layout.mm(1.5)
        attributes = list(dict.fromkeys(a.args[0] for a in prompt.actions))
        targets = list(dict.fromkeys(a.args[1] for a in prompt.actions))
        top, bottom = rows(rect, [1, 1], gap=gap)
        for box, attribute in zip(grid(top, len(attributes), len(attributes), gap=gap), attributes):
            paint.button(box, Text(ATTRIBUTE_NAMES[attribute]), (PICK_ATTRIBUTE, attribute),
                         selected=attribute == self.picked, size_mm=4)
        for box, target in zip(grid(bottom, len(targets), len(targets), gap=gap), targets):
            words = Text(N_("Attack {seat}"), {"seat": self.context.narrator.seat(target)})
            action = Action("attack", (self.picked, target))
            paint.button(box, words, (prompt.seat, action), enabled=self.picked is not None, size_mm=4)

    def capacity(self, paint: Painter, rect: pygame.Rect) -> tuple[int, int]:
        """How many buttons of at least 9 mm (and wide enough for a name) fit: per row, and rows."""
        touch = paint.layout.min_touch
        gap = paint.layout.mm(1.5)
        per_row = max(1, (rect.width + gap) // (max(touch, paint.layout.mm(28)) + gap))
        lines = max(1, (rect.height + gap) // (touch + gap))
        return per_row, lines

    def tap(self, value: object, now: float) -> None:
        if value == MORE:
            self.page += 1
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == PICK_ATTRIBUTE:
            self.picked = str(value[1])
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action):
            self.context.submit(value[0], value[1])

    def tumbling(self, now: float) -> bool:
        return self.rolled_at is not None and 0 <= now - self.rolled_at < ROLL_SECONDS - ON_TIME

    def next_frame(self, now: float) -> float | None:
        """A frame every FRAME while the dice tumble, the last one as they settle, then none."""
        if not self.tumbling(now):
            return None
        assert self.rolled_at is not None
        return min(FRAME, self.rolled_at + ROLL_SECONDS - now)


def rolls_dice(event: Event) -> bool:
    """Whether a public event throws dice: a card shown with a "?" (its own or its partner's), equal
    rolls thrown again, Companionship with a "?"."""
    d = event.data
    if event.kind == "card_played":
        return bool(d["side"]["rolls"] or d["side"]["partner_rolls"])
    return event.kind == "reroll" or (event.kind == "companion" and bool(d["rolls"]))


def make_board(context: BoardContext) -> Board:
    return MysteryCityBoard(context, theme_for(context.game_id))
