"""install.sh hardening (issue 21, items 6 and 12): the application tree owned by root, dependencies
from a hash-checked lock, table.toml readable by root and the kiosk only, and an admin PIN that is
never the default."""

from __future__ import annotations

import importlib.util
import os
import re
import stat
import subprocess
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.deploy.test_install_script import SCRIPT, dry_run

REPO = SCRIPT.parents[1]
LOCK = REPO / "systemd" / "requirements.lock"


def steps(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("+ ")]


def test_the_tree_is_root_owned_and_the_dependencies_come_from_the_hashed_lock(tmp_path):
    out = dry_run(tmp_path).replace(str(tmp_path), "")  # paths as on the Pi
    lines = steps(out)
    extract = next(line for line in lines if " -xf " in line)
    assert "--no-same-owner" in extract and "--no-same-permissions" in extract
    pip = [line for line in lines if "/venv/bin/pip install" in line]
    assert pip == [
        "+ /opt/mystery-table/venv/bin/pip install --quiet --require-hashes --no-build-isolation "
        "-r /opt/mystery-table/app/systemd/requirements.lock",
        "+ /opt/mystery-table/venv/bin/pip install --quiet --no-deps --no-build-isolation --no-index "
        "-e /opt/mystery-table/app",
    ]
    assert not any("--upgrade" in line for line in lines)  # nothing unpinned
    chown = lines.index("+ chown -R root:root /opt/mystery-table")
    assert lines[chown + 1] == "+ chmod -R go-w /opt/mystery-table"
    last_write = max(i for i, line in enumerate(lines) if "/opt/mystery-table" in line and i < chown)
    after = [line for line in lines[chown + 2:] if "-m kiosk.appliance.network_sandbox" not in line]  # it reads
    assert all(("/opt/mystery-table" not in line) for line in after)  # nothing written after
    assert last_write == chown - 1


def test_a_new_table_toml_is_private_and_the_dry_run_asks_for_no_pin(tmp_path):
    out = dry_run(tmp_path)
    assert "+ write /etc/mystery-table/table.toml (mode 0640, owner root, group kiosk)" in out
    assert "the admin menu's PIN would be asked for, or made up and printed once" in out
    assert "PIN is" not in out


def test_a_kept_table_toml_is_made_private_and_a_default_pin_is_pointed_out(tmp_path):
    config = tmp_path / "etc" / "mystery-table" / "table.toml"
    config.parent.mkdir(parents=True)
    config.write_text('admin_pin = "2580"\n[[seats]]\n', encoding="utf-8")
    out = dry_run(tmp_path)
    assert f"+ chown root:kiosk {config}" in out and f"+ chmod 0640 {config}" in out
    assert "Its admin_pin is the default 2580" in out
    config.write_text('admin_pin = "97531"\n[[seats]]\n', encoding="utf-8")
    assert "default 2580" not in dry_run(tmp_path)


