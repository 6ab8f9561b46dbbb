"""The Mystery City board: a card table in felt green, drawn from the public view and public events.

Around the felt: each seat with its hand (a stack of card backs and its size), the revolver of the
turn and who is out; the turn direction; the cards out of the game, face up in a pile. On the felt:
the combat (who attacks whom on which attribute, the cards each side laid face up, drawn as cards
(`mc_cards`), the couple links, the totals) and big dice for every 2D6 roll, which tumble for a
moment when they are thrown (`mc_duel`); between combats, every hand held face down. When an
exchange is decided, its two cards and its result are shown big for the table's reveal seconds, then
settle into the board. The log keeps every public event, the newest at its top in the ink: that line
is the banner (a banner apart from it said the same sentence twice). Where things go, landscape and portrait:
`mc_layout`. Public choices (none in the rules as written: every Mystery City decision is taken on
the seats) become buttons through `context.submit`.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.referee.awaited import Awaited
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.cards import ATTRIBUTE_NAMES
from kiosk.games.mystery_city.narrate import EXCHANGE_RESULTS
from kiosk.i18n import N_, Text, counted
from kiosk.seats.mystery_city import choice_words
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.boards.mc_cards import ASPECT, CARD_BACK, CARD_FACE, CARD_INK, SPECIAL_RED, draw_back, draw_die, draw_fan
from kiosk.ui.boards.mc_duel import DuelReveal, Side, draw_duel
from kiosk.ui.boards.mc_layout import grown, regions
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words, font, lines_height, wrap
from kiosk.ui.scene import ON_TIME
from kiosk.ui.scenes.chrome import common_size
from kiosk.ui.theme import Colour, Theme, theme_for
from kiosk.ui.type_scale import BODY, FINE, LABEL, TITLE, TypeSize

ROLL_SECONDS = 0.9  # how long thrown dice tumble before they settle
FRAME = 1 / 15
FELT: Colour = (14, 70, 43)
FELT_EDGE: Colour = (96, 60, 30)
LOG_PAPER: Colour = (16, 62, 40)
DIRECTIONS = {"counterclockwise": N_("Counterclockwise"), "clockwise": N_("Clockwise")}
ROLES = {"attacker": N_("Attacks"), "defender": N_("Defends")}
# Public events after which a duel shown big gives way to the felt before its time (with bots at the
# table, the next card can be laid within a second; the log keeps the result)
MOVES_ON = frozenset({"attack", "counterattack", "card_played", "reroll", "companion"})
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
    log: EventLog = field(default_factory=EventLog)  # every banner, kept
    duel: DuelReveal | None = None  # the last exchange decided, shown big for the reveal's seconds
    grow: float = 1.0  # how much larger the type is set on this screen (mc_layout.growth)
    # the dice drawn in the last frame, where and which rolls: a still picture (`Painter.still`) leaves
    # them out while they tumble, for `draw_moving`
    _dice: list[tuple[pygame.Rect, list[list[int]]]] = field(default_factory=list, repr=False)

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
                line: Text | None = self.result(event.data)
                self.duel = DuelReveal(event.data, self.result(event.data), now, self.context.reveal_seconds)
            else:
                if rolls_dice(event):  # a "?" is rolled when its card is shown (rules 6)
                    self.rolled_at = now
                if event.kind in ("attack", "turn"):
                    self.exchange = None
                if event.kind in MOVES_ON:
                    self.duel = None  # the game has moved on: the felt shows where it stands
                line = self.sentence(event)
            if line is not None:
                self.banner = line
                self.log.add(line)

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
        self._dice = []
        layout = paint.layout
        choices = self.choice_height(paint) if self.prompts else 0
        area = regions(layout, paint.surface.get_rect(), len(self.view.get("players", [])) or self.context.seats,
                       choices)
        self.grow = area.grow
        if area.top is not None:
            self.draw_top(paint, area.top)
        self.draw_seats(paint, area.seats)
        duel = self.duel if self.duel is not None and self.duel.showing(now) else None
        if duel is not None:  # the stage covers the log (and the pile in portrait) for a moment
            self.draw_felt_box(paint, area.stage)
            draw_duel(paint, inset(area.stage, layout.mm(2.5)), duel.exchange["attribute"], duel.sides(),
                      self.context.narrator, lambda p, r, rolls: self.draw_dice(p, r, rolls, now), area.grow,
                      duel.result)
            if not area.stage.colliderect(area.pile):  # the log is under the stage: its result is said once
                self.draw_removed(paint, area.pile)
        else:
            self.draw_felt(paint, area.felt, area.duel, now)
            self.draw_removed(paint, area.pile)
            self.draw_log(paint, area.log)
        if area.choices is not None:
            self.draw_choices(paint, area.choices)

    def choice_height(self, paint: Painter) -> int:
        """Room for the public choices: a label and two rows of buttons of at least 9 mm."""
        return paint.layout.mm(6) + 2 * (paint.layout.min_touch + paint.layout.mm(2)) + paint.layout.mm(1.5)

    def size(self, size: TypeSize) -> TypeSize:
        return grown(size, self.grow)

    def top_columns(self, paint: Painter, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The top band's title and, beside it, whose move it is and the turn order."""
        title, turn = columns(rect, [1, 1.6], gap=paint.layout.mm(2))
        return title, turn

    def results_place(self, paint: Painter) -> pygame.Rect | None:
        """Where the kiosk says "Tap for the results" at the end: beside the title, where the turn
        order was (nobody is awaited any more), so it covers neither the title nor the winner."""
        area = regions(paint.layout, paint.surface.get_rect(), len(self.view.get("players", [])) or self.context.seats, 0)
        if not self.view.get("over") or area.top is None:
            return None
        return self.top_columns(paint, area.top)[1]

    def draw_top(self, paint: Painter, rect: pygame.Rect) -> None:
        title, turn = self.top_columns(paint, rect)
        paint.text(title, Text(N_("Mystery City")), self.size(TITLE), paint.theme.accent, title=True, align="left")
        if not self.view or self.view.get("over"):
            return  # at the end the turn order has nothing left to say: "Tap for the results" goes there
        line = status_line.words(self.context, self.awaited, self.view)
        least = font(paint.theme.title_font, paint.layout.mm_at_least(LABEL.min_mm))  # a long line takes two
        needed = lines_height(len(wrap(line.render(paint.lang), least, turn.width)), least) if line is not None else 0
        one = lines_height(1, font(paint.theme.body_font, paint.layout.mm_at_least(FINE.min_mm)))
        high = max(turn.height * 6 // 11, min(needed, turn.height - one))
        waiting, order = rows(turn, [high, turn.height - high])
        if line is not None:
            paint.text(waiting, line, self.size(LABEL), paint.theme.accent, title=True, align="left")
        arrow, words = columns(order, [order.height, max(1, order.width - order.height)], gap=paint.layout.mm(1))
        self.draw_direction(paint, arrow, self.view["direction"] == "clockwise")
        paint.text(words, Text(N_("Turn order: {direction}"), {"direction": Text(DIRECTIONS[self.view["direction"]])}),
                   self.size(FINE), paint.theme.muted, align="left")

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
            boxes = grid(rect, len(players), 2 if len(players) == 4 else len(players), gap=gap)
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
        stack_w = min(inner.height / ASPECT, paint.layout.mm(9 * self.grow))
        stack, words = columns(inner, [stack_w, inner.width - stack_w], gap=pad)
        self.draw_stack(paint, stack, player["hand_size"], out)
        name, status = rows(words, [1.2, 1])
        paint.text(name, self.context.narrator.seat(seat), self.size(LABEL), theme.ink if not out else theme.muted,
                   title=True, align="left")
        paint.text(status, self.seat_status(player), self.size(FINE), theme.accent if active or winner else theme.muted,
                   title=True, align="left")

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
        """The hand face down: a small stack of card backs, one sliver per card (up to eight), and
        its count on top."""
        height = min(rect.height, int(rect.width * ASPECT))
        width = int(height / ASPECT)
        shown = min(count, 8)
        step = max(1, min(paint.layout.mm(0.6), height // 16))
        base = pygame.Rect(0, 0, width - step * max(0, shown - 1) // 2, height - step * max(0, shown - 1))
        base.bottomleft = (rect.left + (rect.width - width) // 2, rect.centery + height // 2)
        for i in range(shown):
            draw_back(paint, base.move(i * step // 2, -i * step))
        if shown == 0:
            paint.box(base, None, paint.theme.muted, radius=max(2, paint.layout.mm(0.8)), width=1)
        top = base.move((shown - 1) * step // 2, -(shown - 1) * step) if shown else base
        badge = pygame.Rect(0, 0, top.width, min(top.height, paint.layout.mm(6 * self.grow)))
        badge.center = top.center
        if shown:
            paint.box(badge, CARD_BACK, None)
        paint.text(badge, Verbatim(str(count)), self.size(LABEL), CARD_FACE if not out else paint.theme.muted,
                   title=True)

    def draw_removed(self, paint: Painter, rect: pygame.Rect) -> None:
        """The cards out of the game, public (rules 12), face up: a fanned pile of their name strips."""
        removed = self.view.get("removed", [])
        theme, layout = paint.theme, paint.layout
        paint.box(rect, None, theme.muted, radius=layout.mm(1.5), width=1)
        inner = inset(rect, layout.mm(1))
        head_h = layout.mm(5 * self.grow)
        head, pile = rows(inner, [head_h, inner.height - head_h - layout.mm(0.5)], gap=layout.mm(0.5))
        paint.text(head, Text(N_("Out of the game: {count}"), {"count": len(removed)}), self.size(FINE), theme.muted,
                   title=True, align="left")
        if not removed:
            return
        strip = layout.mm(4.4 * self.grow)
        per_row = max(1, pile.width // layout.mm(30 * self.grow)) if layout.portrait else 1
        lines = max(1, (pile.height + 1) // (strip + 1))
        room = per_row * lines
        shown = removed[-room:] if len(removed) <= room else removed[-(room - 1):]
        count = len(shown) + (len(shown) < len(removed))
        used = -(-count // per_row)
        cells = grid(pygame.Rect(pile.left, pile.top, pile.width, used * (strip + 1) - 1), count, per_row, gap=1)
        narrator = self.context.narrator
        for cell, card_id in zip(cells, reversed(shown)):  # the newest on top
            card = narrator.cards.card(card_id)
            paint.box(cell, SPECIAL_RED if card.special else CARD_FACE, None, radius=max(2, layout.mm(0.6)))
            number, name = columns(inset(cell, 1), [cell.height, cell.width - cell.height], gap=max(1, layout.mm(0.6)))
            ink = CARD_FACE if card.special else CARD_INK
            paint.text(number, Verbatim(f"★{card.number}" if card.special else str(card.number)), self.size(FINE), ink,
                       title=True)
            paint.text(name, narrator.card(card_id), self.size(FINE), ink, title=True, align="left")
        if len(shown) < len(removed):
            paint.text(cells[-1], Text(N_("and {count} more"), {"count": len(removed) - len(shown)}), self.size(FINE),
                       theme.muted, align="left")

    def draw_felt_box(self, paint: Painter, rect: pygame.Rect) -> None:
        paint.box(rect, FELT, FELT_EDGE, radius=paint.layout.mm(6), width=max(4, paint.layout.mm(1.5)))

    def draw_felt(self, paint: Painter, rect: pygame.Rect, inner: pygame.Rect, now: float) -> None:
        theme = paint.theme
        self.draw_felt_box(paint, rect)
        narrator = self.context.narrator
        dice = lambda p, r, rolls: self.draw_dice(p, r, rolls, now)  # noqa: E731
        if self.view.get("over"):
            self.draw_winner(paint, inner)
            return
        combat = self.view.get("combat")
        if combat is not None:
            current = combat["exchanges"][-1]
            by_seat = {s["seat"]: s for s in current["sides"]}
            sides = [Side(seat, Text(ROLES[role]), tuple(c["card"] for c in combat["table"] if c["seat"] == seat),
                          by_seat.get(seat))
                     for seat, role in ((combat["attacker"], "attacker"), (combat["defender"], "defender"))]
            draw_duel(paint, inner, current["attribute"], sides, narrator, dice, self.grow)
        elif self.exchange is not None:
            sides = [Side(s["seat"], None, (s["card"],), s) for s in self.exchange["sides"]]
            draw_duel(paint, inner, self.exchange["attribute"], sides, narrator, dice, self.grow)
        elif self.view.get("stage") == "register":
            paint.text(inner, Text(N_("Tap your cards on the reader, one seat at a time.")), self.size(BODY), theme.ink)
        elif self.view.get("active") is not None:
            self.draw_hands(paint, inner)

    def draw_hands(self, paint: Painter, rect: pygame.Rect) -> None:
        """Between combats: who holds the revolver, over every hand held face down (public: their sizes)."""
        narrator = self.context.narrator
        words, table = rows(rect, [1, 2], gap=paint.layout.mm(2))
        line = Text(N_("{seat} takes the revolver."), {"seat": narrator.seat(self.view["active"])})
        paint.text(words, line, self.size(TITLE), paint.theme.ink, title=True)
        players = [p for p in self.view.get("players", []) if not p["eliminated"]]
        label_h = paint.layout.mm(6 * self.grow)
        per_row = 2 if paint.layout.portrait and len(players) == 4 else max(1, len(players))
        for box, player in zip(grid(table, len(players), per_row, gap=paint.layout.mm(2)), players):
            fan, label = rows(box, [box.height - label_h, label_h])
            draw_fan(paint, fan, player["hand_size"])
            active = player["seat"] == self.view["active"]
            paint.text(label, narrator.seat(player["seat"]), self.size(LABEL),
                       paint.theme.accent if active else paint.theme.ink, title=True)

    def draw_dice(self, paint: Painter, rect: pygame.Rect, rolls: list[list[int]], now: float) -> None:
        """Big dice, a pair per roll (the card's own, then a partner's or Chomp's), stacked. With
        `paint.still` they are left for `draw_moving` while they tumble."""
        self.shown_dice.append(self.dice_faces(rolls, now))
        self._dice.append((rect, rolls))
        if not paint.still:
            self._throw(paint, rect, rolls, now)

    def _throw(self, paint: Painter, rect: pygame.Rect, rolls: list[list[int]], now: float) -> list[pygame.Rect]:
        """The dice of `rolls` in `rect` at `now`; the rectangles they (and their shadows) cover."""
        tick = int((now - (self.rolled_at or 0.0)) / FRAME) if self.tumbling(now) else 0
        split = columns if rect.width > rect.height else rows
        cells = split(rect, [1] * (2 * len(rolls)), gap=paint.layout.mm(1))
        covered = []
        for cell, pips in zip(cells, self.dice_faces(rolls, now)):
            side = min(cell.width, cell.height, paint.layout.mm(16 * self.grow))
            die = pygame.Rect(0, 0, side, side)
            die.center = cell.center
            draw_die(paint, die, pips, tilt=tick % 2)
            lift = max(1, die.height // 12)
            covered.append(pygame.Rect(die.left, die.top - lift, die.width + 2, die.height + lift + 3))  # the shadow: +2, +3
        return covered

    def still(self, now: float) -> object | None:
        """While the dice tumble only they move, and they settle where they tumbled: the frame they come
        to rest in is theirs too (the duel shown big comes and goes on its own time)."""
        if self.rolled_at is None or not 0 <= now - self.rolled_at <= ROLL_SECONDS + ON_TIME:
            return None
        return self.rolled_at, self.duel is not None and self.duel.showing(now)

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        self.shown_dice = [self.dice_faces(rolls, now) for _, rolls in self._dice]
        return [rect for where, rolls in self._dice for rect in self._throw(paint, where, rolls, now)]

    def dice_faces(self, rolls: list[list[int]], now: float) -> list[int]:
        """The faces the dice show: tumbling through every face just after the throw, then the roll."""
        faces = [pips for pair in rolls for pips in pair]
        if not self.tumbling(now):
            return faces
        tick = int((now - (self.rolled_at or 0.0)) / FRAME)
        return [(pips + tick * (3 + i % 2) + i) % 6 + 1 for i, pips in enumerate(faces)]

    def draw_winner(self, paint: Painter, rect: pygame.Rect) -> None:
        winner = self.view["winner"]
        cards = self.view["players"][winner]["hand_size"]
        crown, words = rows(rect, [2, 3], gap=paint.layout.mm(2))
        paint.text(crown, Text(N_("{seat} wins!"), {"seat": self.context.narrator.seat(winner)}),
                   grown(TITLE, 1.6 * self.grow), paint.theme.accent, title=True)
        if self.view.get("ended_by") == "stalemate":  # the same hands a third time (flow.stalemate)
            said = counted("The most cards ({cards}) when the same hands came back, after {count} combat.",
                           "The most cards ({cards}) when the same hands came back, after {count} combats.",
                           self.view["combats"], cards=cards)
        else:
            said = counted("All {cards} cards in play, after {count} combat.",
                           "All {cards} cards in play, after {count} combats.", self.view["combats"], cards=cards)
        paint.text(words, said, self.size(BODY), paint.theme.ink)

    def draw_log(self, paint: Painter, rect: pygame.Rect) -> None:
        if rect.height < paint.layout.min_touch:
            return  # a short landscape screen gives the log's room to public choices while they last
        paint.box(rect, LOG_PAPER, paint.theme.muted, radius=paint.layout.mm(1.5), width=1)
        self.log.draw(paint, inset(rect, paint.layout.mm(1.2)), self.size(LABEL))

    # --- public choices --------------------------------------------------------------------------

    def draw_choices(self, paint: Painter, rect: pygame.Rect) -> None:
        prompt = self.prompts[0]
        gap = paint.layout.mm(1.5)
        label, buttons = rows(rect, [paint.layout.mm(6), rect.height - paint.layout.mm(6) - gap], gap=gap)
        waiting = status_line.words(self.context, self.awaited, self.view)
        paint.text(label, waiting or Text(N_("{seat} chooses"), {"seat": self.context.narrator.seat(prompt.seat)}), LABEL,
                   paint.theme.accent, title=True)
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
        labels: list[Words] = [choice_words(self.context.narrator, prompt, action)[0] for action in shown]
        labels += [Text(N_("More"))] * (pages > 1)
        size = common_size(paint, cells, labels, 4)  # a row of choices at one size, none larger on its own
        for box, action, words in zip(cells, shown, labels):
            paint.button(box, words, (prompt.seat, action), size_mm=size)
        if pages > 1:
            paint.button(cells[-1], labels[-1], MORE, size_mm=size)

    def draw_attack(self, paint: Painter, rect: pygame.Rect, prompt: Prompt) -> None:
        """An attack in two taps: the attribute, then the rival."""
        gap = paint.layout.mm(1.5)
        attributes = list(dict.fromkeys(a.args[0] for a in prompt.actions))
        targets = list(dict.fromkeys(a.args[1] for a in prompt.actions))
        top, bottom = rows(rect, [1, 1], gap=gap)
        boxes = grid(top, len(attributes), len(attributes), gap=gap)
        names: list[Words] = [Text(ATTRIBUTE_NAMES[attribute]) for attribute in attributes]
        size = common_size(paint, boxes, names, 4)  # each row at one size
        for box, attribute, name in zip(boxes, attributes, names):
            paint.button(box, name, (PICK_ATTRIBUTE, attribute), selected=attribute == self.picked, size_mm=size)
        boxes = grid(bottom, len(targets), len(targets), gap=gap)
        rivals: list[Words] = [Text(N_("Attack {seat}"), {"seat": self.context.narrator.seat(t)}) for t in targets]
        size = common_size(paint, boxes, rivals, 4)
        for box, target, words in zip(boxes, targets, rivals):
            action = Action("attack", (self.picked, target))
            paint.button(box, words, (prompt.seat, action), enabled=self.picked is not None, size_mm=size)

    def capacity(self, paint: Painter, rect: pygame.Rect) -> tuple[int, int]:
        """How many buttons of at least 9 mm (and wide enough for a name) fit: per row, and rows."""
        touch = paint.layout.min_touch
        gap = paint.layout.mm(1.5)
        per_row = max(1, (rect.width + gap) // (max(touch, paint.layout.mm(28)) + gap))
        lines = max(1, (rect.height + gap) // (touch + gap))
        return per_row, lines

    def tap(self, value: object, now: float) -> None:
        if self.log.tap(value):
            return
        if value == MORE:
            self.page += 1
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == PICK_ATTRIBUTE:
            self.picked = str(value[1])
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action):
            self.context.submit(value[0], value[1])

    def tumbling(self, now: float) -> bool:
        return self.rolled_at is not None and 0 <= now - self.rolled_at < ROLL_SECONDS - ON_TIME

    def next_frame(self, now: float) -> float | None:
        """A frame every FRAME while the dice tumble, the last one as they settle; one as a duel shown
        big settles into the board; then none."""
        waits = [self.duel.next_change(now) if self.duel is not None else None]
        if self.tumbling(now):
            assert self.rolled_at is not None
            waits.append(min(FRAME, self.rolled_at + ROLL_SECONDS - now))
        found = [wait for wait in waits if wait is not None]
        return min(found) if found else None


def rolls_dice(event: Event) -> bool:
    """Whether a public event throws dice: a card shown with a "?" (its own or its partner's), equal
    rolls thrown again, Companionship with a "?"."""
    d = event.data
    if event.kind == "card_played":
        return bool(d["side"]["rolls"] or d["side"]["partner_rolls"])
    return event.kind == "reroll" or (event.kind == "companion" and bool(d["rolls"]))


def make_board(context: BoardContext) -> Board:
    return MysteryCityBoard(context, theme_for(context.game_id))
