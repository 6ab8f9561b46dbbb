"""Drivers for the table hardware, each with a real and a mock backend.

- `whistle.Whistle`: the buzzer (gpiozero TonalBuzzer), non-blocking patterns.
- `display.SeatDisplay`: a seat's OLED (luma.oled), sending only the pages and columns that changed.
- `buttons.SeatButtons`: a seat's three buttons (gpiozero Button), debounced, with long press.
- `reader.CardReader`: the PN532 on a serial port (Adafruit driver over pyserial), polled.
- `tags.TagRegistry`: tag -> card id, by NDEF text, then by UID.
- `table.build_table(config)`: every part, through the backend the configuration names
  (`pi.PiBackend` or `sim.backend.MockBackend`); `sim.mock_table.build_mock_table()` for tests and the
  simulator. The simulated parts live in `hardware/sim/`, apart from the real drivers.
- `pinmap`: the wiring as data (`wiring/pinmap.toml`), below the configuration that checks its seats
  against it; `framebuffer`: a picture in the controllers' byte order.

Inputs from every part arrive on one queue as `events.ButtonPress`, `events.TagSeen` and
`events.DeviceStatus`; no part ever raises into the game because the hardware misbehaves.

May import the configuration, the wiring (`pinmap`) and the translation layer; never the kiosk's
rooms above them, nor `hardware.sim`.
"""
