"""The explanations "Learn as you play" gives for this game (see `kiosk.games.explanations`)."""

from __future__ import annotations

from kiosk.games.explanations import Explanation
from kiosk.i18n import N_

# Both forms end the same way: checked, then sent or begun again.
_SEND_OR_RESTART = N_("Send it as it is, or start again.")

PROMPTS: dict[str, Explanation] = {
    "character": Explanation(
        N_("Choose your detective for the whole journey."),
        N_("Each has a specialty category, and a power if powers are on."),
        N_("Your detective is public; your cards and notes are secret."),
    ),
    "start_car": Explanation(
        N_("Place your figure in any car before the train leaves Paris."),
        N_("Any car will do: walking between cars is free on your turn."),
        N_("Your figure is public. Passing the Conductor: no chat."),
    ),
    "turn": Explanation(
        N_("Your turn: spend this leg's hours on the actions of the cars."),
        N_("Each action costs hours, once a turn. Hours left are lost."),
        N_("Act in the Conductor's car: swap a card with him too."),
    ),
    "conductor_space": Explanation(
        N_("Chat with the Conductor: take a card from his spaces."),
        N_("Each card's back shows its category: you choose by that."),
        N_("Only you see the card you take; it goes to your discard pile."),
    ),
    "conductor_leave": Explanation(
        N_("Leave a card on the Conductor's empty space."),
        N_("Any card: all see its category, only you know which it is."),
        N_("The next one to chat with the Conductor may take it."),
    ),
    "dining_category": Explanation(
        N_("The Dining Car: each guest you invite shows you a card."),
        N_("Name the category of card every guest must show you."),
        N_("Each guest costs hours; only holders of it can come."),
    ),
    "dining_guests": Explanation(
        N_("Choose your guests; tap a guest again to take them off."),
        N_("Each guest shows only you a card of the named category."),
        N_("Each guest costs hours. Shown cards go to their discards."),
    ),
    "dining_show": Explanation(
        N_("You are a guest in the Dining Car: show the host one card."),
        N_("Pick the card of the named category the host alone sees."),
        N_("The shown card rests in your discard pile until the leg ends."),
    ),
    "grip_target": Explanation(
        N_("Club Car, “Get a grip, young man!”: discards return."),
        N_("Choose whose discard pile: yours or another player's."),
        N_("Returned cards may be seen again: a repeat can be one copy."),
    ),
    "grip_category": Explanation(
        N_("Choose the category that goes back to the hand."),
        N_("Every card of it in the pile goes back; the others stay."),
        N_("No face is shown: the table only sees how many cards go back."),
    ),
    "madam_stack": Explanation(
        N_("Club Car, “Madam, let me help you!”: a passenger's card."),
        N_("The 1st stack boards in Strasbourg, the 2nd in Wien."),
        N_("One card only. Passengers are not players: fresh clues."),
    ),
    "madam_category": Explanation(
        N_("Choose the category of the passenger's card you take."),
        N_("The backs show categories: pick one you still need."),
        N_("Only you see it; it stays in your discards this leg."),
    ),
    "lounge_category": Explanation(
        N_("The Lounge Car: the others reveal a card to the whole table."),
        N_("Name a category: each holder of it reveals one face up."),
        N_("Everybody sees the revealed cards: it helps every player."),
    ),
    "lounge_show": Explanation(
        N_("Lounge Car: reveal one card of the named category to everyone."),
        N_("Pick which card of that category the whole table sees."),
        N_("The card rests in your discard pile until the leg ends."),
    ),
    "passenger_category": Explanation(
        N_("The Passenger Car: everyone passes one card to a neighbour."),
        N_("Name a category: each holder of it passes a card of it."),
        N_("You pass and receive one too: only giver and taker see it."),
    ),
    "passenger_pass": Explanation(
        N_("Passenger Car: everyone, you too, passes a card on."),
        N_("Pick the card you pass; only your neighbour sees it."),
        N_("You receive one too: note it; it rests in your discards."),
    ),
    "sleeping_target": Explanation(
        N_("The Sleeping Car: guess in which hand a player hides the bag."),
        N_("Choose whom you visit; they hide the bag in one hand."),
        N_("Found: take a random card of theirs. A miss costs less."),
    ),
    "sleeping_hide": Explanation(
        N_("A player visits you: hide the travel bag in one hand."),
        N_("If they pick the bag's hand, they take a card at random."),
        N_("Nobody sees your choice before the guess."),
    ),
    "sleeping_guess": Explanation(
        N_("Point at the hand where you think the travel bag is hidden."),
        N_("Right: take one of their cards. Wrong: the visit ends."),
        N_("It is a pure guess: nothing tells you where the bag is."),
    ),
    "sleeping_category": Explanation(
        N_("You found the bag: choose the category of the card you take."),
        N_("A random card of it leaves their hand for your discard pile."),
        N_("Only you two see the card; the others learn its category."),
    ),
    "smoking_category": Explanation(
        N_("The Smoking Car: two give you a card, you give one back."),
        N_("Name the category both players must give you a card of."),
        N_("You need two cards in hand, to give one back to each smoker."),
    ),
    "smoking_targets": Explanation(
        N_("Choose the two players who share a cigar with you."),
        N_("Each gives you a card of the named category, their pick."),
        N_("Cards you receive stay in your discards."),
    ),
    "smoking_give": Explanation(
        N_("Smoking Car: give the smoker one card of the named category."),
        N_("You pick which one; only you two see it."),
        N_("You get one of the smoker's cards back, chosen by the smoker."),
    ),
    "smoking_return": Explanation(
        N_("Smoking Car: give each smoker one card from your hand."),
        N_("Any category; only you and that smoker see the card."),
        N_("You will know where that copy lies until the leg ends."),
    ),
    "power_target": Explanation(
        N_("Your power: a player shows you a card of your specialty."),
        N_("Choose the player who must show you one of that category."),
        N_("It costs no hours, once a leg. Only you two see the card."),
    ),
    "power_show": Explanation(
        N_("A player's power: show them a card of their specialty."),
        N_("Pick the card of that category only that player will see."),
        N_("The shown card rests in your discard pile until the leg ends."),
    ),
    "tunnel": Explanation(
        N_("A long tunnel: look at one card of each neighbour's row."),
        N_("Pick a position; the backs show each card's category."),
        N_("Only you see the card; the others see which position."),
    ),
    "telegram": Explanation(
        N_("The telegram: a secret early guess, by category."),
        N_("“✓ seen”: you saw a copy. Both copies in one leg rule it out."),
        N_("It only breaks ties: +1 right, −1 wrong, 0 blank."),
    ),
    "final": Explanation(
        N_("Istanbul: your final answer, one category at a time."),
        N_("“✓ seen”: you saw a copy. Both copies in one leg rule it out."),
        N_("A wrong answer costs nothing, so always answer."),
    ),
    "sudden": Explanation(
        N_("Sudden revelation: all reveal a card from hand at once."),
        N_("Pick the card that stays face up, out of play, until the end."),
        N_("Everyone will see it: pick one that tells the others little."),
    ),
    "telegram_confirm": Explanation(
        N_("Check your telegram before you send it."),
        _SEND_OR_RESTART,
        N_("Once sent it cannot change; it stays hidden until the end."),
    ),
    "final_confirm": Explanation(
        N_("Check your final answer before you send it."),
        _SEND_OR_RESTART,
        N_("One point per right answer; the telegram only breaks ties."),
    ),
}

