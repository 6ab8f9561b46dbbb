"""The pygame side: the public touchscreen and the desktop simulator around it.

- `app.py` and `loop.py` run the touchscreen: scenes in turn, taps and keys, the frame clock;
  `simulator.py` puts the seat screens and buttons of a mock table beside it in one window.
- `scene.py` and `scenes/`: the menus (attract, choose a game, options, claim a seat, rules, results,
  admin); `boards/`: each game's public board while it is played.
- `paint.py` is the only way anything is drawn: words only through the translation layer, text set
  in the type scale (`type_scale.py`), touch targets recorded for hit-testing and the tests;
  `layout.py` has the four screen sizes and their pixel densities; `theme.py` each game's look.

May import the referee, the seat screens, the phone server, the appliance's guards, the
configuration and the hardware (the simulator's mock table); never the commands.
"""
