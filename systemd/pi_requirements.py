"""Print what the Pi installs, as requirement lines for `make lock` (pip-compile reads them on stdin).

pyproject.toml is the one list: the dependencies, the `pi` extra and the build backend (the app is
installed with --no-build-isolation, so setuptools must be in the lock), plus pip itself. The `pi`
extra's platform markers are dropped so that the lock, compiled on any machine, pins lgpio,
rpi-lgpio and gpiod (which Blinka asks for on a Raspberry Pi only, at run time) too: pip-compile keeps only what matches the machine it runs on, and the Pi is
aarch64/armv7l. Hashes cover every file of each pinned version, whatever its platform.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def requirements() -> list[str]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    pi = [line.split(";", 1)[0].strip() for line in project["project"]["optional-dependencies"]["pi"]]
    return [*project["project"]["dependencies"], *pi, *project["build-system"]["requires"], "pip"]


if __name__ == "__main__":
    print("\n".join(requirements()))
