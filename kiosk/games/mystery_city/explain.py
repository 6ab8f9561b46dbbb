"""The explanations "Learn as you play" gives for this game (see `kiosk.games.explanations`)."""

from __future__ import annotations

from kiosk.games.explanations import Explanation
from kiosk.i18n import N_

PROMPTS: dict[str, Explanation] = {
    "record_hand": Explanation(
        N_("Record your hand: tap each of your own cards on the reader."),
        N_("Tap a card, take a wrong one out, or have the rest dealt."),
        N_("Only you see your hand. All see how many cards you hold."),
    ),
    "attack": Explanation(
        N_("Your attack: name an attribute and a rival still in the game."),
        N_("You both play a card: the higher value in that attribute wins."),
        N_("Pick an attribute your hand is strong in. \"?\" is two dice."),
    ),
    "play_card": Explanation(
        N_("Play a card: this attribute's value fights your rival's."),
        N_("Play a card, or use a special's ability. Higher total wins."),
        N_("A card whose partner is on the table adds its partner's value."),
    ),
    "counterattack": Explanation(
        N_("A tie: counterattack in a new attribute; you play first."),
        N_("Choose another attribute, or first use a special."),
        N_("A defender who shows their last card in a tie wins."),
    ),
    "reveal": Explanation(
        N_("Cards shown: a last chance for a special before the result."),
        N_("Use an ability, or go on. Companionship adds to your card."),
        N_("A special you use leaves the game; all see you used it."),
    ),
    "aftermath": Explanation(
        N_("Combat decided: last chance for a special before collecting."),
        N_("Use an ability or go on. The winner acts first."),
        N_("The winner takes the regular cards; specials leave."),
    ),
}

MOMENTS: dict[str, str] = {
    "card_removed": N_("A card is left out of this game so that the deal comes out even."),
    "record_begins": N_("Each player taps their own cards on the reader, so the table knows every hand."),
    "kiosk_deals": N_("A player without physical cards: the table deals the rest of that hand in secret."),
    "deal": N_("Each player gets a secret hand of special and regular cards; win them all to win."),
    "turn": N_("Whoever holds the revolver attacks; then the revolver passes to the next player."),
    "attack": N_("An attack: each plays a card, and the higher value in the attribute named wins the cards."),
    "card_played": N_("Cards are shown face up, one after the other; a \"?\" value is rolled on two dice."),
    "exchange": N_("Higher value wins; double six wins the combat, double one loses; a tie: counterattack."),
    "counterattack": N_("After a tie, the player who played second picks a new attribute and plays first."),
    "reroll": N_("Both rolled the same total: both roll again."),
    "ability": N_("A special's ability is used; the card then leaves the game."),
    "assassination": N_("Assassination: the rival loses a random card from their hand, out of the game."),
    "card_taken": N_("Counterintelligence: a card is taken blind from the rival's hand."),
    "companion": N_("Companionship: the special's value in this attribute adds to the player's card."),
    "combat_won": N_("The combat is won: the winner will take every regular card on the table."),
    "collect": N_("The winner collects the regular cards; the specials played leave the game."),
    "eliminated": N_("A player with no cards left is out of the game."),
    "game_over": N_("One player holds every card still in play and wins."),
    "stalemate": N_("The same hands came back three times: the player with the most cards wins."),
}
