"""Benchmarks of two commits side by side: `make bench-compare BASE=<rev> [QUICK=1]`.

BASE is checked out into a temporary git worktree (removed afterwards, whatever happens) and runs with
its own code and its own bench scripts: an older commit's scripts import its own module paths, which
the working tree's scripts no longer know. Both sides use this checkout's virtualenv (the Python
packages of the working tree), each with its own tree first on the import path. The working tree
runs as it is, uncommitted changes included.

The benchmarks: the full table (bench/table.py: Mystery Express with 5 people, Watson & Holmes with 7,
both with shared writes, and Mystery Express at 1 MHz), Mystery Express on a CPU five times slower (a
Raspberry Pi 4's: `--cpu-factor 5`, when both sides' script has the flag), the seat display
(bench/seat_display.py), the touchscreen (bench/ui.py) and the engine (bench/engine.py). Each
benchmark runs on one side and then at once on the other, every round, the order turned round each
round (base, new; new, base; ...), so a machine that gets busier or quieter weighs on both alike. The figures are read from the
scripts' printed reports (bench/figures.py).

Each side's figures are saved as a pyperf suite (var/bench-compare/base.json and new.json, one value a
round): the table below gives every figure's median over the rounds and the ratio new/base (less is
better everywhere: below 1 is a gain), then `pyperf compare_to` says which differences are
significant (with two rounds or more). `pyperf stats` and `pyperf hist` read the same files.

    .venv/bin/python bench/compare.py --base REV [--rounds N] [--quick]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pyperf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import figures as readers  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "var" / "bench-compare"
# pyperf knows seconds, bytes and plain numbers: times go in as seconds, a share of a core as a number.
PYPERF_UNITS = {"ms": ("second", 1e-3), "s": ("second", 1.0), "µs": ("second", 1e-6), "B": ("byte", 1.0),
                "%": ("integer", 1.0)}

DECIMALS = {"B": 0, "µs": 1, "%": 3}  # as the scripts print them; the rest with two


@dataclass(frozen=True)
class Benchmark:
    label: str  # what the figures of this run are called in the table
    script: str  # in bench/
    full: tuple[str, ...]  # its arguments
    quick: tuple[str, ...]  # its arguments for QUICK=1
    needs: str = ""  # a flag the script must know on both sides (an older one may not), or it is left out

    def args(self, quick: bool) -> tuple[str, ...]:
        return self.quick if quick else self.full

    def runs_on(self, tree: Path) -> bool:
        return self.needs in (tree / "bench" / self.script).read_text(encoding="utf-8")


ME5 = ("--game", "mystery-express", "--seats", "5", "--people", "5", "--mux", "user")
WH7 = ("--game", "watson-holmes", "--seats", "7", "--people", "7", "--mux", "user")
BENCHMARKS = (
    Benchmark("table ME 5 people, 400 kHz", "table.py", (*ME5, "--games", "2"), (*ME5, "--games", "1")),
    Benchmark("table W&H 7 people, 400 kHz", "table.py", (*WH7, "--games", "3"), (*WH7, "--games", "1")),
    # Eight games: its awaited seats' p99 swung from 20 to 62 ms between runs of one commit on two (some
    # 300 samples: the 4th longest, and three or four of those come from one input that several seats
    # await, so one input that waits for a CPU on a busy machine was the figure). Eight: some 1,200
    # samples, the 12th longest, from several inputs.
    Benchmark("table ME 5 people, 1 MHz", "table.py", (*ME5, "--bus-hz", "1000000", "--games", "8"),
              (*ME5, "--bus-hz", "1000000", "--games", "3")),
    # Three games: one game's p99 of the awaited seats rests on one or two of its ~150 samples.
    Benchmark("table ME 5 people, 400 kHz, a Pi 4's CPU (x5)", "table.py", (*ME5, "--cpu-factor", "5", "--games", "3"),
              (*ME5, "--cpu-factor", "5", "--games", "1"), needs="--cpu-factor"),
    Benchmark("seat display", "seat_display.py", (), ()),
    Benchmark("touchscreen", "ui.py", ("--seconds", "20"), ("--seconds", "10")),  # the idle kiosk's window
    Benchmark("engine", "engine.py", ("--games", "12", "--runs", "3"), ("--games", "6", "--runs", "1")),
)

Results = dict[str, list[tuple[float, str]]]  # figure -> its value each round, and its unit


class CompareError(Exception):
    """Something the person running the compare must fix or know: said in one message, no traceback."""


def git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise CompareError(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def resolve(rev: str) -> str:
    """The commit `rev` names, or a clear message."""
    done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip():
        raise CompareError(f"BASE={rev!r} is not a commit of this repository: give a commit, a tag or a "
                           "branch (e.g. BASE=main or BASE=cdfb2e7); `git log --oneline` lists them")
    return done.stdout.strip()


def run(tree: Path, bench: Benchmark, quick: bool) -> readers.Figures:
    """One benchmark on one tree (its own script, its own code first on the import path)."""
    script = tree / "bench" / bench.script
    if not script.exists():
        raise CompareError(f"{tree.name}: bench/{bench.script} does not exist at that commit")
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(script), *bench.args(quick)], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
        raise CompareError(f"bench/{bench.script} {' '.join(bench.args(quick))} failed in {tree}:\n{tail}")
    found = readers.READERS[bench.script](done.stdout)
    if not found:
        raise CompareError(f"bench/{bench.script} printed no figure this compare can read:\n{done.stdout[-800:]}")
    return {f"{bench.label}: {name}": value for name, value in found.items()}


def check_imports(tree: Path) -> None:
    """The tree's own kiosk and hardware packages are the ones its benchmarks import."""
    probe = "import hardware, kiosk; print(kiosk.__file__); print(hardware.__file__)"
    done = subprocess.run([sys.executable, "-c", probe], cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
                          capture_output=True, text=True)
    paths = done.stdout.split()
    if done.returncode != 0 or len(paths) != 2 or not all(Path(p).is_relative_to(tree) for p in paths):
        raise CompareError(f"{tree}: its own kiosk/ and hardware/ are not the ones imported ({done.stdout or done.stderr})")