@pytest.mark.parametrize("pin", ["2580", "123", "123456789", "12a4"])
def test_a_bad_pin_is_refused_before_anything_happens(tmp_path, pin):
    result = subprocess.run(["bash", str(SCRIPT), "--dry-run", "--root", str(tmp_path), "--pin", pin],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "--pin takes 4 to 8 digits other than 2580" in result.stderr
    assert result.stdout == ""


def script_functions(*names: str) -> str:
    """The named shell functions, as install.sh defines them."""
    text = SCRIPT.read_text(encoding="utf-8")
    found = []
    for name in names:
        match = re.search(rf"^{name}\(\) {{.*?^}}$", text, re.MULTILINE | re.DOTALL)
        assert match, name
        found.append(match.group(0))
    return "\n".join(found)


def run_functions(tmp_path: Path, body: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """install.sh's PIN and private-file functions for real, on a folder, with chown recorded."""
    prelude = (
        f'ROOT="{tmp_path}"; DRY_RUN=0; CONF=/etc/mystery-table; DEFAULT_PIN=2580; PIN="${{PIN:-}}"\n'
        'chown() { echo "chown $*"; }\n'
    )
    functions = script_functions("write_private", "pin_ok", "new_pin", "ask_pin")
    return subprocess.run(["bash", "-c", "set -euo pipefail\n" + prelude + functions + "\n" + body],
                          input=stdin, capture_output=True, text=True, check=True,
                          env={**os.environ, "PIN": ""})


def test_without_a_terminal_a_random_pin_is_made_up_and_printed_once_and_the_file_is_private(tmp_path):
    result = run_functions(tmp_path, 'ask_pin\nprintf \'admin_pin = "%s"\\n\' "$PIN" | write_private /etc/mystery-table/table.toml')
    printed = re.findall(r"PIN is (\d+)", result.stdout)
    assert len(printed) == 1 and len(printed[0]) == 6 and printed[0] != "2580"
    written = tmp_path / "etc" / "mystery-table" / "table.toml"
    assert written.read_text(encoding="utf-8") == f'admin_pin = "{printed[0]}"\n'
    assert stat.S_IMODE(written.stat().st_mode) == 0o640
    assert f"chown root:kiosk {written}" in result.stdout


def test_two_made_up_pins_differ(tmp_path):
    pins = {run_functions(tmp_path, "new_pin").stdout for _ in range(3)}
    assert len(pins) == 3 and all(re.fullmatch(r"\d{6}", pin) for pin in pins)


def test_at_a_terminal_the_pin_is_asked_twice(tmp_path):
    """ask_pin at a real terminal (a pty): a bad PIN, then two that differ, then the same one twice."""
    import pty

    prelude = f'ROOT="{tmp_path}"; DRY_RUN=0; CONF=/etc/mystery-table; DEFAULT_PIN=2580; PIN=""\n'
    script = prelude + script_functions("pin_ok", "new_pin", "ask_pin") + '\nask_pin\necho "chosen=$PIN"\n'
    pid, fd = pty.fork()
    if pid == 0:  # the child: bash with the pty as its terminal
        os.execvp("bash", ["bash", "-c", script])
    answers = iter(["2580", "4444", "5555", "9753", "9753"])
    seen = b""
    while True:
        try:
            chunk = os.read(fd, 1024)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if seen.rstrip().endswith((b"random one):", b"again:")):
            os.write(fd, next(answers).encode() + b"\n")
            seen += b"<answered>"
    os.waitpid(pid, 0)
    text = seen.decode()
    assert "chosen=9753" in text and "4 to 8 digits, and not 2580" in text and "the two PINs differ" in text
    assert "9753\r\n" not in text.split("chosen=")[0]  # typed without echo


def test_the_lock_pins_every_requirement_of_the_pi_with_hashes():
    spec = importlib.util.spec_from_file_location("pi_requirements", REPO / "systemd" / "pi_requirements.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pins: dict[str, tuple[str, int]] = {}
    for block in re.split(r"\n(?=[a-z0-9])", LOCK.read_text(encoding="utf-8")):
        match = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", block)
        if match:
            pins[canonicalize_name(match.group(1))] = (match.group(2), block.count("--hash=sha256:"))
    assert pins and all(hashes >= 1 for _, hashes in pins.values())
    for line in module.requirements():
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in {LOCK.name}: run make lock"
        assert requirement.specifier.contains(pins[name][0], prereleases=True), f"{name}: run make lock"
    for machine_only in ("lgpio", "rpi-lgpio", "smbus2", "gpiod", "setuptools", "pip"):
        assert machine_only in pins
    assert pins["pygame-ce"][1] > 20  # every platform's wheel of the version, not only this machine's


def test_make_lock_compiles_with_hashes_from_pypi_only():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nlock:", 1)[1].split("\n\n", 1)[0]
    assert "pip-compile" in recipe and "--generate-hashes" in recipe and "--allow-unsafe" in recipe
    assert "PIP_CONFIG_FILE=/dev/null" in recipe and "systemd/pi_requirements.py" in recipe
