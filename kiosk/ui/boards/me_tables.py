"""The card backs everybody can see (rules 10): each seat's hand and discard counts by category,
the Conductor's three spaces and the two passenger stacks, the tunnel rows, and who has answered."""

from __future__ import annotations

from typing import Any

import pygame

from kiosk.games.mystery_express.rules import HAND_CATEGORIES
from kiosk.i18n import N_, Text
from kiosk.ui.boards.me_marks import card_back, common_size, count_chip, fits, say
from kiosk.ui.boards.me_train import figure_colour
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, font, lines_height
from kiosk.ui.type_scale import BODY, FINE, LABEL

# Stages where every seat answers a private choice: the ledger shows who already has ("✓") and who
# not yet ("○": an ellipsis there, after the discard counts, read as the discard column cut short).
ANSWER_STAGES = {"telegram": "sent", "final": "sent", "sudden": "answered"}
ANSWERED, WAITING = "✓", "○"
LEDGER_PAD_MM = 0.8  # between the ledger's right side (and the active line's frame) and its last column


def draw_token(paint: Painter, rect: pygame.Rect, narrator: Any, player: dict[str, Any]) -> None:
    """A seat's character token: the figure's colour with the seat number on it."""
    r = max(5, min(rect.width, rect.height) // 2 - 1)
    colour = figure_colour(narrator, player.get("character"))
    pygame.draw.circle(paint.surface, colour, rect.center, r)
    pygame.draw.circle(paint.surface, paint.theme.ink, rect.center, r, 1)
    disc = pygame.Rect(0, 0, 2 * r, 2 * r)  # the number may reach the ring: a digit is narrow
    disc.center = rect.center
    ink = (16, 16, 20) if sum(colour) > 400 else (250, 244, 228)
    number = Verbatim(str(player["seat"] + 1))
    if fits(paint, disc, number, FINE):  # a token too small for its number: the name beside it says who
        say(paint, disc, number, ink)


def draw_whistle(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The brass whistle of the first player: a barrel with a mouthpiece and a ring."""
    h = max(6, rect.height * 2 // 3)
    barrel = pygame.Rect(0, 0, h, h)
    barrel.midright = (rect.right - 1, rect.centery + h // 8)
    pygame.draw.circle(surface, colour, barrel.center, h // 2)
    mouth = pygame.Rect(rect.left + 1, barrel.top, barrel.centerx - rect.left - 1, max(3, h // 3))
    pygame.draw.rect(surface, colour, mouth)
    pygame.draw.circle(surface, (14, 20, 42), barrel.center, max(1, h // 6))


def draw_ledger(paint: Painter, rect: pygame.Rect, view: dict[str, Any], narrator: Any) -> None:
    """One line per seat: token, name, whistle, hand counts and discard counts by category (with the
    categories' backs as column heads), and, while everyone answers in private, who has."""
    theme, layout = paint.theme, paint.layout
    players = view["players"]
    answered_key = ANSWER_STAGES.get(view.get("stage", ""))
    answered = set(view.get("step", {}).get(answered_key, [])) if answered_key else set()
    revealed = {r["seat"]: r["face"] for r in view.get("revealed", [])}
    widths = _ledger_widths(paint, rect, len(players), bool(revealed), bool(answered_key))
    lines = rows(rect, [1.1] + [1] * len(players), gap=_line_gap(paint, rect, len(players)))
    head = columns(lines[0], widths, gap=max(1, layout.mm(0.5)))
    hand_head = pygame.Rect(head[0].left, head[0].top, head[2].right - head[0].left, head[0].height)
    say(paint, hand_head, Text(N_("Hand / discard")), theme.muted, align="right")
    for i, category in enumerate(HAND_CATEGORIES):
        for box in (head[3 + i], head[8 + i]):
            card_back(paint, box, category)
    extra = 12
    if revealed:
        say(paint, head[extra], Text(N_("Revealed")), theme.muted)
        extra += 1
    active, whistle = view.get("active"), view.get("whistle")
    table = [columns(line, widths, gap=max(1, layout.mm(0.5))) for line in lines[1:]]
    pad = layout.mm(LEDGER_PAD_MM)  # the last column's words off the ledger's side and the active line's frame
    for cells in table:
        cells[-1] = _short_of(cells[-1], pad)
    names = common_size(paint, [(cells[1], narrator.seat(p["seat"])) for p, cells in zip(players, table)])
    marks = [(cells[3], Verbatim("0")) for cells in table] + [(cells[-1], Verbatim(WAITING)) for cells in table
                                                              if answered_key]
    digits = common_size(paint, marks, (BODY, LABEL, FINE))  # the counts and the answered marks
    faces = common_size(paint, [(cells[12], narrator.face(revealed[p["seat"]]))
                                for p, cells in zip(players, table) if p["seat"] in revealed])
    for player, line, cells in zip(players, lines[1:], table):
        seat = player["seat"]
        if seat == active:
            paint.box(line, theme.panel, theme.accent, radius=layout.mm(1), width=2)
        draw_token(paint, cells[0], narrator, player)
        say(paint, cells[1], narrator.seat(seat), theme.ink, (names,), align="left")
        if seat == whistle:
            draw_whistle(paint.surface, inset(cells[2], 1), theme.accent)
        for i, category in enumerate(HAND_CATEGORIES):
            for box, counts in ((cells[3 + i], player["hand"]), (cells[8 + i], player["discard"])):
                count = counts.get(category, 0)
                say(paint, box, Verbatim(str(count)), theme.ink if count else theme.muted, (digits,))
        pygame.draw.line(paint.surface, theme.muted, cells[7].midtop, cells[7].midbottom, 1)
        column = 12
        if revealed:
            if seat in revealed:
                say(paint, cells[column], narrator.face(revealed[seat]), theme.accent, (faces,))
            column += 1
        if answered_key:  # its own column, set off from the discard counts by a rule as they are from the hand
            pygame.draw.line(paint.surface, theme.muted, cells[column - 1].topright, cells[column - 1].bottomright, 1)
            say(paint, cells[column], Verbatim(ANSWERED if seat in answered else WAITING),
                theme.accent if seat in answered else theme.muted, (digits,))


def _line_gap(paint: Painter, rect: pygame.Rect, seats: int) -> int:
    """The gap between the ledger's lines: 0.5 mm, closed to a pixel where the lines would then be
    shorter than a line of fine print at its least (five seats at 800x480 while seven or eight turn
    buttons take the height: 16 px of type in 15 px lines)."""
    gap = max(1, paint.layout.mm(0.5))
    line = lines_height(1, font(paint.theme.title_font, paint.layout.mm_at_least(FINE.min_mm)))
    return gap if (rect.height - gap * seats) / (seats + 1.1) >= line else 1


def _short_of(rect: pygame.Rect, pad: int) -> pygame.Rect:
    """`rect` less `pad` on the right (on the left the token, a picture, may touch the frame)."""
    return pygame.Rect(rect.left, rect.top, rect.width - pad, rect.height)


def _ledger_widths(paint: Painter, rect: pygame.Rect, seats: int, revealed: bool, answered: bool) -> list[float]:
    """Column widths in pixels: the counts as narrow as a digit and its card back allow, the
    names (and, after the sudden revelation, the revealed cards) everything else."""
    layout = paint.layout
    gap = max(1, layout.mm(0.5))
    line = rect.height // (seats + 1)
    count = max(layout.mm(3.8), rect.width // 26)
    fixed = [min(line, layout.mm(4.5)), 0, layout.mm(3)] + [count] * 4 + [layout.mm(1)] + [count] * 4
    if answered:
        fixed.append(layout.mm(4))
    free = rect.width - sum(fixed) - gap * (len(fixed) - (0 if revealed else 1))
    widths = [float(w) for w in fixed]
    widths[1] = free / 2 if revealed else free
    if revealed:
        widths.insert(12, free - widths[1])
    return widths


def draw_board_cards(paint: Painter, rect: pygame.Rect, view: dict[str, Any], car_names: dict[str, str] | None = None) -> None:
    """The Conductor's spaces (one back each) and the two passenger stacks (counts by category)."""
    theme, layout = paint.theme, paint.layout
    gap = layout.mm(1)
    squat = rect.width >= 2 * rect.height  # the stacks' names then want a larger share of the height
    if rect.width >= 3 * rect.height:  # a wide strip: the three places side by side (a third of a
        # squatter box, when many turn buttons take the height, holds no "Passengers 1")
        groups = columns(rect, [1.1, 1, 1], gap=gap)
    else:  # a narrow column (or a squat box): the Conductor's spaces over the two stacks
        top, bottom = rows(rect, [1, 1.8 if squat else 1.3], gap=gap)
        groups = [top, *columns(bottom, [1, 1], gap=gap)]
    for group in groups:  # each place on the board in its own brass frame
        paint.box(group, None, theme.muted, radius=layout.mm(1.5), width=1)
    spaces_box, *stack_boxes = [inset(g, max(2, layout.mm(0.8))) for g in groups]
    beside = columns(spaces_box, [1.2, 1], gap=gap)  # the name beside the three cards, or over them:
    over = rows(spaces_box, [1, 2.2], gap=max(1, layout.mm(0.5)))  # whichever gives the larger cards
    label, cards = max((beside, over), key=lambda parts: card_width(grid(parts[1], 3, 3, gap=gap)[0]))
    say(paint, label, conductor_label(paint, label, view, car_names or {}), theme.accent)
    spaces = view.get("conductor_spaces", [])
    for i, box in enumerate(grid(cards, 3, 3, gap=gap)):
        width = card_width(box)  # a card keeps its 3:4, never a sliver as tall as a wide box
        back = pygame.Rect(0, 0, width, min(box.height, width * 4 // 3))
        back.center = box.center
        category = spaces[i] if i < len(spaces) else None  # None: the space's card is out in a chat
        card_back(paint, back, category or "TIME", empty=category is None)
    for stack, box in zip(view.get("passengers", []), stack_boxes):
        label, cards = rows(box, [1, 2.0 if squat else 2.2], gap=max(1, layout.mm(0.5)))
        say(paint, label, Text(N_("Passengers {stack}"), {"stack": stack["stack"]}), theme.accent)
        counts = {c: n for c, n in stack["counts"].items() if n}
        if not stack["boarded"]:
            note = Text(N_("boards in {city}"), {"city": Text(_boarding_city(view, stack["stack"]))})
            say(paint, cards.inflate(-4, 0), note, theme.muted)  # the full height: two lines of fine print
            continue
        if not counts:
            say(paint, cards, Text(N_("empty")), theme.muted)
            continue
        for (category, count), chip in zip(counts.items(), grid(cards, len(counts), 2, gap=max(1, layout.mm(0.5)))):
            count_chip(paint, chip, category, count)


def conductor_label(paint: Painter, rect: pygame.Rect, view: dict[str, Any], car_names: dict[str, str]) -> Text:
    """The Conductor's spaces' name, saying in which car he stands (an action there brings a chat
    with him): "Conductor in the Smoking Car" where it fits, else "Conductor · car 6" (the train's
    numerals), else "Conductor" alone."""
    car = view.get("conductor_car")
    if car not in view.get("cars", []):
        return Text(N_("Conductor"))
    named = [Text(N_("Conductor in the {car}"), {"car": Text(car_names[car])})] if car in car_names else []
    for words in named + [
                  Text(N_("Conductor · car {number}"), {"number": view["cars"].index(car) + 1})]:
        if fits(paint, rect, words, FINE):
            return words
    return Text(N_("Conductor"))


def card_width(box: pygame.Rect) -> int:
    """The width of an upright card (3:4) as large as `box` holds."""
    return min(box.width, box.height * 3 // 4)


def _boarding_city(view: dict[str, Any], stack: int) -> str:
    """The 1st passengers board in Strasbourg, the 2nd in Wien (rules 3.2)."""
    return view["itinerary"][1 if stack == 1 else 3]["city"]


def draw_tunnel(paint: Painter, rect: pygame.Rect, view: dict[str, Any], narrator: Any) -> None:
    """München: each seat's cards face down in a row; a look marks the card with the looker's number."""
    theme, layout = paint.theme, paint.layout
    step = view.get("step", {})
    rows_ = step.get("rows", {})
    picks = step.get("picks", {})
    looked: dict[tuple[str, int], list[int]] = {}
    for picker, chosen in picks.items():
        for owner, position in chosen.items():
            looked.setdefault((owner, int(position)), []).append(int(picker))
    paint.box(rect, (8, 10, 20), theme.accent, radius=layout.mm(2))
    title, body = rows(inset(rect, layout.mm(2)), [1, 5], gap=layout.mm(1))
    say(paint, title, Text(N_("The long tunnel: everyone looks at a card of each neighbour")), theme.accent, (BODY, LABEL, FINE))
    players = view["players"]
    lines = rows(body, [1] * len(players), gap=layout.mm(1))
    most = max((len(r) for r in rows_.values()), default=1)
    for player, line in zip(players, lines):
        seat = str(player["seat"])
        name, cards = columns(line, [1.6, 5], gap=layout.mm(1))
        token, words = columns(name, [1, 3])
        draw_token(paint, token, narrator, player)
        say(paint, words, narrator.seat(player["seat"]), theme.ink, align="left")
        row = rows_.get(seat, [])
        for position, (category, box) in enumerate(zip(row, columns(cards, [1] * most, gap=max(1, layout.mm(0.5))))):
            back = pygame.Rect(0, 0, min(box.width, box.height * 3 // 4), box.height)
            back.center = box.center
            lookers = looked.get((seat, position), [])
            if lookers:
                back.move_ip(0, -max(2, layout.mm(1)))
            card_back(paint, back, category)
            if lookers:
                tall = max(back.height // 3, round(layout.mm_at_least(FINE.min_mm) * 1.3))  # room for fine print
                badge = pygame.Rect(back.left, back.bottom - tall, back.width, tall)
                paint.box(badge, theme.accent, None, radius=2)
                say(paint, badge, Verbatim(" ".join(str(p + 1) for p in sorted(lookers))), theme.background, (FINE,))

