"""Watson & Holmes seat screens, drawn from the seat's view, its prompt and its own events only.

The card a seat reads is long prose on a 128x64 screen: it is cut into pages of four lines, read
with next/previous before the choice that closes the reading (the controller's `lead` pages). Once
read, a card's text is gone for good, as at the real table (rules 7): the journal keeps which cards
the seat read and when, Dr Watson's public readings, and the private answers Holmes gave it. A seat
that failed at 221B is the voice of Holmes and knows the answers (rules 8.3, 16): from then on it has
one more page, first after the idle screen: the solution, every question with its answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes.board import HOLMES_COST, WATSON_COST
from kiosk.games.watson_holmes.characters import Character
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.i18n import LANGUAGES, N_, Text, counted
from kiosk.seats.canvas import ELLIPSIS, LINE_WIDTH, TEXT_WIDTH, fit, paragraph, wrap
from kiosk.seats.menu import BROWSE_FOOTER, CONFIRM_FOOTER, Entry as MenuEntry, Menu, confirmed, grouped, not_now, not_now_lines
from kiosk.seats.screen import PAGE_LINES, Item, Screen, title_fits

HINT = BROWSE_FOOTER
# Under the choices that end a reading (the card's text is gone for good then, rules 7): a trial's newcomer,
# pressing ● through the card's pages, took "Done reading" for one more page and lost the card before knowing
# that press would close it. They say what ● does there; "Done reading" follows the text: ◀ goes back to it.
CLOSES = N_("closes the card")
CLOSE_FOOTERS = {(): N_("◀ reread · ● close"), ("police",): N_("◀ ▶ browse · ● close")}
TOKEN_MARKS = (("police", "POLICE"), ("calloff", "CALLOFF"), ("lockpick", "LOCKPICK"))
TITLES = {
    "visit": N_("Round {round}: visit"),
    "bid": N_("Your bid"),
    "confirm_221b": N_("Go to 221B now?"),
    "outbid": N_("{by} outbid you"),  # "Outbid by Seat 2 1/2" read as "two and a half" (playWH21)
    "watson_target": N_("Dr Watson reads"),
    "extra_read": N_("One more card"),
    "reading": N_("You read"),
    "wait_221b": N_("At 221B"),
    "answer": N_("Question {number}"),
    "holmes_judge": N_("Voice of Holmes"),
}
# What ● shows from the idle screen, said there while learning until the seat first walks its pages (a
# trial's newcomer never found his character nor his journal): one line of the seat, 21 cells at most.
PAGES_HINT = N_("● character, journal")
CHARACTER_STATES = {"hidden": N_("hidden"), "revealed": N_("face up"), "discarded": N_("discarded")}


def pages_of(title: str, text: str, heading: bool = True) -> tuple[Item, ...]:
    """Prose cut into screens of four lines each; with `heading`, the title is the first line read
    (the card's name), else it is only the screen's title."""
    lines = (paragraph(title, LINE_WIDTH) if heading else []) + paragraph(text, LINE_WIDTH)
    return tuple(Item(title, lines=tuple(lines[i:i + PAGE_LINES])) for i in range(0, len(lines), PAGE_LINES)) or (Item(title),)


# --- the idle screen -----------------------------------------------------------------------------


def idle(view: dict[str, Any], narrator: Narrator, lang: str, behind: bool = False) -> Screen:
    """Who you are (your seat and your character while you hold it) or the round; your carriages and
    tokens; whose turn it is (`behind`: the board has not yet shown the last verdicts)."""
    seat = view["you"]["seat"]
    me = view["players"][seat]
    title = Text(N_("{seat} · round {round}"), {"seat": narrator.seat(seat), "round": view["round"]}).render(lang)
    name = own_character(view, narrator)
    if name is not None:  # your character is yours to know: your own seat names it (a long name alone)
        named = Text(N_("{seat} · {character}"), {"seat": narrator.seat(seat), "character": name}).render(lang)
        title = named if title_fits(named) else name.render(lang)
    counts = (("CARRIAGE", me["carriages"] - me["committed"]),) + tuple((mark, me["tokens"][t]) for t, mark in TOKEN_MARKS)
    return Screen(title, counts=counts, footer=status(view, narrator, seat, behind).render(lang))


def own_character(view: dict[str, Any], narrator: Narrator) -> Text | None:
    """The name of the seat's character card while it holds it (hidden or face up), else None."""
    card = own_card(view, narrator)
    return None if card is None else Text(card.name)


def own_card(view: dict[str, Any], narrator: Narrator) -> Character | None:
    """The seat's character card while it holds it (hidden or face up), else None."""
    you = view["you"]
    if not you.get("character") or view["players"][you["seat"]]["character_state"] == "discarded":
        return None
    return narrator.characters.get(you["character"])


def status(view: dict[str, Any], narrator: Narrator, seat: int, behind: bool = False) -> Text:
    """Whose turn it is, or how the case stands for this seat; while the board still shows verdicts
    (`behind`), a result it has not shown yet is not told here either."""
    me = view["players"][seat]
    if behind and (view["over"] or me["won"] or me["eliminated"]):
        return Text(N_("Attempts at 221B"))
    if me["won"]:  # before "closed": the winner's own seat says who closed it (playWH33 read "The case is closed")
        return Text(N_("You solved the case"))
    if view["over"]:
        return Text(N_("The case is closed"))
    if me["eliminated"]:
        return Text(N_("You speak for Holmes"))  # one line of the seat screen: 21 characters at most
    last = view.get("last_player")  # rules 11: the board counted them down, the one seat that plays them did not (playWH21, fixWH30)
    if last and last["seat"] == seat and view["stage"] not in ("wait_221b", "answer"):
        if last["rounds_left"] <= 0:
            return Text(N_("Now on to 221B"))
        return counted("{count} round, then 221B", "{count} rounds, then 221B", last["rounds_left"])
    if view.get("outbid") is not None and view["outbid"] != seat:  # the outbid player chooses again first
        return Text(N_("{seat} is visiting"), {"seat": narrator.seat(view["outbid"])})
    if view["turn"] == seat:
        return Text(N_("Your turn to visit"))
    if view["turn"] is not None:
        return Text(N_("{seat} is visiting"), {"seat": narrator.seat(view["turn"])})
    if view["stage"] in ("wait_221b", "answer"):  # not "goes on": the table waits for the attempts
        return Text(N_("Attempts at 221B"))
    return Text(N_("Investigation goes on"))


# --- browsable pages -----------------------------------------------------------------------------


def reading(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    """The card(s) open on this seat's screen now, paged; the text is gone once the reading ends."""
    items: tuple[Item, ...] = ()
    for card in view["you"]["reading"]:
        items += card_pages(narrator, card["card"], card["text"], lang)
    title = Text(N_("You read")).render(lang)
    if not items:
        return Screen(title, (Item(Text(N_("No card open now")).render(lang)),))
    return Screen(title, items, index % len(items))


def card_pages(narrator: Narrator, card: str, text: dict[str, str] | None, lang: str) -> tuple[Item, ...]:
    words = CaseText("", text) if text else Text(N_("(read the physical card)"))
    return pages_of(narrator.card(card).render(lang), words.render(lang))


def character(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    """Your character card: its name, whether it is still hidden, and what it does."""
    you = view["you"]
    title = Text(N_("Your character")).render(lang)
    if not you["character"]:
        return Screen(title, (Item(Text(N_("No character cards in this game")).render(lang)),))
    card = narrator.characters.get(you["character"])
    state = view["players"][you["seat"]]["character_state"] or "hidden"
    items: tuple[Item, ...] = (Item(Text(card.name).render(lang), detail=Text(CHARACTER_STATES[state]).render(lang)),)
    items += pages_of(Text(card.name).render(lang), Text(card.text).render(lang))
    return Screen(title, items, index % len(items))


def solution(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    """The answer key, for the voice of Holmes only (the view holds it once the seat has failed):
    each question, then its answer, paged four lines at a time; an answer that would be cut by the
    end of a page starts on the next one."""
    title = Text(N_("The answers")).render(lang)
    key = view["you"].get("answer_key") or {}
    items: tuple[Item, ...] = ()
    for q in narrator.case.questions:
        if q.id not in key:
            continue
        number = Text(N_("Question {number}"), {"number": q.number}).render(lang)
        asked = paragraph(f"{q.number}. {CaseText('', q.text).render(lang)}" if q.text else number, LINE_WIDTH)
        answer = Text(N_("Answer: {answer}"), {"answer": accepted_text(narrator, q.id, key[q.id], lang)}).render(lang)
        told = paragraph(answer, LINE_WIDTH)
        room = -len(asked) % PAGE_LINES
        lines = asked + [""] * (room if len(told) > room else 0) + told
        items += tuple(Item(number, lines=tuple(lines[i:i + PAGE_LINES])) for i in range(0, len(lines), PAGE_LINES))
    if not items:
        return Screen(title, (Item(Text(N_("(see the answer card)")).render(lang)),))
    return Screen(title, items, index % len(items))


@dataclass(frozen=True)
class Entry:
    """One line of the journal: what the seat learned and when (never a card's text)."""

    label: Text
    detail: Text


def journal(entries: list[Entry], lang: str, index: int = 0) -> Screen:
    title = Text(N_("Journal")).render(lang)
    if not entries:
        return Screen(title, (Item(Text(N_("Nothing read yet")).render(lang)),))
    items = tuple(journal_item(e.label.render(lang), e.detail.render(lang)) for e in reversed(entries))
    return Screen(title, items, index % len(items))


def journal_item(label: str, detail: str) -> Item:
    """One line of the journal: a name too long for two large lines ("Mrs Honoria Gilchrist, the Marlowe
    Hotel", cut short there for a trial's newcomer) is set small over the lines it needs, its detail under
    it, as a long choice is (`choice_item`); the item keeps its detail all the same (the checks read it)."""
    item = choice_item(label, detail)
    return Item(label, detail=detail, lines=item.lines) if item.lines else item


def journal_entries(event: Event, narrator: Narrator, seat: int, round_: int) -> list[Entry]:
    """What an event this seat saw adds to its journal."""
    d = event.data
    if event.kind == "card_read" and d["seat"] == seat:
        return [Entry(narrator.card(d["card"]), Text(N_("You · round {round}"), {"round": round_}))]
    if event.kind == "watson_reading":
        return [Entry(narrator.card(d["card"]), Text(N_("Watson · round {round}"), {"round": round_}))]
    if event.kind == "attempt" and d["seat"] == seat:
        return [Entry(Text(N_("Your attempt at 221B")), Text(N_("{correct} of {of} right"), {"correct": d["correct"], "of": d["of"]}))]
    if event.kind == "holmes_answer" and d["seat"] == seat:
        return [Entry(Text(N_("Holmes on question {number}"), {"number": question_number(narrator, d["question"])}),
                      Text(N_("accurate") if d["right"] else N_("not accurate")))]
    if event.kind == "holmes_sheet" and d["seat"] == seat:
        return [
            Entry(Text(N_("{voice}, question {number}"), {"voice": narrator.seat(d["voice"]), "number": question_number(narrator, q)}),
                  answer_label(narrator, q, answer))
            for q, answer in d["answers"].items()
        ]
    return []


def question_number(narrator: Narrator, question: str) -> int | str:
    found = [q.number for q in narrator.case.questions if q.id == question]
    return found[0] if found else question


def answer_label(narrator: Narrator, question: str, answer: Any) -> Text:
    """A picked answer in words: a choice's label, a number, or "written on paper" (free text);
    an answer of the key may also be free text in the case's languages."""
    if answer is None:
        return Text(N_("written on paper"))
    if isinstance(answer, dict):
        return CaseText("", answer)
    for q in narrator.case.questions:
        for c in q.choices:
            if q.id == question and c.id == answer:
                return CaseText("", dict(c.label))
    return CaseText("", {lang: str(answer) for lang in LANGUAGES})  # a number of the case's range


# --- choices -------------------------------------------------------------------------------------


def lead(prompt: Prompt, narrator: Narrator, texts: dict[str, dict[str, str] | None], lang: str) -> tuple[Item, ...]:
    """The pages read before choosing: the card being read, the question being answered.
    `texts` maps the cards this seat was handed to read to their text (None in physical mode)."""
    if prompt.kind == "reading":
        items: tuple[Item, ...] = ()
        for card in prompt.data["cards"]:
            items += card_pages(narrator, card, texts.get(card), lang)
        if not prompt.data.get("notes", True):
            items += (Item(Text(N_("Pens down: no notes this round")).render(lang)),)
        return items
    if prompt.kind == "answer":
        detail = prompt.data["detail"]
        title = Text(N_("Question {number}"), {"number": prompt.data["number"]}).render(lang)
        question = CaseText("", detail["text"]) if detail.get("text") else Text(N_("(read the question in the booklet)"))
        pages = pages_of(title, question.render(lang), heading=False)
        if "accepted" in prompt.data:
            accepted = accepted_text(narrator, prompt.data["question"], prompt.data["accepted"], lang)
            pages += pages_of(Text(N_("The answer card says")).render(lang), accepted)
        return pages
    if prompt.kind == "holmes_judge":
        return judge_pages(prompt, narrator, lang)
    if prompt.kind == "confirm_221b":
        return pages_of(Text(TITLES["confirm_221b"]).render(lang), unopened_warning(prompt.data["unopened"]).render(lang), heading=False)
    return ()


def unopened_warning(unopened: list[dict[str, Any]]) -> Text:
    """Before going to 221B early: which questions are not open yet, and that they are answered too
    (rules 8.1). By number only: a question's text stays hidden until it opens."""
    numbers = ", ".join(str(q["number"]) for q in unopened)
    return counted("Question {numbers} is not open yet. At 221B you must answer it too.",
                   "Questions {numbers} are not open yet. At 221B you must answer them too.", len(unopened), numbers=numbers)


def judge_pages(prompt: Prompt, narrator: Narrator, lang: str) -> tuple[Item, ...]:
    """What the voice of Holmes reads before judging (rules 9.2, Answer Check): the question, the
    asker's written answer (on the paper the asker hands over: the seat has no keyboard) and the
    answer card's key for that question."""
    d = prompt.data
    asker = narrator.seat(d["seat"])
    asks = judge_asking(prompt, narrator, lang)
    detail = d.get("detail") or {}
    question = CaseText("", detail["text"]) if detail.get("text") else Text(N_("(read the question in the booklet)"))
    theirs = Text(N_("Written on the paper {seat} hands you"), {"seat": asker})
    pages = pages_of(asks, question.render(lang))
    pages += pages_of(Text(N_("Their answer")).render(lang), theirs.render(lang))
    accepted = accepted_text(narrator, d["question"], d["accepted"], lang) or Text(N_("(see the answer card)")).render(lang)
    return pages + pages_of(Text(N_("The answer card says")).render(lang), accepted)


def judge_asking(prompt: Prompt, narrator: Narrator, lang: str) -> str:
    """Who asks the voice of Holmes to judge, and which question (the prompt tells the voice both)."""
    number = question_number(narrator, prompt.data["question"])
    return Text(N_("{seat} asks about question {number}"), {"seat": narrator.seat(prompt.data["seat"]), "number": number}).render(lang)


def accepted_text(narrator: Narrator, question: str, accepted: list[Any], lang: str) -> str:
    """The key of one question in words (choices by their label, free text in the reader's language)."""
    return "; ".join(answer_label(narrator, question, a).render(lang) for a in accepted)


def action_label(action: Action, prompt: Prompt, narrator: Narrator) -> Text:
    """One choice in words."""
    kind, args = action.kind, action.args
    if kind in ("visit", "tap", "watson_target", "extra_read"):
        return narrator.card(args[0])
    if kind == "bid":
        bid = Text(N_("Walk (no bid)")) if args[0] == 0 else counted("Bid {count} carriage", "Bid {count} carriages", args[0])
        if len(args) > 1:
            return Text(N_("{bid}, using a {token}"), {"bid": bid, "token": Text(TOKEN_NAMES[args[1]])})
        return bid
    if kind in ("character", "copy"):
        return character_label(action, prompt, narrator)
    if kind == "holmes_consult":
        return Text(N_("Holmes: the sheet of {voice}"), {"voice": narrator.seat(args[0])})
    if kind == "holmes_check":
        number = question_number(narrator, args[1])
        if args[2] is None:
            return Text(N_("Holmes: {voice} judges question {number}"), {"voice": narrator.seat(args[0]), "number": number})
        return Text(N_("Holmes, question {number}: {answer}?"), {"number": number, "answer": answer_label(narrator, args[1], args[2])})
    if kind == "answer":
        return answer_label(narrator, args[0], args[1])
    if kind == "grade":
        return Text(N_("My answer matches") if args[1] else N_("My answer differs"))
    if kind == "written":
        return Text(N_("Written on my paper"))
    if kind == "judge":
        return Text(N_("accurate") if args[0] else N_("not accurate"))
    if kind == "done":
        return Text(N_("Done: police on this card") if args else N_("Done reading"))
    if kind == "ok" and prompt.kind == "outbid" and prompt.data.get("lost"):  # the carriage it costs
        return Text(N_("Go elsewhere: -{lost}"), {"lost": prompt.data.get("lost", 0)})
    if kind == "discard_character":
        return counted("Discard your character: +{count} carriage", "Discard your character: +{count} carriages",
                       narrator.characters.discard_value)
    return Text(SIMPLE.get(kind, N_("That choice")))


TOKEN_NAMES = {"police": N_("police"), "calloff": N_("call-off"), "lockpick": N_("lockpick")}
SIMPLE = {
    "watson": N_("Take Dr Watson: 4 carriages"),
    "toby": N_("Send Toby instead"),
    "back": N_("Back"),
    "go": N_("Go to 221B all the same"),
    "ok": N_("Go elsewhere"),
    "ready": N_("Ready to attempt"),
}


def character_label(action: Action, prompt: Prompt, narrator: Narrator) -> Text:
    args = action.args
    if action.kind == "copy":
        name = Text(narrator.characters.get(args[0]).name)
        return Text(N_("Copy {character}"), {"character": name, **effect_params(args[1:], narrator)})
    if prompt.kind == "outbid":
        return Text(N_("Reveal: all carriages back"))
    if prompt.kind == "wait_221b":
        return Text(N_("Reveal: attempt first"))
    if args and args[0] == "remove_police":
        return Text(N_("Reveal: police away from {card}"), {"card": narrator.card(args[1])})
    if args and args[0] == "take_police":
        return Text(N_("Reveal: take a police token"))
    return Text(N_("Reveal your character"))


# What revealing does, under "Reveal your character" where the label cannot say it (a trial's newcomer
# was offered to reveal a card whose action no screen of the turn told; its whole text is on the seat's
# "Your character" page): one short line per effect (characters.toml).
REVEAL_DOES = {
    "toby": N_("Toby bids 2 for you"),
    "pens_down": N_("others read, no notes"),
    "extra_read": N_("read one more card"),
    "cheap_watson": N_("Dr Watson for 1"),
}


def effect_params(args: tuple[Any, ...], narrator: Narrator) -> dict[str, Any]:
    return {"card": narrator.card(args[1])} if len(args) > 1 else {}


def choice_title(prompt: Prompt, narrator: Narrator) -> Text:
    d = prompt.data
    params: dict[str, Any] = {"round": d.get("round", ""), "lost": d.get("lost", 0), "number": d.get("number", "")}
    if "card" in d:
        params["card"] = narrator.card(d["card"])
    if prompt.kind == "outbid":
        params["by"] = narrator.seat(d["by"])
    return Text(TITLES.get(prompt.kind, N_("Your choice")), params)


def menu(prompt: Prompt, narrator: Narrator, lang: str, texts: dict[str, dict[str, str] | None] | None = None,
         card: Character | None = None, supply: dict[str, int] | None = None) -> Menu:
    """The pages to read first, then the choices: a visit first by what (a location, Dr Watson, your
    character, Sherlock Holmes), then which; a bid first walk or carriages (and with which token),
    then how many. `supply`: the tokens left in the supply (what a refused card's page may promise)."""
    hint = Text(HINT).render(lang)
    character = None if card is None else Text(card.name)
    read = tuple(MenuEntry(item, footer="") for item in lead(prompt, narrator, texts or {}, lang))
    details = choice_details(prompt, narrator)
    if card is not None and card.effect in REVEAL_DOES and prompt.kind == "visit":
        details |= {a: Text(REVEAL_DOES[card.effect]) for a in prompt.actions if a.kind == "character" and not a.args}
    leaves = []
    for a in prompt.actions:
        item = choice_item(action_label(a, prompt, narrator).render(lang), details[a].render(lang) if a in details else "")
        footer = Text(CLOSE_FOOTERS[a.args]).render(lang) if a.kind == "done" else hint
        leaves.append((group_of(a), MenuEntry(item, a, footer=footer if len(item.lines) < PAGE_LINES else "")))
    if prompt.kind == "visit":
        leaves = with_refused(leaves, prompt, narrator, lang, supply)
    if prompt.kind == "confirm_221b":  # the safe choice first: ● read on through the warning, then ● again,
        # took a trial's newcomer to 221B with a question still closed ("Go to 221B all the same" came first)
        leaves.sort(key=lambda leaf: leaf[1].action is None or leaf[1].action.kind != "back")
    entries = grouped(leaves, lambda key, below: heading(key, below, prompt, lang, character),
                      lambda key: Text(GROUP_TITLES[key[0]]).render(lang))
    if prompt.kind == "answer":  # an answer given at 221B cannot be changed: each is sent from its summary
        entries = tuple(sealed_answer(e, lang) if e.action is not None and e.action.kind in ("answer", "written")
                        else e for e in entries)
    early = prompt.kind == "visit" and bool(prompt.data.get("unopened"))
    entries = tuple(with_summaries(e, character, narrator, lang, early) for e in entries)
    if card is not None:
        entries = tuple(with_power(e, card, lang) for e in entries)
    asking = judge_asking(prompt, narrator, lang) if prompt.kind == "holmes_judge" else ""
    return Menu(choice_title(prompt, narrator).render(lang), read + entries, footer=hint, asking=asking)


# A location card the seat may not choose now stands among the others all the same, saying why and
# what opens it (rules 6.3, 3): a trial's newcomer, not finding the locked card 7 in "Where to?",
# thought it gone or the table broken. By the game's reason (kiosk/games/watson_holmes/board.py):
# what the card is now, and what it needs, with the card whose icon gives that token where the case
# has one such card and the words fit the page (else without).
LOCKED = N_("This card can only be read with a lockpick.")
POLICED = N_("The police guard this card: you need a call-off or a lockpick token.")
REFUSED = {
    LOCKED: (N_("Card {number}: locked"), N_("needs a lockpick (card {lockpick} gives one)"), N_("needs a lockpick")),
    POLICED: (
        N_("Card {number}: police on it"), N_("needs a call-off (card {calloff}) or a lockpick (card {lockpick})"),
        N_("needs a call-off or a lockpick")),
    N_("You cannot afford this card."): (N_("Card {number}: too dear"), "", N_("you have too few carriages for it")),
}
# The tokens are few (rules 2, 2.1: 2 lockpicks, 6 call-offs; players take theirs from the supply, and they go back
# there when spent) and a card's icon gives one only while the supply has one: a trial's newcomer read "card 5
# gives one" with both lockpicks in other hands. With none left there, the page says that others hold them, and
# what else opens the card. By the reason and the tokens it names still in the supply: what the card needs.
NEEDS = {LOCKED: ("lockpick",), POLICED: ("calloff", "lockpick")}
SPENT = {
    (LOCKED, ()): N_("needs a lockpick, but others hold them all"),
    (POLICED, ("calloff",)): N_("needs a call-off; others hold the lockpicks"),
    (POLICED, ("lockpick",)): N_("needs a lockpick; others hold the call-offs"),
    (POLICED, ()): N_("others hold every call-off and lockpick"),
}


def with_refused(leaves: list[tuple[Any, MenuEntry]], prompt: Prompt, narrator: Narrator, lang: str,
                 supply: dict[str, int] | None = None) -> list[tuple[Any, MenuEntry]]:
    """The visit's choices with each location card it refuses (`unavailable`: card to the game's
    reason) in its place among the cards, as a page that says why (`kiosk.seats.menu.not_now`);
    `supply`: the tokens left in the supply (the public view's)."""
    refused = prompt.data.get("unavailable") or {}
    if not refused:
        return leaves
    order = {c.id: i for i, c in enumerate(narrator.case.cards)}
    cards = [(order.get(e.action.args[0], len(order)), e) for key, e in leaves if key == ("visit", None) and e.action]
    cards += [(order[card], refused_entry(card, str(why), narrator, lang, supply)) for card, why in refused.items()
              if card in order]
    return [(("visit", None), e) for _, e in sorted(cards, key=lambda c: c[0])] + [
        (key, e) for key, e in leaves if key != ("visit", None)]


def refused_entry(card: str, why: str, narrator: Narrator, lang: str, supply: dict[str, int] | None = None) -> MenuEntry:
    """One refused card as a page: "Card 7: locked", then why ("Not now: needs a lockpick (card 5 gives one)."),
    or that none is left to get ("Not now: needs a lockpick, but others hold them all.")."""
    heading, where, plain = REFUSED.get(why, (N_("Card {number}"), "", why))
    needs = NEEDS.get(why, ())
    left = tuple(token for token in needs if (supply or {}).get(token, 1) > 0)
    if left != needs:
        where, plain = "", SPENT[(why, left)]
    number = narrator.case.card(card).number
    title = [Text(heading, {"number": number}).render(lang)]
    tokens = {token: token_source(narrator, token) for token in ("calloff", "lockpick") if "{" + token + "}" in where}
    # Not the card itself: policed card 7 read "needs ... a lockpick (card 7)", the one card it keeps out (playWH21).
    if where and all(tokens.values()) and number not in tokens.values():
        reasons = [Text(where, tokens).render(lang)]
        if len(not_now_lines(title, reasons, lang)) <= PAGE_LINES:
            return not_now(title, reasons, lang)
    return not_now(title, [Text(plain).render(lang)], lang)


def token_source(narrator: Narrator, token: str) -> int | None:
    """The number of the case's one location card whose icon gives `token` (None: none, or several)."""
    found = [c.number for c in narrator.case.cards if f"gives_{token}" in c.icons]
    return found[0] if len(found) == 1 else None


GROUPS = {
    "visit": N_("Visit a location"),
    "character": N_("Your character"),
    "holmes": N_("Ask Sherlock Holmes"),  # among the answers at 221B too: say it is a question to him
    "walk": N_("Walk (no bid)"),
    "carriages": N_("Bid carriages"),
}
GROUP_TITLES = {**GROUPS, "visit": N_("Where to?"), "holmes": N_("Sherlock Holmes"), "walk": N_("Your bid"),
                "carriages": N_("Your bid")}


def group_of(action: Action) -> tuple[str, str | None] | None:
    """What a choice is, at the upper level of the menu (None: it stands there alone)."""
    kind, args = action.kind, action.args
    if kind in ("visit", "tap"):
        return "visit", None
    if kind in ("character", "copy", "discard_character"):
        return "character", None
    if kind.startswith("holmes_"):
        return "holmes", None
    if kind == "bid":
        return ("walk" if args[0] == 0 else "carriages"), (args[1] if len(args) > 1 else None)
    return None


def heading(key: Any, below: tuple[MenuEntry, ...], prompt: Prompt, lang: str, character: Text | None = None) -> Item:
    group, token = key
    if len(below) == 1 and group in ("visit", "character", "holmes", "walk"):
        return below[0].item  # one choice: it says itself what it is
    words = Text(GROUPS[group])
    if token is not None:
        words = Text(N_("{bid}, using a {token}"), {"bid": words, "token": Text(TOKEN_NAMES[token])})
    detail = Text(N_("costs {n} carriages"), {"n": HOLMES_COST}).render(lang) if group == "holmes" else ""
    if group == "character" and character is not None:  # which card it is
        detail = character.render(lang)
    if group == "carriages":
        bids = [e.action.args[0] for e in below if e.action is not None]
        detail = Text(N_("{least} to {most} carriages"), {"least": min(bids), "most": max(bids)}).render(lang)
    return choice_item(words.render(lang), detail)


def sealed_answer(entry: MenuEntry, lang: str) -> MenuEntry:
    """An answer behind its summary: the answer in at most two lines, and that it cannot be changed."""
    summary = (*two_lines(entry.item.label), Text(N_("Cannot be changed")).render(lang))
    return confirmed(entry, Text(N_("Your answer?")).render(lang), summary, Text(CONFIRM_FOOTER).render(lang))


# Discarding the character is for good (rules 10.1: its action or 3 carriages, not both): playWH21's
# newcomer, opening "Your character" to learn what Mycroft does, pressed ● on its first entry and had
# thrown him away for 3 carriages, no question asked. It is sent from a summary of what it costs.
DISCARD_TITLE = N_("Discard?")
DISCARD_LOSES = N_("its action is lost")


def with_summaries(entry: MenuEntry, character: Text | None, narrator: Narrator, lang: str, early: bool = False) -> MenuEntry:
    """`entry`, with the choice that discards the character (at this level or the one it opens) sent
    from its summary: which card, the carriages, and that its action is lost; and so with the other
    choices that spend carriages or end the seat's options (`spending_summary`)."""
    action = entry.action
    if action is not None and action.kind == "discard_character":
        name = (character or Text(N_("Your character"))).render(lang)
        gain = counted("for +{count} carriage", "for +{count} carriages", narrator.characters.discard_value)
        summary = (name, gain.render(lang), Text(DISCARD_LOSES).render(lang))
        return confirmed(entry, Text(DISCARD_TITLE).render(lang), summary, Text(CONFIRM_FOOTER).render(lang))
    if action is not None:
        return spending_summary(entry, narrator, lang, early)
    if entry.below and not entry.confirms:
        return replace(entry, below=tuple(with_summaries(e, character, narrator, lang, early) for e in entry.below))
    return entry


# A newcomer asked to discard or reveal a character did not know what it does (playWH21, left to fixWH30):
# its text was only on the seat's "Your character" pages. It is now read first where the
# character is chosen: at the top of the "Your character" level, or before the discard's summary where
# the discard stands alone (a character that acts later, or not on this turn).
def with_power(entry: MenuEntry, card: Character, lang: str) -> MenuEntry:
    """`entry` with the character's power read first, where it is the character's own level."""
    kinds = {e.action.kind for e in entry.below if e.action is not None}
    kinds |= {b.action.kind for e in entry.below if e.confirms for b in e.below if b.action is not None}
    if not entry.below or not kinds & {"character", "copy", "discard_character"}:
        return entry
    name = Text(card.name).render(lang)
    power = tuple(MenuEntry(item, footer="") for item in pages_of(name, Text(card.text).render(lang)))
    return replace(entry, below=power + entry.below)


# Dr Watson (4 carriages), a question to Holmes (3, once a game) and 221B (where a wrong answer puts the
# seat out, rules 8.3) each went with one press, as the discard did before playWH21 (left to fixWH30): each
# is now sent from a summary of what it costs and does. 221B with questions not yet open has its own
# warning first (the `confirm_221b` prompt), so only 221B with every question open is summed up here.
SPENDS = {
    "watson": (N_("Take Dr Watson?"), N_("costs {n} carriages"), N_("reads a card to all")),
    "221b": (N_("Go to 221B?"), N_("answer every question"), N_("one wrong, you're out")),
}
HOLMES_TITLE = N_("Ask Holmes?")
HOLMES_SPENDS = N_("costs {n}, once a game")  # rules 9.2: 3 carriages, once per game


def spending_summary(entry: MenuEntry, narrator: Narrator, lang: str, early: bool = False) -> MenuEntry:
    """`entry` behind its summary where its choice takes Dr Watson, asks Holmes or goes to 221B (unless
    `early`: some questions are not open, and the `confirm_221b` prompt warns first); any other choice
    as it is. A summary names what is chosen, then what it costs and does, a line each; a question to
    Holmes says which answer in its first two lines, as a phone shows the summary alone."""
    action = entry.action
    assert action is not None
    footer = Text(CONFIRM_FOOTER).render(lang)
    if action.kind in ("holmes_consult", "holmes_check"):
        spends = Text(HOLMES_SPENDS, {"n": HOLMES_COST}).render(lang)
        if action.kind == "holmes_consult":
            sheet = Text(N_("Sheet of {voice}"), {"voice": narrator.seat(action.args[0])}).render(lang)
            summary: tuple[str, ...] = (sheet, Text(N_("how many were right")).render(lang), spends)
        else:
            summary = (*two_lines(entry.item.label), spends)
        return confirmed(entry, Text(HOLMES_TITLE).render(lang), summary, footer)
    baker = narrator.case.baker_street_id
    if action.kind == "watson":
        key, cost, head = "watson", WATSON_COST, Text(N_("Dr Watson"))
    elif action.kind in ("visit", "tap") and action.args[0] == baker and not early:
        key, cost, head = "221b", 0, narrator.card(baker)
    else:
        return entry
    title, costs, does = SPENDS[key]
    summary = (fit(head.render(lang), LINE_WIDTH, (12,))[0], Text(costs, {"n": cost}).render(lang), Text(does).render(lang))
    return confirmed(entry, Text(title).render(lang), summary, footer)


def two_lines(label: str) -> list[str]:
    """`label` on at most two lines of the seat, the second cut short where it runs on."""
    lines = paragraph(label, LINE_WIDTH)
    return lines if len(lines) <= 2 else lines[:1] + [fit(" ".join(lines[1:]), LINE_WIDTH, (12,))[0]]


def choice_item(label: str, detail: str) -> Item:
    """A choice, large when it fits two lines; a longer one (a long answer, a long card name) is set
    small over several lines, so it is never cut short."""
    lines, _ = wrap(label, TEXT_WIDTH)  # as the label is drawn (`label_lines`)
    if ELLIPSIS not in "".join(lines):
        return Item(label, detail=detail)
    return Item(label, lines=tuple(paragraph(label, LINE_WIDTH) + ([detail] if detail else []))[:PAGE_LINES])


def choice_details(prompt: Prompt, narrator: Narrator) -> dict[Action, Text]:
    """A second line under some choices: a location card's number (printed on the physical card),
    how many questions 221B would have to answer before they open, the card a bid is for, and what
    a failed player's sheet tells (how many of its answers were right, not which)."""
    found: dict[Action, Text] = {}
    if prompt.kind == "bid":
        number = narrator.case.card(prompt.data["card"]).number
        # a card in another zone costs its fare besides the bid (rules 6.2, zones): a newcomer offered
        # "Walk (no bid)" and "1 to 9 carriages" of his 10 for a City card did not see why
        if prompt.data.get("travel"):
            fare = Text(N_("card {number} · fare: {travel}"), {"number": number, "travel": prompt.data["travel"]})
            return {a: fare for a in prompt.actions if a.kind != "back"}
        return {a: Text(N_("for card {number}"), {"number": number}) for a in prompt.actions if a.kind != "back"}
    unopened = len(prompt.data.get("unopened") or ()) if prompt.kind == "visit" else 0
    for a in prompt.actions:
        if a.kind in ("visit", "tap") and a.args[0] in prompt.data.get("taken", ()):  # a rival's pawn is there: outbid it
            found[a] = Text(N_("card {number} · taken"), {"number": narrator.case.card(a.args[0]).number})
        elif a.kind in ("visit", "tap", "watson_target", "extra_read") and narrator.case.is_location(a.args[0]):
            found[a] = Text(N_("card {number}"), {"number": narrator.case.card(a.args[0]).number})
        elif a.kind in ("visit", "tap") and a.args[0] == narrator.case.baker_street_id and unopened:
            found[a] = counted("{count} question not open", "{count} questions not open", unopened)
        elif a.kind in ("visit", "tap") and a.args[0] == narrator.case.baker_street_id and prompt.kind == "visit":
            # rules 6.6: only to attempt the solution (a wrong answer puts you out); a trial's newcomer took it
            # for one more place to visit, and it is chosen at once when every question is open
            found[a] = Text(N_("to solve the case"))
        elif a.kind == "done":  # the card's text goes with this choice
            found[a] = Text(CLOSES)
        elif a.kind == "holmes_consult":  # rules 9.2, Answer Consultation: a trial's newcomer did not know what "the sheet" tells
            found[a] = Text(N_("how many were right"))
    return found


# --- private reveals -----------------------------------------------------------------------------


def reveal(event: Event, narrator: Narrator, lang: str) -> Screen | None:
    """A private result shown large for a moment (it also goes into the journal)."""
    d = event.data
    if event.kind == "holmes_answer":
        words = Text(N_("accurate") if d["right"] else N_("not accurate"))
        number = question_number(narrator, d["question"])
        detail = Text(N_("Question {number}"), {"number": number})
        return Screen(Text(N_("Sherlock Holmes says")).render(lang), (Item(words.render(lang), detail=detail.render(lang)),), inverted=True)
    if event.kind == "holmes_sheet":
        correct = "?" if d["correct"] is None else d["correct"]
        label = Text(N_("{correct} right"), {"correct": correct})
        detail = Text(N_("Answers in your journal"))
        title = Text(N_("Sheet of {voice}"), {"voice": narrator.seat(d["voice"])})
        return Screen(title.render(lang), (Item(label.render(lang), detail=detail.render(lang)),), inverted=True)
    if event.kind == "answer_key":
        return Screen(Text(N_("You failed")).render(lang), (Item(Text(N_("You are the voice of Holmes")).render(lang)),), inverted=True)
    if event.kind == "holmes_asks" and d["voice"] != d["seat"]:
        asks = Text(N_("{seat} asks you"), {"seat": narrator.seat(d["seat"])})
        detail = Text(N_("Question {number}"), {"number": question_number(narrator, d["question"])})
        return Screen(Text(N_("Voice of Holmes")).render(lang), (Item(asks.render(lang), detail=detail.render(lang)),), inverted=True)
    return None


# --- the pages object ----------------------------------------------------------------------------


@dataclass
class WatsonHolmesPages:
    """The seat pages of Watson & Holmes for the seat controller, in one language.

    It keeps the events its seat was allowed to see (the controller hands it no others): the
    journal is drawn from them, and so is the card text of an open reading prompt.
    """

    narrator: Narrator
    lang: str
    assist: bool = False  # no assist in this game: the notes are the player's own
    # your character and journal first, as the idle screen's hint names them; the card open now is
    # seldom there to see (a reading is a prompt, and its text leaves the view when it is done)
    pages: tuple[str, ...] = ("character", "journal", "reading")
    pages_hint: str = PAGES_HINT
    seen: list[Event] = field(default_factory=list)
    behind: bool = False  # the board still shows a verdict: results wait for it (the referee sets this)
    results: dict[str, bool] = field(default_factory=lambda: {"answer_key": False})  # told after the board's verdict; not once the game is over

    def observe(self, events: list[Event]) -> None:
        self.seen.extend(events)
        if any(e.kind == "answer_key" and e.data["answers"] for e in events) and "solution" not in self.pages:
            self.pages = ("solution", *self.pages)  # failed at 221B: the voice of Holmes knows the answers

    def idle(self, view: dict[str, Any]) -> Screen:
        return idle(view, self.narrator, self.lang, self.behind)

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        if name == "reading":
            return reading(view, self.narrator, self.lang, index)
        if name == "character":
            return character(view, self.narrator, self.lang, index)
        if name == "solution":
            return solution(view, self.narrator, self.lang, index)
        return journal(self.journal(view["you"]["seat"]), self.lang, index)

    def journal(self, seat: int) -> list[Entry]:
        entries: list[Entry] = []
        round_ = 1
        for event in self.seen:
            if event.kind == "round_start":
                round_ = event.data["round"]
            entries += journal_entries(event, self.narrator, seat, round_)
        return entries

    def open_texts(self) -> dict[str, dict[str, str] | None]:
        """The text of each card this seat was handed to read (the reading prompt gates it)."""
        return {e.data["card"]: e.data["text"] for e in self.seen if e.kind == "card_read"}

    def menu(self, prompt: Prompt, view: dict[str, Any]) -> Menu:
        return menu(prompt, self.narrator, self.lang, self.open_texts(), own_card(view, self.narrator), view.get("supply"))

    def reveal(self, event: Event, seat: int) -> Screen | None:
        return reveal(event, self.narrator, self.lang)  # every private event here is the seat's own


def make_pages(narrator: Narrator, lang: str, assist: bool = False) -> WatsonHolmesPages:
    return WatsonHolmesPages(narrator, lang, assist)
