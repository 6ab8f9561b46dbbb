"""Mystery City seat screens, drawn from the seat's view, its prompt and its private events only.

The hand is a carousel of character cards with their five values; a prompt's choices read as words
(an attribute against a rival, a card with its value in the attribute fought over, an ability);
a private reveal shows what an Investigation found or which card changed hands; the journal keeps
what the seat learnt in private (rules 12), from the view's notes, so it survives a resumed game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.cards import ABILITY_NAMES, ATTRIBUTE_NAMES, ATTRIBUTES
from kiosk.games.mystery_city.narrate import Narrator
from kiosk.i18n import N_, Nn_, Text, counted
from kiosk.seats.canvas import ELLIPSIS, LINE_WIDTH, TEXT_WIDTH, paragraph, text_width, wrap
from kiosk.seats.menu import BROWSE_FOOTER, LONG, Entry, Menu, grouped
from kiosk.seats.screen import PAGE_LINES, Item, Screen

HINT = BROWSE_FOOTER
ANY_CHOICE = N_("Your choice")
IN_HAND = Nn_("{count} card in hand", "{count} cards in hand")
SHORT = {"ST": N_("ST"), "DX": N_("DX"), "IQ": N_("IQ"), "MO": N_("MO"), "HT": N_("HT")}
TITLES = {
    "attack": N_("Attack"),
    "play_card": N_("Play · {attribute}"),
    "counterattack": N_("Counterattack"),
    "reveal": N_("Cards shown"),
    "aftermath": N_("Combat over"),
    "record_hand": N_("Record your hand"),
}
# What each ability does (rules 3.2), in a few words: under a choice to use it, and on a page after
# the card in the hand.
ABILITY_HELP = {
    "INVESTIGATION": N_("See every card in your rival's hand"),
    "ASSASSINATION": N_("A random rival card leaves the game"),  # not yours: that is Counterintelligence
    "COUNTERINTELLIGENCE": N_("Take a random card from your rival"),
    "COMPANIONSHIP": N_("Add Chomp's value to your card in play"),
}
ONCE = N_("Used once only.")  # then the card leaves the game (rules 3.2)
# Couples (rules 3.3): a newcomer is told a card adds its partner's value, so each card says who that is,
# and a card to play whose partner is already on the table says what the partner adds.
PARTNER = N_("Partner: {card}")
WITH_PARTNER = N_("{attribute}: {value} + {bonus}")
PARTNER_ON_TABLE = N_("Partner on the table")
# The windows put "Go on" first: one press too many after reading must not spend a special (a trial's
# newcomer lost Assassination so); the abilities follow, once only.
WINDOWS = ("reveal", "aftermath")
# Where a prompt lets the seat choose what to fight with, its hand is one more entry to read first.
HAND_IN = ("attack", "counterattack")
# A combat choice another player put to this seat: who, and in what (the phone says it above the choices).
ASKED = {
    "play_card": N_("{seat} challenges you in {attribute}"),
    "counterattack": N_("{seat} tied with you in {attribute}: choose another"),
}
JOURNAL = {
    "investigation": N_("Hand of {seat}"),
    "took": N_("Taken from {seat}"),
    "lost": N_("Lost to {seat}"),
}
RECORDS = {  # nfc deck: what a tap did to the seat's recorded hand
    "card_recorded": N_("Recorded"),
    "card_released": N_("Taken out"),
    "card_moved": N_("Tapped at another seat"),
}


@dataclass
class MysteryCityPages:
    """The seat pages of Mystery City for the seat controller, in one language."""

    narrator: Narrator
    lang: str
    pages: tuple[str, ...] = ("hand", "journal")

    def _(self, msgid: str, **params: Any) -> str:
        return Text(msgid, params).render(self.lang)

    # --- pages ------------------------------------------------------------------------------------

    def idle(self, view: dict[str, Any]) -> Screen:
        """Who you are, how many cards you hold, and where the game stands."""
        seat = view["you"]["seat"]
        name = self.narrator.seat(seat)
        revolver = view["active"] if view["stage"] != "register" else None  # not handed out before the hands
        title = self._(N_("{seat} · your turn"), seat=name) if revolver == seat else name.render(self.lang)
        count = counted(*IN_HAND, len(view["you"]["hand"])).render(self.lang)
        footer = ""
        if revolver is not None:
            footer = self._(N_("Revolver: {seat}"), seat=self.narrator.seat(revolver))
        return Screen(title, (Item(count, detail=self.status(view, seat)),), footer=footer)

    def status(self, view: dict[str, Any], seat: int) -> str:
        if view["over"]:
            if view["winner"] == seat:
                return self._(N_("You win!"))
            return self._(N_("{seat} wins"), seat=self.narrator.seat(view["winner"]))
        if view["players"][seat]["eliminated"]:
            return self._(N_("You are out"))
        combat = view["combat"]
        if combat is not None:
            return self._(N_("Combat: {attacker} → {defender}"), attacker=combat["attacker"] + 1,
                          defender=combat["defender"] + 1)
        return ""

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        return self.hand(view, index) if name == "hand" else self.journal(view, index)

    def hand(self, view: dict[str, Any], index: int = 0) -> Screen:
        cards = view["you"]["hand"]
        title = self._(N_("Your hand"))
        if not cards:
            return Screen(title, (Item(self._(N_("No cards"))),))
        entries = self.hand_entries(cards)
        index %= len(entries)
        return Screen(title, tuple(e.item for e in entries), index, footer=entries[index].footer or "")

    def hand_entries(self, cards: list[str]) -> tuple[Entry, ...]:
        """Each card with its five values; a special card then a page saying what its ability does."""
        entries: list[Entry] = []
        for card in cards:
            name = self.narrator.card(card).render(self.lang)
            entries.append(Entry(Item(name, detail=self.values(card)), footer=self.card_footer(card)))
            ability = self.narrator.cards.card(card).ability
            if ability is not None:
                words = f"{self._(ABILITY_HELP[ability])}. {self._(ONCE)}"
                lines = [self._(ABILITY_NAMES[ability])] + paragraph(words, LINE_WIDTH)
                entries.append(Entry(Item(name, lines=tuple(lines[:PAGE_LINES])), footer=""))
        return tuple(entries)

    def values(self, card: str) -> str:
        """All five attributes on one line: "ST8 DX9 IQ10 MO7 HT11" ("?" is rolled with 2D6)."""
        printed = self.narrator.cards.card(card).values
        return " ".join(f"{self._(SHORT[a])}{printed[a]}" for a in ATTRIBUTES)

    def footer(self, card: str) -> str:
        ability = self.narrator.cards.card(card).ability
        return self._(ABILITY_NAMES[ability]) if ability is not None else self._(HINT)

    def card_footer(self, card: str) -> str:
        """Under a card of the hand: a special's ability, else the card's partner, else the buttons' hint."""
        partner = self.narrator.cards.card(card).partner
        if self.narrator.cards.card(card).ability is None and partner is not None:
            return self._(PARTNER, card=self.narrator.card(partner))
        return self.footer(card)

    def journal(self, view: dict[str, Any], index: int = 0) -> Screen:
        """What this seat learnt in private, newest first: one card per item, with how it learnt it."""
        items: list[Item] = []
        for note in reversed(view["you"]["notes"]):
            detail = self._(JOURNAL[note["kind"]], seat=self.narrator.seat(note["seat"]))
            cards = note["hand"] if note["kind"] == "investigation" else [note["card"]]
            if not cards:
                items.append(Item(self._(N_("No cards")), detail=detail))
            items += [Item(self.narrator.card(c).render(self.lang), detail=detail) for c in cards]
        title = self._(N_("Seen"))
        if not items:
            return Screen(title, (Item(self._(N_("Nothing yet"))),))
        return Screen(title, tuple(items), index % len(items))

    # --- a decision -------------------------------------------------------------------------------

    def menu(self, prompt: Prompt, view: dict[str, Any]) -> Menu:
        """The choices, one per screen; a long list of attacks first by attribute, then the rival."""
        attribute = prompt.data.get("attribute")
        named = Text(ATTRIBUTE_NAMES[attribute]) if attribute else ""  # in full: "ST" says nothing to a newcomer
        title = self._(TITLES.get(prompt.kind, ANY_CHOICE), attribute=named)
        if "to_beat" in prompt.data:  # the leader's card, rolled when shown (rules 6): what to answer
            title = self._(N_("{attribute} vs {total}"), attribute=Text(ATTRIBUTE_NAMES[prompt.data["attribute"]]),
                           total=prompt.data["to_beat"])
        elif "totals" in prompt.data:  # both cards shown: the totals as they stand
            mine, theirs = prompt.data["totals"]
            title = self._(N_("You {mine} · rival {theirs}"), mine=mine, theirs=theirs)
        elif prompt.kind == "aftermath" and prompt.data.get("winner") is not None:  # who won, not only that it is over
            title = self._(N_("You won the combat") if prompt.data["winner"] == prompt.seat else N_("You lost the combat"))
        hand = view["you"]["hand"]
        actions = prompt.actions
        if prompt.kind in WINDOWS:
            actions = tuple(sorted(actions, key=lambda action: action.kind != "pass"))
        leaves = [(action.args[0] if action.kind == "attack" else None, self.choice(prompt, action, view))
                  for action in actions]
        entries = (tuple(entry for _, entry in leaves) if len(leaves) <= LONG
                   else grouped(leaves, lambda attribute, below: self.attribute_heading(attribute, below, hand)))
        cards = self.hand_entries(hand) if prompt.kind in HAND_IN else ()
        if len(cards) == 1:  # the cards to fight with, readable before choosing (one card: itself)
            entries += cards
        elif cards:
            count = counted(*IN_HAND, len(hand)).render(self.lang)
            entries += (Entry(Item(self._(N_("Your hand")), detail=count), below=cards),)
        return Menu(title, entries, footer=self._(HINT), asking=self.asking(prompt, view))

    def asking(self, prompt: Prompt, view: dict[str, Any]) -> str:
        """Who this seat answers in a combat, and in what: the exchange's leader, from the public combat."""
        combat = view.get("combat")
        template = ASKED.get(prompt.kind)
        if template is None or combat is None or not combat["exchanges"]:
            return ""
        exchange = combat["exchanges"][-1]
        if exchange["follower"] != view["you"]["seat"]:
            return ""
        return self._(template, seat=self.narrator.seat(exchange["leader"]), attribute=Text(ATTRIBUTE_NAMES[exchange["attribute"]]))

    def attribute_heading(self, attribute: Any, below: tuple[Entry, ...], hand: list[str]) -> Item:
        """An attribute to attack in, with the seat's best printed value in it ("?" when every card
        of the hand rolls it: the "Your hand" entry has every value)."""
        if len(below) == 1:
            return below[0].item
        values = [self.narrator.cards.card(c).values[attribute] for c in hand]
        printed = [v for v in values if isinstance(v, int)]
        best = max(printed) if printed else "?"
        return Item(self._(ATTRIBUTE_NAMES[attribute]), detail=self._(N_("Your best card: {value}"), value=best))

    def choice(self, prompt: Prompt, action: Action, view: dict[str, Any] | None = None) -> Entry:
        """One choice of the menu; an ability's words on four lines leave no room for the hint."""
        item = self.label(prompt, action)
        partner = self.partner_on_table(action, view)
        if partner is not None:  # its value and the partner's, which the table adds when it is shown
            value = self.narrator.cards.card(action.args[0]).values[prompt.data["attribute"]]
            bonus = self.narrator.cards.card(partner).values[prompt.data["attribute"]]
            detail = self._(WITH_PARTNER, attribute=Text(ATTRIBUTE_NAMES[prompt.data["attribute"]]), value=value, bonus=bonus)
            return Entry(replace(item, detail=detail), action, footer=self._(PARTNER_ON_TABLE))
        return Entry(item, action, footer="" if len(item.lines) >= PAGE_LINES else self.choice_footer(action))

    def partner_on_table(self, action: Action, view: dict[str, Any] | None) -> str | None:
        """A card to play whose couple partner is already on the table, in this combat (rules 3.3)."""
        combat = view.get("combat") if view is not None else None
        if action.kind != "play" or combat is None:
            return None
        partner = self.narrator.cards.card(action.args[0]).partner
        return partner if partner in {placed["card"] for placed in combat["table"]} else None

    def choice_footer(self, action: Action) -> str:
        """A card's ability under a choice of that card, else the buttons' hint."""
        if action.kind in ("play", "hold", "release") and self.narrator.cards.card(action.args[0]).ability:
            return self.footer(action.args[0])
        return self._(HINT)

    def label(self, prompt: Prompt, action: Action) -> Item:
        label, detail = choice_words(self.narrator, prompt, action)
        if action.kind == "use":  # what the ability does, in small print under its name
            ability = self.narrator.cards.card(action.args[0]).ability
            assert ability is not None
            words = label.render(self.lang)
            lines = paragraph(words, LINE_WIDTH) + paragraph(self._(ABILITY_HELP[ability]), LINE_WIDTH)
            return Item(words, lines=tuple(lines[:PAGE_LINES]))
        return Item(label.render(self.lang), detail=detail.render(self.lang) if detail is not None else "")

    # --- a private reveal -------------------------------------------------------------------------

    def reveal(self, event: Event, seat: int) -> Screen | None:
        """A private event shown large for a moment: a hand investigated, a card taken or lost (the
        first page of a hand too big for one: `reveal_pages`)."""
        return next(iter(self.reveal_pages(event, seat)), None)

    def reveal_pages(self, event: Event, seat: int) -> tuple[Screen, ...]:
        """A private event's reveal, as many pages as it needs, shown one after the other (each for
        the reveal's moment, or until a press): a hand too big for one page ("7 cards in hand" was all
        an Investigation of six or seven cards showed) reads card by card over several, the count under
        each, the page in the title bar ("Seat 2 holds 2/3")."""
        d = event.data
        if event.kind == "investigation":
            title = self._(N_("{seat} holds"), seat=self.narrator.seat(d["target"]))
            lines = self.hand_lines(d["hand"])
            count = counted(*IN_HAND, len(d["hand"])).render(self.lang)
            if lines:  # the names (and values) to choose by, on this seat only (the event is its own)
                return (Screen(title, (Item(count, lines=lines),), inverted=True),)  # the count: the page's key
            if d["hand"]:
                return self.hand_reveal(title, d["hand"])
            return (Screen(title, (Item(self._(N_("No cards")), detail=self._(N_("Listed under \"Seen\""))),),
                           inverted=True),)
        if event.kind == "hand_dealt" and not fits(self.narrator.card_list(d["hand"]).render(self.lang)):
            return self.hand_reveal(self._(N_("Dealt to you")), d["hand"])
        screen = self._reveal(event, seat)
        return (screen,) if screen is not None else ()

    def hand_reveal(self, title: str, hand: list[str]) -> tuple[Screen, ...]:
        """A hand too big for one page, a card name a line (a long name wrapped whole), as many pages as
        it needs; the footer keeps the count, the title bar says which page it is."""
        count = counted(*IN_HAND, len(hand)).render(self.lang)
        pages: list[list[str]] = [[]]
        for card in hand:
            lines = paragraph(self.narrator.card(card).render(self.lang), LINE_WIDTH)
            if pages[-1] and len(pages[-1]) + len(lines) > PAGE_LINES - 1:  # the footer takes the last line
                pages.append([])
            pages[-1] += lines
        items = tuple(Item(count, lines=tuple(lines)) for lines in pages)  # the title bar says which page ("2/3")
        return tuple(Screen(title, items, index, footer=count, inverted=True) for index in range(len(items)))

    def _reveal(self, event: Event, seat: int) -> Screen | None:
        d = event.data
        if event.kind == "card_stolen":  # told to the taker and to the one who lost it, each in its own terms
            took = d["seat"] == seat
            other = self.narrator.seat(d["target"] if took else d["seat"])
            detail = self._(N_("from {seat}") if took else N_("by {seat}"), seat=other)
            item = Item(self.narrator.card(d["card"]).render(self.lang), detail=detail)
            return Screen(self._(N_("You took") if took else N_("Taken from you")), (item,), inverted=True)
        if event.kind == "hand_dealt":  # a hand too big for its label: `hand_reveal`'s pages
            return Screen(self._(N_("Dealt to you")), (Item(self.narrator.card_list(d["hand"]).render(self.lang)),),
                          inverted=True)
        if event.kind in RECORDS:
            item = Item(self.narrator.card(d["card"]).render(self.lang), detail=self._(RECORDS[event.kind]))
            return Screen(self._(N_("Your hand")), (item,), inverted=True)
        return None

    def hand_lines(self, hand: list[str]) -> tuple[str, ...]:
        """A hand as one page of small lines: each card over its five values where they fit, else a
        card a line, else the names run on, each whole (a name cut over two lines reads as two); nothing
        where even that needs more than a page (the journal lists it)."""
        names = [self.narrator.card(card).render(self.lang) for card in hand]
        with_values = [line for card, name in zip(hand, names) for line in (name, self.values(card))]
        packed: list[list[str]] = []  # the longest names first, each on the first line with room for it
        for name in sorted(names, key=lambda n: -text_width(n, 12)):
            line = next((line for line in packed if text_width(", ".join([*line, name]) + ",", 12) <= LINE_WIDTH), None)
            if line is None:
                packed.append([name])
            else:
                line.append(name)
        run_on = [", ".join(line) + ("," if n < len(packed) - 1 else "") for n, line in enumerate(packed)]
        for lines in (with_values, names, run_on):
            if lines and len(lines) <= PAGE_LINES and all(text_width(line, 12) <= LINE_WIDTH for line in lines):
                return tuple(lines)
        return ()

    def observe(self, events: list[Event]) -> None:
        """The journal is drawn from the view's notes: nothing to keep here."""


