""""How to play": a few pages shown before the first turn of a learning game (and from the rules
screen), each a short text in large type beside a picture of the board at the moment it speaks of.

The texts are written from the rules in shared/rules/, shorter than the quick reference
(`kiosk.ui.rules_text`): the goal, a turn, how the game ends and who wins. Each page names the
moment of a sample game its picture shows (`kiosk.ui.sample_board`): "start" is the board before the
first move, any other is the first public event of that kind (its `nth` one). Watson & Holmes
pictures nothing a case hides (see `kiosk.ui.sample_board`).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.i18n import N_

START = "start"


@dataclass(frozen=True)
class Lesson:
    title: str  # msgid
    body: str  # msgid: two or three short sentences
    moment: str  # START or a public event kind of the sample game
    nth: int = 1  # which event of that kind
    settled: bool = True  # draw the board at rest after the event, or while its big panel shows


LESSONS: dict[str, tuple[Lesson, ...]] = {
    "mystery-express": (
        Lesson(N_("A murder on the train"), N_(
            "Find the five facts of a murder: who, how, why, where and at what time. Your cards are on your "
            "seat screen. Every hand card has a twin: see both in one leg, and it is not the answer."), START),
        Lesson(N_("Your turn"), N_(
            "Tap a car of the train to walk there: walking is free. Each car's action costs some of the "
            "leg's hours. When everyone has spent theirs, the train reaches the next city."), "turn_start", 2),
        Lesson(N_("Cards change hands"), N_(
            "In the cars, players show, pass and swap cards. Only the seats involved see which card: the "
            "board says who showed a card to whom."), "lounge", 1, settled=False),
        Lesson(N_("The cities"), N_(
            "In Strasbourg, Wien and Budapest the Time cards flash on this screen: watch them. In every city "
            "the Conductor moves to the car numbered on the line: an action there swaps a card with him."),
            "time_reveal", 1, settled=False),
        Lesson(N_("Istanbul: who wins"), N_(
            "On arrival everyone writes a final answer on their seat. One point per right fact: whoever has "
            "the most points wins, and the telegrams break a tie."), "game_over"),
    ),
    "pi": (
        Lesson(N_("Your own case"), N_(
            "Three cases, one after another. In each, find your own case: a suspect, a crime and the "
            "location where the suspect hides. Your seat shows your left neighbour's case: none of it is in yours. Keep it "
            "secret."), START),
        Lesson(N_("Your turn"), N_(
            "Do one thing: send an investigator to a location, take an evidence card, or try to solve your "
            "case. You have 5 investigators for all three cases."), "investigated", 2),
        Lesson(N_("Discs and cubes"), N_(
            "A disc: part of your case is in that location. A cube: part of it is in a location beside it. The table "
            "never says which; your seat keeps your notes."), "investigated", 4),
        Lesson(N_("Solving"), N_(
            "Name a suspect, a crime and a location. Wrong costs 2 points and you play on; right scores 7, 5, "
            "3 or 1 points, by the order of solving."), "solved", 1, settled=False),
        Lesson(N_("Who wins"), N_(
            "A case ends when everyone, or all but one, has solved it. After the third case the highest "
            "total wins."), "game_over"),
    ),
    "watson-holmes": (
        Lesson(N_("The case"), N_(
            "A crime is read at the start. Be the first to answer every question of the case correctly. "
            "The clues are on the location cards."), START),
        Lesson(N_("Each round"), N_(
            "Choose a location card on your seat. You read it in private, on your seat screen, and only "
            "this round: take notes."), "round_start", 2),
        Lesson(N_("Carriages"), N_(
            "Walk to a card for free, or bid carriages to take a card someone else chose. The Carriage Stop "
            "gives you 3 carriages."), "round_start", 3),
        Lesson(N_("Police and call-offs"), N_(
            "After reading, you may put your police token on the card: it keeps the others out. To get in, play "
            "a call-off token (both go) or spend a lockpick. A card's icons say which token it gives."),
            "police_placed", 1),
        Lesson(N_("Dr Watson"), N_(
            "Pay 4 carriages to take Dr Watson: another player's card is read aloud to everyone."),
            "watson_taken", 1),
        Lesson(N_("221B Baker Street: who wins"), N_(
            "Go to 221B to answer every question. All right: you win. Any wrong: you are out, and you "
            "become the voice of Sherlock Holmes."), "at_221b"),
    ),
    "mystery-city": (
        Lesson(N_("The goal"), N_(
            "Win every card still in play. Each character has five attributes; your hand is secret, on your "
            "seat screen."), START),
        Lesson(N_("An attack"), N_(
            "On your turn, name an attribute and an opponent. You lay a card, they answer with one: the "
            "higher value wins every regular card on the table."), "attack", 1),
        Lesson(N_("Ties and dice"), N_(
            "Tie: play on with a new attribute and new cards. A \"?\" is rolled with two dice: a double one "
            "loses the exchange, a double six wins the whole combat."), "combat_won", 1, settled=False),
        Lesson(N_("Special cards"), N_(
            "The four red cards have an ability, used once in your own combat and then removed from the "
            "game."), "combat_won", 3, settled=False),
        Lesson(N_("Who wins"), N_(
            "Lose your last card and you are out. The last player holding cards wins."), "game_over"),
    ),
}
