"""The seat-screen leak checks, one per game, shared by the seat page tests (screens drawn for the
OLED) and the phone seat tests (the same screens sent as JSON over a socket): each takes the screens
a seat was shown and what that seat may know at that moment, and returns what it should not have
been shown (empty: no leak)."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from kiosk.games.mystery_express.rules import HAND_CATEGORIES, TIME, load_rules as me_rules
from kiosk.games.pi.rules import KINDS, load_rules as pi_rules
from kiosk.games.pi.state import left
from kiosk.i18n import Text
from kiosk.referee.narration import narrator_for
from kiosk.seats.mystery_express import clock
from kiosk.seats.screen import Screen

# --- Mystery Express: every card face a seat is shown was shown to that seat by the rules ----------


def faces_of(data: Any) -> set[str]:
    return set(re.findall(r'"((?:SUSPECT|MODUS_OPERANDI|MOTIVE|LOCATION|TIME):\d+)"', json.dumps(data)))


def me_unseen_faces(screens: list[Screen], seen: set[str]) -> list[str]:
    """The faces on `screens` (by name under a category mark, or as a Time clock) not in `seen`."""
    rules = me_rules()
    by_name = {Text(name).render("en"): key for key, name in rules.element_names.items()}
    clocks = {clock(narrator_for("mystery-express", {}), key): key for key in rules.elements[TIME]}
    found = []
    for screen in screens:
        for item in screen.items:
            if item.mark in HAND_CATEGORIES + (TIME,) and item.label in by_name and by_name[item.label] not in seen:
                found.append(item.label)
        found += [f"{face}" for face in screen.clocks if clocks[face] not in seen]
    return found


# --- P.I.: a seat never sees an unsolved case other than the one it holds ----------------------------


def pi_names(case: dict[str, str], lang: str = "en") -> set[str]:
    rules = pi_rules()
    return {Text(rules.names[case[kind]]).render(lang) for kind in KINDS}


def pi_words(screen: Screen) -> str:
    return "\n".join([screen.title, screen.footer, *(f"{i.label}\n{i.detail}" for i in screen.items)])


def pi_unknown_cases(screens: list[Screen], view: dict[str, Any], cases: list[dict[str, str]], seat: int) -> set[str]:
    """Names of cases the seat may not know (its own, held by its right neighbour, and every case but
    the one it holds), apart from what its own public record names, found on `screens`."""
    rules = pi_rules()
    seats = len(cases)
    record = set()
    for entry in view["history"]:
        for key in ("location", "card"):
            if key in entry:
                record.add(rules.names[entry[key]])
        record |= {rules.names[e] for e in entry.get("guess", {}).values()}
    record |= {rules.names[e] for e in view["you"]["notes"].values()}
    allowed = pi_names(cases[left(seat, seats)]) | record
    secrets = set()
    for other in range(seats):
        if other != left(seat, seats) and view["players"][other]["solution"] is None:
            secrets |= pi_names(cases[other])
    return {name for screen in screens for name in secrets - allowed if name in pi_words(screen)}


# --- Watson & Holmes: card texts only while read, hidden characters and the answer key never --------


def wh_shown(screens: list[Screen]) -> str:
    """Every word the screens show, as one line of text (pages joined)."""
    words = []
    for screen in screens:
        words.append(screen.title)
        for item in screen.items:
            words += [item.label, item.detail, *item.lines]
        words.append(screen.footer)
    return " ".join(" ".join(words).split())


def snippet(text: str) -> str:
    """A text as the screens show it once their pages are joined: every word, in order."""
    return " ".join(text.split())


def wh_leaks(text: str, seat: int, view: dict[str, Any], public: dict[str, Any], prompt_kind: str | None,
             narrator: Any, physical: bool) -> list[str]:
    """What `text` (all a seat's screens, `wh_shown`) shows that the seat's view and prompt do not hold."""
    found = []
    case = narrator.case
    reading = {r["card"] for r in view["you"]["reading"]}
    for card in case.cards:
        if any(snippet(card.text[lang]) in text for lang in ("en", "es")):
            if physical:
                found.append(f"physical mode shows the text of {card.id}")
            elif card.id not in reading:
                found.append(f"seat {seat} shows the text of {card.id} outside its reading")
    for character in narrator.characters.cards:
        mine = view["you"]["character"] == character.id
        face_up = any(p["character"] == character.id for p in public["players"])
        if snippet(character.text) in text and not mine:
            found.append(f"seat {seat} shows the text of {character.id}")
        if character.name in text and not (mine or face_up):
            found.append(f"seat {seat} names the hidden {character.id}")
    if not view["you"].get("answer_key") and not view["over"]:
        grading = prompt_kind in ("answer", "holmes_judge")  # the key reaches only an attempting seat's grading page
        for q in case.questions:
            for accepted in q.accepted:
                if isinstance(accepted, dict) and snippet(accepted["en"]) in text and not grading:
                    found.append(f"seat {seat} shows the answer to {q.id}")
    return found


# --- Mystery City: a seat is only ever shown cards it was told about ---------------------------------


def mc_card_names() -> dict[str, str]:
    from kiosk.games.mystery_city.game import MysteryCity

    return {card.id: card.name for card in MysteryCity().cards.cards.values()}


def mc_names_on(screen: Screen, lang: str) -> set[str]:
    words = " | ".join([screen.title, screen.footer] + [" | ".join((i.label, i.detail, *i.lines)) for i in screen.items])
    return {card for card, name in mc_card_names().items() if Text(name).render(lang) in words}


def mc_partner_footers(lang: str) -> set[str]:
    """Each "Partner: Bess" footer under a card of the hand: the couples are printed on the cards (rules
    3.3), so naming a partner tells nobody where that card is."""
    from kiosk.games.mystery_city.game import MysteryCity
    from kiosk.seats.mystery_city import PARTNER

    cards = MysteryCity().cards.cards
    return {Text(PARTNER, {"card": Text(cards[c.partner].name)}).render(lang) for c in cards.values() if c.partner}


def mc_untold_cards(screens: list[Screen], known: str, lang: str) -> list[str]:
    """Cards named on `screens` that `known` (everything the seat was told, as JSON text) never names;
    a partner's name in the footer under a card is no news (`mc_partner_footers`)."""
    partners = mc_partner_footers(lang)
    screens = [dataclasses.replace(s, footer="") if s.footer in partners else s for s in screens]
    return [card for screen in screens for card in mc_names_on(screen, lang) if f'"{card}"' not in known]
