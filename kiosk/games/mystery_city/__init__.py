"""Mystery City: the card duel game of the Mystery City Deluxe deck (shared/rules/mystery-city.md).

For the table and the screens:

- Card ids (`falken`, `norma`, ... in `cards.toml`) are what an NFC tag of the deck names; the
  `TagRegistry` maps a tag to one of them, and anything else is refused by the engine too
  ("That is not a Mystery City card.").
- With the `nfc` deck, the game starts in the `register` stage: one seat at a time is prompted
  (`record_hand`) and a tap becomes `hold(card)`; `release(card)` undoes a mistaken tap, and
  `deal_rest` lets a seat without physical cards (a bot) be dealt the untapped cards once every other
  hand is recorded. In a combat a tap by the prompted seat becomes `play(card)` (or `use(card)` for a
  special's ability); a card that is not in that seat's hand is refused with a reason to show on the
  seat screen, with the error sound. The engine itself never needs a reader: the same actions come from
  the seat buttons with the virtual deck.
- `Game.opening(state)` returns the setup's events (the deal), which `start` cannot return.
- The duel on the touchscreen is drawn from events and the public view: `attack` (attacker, target,
  attribute), `card_played` (with its `side`: card, printed or rolled value with every 2D6 roll,
  natural 2/12, couple partner and its value, Companionship and its value, total; a "?" is rolled
  when its card is shown), `reroll` (equal rolls on both sides, rolled again as the second card is
  shown), `ability`, `companion` (Chomp's value added), `exchange` (both sides, the winner and why),
  `combat_won`, `collect`, `eliminated`, `game_over`. The public view's `combat` holds the same (each
  exchange's `sides` as shown so far) for a screen drawn from scratch.
"""
