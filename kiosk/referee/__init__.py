"""The referee: the loop that turns inputs into actions, the game session and its store, the lobby
before a game, who is awaited, the narration of public events, and headless play with bots.

May import the games, the bots, the store, the configuration, the seat screens, the phone server's
inputs, the appliance's guards and the hardware; never the touchscreen, the fleet or the commands.
"""
