"""The smallest text on the public screen, per layout: run every scene and board test, report sizes.

    PYTHONPATH=$PWD .venv/bin/python bench/type_sizes.py [pytest args...]

Runs the touchscreen tests (tests/ui by default) with KIOSK_TYPE_REPORT set, so every frame the scene
checks look at records (into $KIOSK_TYPE_REPORT if set, kept for a closer look) the type size of each text it drew, then prints per layout the smallest size
(the font's em in pixels and in millimetres at that panel's density), the text drawn at it, and how
many drawn texts are under 2.5 mm and under 3.5 mm.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict


def main(args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        report = os.environ.get("KIOSK_TYPE_REPORT") or os.path.join(tmp, "sizes.jsonl")
        env = dict(os.environ, KIOSK_TYPE_REPORT=report, SDL_VIDEODRIVER="dummy")
        tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-rf",
                                *(args or ["tests/ui"])], env=env, check=False, capture_output=True, text=True)
        if not os.path.exists(report):  # no frame was checked: the tests did not run (a collection error)
            print(tests.stdout[-2000:] + tests.stderr[-2000:])
            return 1
        with open(report, encoding="utf-8") as lines:
            records = [json.loads(line) for line in lines]
    failed = [line for line in tests.stdout.splitlines() if line.startswith("FAILED")]
    print("\n".join(failed + tests.stdout.strip().splitlines()[-1:]))
    by_layout: dict[str, list[dict]] = defaultdict(list)
    for record in records:
        by_layout[record["layout"]].append(record)
    print(f"{'layout':10} {'texts':>6} {'min px':>6} {'min mm':>6} {'<2.5mm':>7} {'<3.5mm':>7}  smallest")
    for name, drawn in sorted(by_layout.items()):
        smallest = min(drawn, key=lambda r: r["mm"])
        under_fine = sum(r["mm"] < 2.5 for r in drawn)
        under_body = sum(r["mm"] < 3.5 for r in drawn)
        print(f"{name:10} {len(drawn):6} {smallest['px']:6} {smallest['mm']:6.2f} {under_fine:7} {under_body:7}"
              f"  {smallest['text'][:30]!r} ({smallest['where']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