def rounds(trees: dict[str, Path], count: int, quick: bool) -> tuple[dict[str, Results], list[str]]:
    """Every benchmark on every side, each round; and what failed twice in a row (left out of its round)."""
    results: dict[str, Results] = {side: {} for side in trees}
    failed: list[str] = []
    sides = list(trees)
    benchmarks = [bench for bench in BENCHMARKS if all(bench.runs_on(tree) for tree in trees.values())]
    for bench in BENCHMARKS:
        if bench not in benchmarks:
            print(f"left out: {bench.label} (bench/{bench.script} {bench.needs} is not on both sides)")
    for number in range(count):
        order = sides if number % 2 == 0 else sides[::-1]
        for bench in benchmarks:
            for side in order:
                began = time.perf_counter()
                print(f"round {number + 1}/{count}: {bench.label} on {side}...", end=" ", flush=True)
                try:
                    found = run(trees[side], bench, quick)
                except CompareError as first:  # a script that trips on a busy machine gets one more go
                    print(f"failed ({str(first).splitlines()[-1]}), once more...", end=" ", flush=True)
                    try:
                        found = run(trees[side], bench, quick)
                    except CompareError as error:
                        print("failed again")
                        failed.append(f"round {number + 1}, {bench.label} on {side}: {error}")
                        continue
                for name, value in found.items():
                    results[side].setdefault(name, []).append(value)
                print(f"{time.perf_counter() - began:.0f} s", flush=True)
    return results, failed


def save(results: Results, path: Path) -> None:
    """One pyperf benchmark a figure, its rounds as the values of one run. pyperf takes values above
    zero only: a figure that was 0 in some round (bytes of an identical frame) is left out."""
    suite = []
    for name, values in results.items():
        if not all(value > 0 for value, _ in values):
            continue
        unit, scale = PYPERF_UNITS[values[0][1]]
        run = pyperf.Run([value * scale for value, _ in values], metadata={"name": name, "unit": unit},
                         collect_metadata=False)
        suite.append(pyperf.Benchmark([run]))
    pyperf.BenchmarkSuite(suite).dump(str(path), replace=True)


