"""Python's garbage collections, run between inputs rather than in the middle of one.

With a long game in memory a full collection takes 10-20 ms (more on a Pi), and CPython starts one
whenever enough objects have been allocated: often in the middle of an input, between the press and
the seat screens it changes. After an input has been handled and every screen written, the loop asks
here for the collection that is due or nearly due, so the next input rarely meets one.
"""

from __future__ import annotations

import gc


def collect_due() -> int | None:
    """Collect the oldest generation whose collection the next few allocations would start (None:
    nothing is near due). Returns the generation collected."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1):
        if counts[generation] >= thresholds[generation] - 1:
            gc.collect(generation)
            return generation
    return None
