"""A location card opened by a tap: what is public of it, large, over the grid.

Its number and name, its zone, its icons in words, who stands on it with what bid, the police token,
Toby, and its text only while it is public (the card Dr Watson read aloud this round). A tap anywhere
on it closes it.
"""

from __future__ import annotations

from typing import Any

import pygame

from kiosk.games.watson_holmes.case import ICON_WORDS
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.i18n import N_, Text
from kiosk.ui.boards.wh_cards import CardLook
from kiosk.ui.boards.wh_symbols import draw_icons
from kiosk.ui.boards.wh_text import draw_fitted, draw_lines
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Words
from kiosk.ui.type_scale import BODY, LABEL, TITLE

CLOSE = "close-card"


def facts(card: dict[str, Any], view: dict[str, Any], narrator: Narrator, look: CardLook) -> list[Words]:
    """The card's public facts, one line each."""
    lines: list[Words] = []
    zones = {z["id"]: z["name"] for z in view["case"].get("zones") or []}
    if card.get("zone") in zones:
        lines.append(Text(N_("Zone: {zone}"), {"zone": CaseText("", zones[card["zone"]])}))
    lines += [Text(ICON_WORDS[icon]) for icon in card.get("icons", []) if icon in ICON_WORDS]
    for pawn in look.pawns:
        seat = narrator.seat(pawn["seat"])
        if pawn["toby"]:
            lines.append(Text(N_("{seat} is here with Toby."), {"seat": seat}))
        else:
            lines.append(Text(N_("{seat} is here, bid: {bid}."), {"seat": seat, "bid": pawn["bid"]}))
    if look.policed:
        lines.append(Text(N_("A police token guards it.")))
    if look.toby and not any(p["toby"] for p in look.pawns):
        lines.append(Text(N_("Toby is here.")))
    if not lines:
        lines.append(Text(N_("Nobody is here.")))
    return lines


def draw_detail(paint: Painter, rect: pygame.Rect, card: dict[str, Any], view: dict[str, Any], narrator: Narrator,
                look: CardLook) -> None:
    theme, layout = paint.theme, paint.layout
    gap = layout.mm(2)
    paint.box(rect.move(3, 3), (120, 96, 60), radius=layout.mm(2))
    paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2), width=max(3, layout.mm(0.8)))
    paint.target(rect, CLOSE)
    inner = inset(rect, gap)
    head_h = max(layout.min_touch, layout.mm(TITLE.mm * 1.4))
    head, body = rows(inner, [head_h, inner.height - head_h - gap], gap=gap)
    title, icons = columns(head, [head.width * 0.75, head.width * 0.25], gap=gap)
    name = narrator.card(card["id"])
    words: Words = Text(N_("{number}. {card}"), {"number": card["number"], "card": name}) if card["kind"] == "location" else name
    draw_fitted(paint, title, words, TITLE, theme.accent, title=True, valign="middle")
    draw_icons(paint, icons, list(card.get("icons", [])) + (["police_on"] if look.policed else []))
    reading = view.get("watson_reading") or {}
    lines = facts(card, view, narrator, look)
    if reading.get("card") == card["id"] and reading.get("text"):
        listed, text = rows(body, [len(lines), len(lines) + 4], gap=gap)
        draw_lines(paint, listed, lines, LABEL)
        draw_fitted(paint, text, CaseText("", reading["text"]), BODY)
    else:
        draw_lines(paint, body, lines, BODY)