def table(base: Results, new: Results) -> list[str]:
    """Every figure (either side's), under its benchmark's name: base, new and new/base."""
    both = list(base) + [name for name in new if name not in base]
    labels = list(dict.fromkeys(name.partition(": ")[0] for name in both))
    names = [name for label in labels for name in both if name.partition(": ")[0] == label]  # by benchmark
    if not names:
        return ["(no figure was read)"]
    width = max(len(name.partition(": ")[2]) for name in names) + 2
    lines = [f"{'':<{width}} {'base':>11} {'new':>11} {'new/base':>9}"]
    heading = ""
    for name in names:
        label, _, figure = name.partition(": ")
        if label != heading:
            heading = label
            lines.append(label)
        before = statistics.median(v for v, _ in base[name]) if name in base else None
        after = statistics.median(v for v, _ in new[name]) if name in new else None
        unit = (base.get(name) or new[name])[0][1]
        ratio = "" if before is None or after is None else (
            f"{after / before:.2f}" if before else "1.00" if not after else "from 0")
        shown = ["n/a" if v is None else f"{v:.{DECIMALS.get(unit, 2)}f} {unit}" for v in (before, after)]
        lines.append(f"  {figure:<{width - 2}} {shown[0]:>11} {shown[1]:>11} {ratio:>9}")
    if len(names) > len(set(base) & set(new)):
        lines.append("n/a: that side's bench script does not print the figure (an older script, or one that "
                     "measures it otherwise under another name)")
    return lines


def significant(base: Path, new: Path) -> str:
    """pyperf's own verdict, its long list of the figures it hid said as a count."""
    done = subprocess.run([sys.executable, "-m", "pyperf", "compare_to", "--table", "--table-format", "md",
                           "--min-speed", "5", "--quiet", str(base), str(new)], capture_output=True, text=True)
    lines = []
    for line in (done.stdout + done.stderr).strip().splitlines():
        if line.startswith("Benchmark hidden because not significant ("):
            line = f"({line.partition('(')[2].partition(')')[0]} more not significant, or under 5 %)"
        lines.append(line)
    return "\n".join(lines) or "(none)"


def stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(f"stopped by signal {signum}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with (a hash, tag or branch)")
    parser.add_argument("--rounds", type=int, help="rounds of every benchmark on both sides (default 2, quick 1)")
    parser.add_argument("--quick", action="store_true", help="fewer games, shorter waits, one round")
    args = parser.parse_args()
    count = args.rounds or (1 if args.quick else 2)
    if count < 1:
        parser.error(f"--rounds must be 1 or more, got {count}")
    signal.signal(signal.SIGTERM, stop_on_sigterm)  # the worktree is removed on a kill too
    began = time.perf_counter()
    try:
        commit = resolve(args.base)
        changed = git("diff", "--name-only", commit, "--", *(f"bench/{b.script}" for b in BENCHMARKS))
        with tempfile.TemporaryDirectory(prefix="bench-compare-") as scratch:
            base_tree = Path(scratch) / f"base-{commit[:9]}"
            git("worktree", "add", "--detach", "--quiet", str(base_tree), commit)
            try:
                for tree in (base_tree, ROOT):
                    check_imports(tree)
                print(f"base: {args.base} = {git('log', '-1', '--format=%h %s', commit)[:100]}")
                print(f"new:  the working tree ({git('log', '-1', '--format=%h', 'HEAD')}"
                      f"{', with uncommitted changes' if git('status', '--porcelain', '--untracked-files=no') else ''})")
                if changed:
                    print("bench scripts that differ between the two (each side runs its own): "
                          + ", ".join(changed.splitlines()))
                results, failed = rounds({"base": base_tree, "new": ROOT}, count, args.quick)
            finally:
                git("worktree", "remove", "--force", str(base_tree))
                git("worktree", "prune")
    except CompareError as error:
        print(f"\nbench-compare: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nbench-compare: interrupted (the base worktree is removed)", file=sys.stderr)
        return 130
    OUT.mkdir(parents=True, exist_ok=True)
    for side in ("base", "new"):
        save(results[side], OUT / f"{side}.json")
    print()
    print(f"Median over {count} round{'s' if count > 1 else ''}; less is better everywhere "
          "(new/base below 1: a gain)")
    print("\n".join(table(results["base"], results["new"])))
    if count > 1:
        print("\npyperf compare_to: the significant changes of 5 % or more (a Markdown table to quote)")
        print(significant(OUT / "base.json", OUT / "new.json"))
    print(f"\nSaved as {OUT.relative_to(ROOT)}/base.json and new.json; wall time {time.perf_counter() - began:.0f} s")
    if failed:
        print("\nbench-compare: these runs failed twice, their figures are from the other rounds only:\n"
              + "\n".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