# Routine public events (moves, turn start and end, answers sent, a cancelled action, the bag hidden,
# a tunnel pick, the revealed faces themselves) have no sentence: the log already says all of them.
MOMENTS: dict[str, str] = {
    "character_chosen": N_("A detective is chosen: each has a specialty category."),
    "deal": N_("One card of each category is hidden under the board: the solution. Then hands are dealt."),
    "leg_start": N_("A new leg: in turn, each player spends its hours in the cars; the whistle holder starts."),
    "whistle": N_("The whistle moves: its holder plays first in the next leg."),
    "arrive": N_("The train reaches a city: its events happen, then the Conductor moves."),
    "discards_returned": N_("Discards go back to hand: an element seen twice before the next return is not the solution."),
    "time_reveal": N_("Time cards are shown: the clock seen only twice is the time of the crime."),
    "time_round": N_("Each player looks at a packet of Time cards, then passes it on."),
    "passengers_board": N_("New passengers board: the Club Car can now take a card from their stack."),
    "conductor_token": N_("The Conductor moves: whoever acts in his car this leg chats with him."),
    "conductor_chat": N_("A chat with the Conductor: a card from his spaces swapped for one from hand."),
    "grip": N_("“Get a grip!”: a player's cards of one category go back from discard to hand."),
    "madam": N_("Club Car: the player helps a passenger and takes one card of their stack."),
    "dining": N_("Dining Car: each guest privately shows the host a card of the named category."),
    "lounge": N_("Lounge Car: each other player holding the named category reveals a card of it to all."),
    "passenger": N_("Passenger Car: everyone passes a card to a neighbour; only those two see it."),
    "sleeping": N_("Sleeping Car: the visited player hides the travel bag in one hand."),
    "sleeping_guess": N_("Found: the visitor takes a random card of a category. Missed: the visit ends."),
    "smoking": N_("Smoking Car: two players each give the smoker a card of the named category."),
    "smoking_return": N_("The smoker gives each of them a card back, of any category."),
    "power": N_("A special power: the chosen player privately shows a card of that category."),
    "tunnel": N_("A long tunnel: everyone secretly looks at one card of each neighbour."),
    "telegram_begins": N_("Telegram: everyone secretly writes an early guess, used only to break ties."),
    "sudden_begins": N_("Sudden revelation: everyone reveals a card, which stays face up until the end."),
    "final_begins": N_("Istanbul: everyone writes a final answer, one element per category."),
    "game_over": N_("The solution is revealed: one point per right answer; telegrams break ties."),
}
