"""P.I.: three mini-games of deduction on a city map, with every investigation answered exactly."""
