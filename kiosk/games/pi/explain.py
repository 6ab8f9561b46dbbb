"""The explanations "Learn as you play" gives for this game (see `kiosk.games.explanations`)."""

from __future__ import annotations

from kiosk.games.explanations import Explanation
from kiosk.i18n import N_

PROMPTS: dict[str, Explanation] = {
    "turn": Explanation(
        N_("Your turn: one action to find your suspect, crime and location."),
        N_("Investigator: checks a location. Evidence: a card. Or solve."),
        N_("5 investigators for 3 cases. Disc: on the spot. Cube: beside."),
    ),
    "notes": Explanation(
        N_("Disc: part of your case is there. Cube: a location beside."),
        N_("Pick a marker, then the tile it may be, or clear a note."),
        N_("Only you see your notes. They change nothing in the game."),
    ),
    "solve_suspect": Explanation(
        N_("Solving, 1 of 3: name the suspect of your case."),
        N_("Pick a suspect, or take it back. Wrong costs 2 points."),
        N_("You hear only right or wrong, never which part."),
    ),
    "solve_crime": Explanation(
        N_("Solving, 2 of 3: name the crime of your case."),
        N_("Pick a crime, or take the attempt back."),
        N_("The sooner you solve, the more you score: 7, 5, 3 or 1."),
    ),
    "solve_location": Explanation(
        N_("Solving, 3 of 3: name the location of your case."),
        N_("Pick a location, or take it back. Then: right or wrong."),
        N_("Right: your discs show your case; wait for the next case."),
    ),
}

MOMENTS: dict[str, str] = {
    "minigame_start": N_("A new case: each player hunts a secret suspect, crime and location. The tiles are dealt anew."),
    "investigated": N_("Investigator: a disc per part of the player's case in that location, a cube per part in a location beside it."),
    "evidence": N_("Evidence: disc if the card is in the case; cube if the case's part of its kind is beside the card's location."),
    "transfer": N_("That tile is in the case: the investigator markers about it move onto it."),
    "solve_started": N_("A solution attempt: the player names a suspect, a crime and a location."),
    "solve_attempt": N_("The table says only right or wrong, never which part was wrong."),
    "penalty": N_("A wrong solution costs 2 points; the player keeps playing."),
    "solved": N_("Solved! First solvers score 7, later ones 5, 3, 1; one round, one score. Their discs show the case."),
    "minigame_end": N_("The case ends when all, or all but one, have solved (or at the round cap). Unsolved: 0 points."),
    "game_over": N_("After three cases the best total wins; a tie goes to more unused investigators."),
}
