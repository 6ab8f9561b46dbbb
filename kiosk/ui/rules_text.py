"""The quick reference of each game, page by page, as catalogue messages (Spanish in ui_menus.po).

Written from the rules in shared/rules/ (what the kiosk implements), short enough to read standing
at the table: the goal, a turn, the special cases, how it ends. The Spanish follows the words of
the original Spanish rule texts (silbato, revisor, fichas de investigador, carruajes, ganzúa...).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.i18n import N_


@dataclass(frozen=True)
class Page:
    title: str  # msgid
    body: str  # msgid; "\n" starts a new paragraph


RULES: dict[str, tuple[Page, ...]] = {
    "mystery-express": (
        Page(N_("The goal"), N_(
            "A murder on the Orient Express. Find its five facts: who, how, why, where and at what time.\n"
            "Five cards are hidden at the start and the rest are dealt. Every card you see rules an element "
            "out. Your hand and your journal stay on your seat screen.")),
        Page(N_("A leg of the journey"), N_(
            "The train runs from Paris to Istanbul in five legs. In each leg, starting with the whistle "
            "holder, each player in turn spends the leg's hours in the cars.\n"
            "Walking between cars is free; each car's action costs hours and is done once per leg at most. "
            "A card shown or received rests on its owner's discard pile until the leg ends.")),
        Page(N_("The cars"), N_(
            "• Club Car: 1 hour and a player takes back their discards of a category; 3 hours to take a "
            "passenger's card.\n"
            "• Dining Car: 1 hour per guest; each shows you a card of the category you name.\n"
            "• Lounge Car: 2 hours; everyone else reveals a card of a category to all.\n"
            "• Passenger Car: 1 hour; everyone passes a card to a neighbour.\n"
            "• Sleeping Car: guess the hand with the travel bag to take a card.\n"
            "• Smoking Car: 3 hours; swap cards with two players.")),
        Page(N_("The Conductor and the cities"), N_(
            "After an action in the Conductor's car, chat with him: take one of his three cards and leave "
            "one of yours.\n"
            "Time cards are shown in Strasbourg, Vienna and Budapest. Passengers board in Strasbourg and "
            "Vienna. A long tunnel lets you peek at your neighbours' hands. In Budapest everyone writes a "
            "telegram.")),
        Page(N_("Characters and powers"), N_(
            "Each character has a power, once per leg in your own turn, free: another player shows you a "
            "card of your specialty. Colonel MacDouglas (modus operandi) does so in the original game.\n"
            "The other powers are the kiosk's own house rules, as the original texts are not known: Doctor "
            "Strauss (motive), Miss Pemberton (suspect), Monsieur Lavigne (location); Professor Ilić (time) "
            "sees every Time reveal a second time on his seat screen. An option turns all powers off.")),
        Page(N_("Arrival in Istanbul"), N_(
            "Everyone writes a final answer, one element per category: one point per correct answer, and the "
            "most points wins.\n"
            "Tied? Telegrams score +1 per right entry and -1 per wrong one; then the fewest wrong entries "
            "win; otherwise the victory is shared.")),
    ),
    "pi": (
        Page(N_("The goal"), N_(
            "Three cases, one after the other. In each, solve your own case: a suspect, a crime and the "
            "location where the suspect hides.\n"
            "The twist: the three cards you are dealt are the case of the player on your left. The kiosk "
            "answers every investigation exactly.")),
        Page(N_("Your turn"), N_(
            "Turns go clockwise. On your turn, do one thing:\n"
            "• place an investigator on a location;\n"
            "• take an evidence card from the display;\n"
            "• try to solve your case.")),
        Page(N_("Discs and cubes"), N_(
            "An investigator brings a disc for each element of your case in that location and a cube for each "
            "one in a neighbouring location, without saying which tile.\n"
            "An evidence card speaks of the element of its own kind: a disc if it is that very one, a cube if "
            "it lies in a location beside the card's. You have 5 investigators in all, for the three cases.")),
        Page(N_("Solving"), N_(
            "Choose a suspect, a crime and a location: the answer is only right or wrong.\n"
            "Wrong costs 2 points and you play on. Right scores 7, 5, 3 or 1 points by the order of solving; "
            "players who solve in the same round share the same score.")),
        Page(N_("The end"), N_(
            "A case ends at the end of a round when everyone, or all but one, has solved it.\n"
            "After the third case the highest total wins. Ties go to the most investigators left, then to "
            "the fewest penalties; otherwise the victory is shared.")),
        Page(N_("The kiosk's house rule"), N_(
            "Not in the original game: a case also ends after 30 rounds, and whoever has not solved it "
            "scores 0, so a stuck table still finishes.\n"
            "The options set the limit; \"No limit\" plays the original rule.")),
    ),
    "watson-holmes": (
        Page(N_("The goal"), N_(
            "Be the first to answer every question of the case correctly.\n"
            "The clues are on the location cards. Each round you read one card in private, on your seat "
            "screen, and take notes: once the round is over, it cannot be read again.")),
        Page(N_("Visiting"), N_(
            "From the Diary holder, each player chooses a location card. Walk there for free, or bid "
            "carriages: to take a card from someone, bid at least one more, and they must go elsewhere.\n"
            "The Carriage Stop (gain 3 carriages) and 221B take no bids. A card with a police token needs a "
            "call-off or a lockpick token.")),
        Page(N_("Watson and the police"), N_(
            "Once per round, the first player who pays 4 carriages takes Dr Watson: another player's card is "
            "read aloud to everyone.\n"
            "After reading, a player with a police token may put it on the card just read, to block it. The "
            "last player to choose a card takes the Diary.")),
        Page(N_("Solving at 221B"), N_(
            "At 221B Baker Street you answer every question. The most carriages go first; ties go together.\n"
            "All right: you win. Otherwise you are out and become the voice of Sherlock Holmes. After a "
            "failure, the Holmes card (3 carriages, once per game) checks one answer or counts a failed "
            "player's right answers.")),
        Page(N_("The end"), N_(
            "The game ends when someone answers everything correctly; players who try together can win "
            "together.\n"
            "If only one player is left, they play as many rounds as their carriages, 4 at most, then must "
            "go to 221B: if they fail, everyone loses.")),
    ),
    "mystery-city": (
        Page(N_("The goal"), N_(
            "Win every card still in play.\n"
            "Each of the 16 characters has five attributes, from 2 to 12 or \"?\": Strength, Dexterity, "
            "Intelligence, Morale and Health. Hands are secret on the seat screens; how many cards each "
            "player holds is public.")),
        Page(N_("An attack"), N_(
            "On your turn, name an attribute and an opponent. You lay a card, then they answer with one.\n"
            "The higher value wins, and the winner takes every regular card on the table. A card whose "
            "partner is already on the table adds the partner's value.")),
        Page(N_("Ties and dice"), N_(
            "On a tie the combat goes on: the defender counterattacks with a new attribute and new cards. If "
            "the defender shows their last card in a tie, they win; a card spent on an ability is not shown.\n"
            "A \"?\" is rolled with two dice as soon as its card is shown: a double one loses the exchange at "
            "once, a double six wins the whole combat at once.")),
        Page(N_("Special cards"), N_(
            "The four red cards have an ability, used once during your own combat, then removed from the "
            "game.\n"
            "Investigation: see the opponent's hand. Assassination: one of their cards, at random, leaves the "
            "game. Counterintelligence: take one of their cards at random. Companionship: add Chomp's value.")),
        Page(N_("The end"), N_(
            "The revolver passes clockwise (an option plays counterclockwise, as the author's English "
            "original). A player who loses their last card is out, and the turn skips them.\n"
            "The last player holding cards wins the game. If the same hands come back a third time, the "
            "game goes round in circles: the kiosk ends it as soon as one player holds the most cards (an "
            "option plays on, as the rules do).")),
    ),
}
