"""A Watson & Holmes bot that investigates: it reads, keeps notes, and goes to 221B when they answer.

What it knows is what a player at the table knows, nothing else: the public case file in its view
(intro, questions and their choices, card fronts), the texts of the cards its seat read (its own
`card_read` events, and the Dr Watson readings everybody hears), public events, and the private
results of its own Holmes checks. It never sees a case's answer key nor the `evidence` lists the
case checker uses: it cannot tell which card answers which question except by reading.

How it reads. Notes are the card texts, split into sentences. A choice of a picker question is
"mentioned" by a sentence that holds one of the choice's distinctive words (word stems of its
label that the other choices and the question itself do not share: "Marsh", "organ", "draught";
words of the title and intro, such as the house or the victim, count less). A mention counts more
when the sentence also holds words of the question ("carried", "poison", "bedside"). Its answer to
a question is the choice mentioned most, so weighted, in its notes. A free-text question is
answered with the sentences of its notes that speak most of the question, each with the sentence
of another card that says most about it ("a paper put in the tall clock" -> "behind the pendulum,
a draft"); at 221B it grades that, as the rules ask of a player, by comparing it with the answer
card (right when it holds half the card's words).

When it goes to 221B. Every question must be open, and for each one its notes must hold at least
`CONFIDENT_CARDS` cards relevant to it (cards that mention one of its choices; for free text, two
cards that speak of it), with its best choice strictly ahead of the next. It also goes when no card
worth reading is within its means and none is left unread (or none has been for `IDLE_ROUNDS`
rounds), or when the last-player countdown runs out. Once someone has failed it may buy one Holmes
Answer Check (3 carriages) for the picker question where its best choice leads least.

How it bids. A card it has read is worth nothing to it (but the lockpick card, when a locked card is
all it lacks); an unread one is worth 1, more if its front names a candidate answer or something a
question asks about. It walks to the best card it can afford; it bids or outbids only up to that
card's share of its spare purse (the carriages beyond a reserve for Holmes, split over the unread
cards by worth), so it never throws its whole purse at one card. It takes Dr Watson when it has
carriages to spare and another seat stands on a card it has not read. With nothing worth reading
within reach, it rests at the Carriage Stop. Its character: Mycroft's extra read is used, any other
card is discarded for its carriages (more carriages also put it earlier at 221B).

Deterministic: its only chance is a generator seeded from the game seed and its seat, used for
tie-breaks, so a stored game replays with the same choices.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes.characters import Characters, load_characters  # rules data, no state

CONFIDENT_CARDS = 3  # relevant cards read before it trusts its answer to a question
MENTION_BOOST = 0.5  # extra weight of a mention per question word in the same sentence
SCENE_WEIGHT = 0.3  # weight of a choice's word that the title or the intro already uses
NAMED_WORTH = 0.5  # extra worth of an unread card whose front names a candidate answer
LOCKPICK_WORTH = 0.8  # worth of going back for a lockpick when a locked card is all it has left
IDLE_ROUNDS = 3  # rounds with nothing worth reading within reach before it tries 221B anyway
HOLMES_RESERVE = 3  # carriages kept for a Holmes check once someone has failed
STEM = 5  # words are compared by their first letters: "poisoned" ~ "poison", "lodgings" ~ "lodging"
FREE_TEXT_MATCH = 0.5
FREE_TEXT_SEEDS = 2  # sentences on the question it builds its written answer from  # share of the answer card's words its written answer must hold to count as right

_STOP = frozenset(
    """a an the of in on at to for from by with and or but his her their its he she they him them it
    is was were be been who what why how where when which that this these those after before into out
    about without as did do does had has have not no
    el la los las un una unos unas de del en a al para por con y o su sus lo le les que quien quién
    qué por qué cómo dónde cuándo cual cuál se es fue era tras sin sobre ante""".split()
)
_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?»\"])\s+")


def stems(text: str) -> list[str]:
    """Content words of a text, cut to their first letters."""
    words = (w.lower() for w in _WORD.findall(text.replace("'s", "").replace("’s", "")))
    return [w[:STEM] for w in words if w not in _STOP and len(w) > 1]


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s.strip()]


def in_language(text: Any, language: str) -> str:
    """A case text (a mapping per language, or a plain string) in one language."""
    if isinstance(text, dict):
        return str(text.get(language) or next(iter(text.values()), ""))
    return "" if text is None else str(text)


@dataclass
class Reading:
    """Its notes on one question: how well each choice is backed, and by how many cards."""

    scores: dict[Any, float] = field(default_factory=dict)
    relevant: int = 0
    best: Any = None
    sure: bool = False  # a Holmes check said its answer is right
    written: str = ""  # free text: the sentence it would write


class WatsonHolmesBot:
    def __init__(self, seat: int, seed: int, characters: Characters | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(f"watson-holmes-bot:{seed}:{seat}")
        self.notes: dict[str, dict[str, str]] = {}  # card id -> the text it noted, per language
        self.checked: dict[str, tuple[Any, bool]] = {}  # question -> (answer, right) from Holmes
        self.written: dict[str, str] = {}  # free-text questions: what it wrote at 221B
        self.idle: set[int] = set()  # rounds in which no card worth reading was within its means
        self.backed: set[tuple[int, str]] = set()  # (round, card) it chose, then found too dear
        self.characters = characters or load_characters()
        # caches of what the notes say, keyed by what they depend on (the notes only grow)
        self._readings: dict[tuple[str, int, int], Reading] = {}
        self._words: dict[str, dict[Any, dict[str, float]]] = {}
        self._named: dict[tuple[str, int], bool] = {}
        self._scene_words: set[str] | None = None

    # --- the interface: its seat's view, its prompts and the events its seat may see ---------------

    def observe(self, events: list[Event]) -> None:
        for event in events:
            if not event.visible_to(self.seat):
                continue  # play() filters already; a bot never keeps what its seat may not see
            d = event.data
            if event.kind == "card_read" and d.get("seat") == self.seat and d.get("notes", True):
                # kept per language, read in the case's; with the published box (no text) a bot,
                # which holds no physical card, only notes that it has been there
                self.notes[d["card"]] = d.get("text") or {}
            elif event.kind == "watson_reading" and d.get("text"):
                self.notes[d["card"]] = d["text"]  # read aloud to the whole table
            elif event.kind == "holmes_answer" and d.get("seat") == self.seat and d.get("answer") is not None:
                self.checked[d["question"]] = (d["answer"], bool(d["right"]))

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        if prompt.seat != self.seat:
            raise ValueError(f"the bot of seat {self.seat} answers its own prompts only")
        handler = getattr(self, "_" + prompt.kind, None)
        action = handler(view, prompt) if handler is not None else None
        if action is None or action not in prompt.actions:
            action = self._fallback(prompt)
        return action

    # --- its notes ----------------------------------------------------------------------------------

    def _language(self, view: dict[str, Any]) -> str:
        languages = view["case"].get("languages") or ["en"]
        return str(languages[0])

    def _texts(self, view: dict[str, Any]) -> dict[str, str]:
        language = self._language(view)
        return {card: in_language(text, language) for card, text in self.notes.items()}

    def reading(self, view: dict[str, Any], question: dict[str, Any]) -> Reading:
        """What its notes say about one open question (from the card texts it read, nothing else)."""
        key = (question["id"], len(self.notes), len(self.checked))
        if key not in self._readings:
            self._readings[key] = self._read(view, question)
        return self._readings[key]

    def _read(self, view: dict[str, Any], question: dict[str, Any]) -> Reading:
        language = self._language(view)
        qwords = set(stems(in_language(question.get("text"), language)))
        texts = self._texts(view)
        result = Reading()
        checked = self.checked.get(question["id"])
        if question["kind"] == "FREE_TEXT":
            return self._read_free_text(view, qwords, texts)
        choices = self._choice_words(view, question)
        for card in sorted(texts):
            mentioned = False
            for sentence in sentences(texts[card]):
                words = set(stems(sentence))
                boost = 1 + MENTION_BOOST * len(qwords & words)
                for choice, weights in choices.items():
                    strength = max((w for stem, w in weights.items() if stem in words), default=0.0)
                    if strength:
                        mentioned = True
                        result.scores[choice] = result.scores.get(choice, 0.0) + strength * boost
            result.relevant += mentioned
        ruled_out = {checked[0]} if checked and not checked[1] else set()
        candidates = [c for c in choices if c not in ruled_out]
        if checked and checked[1]:
            result.best, result.sure = checked[0], True
            return result
        ranked = sorted(candidates, key=lambda c: -result.scores.get(c, 0.0))
        result.best = ranked[0] if ranked else None
        return result

    def _read_free_text(self, view: dict[str, Any], qwords: set[str], texts: dict[str, str]) -> Reading:
        """The sentence of its notes that speaks most of the question, and the sentence of another
        card that says most about that one ("a paper put in the clock" -> "behind the pendulum, a
        draft"): together they are what it writes."""
        scene = self._scene(view)
        asked = qwords - scene  # "the clock" of a case called "The Stopped Clock" says less

        def speaks(words: set[str]) -> float:
            return len(asked & words) + SCENE_WEIGHT * len(qwords & scene & words)

        found = [(card, sentence, set(stems(sentence))) for card in sorted(texts) for sentence in sentences(texts[card])]
        on_topic = sorted((f for f in found if speaks(f[2]) >= 1 + SCENE_WEIGHT), key=lambda f: -speaks(f[2]))
        result = Reading()
        result.relevant = len({card for card, _s, _w in on_topic})
        written: list[str] = []
        for card, sentence, words in on_topic[:FREE_TEXT_SEEDS]:
            written.append(sentence)
            clues = words - qwords - scene
            linked = [f for f in found if f[0] != card and len(clues & f[2]) >= 2]
            if linked:
                written.append(max(linked, key=lambda f: len(clues & f[2]))[1])
                result.relevant += 1
        result.written = " ".join(dict.fromkeys(written))
        return result

    def _scene(self, view: dict[str, Any]) -> set[str]:
        """Words of the title and the intro: the house, the victim, the client, found on every card."""
        if self._scene_words is None:
            language = self._language(view)
            case = view["case"]
            self._scene_words = set(stems(in_language(case["title"], language) + " " + in_language(case["intro"], language)))
        return self._scene_words

    def _choice_words(self, view: dict[str, Any], question: dict[str, Any]) -> dict[Any, dict[str, float]]:
        """Each choice's distinctive word stems, weighted down when other choices share them."""
        if question["id"] not in self._words:
            self._words[question["id"]] = self._distinctive(view, question)
        return self._words[question["id"]]

    def _distinctive(self, view: dict[str, Any], question: dict[str, Any]) -> dict[Any, dict[str, float]]:
        language = self._language(view)
        qwords = set(stems(in_language(question.get("text"), language)))
        if question["kind"] == "NUMBER":
            low, high = question["range"]
            return {n: {str(n): 1.0} for n in range(low, high + 1)}
        words = {c["id"]: set(stems(in_language(c["label"], language))) - qwords for c in question["choices"]}
        shared: dict[str, int] = {}
        for stems_of in words.values():
            for stem in stems_of:
                shared[stem] = shared.get(stem, 0) + 1
        # a word of the title or intro (the house, the victim, the client) is everywhere: it says little
        case = self._scene(view)
        return {
            choice: {stem: (SCENE_WEIGHT if stem in case else 1.0) / shared[stem] for stem in stems_of}
            for choice, stems_of in words.items()
        }

    def confident(self, view: dict[str, Any], question: dict[str, Any]) -> bool:
        r = self.reading(view, question)
        if r.sure:
            return True
        if question["kind"] == "FREE_TEXT":
            return r.relevant >= CONFIDENT_CARDS - 1 and bool(r.written)
        ranked = sorted(r.scores.values(), reverse=True) + [0.0, 0.0]
        return r.relevant >= CONFIDENT_CARDS and ranked[0] > ranked[1]

    def ready(self, view: dict[str, Any]) -> bool:
        """Its notes answer every question, all of them open, with reasonable confidence."""
        case = view["case"]
        if len(case["questions"]) < case["question_count"]:
            return False
        return all(self.confident(view, q) for q in case["questions"])

    # --- what a card is worth -----------------------------------------------------------------------

    def worth(self, view: dict[str, Any], card: dict[str, Any]) -> float:
        """What reading the card would add to its notes; a card it read is worth nothing more, unless
        it hands out the lockpick that the one card left locked to it needs."""
        if card.get("kind") != "location":
            return 0.0
        if card["id"] in self.notes:
            return LOCKPICK_WORTH if "gives_lockpick" in card["icons"] and self._needs_lockpick(view) else 0.0
        key = (card["id"], len(view["case"]["questions"]))
        if key not in self._named:
            self._named[key] = self._names_something(view, card)
        return 1.0 + NAMED_WORTH if self._named[key] else 1.0

    def _needs_lockpick(self, view: dict[str, Any]) -> bool:
        if view["players"][self.seat]["tokens"].get("lockpick"):
            return False
        return any(
            c["kind"] == "location" and "lockpick_required" in c["icons"] and c["id"] not in self.notes
            for c in view["case"]["cards"]
        )

    def _names_something(self, view: dict[str, Any], card: dict[str, Any]) -> bool:
        """The front names a candidate answer ("Marsh's lodgings") or a thing a question asks about
        ("The tall case clock")."""
        language = self._language(view)
        name = set(stems(in_language(card.get("name"), language)))
        scene = self._scene(view)
        for question in view["case"]["questions"]:
            if name & (set(stems(in_language(question.get("text"), language))) - scene):
                return True
            for weights in self._choice_words(view, question).values():
                if any(weights.get(stem, 0) >= 1.0 for stem in name):
                    return True
        return False

    def _spare(self, view: dict[str, Any]) -> int:
        me = view["players"][self.seat]
        reserve = HOLMES_RESERVE if view.get("holmes_open") and not me["holmes_used"] else 0
        return max(0, me["carriages"] - me["committed"] - reserve)

    def _cap(self, view: dict[str, Any], worth: float) -> int:
        """The most it would pay for a card worth `worth`: that card's share of its spare purse."""
        unread = [self.worth(view, c) for c in view["case"]["cards"]]
        total = sum(unread) or 1.0
        return int(self._spare(view) * worth / total)

    def _occupant_bid(self, view: dict[str, Any], card: str) -> int | None:
        for pawn in view["pawns"]:
            if pawn["card"] == card and pawn["seat"] != self.seat:
                return 2 if pawn["toby"] else int(pawn["bid"])
        return None

    # --- its decisions ------------------------------------------------------------------------------

    def _visit(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        kinds = {a.kind for a in prompt.actions}
        if "character" in kinds or "discard_character" in kinds:
            use = next((a for a in prompt.actions if a.kind == "character" and a.args == ()), None)
            if use is not None and self._own_effect(view) == "extra_read":
                return use  # Mycroft: one more card to read this round
            if "discard_character" in kinds:
                return Action("discard_character")  # 3 carriages now beat an action it does not plan for
        visits = {a.args[0]: a for a in prompt.actions if a.kind in ("visit", "tap")}
        cards = {c["id"]: c for c in view["case"]["cards"]}
        baker = next(c["id"] for c in view["case"]["cards"] if c["kind"] == "221b")
        stop = next(c["id"] for c in view["case"]["cards"] if c["kind"] == "stop")
        last = prompt.data.get("last_player") or view.get("last_player")
        options = []
        for card_id, action in visits.items():
            card = cards.get(card_id)
            if card is None or card["kind"] != "location":
                continue
            value = self.worth(view, card)
            if value <= 0 or (view["round"], card_id) in self.backed:
                continue
            taken = self._occupant_bid(view, card_id)
            cost = (0 if taken is None else taken + 1) + self._travel(view, card)
            if cost > self._cap(view, value):
                continue
            options.append((value - 0.1 * cost + self.rng.random() * 1e-3, card_id))
        forced = bool(last and last.get("seat") == self.seat and last.get("rounds_left", 9) <= 0)
        if not options:
            self.idle.add(view["round"])
        stuck = not options and (not self._unread_left(view) or len(self.idle) >= IDLE_ROUNDS)
        if baker in visits and (self.ready(view) or forced or stuck):
            return visits[baker]
        if (
            "watson" in kinds
            and self._spare(view) - 4 >= 4
            and any(self.worth(view, cards[p["card"]]) > 0 for p in view["pawns"] if p["card"] in cards)
        ):
            return Action("watson")
        if options:
            return visits[max(options)[1]]
        if stop in visits:
            return visits[stop]
        return None

    def _travel(self, view: dict[str, Any], card: dict[str, Any]) -> int:
        here = view["players"][self.seat]["zone"]
        fares = {(t["from"], t["to"]): int(t["cost"]) for t in view["case"]["travel"]}
        return fares.get((here, card.get("zone")), 0)

    def _unread_left(self, view: dict[str, Any]) -> bool:
        return any(self.worth(view, c) > 0 for c in view["case"]["cards"])

    def _own_effect(self, view: dict[str, Any]) -> str | None:
        character = view["you"].get("character")
        return self.characters.get(character).effect if character else None

    def _confirm_221b(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return Action("go")  # it chose 221B knowing the questions (it answers unopened ones too)

    def _bid(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        card_id = prompt.data["card"]
        card = next(c for c in view["case"]["cards"] if c["id"] == card_id)
        least = int(prompt.data["least"])
        bids = [a for a in prompt.actions if a.kind == "bid"]
        if not bids or least + int(prompt.data.get("travel", 0)) > self._cap(view, self.worth(view, card)):
            self.backed.add((view["round"], card_id))  # not worth it: it will not pick it again this round
            return Action("back")
        # Walk to a free card when nobody else is left to take it cheaply: a bid only guards it.
        amount = least
        if least == 0 and view["round"] > 1 and self._cap(view, self.worth(view, card)) >= 2:
            amount = 1
        at = [a for a in bids if a.args[0] == amount] or [a for a in bids if a.args[0] == least]
        return min(at, key=lambda a: (len(a.args), a.args[1:] != ("lockpick",)))

    def _outbid(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return Action("character") if Action("character") in prompt.actions else Action("ok")

    def _reading(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        for entry in view["you"].get("reading", []):  # the text is in its view while it reads
            if entry.get("text") and prompt.data.get("notes", True):
                self.notes.setdefault(entry["card"], entry["text"])
        return self._holmes(view, prompt) or self._police(view, prompt) or Action("done")

    def _police(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        """Its police token on the card it has just read when that card names a candidate answer or a
        thing a question asks about: the others would want it in a later round (rules 7.4)."""
        police = Action("done", ("police",))
        reading = view["you"].get("reading") or []
        if police not in prompt.actions or not reading:
            return None
        card = next((c for c in view["case"]["cards"] if c["id"] == reading[0]["card"]), None)
        return police if card is not None and self._names_something(view, card) else None

    def _watson_target(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return self._best_card(view, prompt, "watson_target")

    def _extra_read(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return self._best_card(view, prompt, "extra_read")

    def _best_card(self, view: dict[str, Any], prompt: Prompt, kind: str) -> Action | None:
        cards = {c["id"]: c for c in view["case"]["cards"]}
        targets = [a for a in prompt.actions if a.kind == kind]
        if not targets:
            return None
        return max(targets, key=lambda a: (self.worth(view, cards[a.args[0]]), self.rng.random()))

    def _wait_221b(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        if Action("discard_character") in prompt.actions:
            return Action("discard_character")  # more carriages: it attempts earlier
        if Action("character") in prompt.actions:
            return Action("character")  # Mrs Hudson: first in
        return self._holmes(view, prompt) or Action("ready")

    def _answer(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        question = prompt.data["detail"]
        if "accepted" in prompt.data:  # comparing its written answer with the answer card
            return Action("grade", (question["id"], self._matches(view, question["id"], prompt.data["accepted"])))
        r = self.reading(view, question)
        if question["kind"] == "FREE_TEXT":
            self.written[question["id"]] = r.written
            return Action("written", (question["id"],))
        return Action("answer", (question["id"], r.best))

    def _matches(self, view: dict[str, Any], question: str, accepted: list[Any]) -> bool:
        written = set(stems(self.written.get(question, "")))
        language = self._language(view)
        for answer in accepted:
            words = set(stems(in_language(answer, language)))
            if words and len(words & written) >= FREE_TEXT_MATCH * len(words):
                return True
        return False

    def _holmes_judge(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        # The asker's written answer is on their paper, which a bot cannot read: it cannot confirm it.
        return Action("judge", (False,))

    def _holmes(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        """One Answer Check, for its least certain picker question, when that is all it lacks."""
        checks = [a for a in prompt.actions if a.kind == "holmes_check" and a.args[2] is not None]
        if not checks:
            return None
        case = view["case"]
        if len(case["questions"]) < case["question_count"]:
            return None
        doubtful = []
        for q in case["questions"]:
            if q["kind"] == "FREE_TEXT" or q["id"] in self.checked:
                continue
            r = self.reading(view, q)
            if r.relevant < CONFIDENT_CARDS - 1 or r.best is None:
                return None  # too early: read more before asking
            ranked = sorted(r.scores.values(), reverse=True) + [0.0, 0.0]
            doubtful.append((ranked[0] - ranked[1], q["id"], r.best))
        if not doubtful:
            return None
        _margin, question, answer = min(doubtful, key=lambda d: (d[0], d[1]))
        return next((a for a in checks if a.args[1] == question and a.args[2] == answer), None)

    def _fallback(self, prompt: Prompt) -> Action:
        """A prompt it has no plan for: the least eventful legal answer."""
        for calm in (Action("ok"), Action("done"), Action("ready"), Action("back")):
            if calm in prompt.actions:
                return calm
        return self.rng.choice(list(prompt.actions))
