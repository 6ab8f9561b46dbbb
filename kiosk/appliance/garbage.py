"""Python's garbage collections, run between inputs rather than in the middle of one.

With a long game in memory a full collection takes 10-20 ms (more on a Pi), and CPython starts one
whenever enough objects have been allocated: often in the middle of an input, between the press and
the seat screens it changes. After an input has been handled and every screen written, the loop asks
here for the collection that is due or nearly due, so the next input rarely meets one.

The youngest generation too: its collection is short (some 0.3 ms here), but CPython starts one every
700 objects kept, and in a seeded Watson & Holmes game of seven people 46 of 1,703 inputs met one, all
among the slowest 3 %. Collected between inputs once half full, an input meets one only if it keeps
350 objects of its own (1 of those 1,703).
"""

from __future__ import annotations

import gc


def collect_due() -> int | None:
    """Collect the oldest generation whose collection the next few allocations would start, or the
    youngest once it is half full (None: nothing is near due). Returns the generation collected."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1):
        if counts[generation] >= thresholds[generation] - 1:
            gc.collect(generation)
            return generation
    if counts[0] >= thresholds[0] // 2:
        gc.collect(0)
        return 0
    return None
