"""The unit's sandbox against what the kiosk opens on a Raspberry Pi (issue 41, blocker 1).

On a Pi, Blinka's platform detection and gpiozero's lgpio pins read /proc/cpuinfo and
/proc/device-tree (the model and its revision); lgpio opens /dev/gpiochip*, the seat screens
/dev/i2c-*, the touchscreen /dev/dri/* and /dev/input/event*, the reader /dev/serial0 (ttyAMA0 or
ttyS0, by model) or a USB adapter. Each must pass the unit's settings.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from kiosk.config import ReaderConfig
from tests.deploy.unit_file import UNIT, service_settings

# What the kiosk opens, by the device class DeviceAllow= names (the driver's name in /proc/devices)
# and the access it needs.
DEVICES = {
    "/dev/gpiochip0": ("gpiochip", "rw"),  # lgpio (the Pi 5's header is gpiochip4 on older kernels)
    "/dev/i2c-1": ("i2c", "rw"),  # the seat screens (and /dev/i2c-N per multiplexer channel)
    "/dev/dri/card0": ("drm", "rw"),  # SDL's kmsdrm (card1 and renderD128 on a Pi 4 and 5)
    "/dev/input/event0": ("input", "r"),  # the touchscreen
    "/dev/ttyAMA0": ("ttyAMA", "rw"),  # /dev/serial0 on a Pi 5, or a Pi 3B+/4 with Bluetooth off
    "/dev/ttyS0": ("ttyS", "rw"),  # /dev/serial0 on a Pi 3B+/4 (the mini UART)
    "/dev/ttyUSB0": ("ttyUSB", "rw"),  # a USB-serial reader
}
PROC_FILES = ("cpuinfo", "device-tree")


def settings() -> dict[str, list[str]]:
    return service_settings(UNIT.read_text(encoding="utf-8"))


def one(key: str) -> str:
    values = settings().get(key, [])
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def test_proc_keeps_the_files_that_tell_the_pi_model():
    assert one("ProcSubset") == "all"  # "pid" leaves only the process folders: no cpuinfo, no device-tree
    assert one("ProtectProc") == "invisible"  # other users' processes stay hidden
    hidden = " ".join(settings().get("InaccessiblePaths", []) + settings().get("TemporaryFileSystem", [])).split()
    assert not [path for path in hidden if path.lstrip("-").rstrip("/") in ("/proc", *(f"/proc/{f}" for f in PROC_FILES))]


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0,
                    reason="mounting a procfs in a private namespace needs unshare and root")
def test_a_proc_mounted_as_the_unit_says_shows_cpuinfo(tmp_path):
    """The unit's ProcSubset and ProtectProc as procfs mount options (what systemd mounts for it)."""
    options = ["hidepid=" + one("ProtectProc")]
    if one("ProcSubset") == "pid":
        options.append("subset=pid")
    script = f"mount -t proc -o {','.join(options)} proc {tmp_path} && ls {tmp_path}"
    result = subprocess.run(["unshare", "--mount", "--pid", "--fork", "sh", "-c", script],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    listed = set(result.stdout.split())
    assert "cpuinfo" in listed  # device-tree exists only on a device-tree machine, and is hidden alike


def allowed_devices() -> dict[str, str]:
    found = {}
    for value in settings().get("DeviceAllow", []):
        spec, _, access = value.partition(" ")
        found[spec] = access or "rwm"
    return found


def test_every_device_the_kiosk_opens_is_allowed():
    assert one("DevicePolicy") == "closed"
    allowed = allowed_devices()
    for path, (driver, access) in DEVICES.items():
        given = allowed.get(f"char-{driver}") or allowed.get(path, "")
        assert set(access) <= set(given), f"{path} needs DeviceAllow=char-{driver} {access}"
    assert ReaderConfig().port == "/dev/serial0"  # ttyAMA0 or ttyS0, both above


def test_the_kiosk_works_in_its_own_state_folder():
    """lgpio makes its notification pipes in the current folder: the unit starts the kiosk in the state folder."""
    assert one("WorkingDirectory") == "/var/lib/" + one("StateDirectory")
    assert one("ProtectSystem") == "strict"  # everything else read-only


def test_without_its_drop_in_the_unit_has_no_network():
    """The network is opened by install.sh's drop-in only (tests/deploy/test_network_sandbox.py)."""
    assert one("IPAddressDeny") == "any" and "IPAddressAllow" not in settings()
    assert one("RestrictAddressFamilies") == "AF_UNIX AF_NETLINK"
