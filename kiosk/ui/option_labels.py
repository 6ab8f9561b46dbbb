"""What the options screen calls each game option and each of its values, in the catalogue's words.

A game's `OptionSpec` carries a name for the code and a note for the command line; players see a
short label, a line saying what the option does and a name for each value, all from here. The
table's own settings (how long private reveals stay up, the language, the Mystery Express assist)
are listed in `TABLE_SETTINGS` and travel in the same dict as the game's options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiosk.i18n import N_


@dataclass(frozen=True)
class Label:
    name: str  # msgid: a few words
    help: str  # msgid: one short sentence


@dataclass(frozen=True)
class TableSetting:
    name: str
    default: Any
    choices: tuple[Any, ...] | None  # None: a boolean
    games: tuple[str, ...] | None = None  # None: every game


LEARN = TableSetting("learn", False, None)  # kept with the game, not in its options (kiosk/referee/learning.py)
TABLE_SETTINGS = (
    TableSetting("reveal_speed", "normal", ("slow", "normal", "fast")),
    TableSetting("language", "en", ("en", "es")),
    TableSetting("assist", False, None, games=("mystery-express",)),
    LEARN,
)

# (game id or "table", option name) -> its label.
# Options a game records with each game and nobody chooses (the screen lists them not).
RECORDED = frozenset({("watson-holmes", "case_digest")})

LABELS: dict[tuple[str, str], Label] = {
    ("table", "reveal_speed"): Label(N_("Private reveals"), N_("How long a card shown on a seat screen stays up.")),
    ("table", "language"): Label(N_("Language"), N_("The language of the touchscreen and the seat screens.")),
    ("table", "assist"): Label(N_("Assist"), N_("Each seat's journal marks what it can already rule out.")),
    ("table", "learn"): Label(N_("Learn as you play"), N_("First time? The table explains each step")),
    ("mystery-express", "characters"): Label(N_("Characters"), N_("Players pick their characters, or they are dealt.")),
    ("mystery-express", "removal"): Label(
        N_("Removed elements"), N_("With 3 or 4 players: which elements leave the game.")),
    ("mystery-express", "stack_split_4p"): Label(
        N_("Passenger stacks"), N_("With 4 players: cards in the 1st and the 2nd passenger stack.")),
    ("mystery-express", "passenger_direction"): Label(
        N_("Passenger Car"), N_("Which way the cards go round the table.")),
    ("mystery-express", "passenger_category_imposed"): Label(
        N_("Named category"), N_("Passenger Car: the active player names the category to pass.")),
    ("mystery-express", "sleeping_needs_full_cost"): Label(
        N_("Sleeping Car hours"), N_("The travel bag may be tried only with 2 hours left.")),
    ("mystery-express", "conductor_chat"): Label(
        N_("Conductor chat"), N_("Chatting with the Conductor is compulsory, or a choice.")),
    ("mystery-express", "chat_after_failed_sleeping"): Label(
        N_("Chat after a miss"), N_("A wrong travel-bag guess still meets the Conductor.")),
    ("mystery-express", "powers"): Label(
        N_("Character powers"), N_("Every character's power, some of them the kiosk's own. Off: nobody has one.")),
    ("pi", "round_limit"): Label(
        N_("Round limit"),
        N_("The kiosk's house rule: a case also ends after this many rounds; the unsolved score 0.")),
    ("pi", "hint"): Label(N_("Hints"), N_("Seat screens show what is still possible for your own case.")),
    ("watson-holmes", "case"): Label(N_("Case"), N_("Which case file to play.")),
    ("watson-holmes", "physical"): Label(
        N_("Published box"), N_("Players read the tagged cards of the box; the kiosk shows no card text.")),
    ("watson-holmes", "characters"): Label(N_("Character cards"), N_("Deal a character card to each player.")),
    ("watson-holmes", "play_on"): Label(N_("Play on"), N_("After a win, the others play on for the next places.")),
    ("mystery-city", "deck"): Label(N_("Cards"), N_("The kiosk deals, or players tap their tagged cards.")),
    ("mystery-city", "direction"): Label(
        N_("Turn order"), N_("Counterclockwise is the author's English original.")),
    ("mystery-city", "first_seat"): Label(N_("First attacker"), N_("The oldest player attacks first.")),
    ("mystery-city", "ability_windows"): Label(
        N_("Special abilities"), N_("Ask both duellists at every chance, or only when one could use one.")),
    ("mystery-city", "stalemate"): Label(
        N_("Round in circles"),
        N_("The kiosk's house rule: the same hands a third time, and the most cards wins.")),
}

# (option name, value) -> msgid of the value's name, for values that are words.
VALUE_NAMES: dict[tuple[str, Any], str] = {
    ("reveal_speed", "slow"): N_("Slow"),
    ("reveal_speed", "normal"): N_("Normal"),
    ("reveal_speed", "fast"): N_("Fast"),
    ("language", "en"): N_("English"),
    ("language", "es"): N_("Spanish"),
    ("characters", "choose"): N_("Players choose"),
    ("characters", "random"): N_("Dealt"),
    ("removal", "random"): N_("At random"),
    ("removal", "highest"): N_("Highest numbers"),
    ("passenger_direction", "left"): N_("To the left"),
    ("passenger_direction", "right"): N_("To the right"),
    ("conductor_chat", "must"): N_("Compulsory"),
    ("conductor_chat", "may"): N_("A choice"),
    ("round_limit", 0): N_("No limit"),
    ("deck", "virtual"): N_("Kiosk deals"),
    ("deck", "nfc"): N_("Tagged cards"),
    ("direction", "counterclockwise"): N_("Counterclockwise"),
    ("direction", "clockwise"): N_("Clockwise"),
    ("ability_windows", "always"): N_("Always ask"),
    ("ability_windows", "usable"): N_("When usable"),
    ("stalemate", "most_cards"): N_("Most cards wins"),
    ("stalemate", "play_on"): N_("Play on"),
}
ON, OFF = N_("On"), N_("Off")
