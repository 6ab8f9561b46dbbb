"""The service unit: it verifies, and its security exposure is low."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "mystery-table.service"
ANALYZE = shutil.which("systemd-analyze")
needs_systemd = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed on this machine")


def test_the_unit_talks_to_systemd_the_way_the_kiosk_does():
    text = UNIT.read_text(encoding="utf-8")
    for line in ("Type=notify", "WatchdogSec=30", "Restart=on-failure", "User=kiosk", "StateDirectory=mystery-table",
                 "ConfigurationDirectory=mystery-table", "Environment=SDL_VIDEODRIVER=kmsdrm",
                 "Environment=SDL_TOUCH_MOUSE_EVENTS=0", "ProtectSystem=strict", "NoNewPrivileges=yes"):
        assert line in text.splitlines(), line
    groups = re.search(r"^SupplementaryGroups=(.*)$", text, re.M)
    assert groups and set(groups.group(1).split()) == {"gpio", "i2c", "spi", "dialout", "video", "render", "input"}


@needs_systemd
def test_the_unit_verifies(tmp_path):
    # The kiosk is not installed here: point ExecStart at an executable that exists, keep the rest.
    unit = tmp_path / "mystery-table.service"
    unit.write_text(UNIT.read_text(encoding="utf-8").replace(
        "/opt/mystery-table/venv/bin/kiosk", sys.executable), encoding="utf-8")
    result = subprocess.run([ANALYZE, "verify", str(unit)], capture_output=True, text=True, check=False)
    problems = [line for line in result.stderr.splitlines() if "mystery-table.service" in line]
    assert result.returncode == 0 and not problems, result.stderr


@needs_systemd
def test_the_security_exposure_is_low():
    result = subprocess.run([ANALYZE, "security", "--offline=yes", str(UNIT)], capture_output=True, text=True,
                            check=False)
    match = re.search(r"Overall exposure level for mystery-table.service: ([0-9.]+)", result.stdout)
    assert match, result.stdout + result.stderr
    exposure = float(match.group(1))
    print(f"systemd-analyze security exposure: {exposure}")
    assert exposure <= 2.0