def choice_words(narrator: Narrator, prompt: Prompt, action: Action) -> tuple[Text, Text | None]:
    """One choice as words, on a seat or on the touchscreen: the label, and a detail that helps to choose."""
    kind, args = action.kind, action.args
    if kind == "attack":
        attribute, target = args
        words = Text(N_("{attribute} against {target}"),
                     {"attribute": Text(ATTRIBUTE_NAMES[attribute]), "target": narrator.seat(target)})
        return words, None
    if kind == "attribute":
        return Text(ATTRIBUTE_NAMES[args[0]]), Text(N_("New attribute"))
    if kind == "play":
        attribute = prompt.data["attribute"]
        value = narrator.cards.card(args[0]).values[attribute]
        return narrator.card(args[0]), Text(N_("{attribute}: {value}"),
                                            {"attribute": Text(ATTRIBUTE_NAMES[attribute]), "value": value})
    if kind == "use":
        ability = narrator.cards.card(args[0]).ability
        assert ability is not None
        return Text(N_("Use {ability}"), {"ability": Text(ABILITY_NAMES[ability])}), narrator.card(args[0])
    if kind == "pass" and prompt.kind == "aftermath" and prompt.data.get("winner") is not None:
        winner = prompt.data["winner"]  # the cards on the table go to the winner (rules 7.5)
        taker = Text(N_("You take the cards")) if winner == prompt.seat else Text(N_("{seat} takes them"), {"seat": narrator.seat(winner)})
        return Text(N_("Go on")), taker
    if kind == "pass":  # "No ability now" read as "you have none" beside a usable Companionship (playMC14)
        return Text(N_("Go on")), Text(N_("Use no ability"))
    if kind == "hold":
        return narrator.card(args[0]), Text(N_("Record in your hand"))
    if kind == "release":
        return narrator.card(args[0]), Text(N_("Take out of your hand"))
    if kind == "deal_rest":
        return Text(N_("Deal me the rest")), Text(N_("No cards to tap"))
    raise ValueError(f"mystery-city: no words for the action {kind!r}")


def fits(label: str) -> bool:
    """Whether an item label shows whole on the seat screen (at most two lines, nothing cut)."""
    lines, _size = wrap(label, TEXT_WIDTH)
    return ELLIPSIS not in "".join(lines)


def make_pages(narrator: Narrator, lang: str, assist: bool = False) -> MysteryCityPages:
    return MysteryCityPages(narrator, lang)
