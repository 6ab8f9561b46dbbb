"""Seat screens: a seat's view drawn as a 128x64 one-bit image for its OLED (Pillow, no hardware).

May import the games' views and the translation layer; never the hardware (the referee hands the
pictures to the drivers).
"""
