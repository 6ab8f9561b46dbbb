"""What keeps the Pi a café appliance all day: the storage guard for a full SD card, systemd's notify
and watchdog, the admin PIN, one-line journal logs, and garbage collection between inputs.

May import the store and the configuration only; the referee, the touchscreen and the commands use it.
"""
