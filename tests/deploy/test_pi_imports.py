"""What the kiosk imports on a Raspberry Pi, checked on any machine (issue 41, blockers 2 and 3).

On x86, Blinka (the PN532 driver's `digitalio` and `board`) takes its generic Linux path; on a Pi it
takes another, which needs gpiod. Forced to each Pi board (`BLINKA_FORCECHIP`, `BLINKA_FORCEBOARD`),
Blinka takes the Pi's path here too: every module of the kiosk and the reader's driver must import,
and every package they load must be in systemd/requirements.lock, which is all the Pi installs.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

from tests.deploy.unit_file import UNIT, service_settings

REPO = Path(__file__).resolve().parents[2]
LOCK = REPO / "systemd" / "requirements.lock"
# The Pi models the README names: Blinka's chip and board for each.
PI_BOARDS = ("RASPBERRY_PI_3B_PLUS", "RASPBERRY_PI_4B", "RASPBERRY_PI_5")

# Only the lock's packages can be imported (as on the Pi, where nothing else is installed: an optional
# import of a test tool, such as paho's of PySocks, then fails as it would there). Imports every
# module of kiosk/ and hardware/ and what a real reader loads, and prints the distribution of every
# package loaded from outside the standard library.
IMPORT_EVERYTHING = """
import importlib, importlib.abc, json, pkgutil, sys, sysconfig
from importlib.metadata import packages_distributions
from packaging.utils import canonicalize_name
owners = packages_distributions()
allowed = set(json.loads(sys.argv[1])) | {"mystery-table"}

class OnlyTheLock(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        dists = owners.get(name.split(".")[0])
        if dists and not any(canonicalize_name(d) in allowed for d in dists):
            raise ModuleNotFoundError(f"{name} ({dists}) is not in the lock", name=name)
        return None

sys.meta_path.insert(0, OnlyTheLock())
import kiosk, hardware
for package in (kiosk, hardware):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not found.name.endswith("__main__"):
            importlib.import_module(found.name)
import hardware.pn532_driver, adafruit_pn532.uart, board, digitalio
site = (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])
tops = {name.split(".")[0] for name, module in list(sys.modules.items())
        if (getattr(module, "__file__", None) or "").startswith(site) and not name.startswith("__editable__")}
print(json.dumps({"dists": sorted({d for top in tops for d in owners.get(top, [top])}),
                  "board": board.board_id}))
"""


def lock_pins() -> dict[str, str]:
    text = LOCK.read_text(encoding="utf-8")
    return {canonicalize_name(name): version for name, version in re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", text, re.M)}


def on_a_pi(board: str, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BLINKA_FORCECHIP": "BCM2XXX", "BLINKA_FORCEBOARD": board}
    return subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, check=False,
                          env=env, cwd=REPO, timeout=120)


linux_only = pytest.mark.skipif(sys.platform != "linux", reason="gpiod (Blinka's Pi library) is built for Linux only")


@linux_only
@pytest.mark.parametrize("board", PI_BOARDS)
def test_on_each_pi_the_kiosk_imports_and_every_package_it_loads_is_in_the_lock(board):
    result = on_a_pi(board, IMPORT_EVERYTHING, json.dumps(sorted(lock_pins())))
    assert result.returncode == 0, result.stderr[-2000:]
    found = json.loads(result.stdout.splitlines()[-1])
    assert found["board"] == board  # Blinka took the Pi's path, not its generic Linux one
    dists = {canonicalize_name(name) for name in found["dists"]}
    assert {"gpiod", "adafruit-blinka", "adafruit-circuitpython-pn532", "pygame-ce"} <= dists
    assert dists <= set(lock_pins()) | {"mystery-table"}


def test_config_check_and_the_cli_load_no_blinka():
    """Only a reader being opened loads the PN532 driver: a config check works without Blinka."""
    script = """
import sys
from kiosk.cli import main
try:
    main(["config", "check", "table.example.toml"])
except SystemExit:
    pass
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("adafruit_blinka", "adafruit_pn532", "digitalio", "board", "gpiod"))
print("LOADED", loaded)
"""
    result = on_a_pi("RASPBERRY_PI_4B", script)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "LOADED []" in result.stdout, result.stdout


def sdl_video_drivers() -> list[str]:
    """The video drivers compiled into the SDL that pygame loaded (SDL_GetVideoDriver needs no init)."""
    import pygame  # noqa: F401  (loads its SDL)

    with open("/proc/self/maps", encoding="utf-8") as maps:
        path = next(line.split()[-1] for line in maps if re.search(r"/libSDL2-2[^/]*\.so", line))
    sdl = ctypes.CDLL(path)
    sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
    return [sdl.SDL_GetVideoDriver(i).decode().lower() for i in range(sdl.SDL_GetNumVideoDrivers())]


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux's /proc to find pygame's SDL")
def test_the_locked_pygame_has_the_video_driver_the_unit_asks_for():
    """pygame's wheels have no kmsdrm (pygame/pygame#3482); pygame-ce's have it, on x86 and aarch64 alike."""
    from importlib.metadata import packages_distributions

    driver = service_settings(UNIT.read_text(encoding="utf-8"))["Environment"]
    wanted = next(value.split("=", 1)[1] for value in driver if value.startswith("SDL_VIDEODRIVER="))
    assert wanted in sdl_video_drivers()
    (dist,) = packages_distributions()["pygame"]
    assert canonicalize_name(dist) in lock_pins()
