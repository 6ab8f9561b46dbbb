"""The explanations "Learn as you play" gives for this game (see `kiosk.games.explanations`)."""

from __future__ import annotations

from kiosk.games.explanations import Explanation
from kiosk.i18n import N_

PROMPTS: dict[str, Explanation] = {
    "visit": Explanation(
        N_("Visiting: put your pawn on a card to read it this round."),
        N_("Walk or bid for a card; or the Carriage Stop, or 221B."),
        N_("Dr Watson (4 carriages): a rival's card is read to all."),
    ),
    "bid": Explanation(
        N_("Your bid: carriages you put on this card to hold it."),
        N_("Bid 0 to walk; to take a card, outbid the pawn on it."),
        N_("Paid on reading. Outbid: you lose 1, the rest come back."),
    ),
    "outbid": Explanation(
        N_("You were outbid: your pawn comes back off the card."),
        N_("Go elsewhere; next turn choose again, even this card."),
        N_("If you bid, one went to the supply; the rest came back."),
    ),
    "confirm_221b": Explanation(
        N_("221B Baker Street: go there only to solve the case."),
        N_("Go and answer every question, or go back and investigate."),
        N_("A wrong answer puts you out. Unopened questions count too."),
    ),
    "watson_target": Explanation(
        N_("Dr Watson: another player's card is read aloud to everyone."),
        N_("Pick which card all players hear this round."),
        N_("Some cards cannot be picked. Everyone will take notes."),
    ),
    "extra_read": Explanation(
        N_("An extra reading: you read one more card, in secret."),
        N_("Pick the card you want to read as well as your own."),
        N_("Only you see it: take notes, the text will not come back."),
    ),
    "reading": Explanation(
        N_("Reading: your card's text, for your eyes only."),
        N_("Done once notes are written; police on it too, if you can."),
        N_("When the round ends the card is gone: your notes are all."),
    ),
    "wait_221b": Explanation(
        N_("At 221B: whoever holds most carriages tries first."),
        N_("Say you are ready; or first use your character card."),
        N_("Ties try together. Once someone fails, Holmes can help."),
    ),
    "answer": Explanation(
        N_("Your solution: answer every question of the case."),
        N_("Pick or write each answer, then mark it against the key."),
        N_("Who someone is counts only with the full name."),
    ),
    "holmes_judge": Explanation(
        N_("You are the voice of Sherlock Holmes: judge an answer."),
        N_("Say whether this answer is right or wrong."),
        N_("You know the solution: say only right or wrong."),
    ),
}

MOMENTS: dict[str, str] = {
    "outbid": N_("Outbid: a higher bid takes the card; the other pawn must go elsewhere."),
    "refund": N_("The player gets the carriages back and places the pawn again."),
    "calloff_played": N_("A call-off token sends the police away: the card is free for everyone."),
    "watson_taken": N_("Dr Watson taken for 4 carriages: one player's card will be read aloud."),
    "watson_reading": N_("Dr Watson: this card is read aloud to everyone; take notes."),
    "character_revealed": N_("A character is revealed: its owner uses its action instead of 3 carriages."),
    "character_discarded": N_("A character card is discarded unused, for 3 carriages."),
    "at_221b": N_("At 221B a player says how many carriages they hold: the most try first."),
    "pens_down": N_("Pens down: only the players allowed may take notes this round."),
    "visiting_over": N_("Every pawn is placed; the last to place takes the Diary and starts the next round."),
    "extra_read": N_("One player reads one more card, in secret."),
    "bids_paid": N_("The carriages bid on the cards go to the supply."),
    "lockpick_used": N_("A lockpick opens a locked card, or one guarded by the police."),
    "police_placed": N_("A police token now guards this card from other players."),
    "question_revealed": N_("A new question is open: it is part of the solution."),
    "stop_gain": N_("The Carriage Stop: each player resting there gains 3 carriages."),
    "attempt_order": N_("At 221B, most carriages try first; ties try together."),
    "attempt": N_("A solution attempt: all right wins; otherwise that player is out."),
    "holmes_used": N_("Sherlock Holmes, 3 carriages once a game: help from a failed player."),
    "last_player": N_("One player is left: a few more rounds, then 221B."),
    "game_over": N_("The case is closed: here is the solution."),
}
