"""The simulated bottom layer that mock mode swaps in: a fake I2C bus with its multiplexer and panels,
gpiozero's MockFactory pins, a PN532 on a pseudo-terminal, the mock backend, and the mock table.

May import the real drivers above it (`hardware.*`: they run unchanged over it) and the configuration;
the drivers never import it (the configuration names the backend, `hardware.table` loads it by name).
"""
