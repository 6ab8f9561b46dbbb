"""Mystery City: the card duel game of the Mystery City Deluxe deck."""
