"""The figures in the benchmarks' printed reports, read back as numbers for `bench/compare.py`.

The compare runs each commit's own bench scripts (an older commit's scripts import its own module
paths), so it reads what they print, the one output every version of them has, rather than a format
only newer scripts could write. Every figure is one where less is better (times, bytes, a share of a
core; the engine's rate is read as microseconds per action), so a ratio new/base below 1 is a gain.

Each reader takes a script's standard output and returns {figure name: (value, unit)}, the unit being
the one the script prints ("ms", "s", "µs", "B", "%").
"""

from __future__ import annotations

import re
from collections.abc import Callable

Figures = dict[str, tuple[float, str]]

_NUMBER = r"(-?\d+(?:\.\d+)?)"
_TABLE_ROW = re.compile(rf"^\s*(?P<name>\S.*?)(?: \(\d+x\))?\s+{_NUMBER}\s+{_NUMBER}\s*$")
_BYTES_PER_INPUT = re.compile(rf"^bytes per input: median {_NUMBER}, p99 {_NUMBER}")
_PER_MOVE = re.compile(rf"^bytes per move on the seats that did not act: median {_NUMBER}, mean {_NUMBER}, p99 {_NUMBER}")
# Scripts before the count per move (cdfb2e7, for one) printed the bytes on the other seats per input
# with events instead: another figure, under a name of its own (a walk of several actions was one).
_PER_INPUT_WITH_EVENTS = re.compile(rf"^bytes per move on the seats that did not make it: median {_NUMBER}, "
                                    rf"mean {_NUMBER}, p99 {_NUMBER}")
_UNCHANGED = re.compile(rf"^bytes on the seats whose picture did not change: total {_NUMBER}")
_SEAT_UPDATE = re.compile(rf"^(?P<model>ssd1306|sh1106)\s+(?P<update>[a-z -]+?)\s+(?P<bytes>\d+)\s+\d+\s+"
                          rf"[\d.]+%\s+[\d.]+\s+[\d.]+\s+(?P<cpu>\d+)\s+\d+\s*$")
_TAG = re.compile(rf"^Tag on the simulated PN532 -> TagSeen event, (?P<what>.+?): median {_NUMBER} ms")
# "idle kiosk" alone: older scripts' figure (one kiosk at a time, 2 s after its start, in ticks of 10 ms)
_CORE_SHARE = re.compile(rf"^(?P<what>idle kiosk, settled, by its CPU clock|idle kiosk|the same board redrawn at 60 fps)"
                         rf"\b.*?: {_NUMBER}% of a core")
_START = re.compile(rf"^start to first frame: median {_NUMBER} s")
_FRAME = re.compile(rf"^Mystery Express board, one frame at (?P<layout>\d+x\d+): {_NUMBER} ms")
_ANIMATED = re.compile(rf"^Mystery Express board during a Time reveal, one frame at (?P<layout>\d+x\d+): "
                       rf"median {_NUMBER} ms, mean {_NUMBER} ms")
_ENGINE_GAME = re.compile(r"^(?P<game>.+?) engine, random bots")
_ENGINE_ROW = re.compile(rf"^\s*(?P<seats>\d+)\s+{_NUMBER}\s+{_NUMBER}\s+{_NUMBER}\s*$")


def table(output: str) -> Figures:
    """bench/table.py: each row's median and p99 (ms), the bytes per input, per move on the seats that
    did not act, and on the seats whose picture did not change."""
    figures: Figures = {}
    for line in output.splitlines():
        if match := _BYTES_PER_INPUT.match(line):
            figures["bytes per input, median"] = (float(match[1]), "B")
            figures["bytes per input, p99"] = (float(match[2]), "B")
        elif match := _PER_MOVE.match(line):
            for label, value in zip(("median", "mean", "p99"), match.groups()):
                figures[f"bytes per move on the seats that did not act, {label}"] = (float(value), "B")
        elif match := _PER_INPUT_WITH_EVENTS.match(line):
            for label, value in zip(("median", "mean", "p99"), match.groups()):
                figures[f"bytes on the other seats per input with events (older scripts), {label}"] = (float(value), "B")
        elif match := _UNCHANGED.match(line):
            figures["bytes on the seats whose picture did not change, total"] = (float(match[1]), "B")
        elif match := _TABLE_ROW.match(line):
            figures[f"{match['name']}, median"] = (float(match[2]), "ms")
            figures[f"{match['name']}, p99"] = (float(match[3]), "ms")
    return figures


def seat_display(output: str) -> Figures:
    """bench/seat_display.py: the bytes and CPU of our windowed update (luma's full frame is the
    reference beside it, not ours), and the tag-to-event medians."""
    figures: Figures = {}
    for line in output.splitlines():
        if match := _SEAT_UPDATE.match(line):
            name = f"{match['model']} {match['update']}"
            figures[f"{name}: bytes"] = (float(match["bytes"]), "B")
            figures[f"{name}: CPU"] = (float(match["cpu"]), "µs")
        elif match := _TAG.match(line):
            figures[f"tag to event, {match['what']}, median"] = (float(match[2]), "ms")
    return figures


def ui(output: str) -> Figures:
    """bench/ui.py: the idle kiosk's and a 60 fps loop's share of a core, the start, one frame a layout,
    and one frame during an animation (newer scripts only)."""
    figures: Figures = {}
    for line in output.splitlines():
        if match := _CORE_SHARE.match(line):
            figures[f"{match['what']}: share of a core"] = (float(match[2]), "%")
        elif match := _START.match(line):
            figures["start to first frame, median"] = (float(match[1]), "s")
        elif match := _FRAME.match(line):
            figures[f"board frame at {match['layout']}"] = (float(match[2]), "ms")
        elif match := _ANIMATED.match(line):
            figures[f"board frame during an animation at {match['layout']}, median"] = (float(match[2]), "ms")
            figures[f"board frame during an animation at {match['layout']}, mean"] = (float(match[3]), "ms")
    return figures


def engine(output: str) -> Figures:
    """bench/engine.py: microseconds per action, for each game and table size."""
    figures: Figures = {}
    game = "?"
    for line in output.splitlines():
        if match := _ENGINE_GAME.match(line):
            game = match["game"]
        elif match := _ENGINE_ROW.match(line):
            figures[f"{game}, {match['seats']} seats: per action"] = (float(match[4]), "µs")
    return figures


READERS: dict[str, Callable[[str], Figures]] = {
    "table.py": table, "seat_display.py": seat_display, "ui.py": ui, "engine.py": engine,
}
