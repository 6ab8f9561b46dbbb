"""The café's network of tables: the MQTT link (its own thread), the beacon that publishes a table's
state, health and finished games, Home Assistant discovery, what the café may ask of a table on its
command topic (`control`), and `kiosk fleet`'s reading of the broker.

May import the referee's public state (session, awaited seats), the store, the configuration and the
hardware's health; never a private view, the touchscreen or the commands (the admin menu's actions
come as `control.Controls`, given by the command that runs the table).
"""
