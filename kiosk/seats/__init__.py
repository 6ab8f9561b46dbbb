"""Seat screens: a seat's view drawn as a 128x64 one-bit image for its OLED (Pillow, no hardware)."""
