"""The café's network of tables: the MQTT link (its own thread), the beacon that publishes a table's
state, health and finished games, Home Assistant discovery, and `kiosk fleet`'s reading of the broker.

May import the referee's public state (session, awaited seats), the store, the configuration and the
hardware's health; never a private view, the touchscreen or the commands.
"""
