"""install.sh on a real Raspberry Pi OS (issue 41): config.txt lines that count for every model, an
app folder replaced whole, the system libraries pygame-ce's kmsdrm and the admin menu's power-off
need, the network drop-in, and check commands that work as typed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from kiosk.appliance.network_sandbox import network_drop_in
from kiosk.config import load_config
from tests.deploy.test_install_hardening import script_functions, steps
from tests.deploy.test_install_script import SCRIPT, dry_run

REPO = SCRIPT.parents[1]
OUR_LINES = ["dtparam=i2c_arm=on", "enable_uart=1", "dtparam=i2c_arm_baudrate=400000", "dtoverlay=pwm,pin=18,func=2",
             "dtoverlay=i2c-mux,pca9548,addr=0x70"]


def boot_lines(tmp_path: Path, config_txt: str, runs: int = 1) -> str:
    """install.sh's config.txt lines written for real (as its config step does, without raspi-config)."""
    path = tmp_path / "boot" / "firmware" / "config.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(config_txt, encoding="utf-8")
    body = "\n".join(f'boot_line /boot/firmware/config.txt "{line}"' for line in OUR_LINES)
    script = (f'set -euo pipefail\nROOT="{tmp_path}"; DRY_RUN=0\n'
              + script_functions("for_every_model", "boot_line") + "\n" + body)
    for _ in range(runs):
        subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    return path.read_text(encoding="utf-8")


def effective_for_every_model(config_txt: str) -> list[str]:
    """The lines a Pi of any model applies: before the first [section], or under [all]."""
    every, found = True, []
    for line in config_txt.splitlines():
        if re.fullmatch(r"\[.*\]", line):
            every = line == "[all]"
        elif every:
            found.append(line)
    return found


def test_after_a_model_section_the_lines_go_under_an_all_section_once(tmp_path):
    stock = "dtparam=audio=on\n[cm4]\notg_mode=1\n[pi4]\narm_boost=1\n"
    written = boot_lines(tmp_path, stock, runs=2)  # a rerun changes nothing
    assert written == stock + "[all]\n" + "".join(f"{line}\n" for line in OUR_LINES)
    assert set(OUR_LINES) <= set(effective_for_every_model(written))


def test_a_file_ending_in_all_or_without_sections_gets_no_new_section(tmp_path):
    for stock in ("dtparam=audio=on\n[cm5]\ndtoverlay=dwc2\n[all]\n", "dtparam=audio=on\n"):
        written = boot_lines(tmp_path, stock)
        assert written == stock + "".join(f"{line}\n" for line in OUR_LINES)


def test_a_line_that_only_a_model_section_has_is_added_for_every_model(tmp_path):
    written = boot_lines(tmp_path, "[pi4]\nenable_uart=1\n[all]\ndtparam=i2c_arm=on\n")
    assert written.count("enable_uart=1") == 2 and written.count("dtparam=i2c_arm=on") == 1
    assert set(OUR_LINES) <= set(effective_for_every_model(written))


def test_a_rerun_replaces_the_app_folder_so_a_deleted_module_is_gone(tmp_path):
    source = tmp_path / "clone"
    (source / "kiosk").mkdir(parents=True)
    (source / "kiosk" / "kept.py").write_text("A = 1\n", encoding="utf-8")
    (source / "kiosk" / "deleted_upstream.py").write_text("B = 2\n", encoding="utf-8")
    (source / ".venv").mkdir()
    root = tmp_path / "root"
    script = (f'set -euo pipefail\nROOT="{root}"; DRY_RUN=0; APP_SRC="{source}"; PREFIX=/opt/mystery-table\n'
              + script_functions("run", "unpack_app") + "\nunpack_app\n")
    subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    app = root / "opt" / "mystery-table" / "app"
    assert (app / "kiosk" / "deleted_upstream.py").exists()
    (source / "kiosk" / "deleted_upstream.py").unlink()
    (source / "kiosk" / "kept.py").write_text("A = 3\n", encoding="utf-8")
    subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    assert sorted(p.name for p in (app / "kiosk").iterdir()) == ["kept.py"]
    assert (app / "kiosk" / "kept.py").read_text(encoding="utf-8") == "A = 3\n"
    assert not (app / ".venv").exists()
    assert sorted(p.name for p in app.parent.iterdir()) == ["app"]  # no app.new, app.old or app.tar left


def test_the_libraries_kmsdrm_loads_and_polkit_are_installed(tmp_path):
    apt = next(line for line in steps(dry_run(tmp_path)) if line.startswith("+ apt-get install"))
    packages = set(apt.split()[3:])
    # pygame-ce's SDL dlopens libdrm.so.2, libgbm.so.1, libEGL.so.1 and libGLESv2.so.2; GBM and EGL
    # then load Mesa's driver for the Pi's GPU (libgl1-mesa-dri).
    assert {"libdrm2", "libgbm1", "libegl1", "libgles2", "libgl1-mesa-dri"} <= packages
    assert "polkitd" in packages  # the rule install.sh writes is read by polkitd (Bookworm's package)
    assert {"git", "python3-venv"} <= packages


def test_the_network_drop_in_is_written_after_the_unit_and_removed_by_uninstall(tmp_path):
    lines = steps(dry_run(tmp_path))
    unit = lines.index("+ write /etc/systemd/system/mystery-table.service")
    assert lines[unit + 1] == ("+ /opt/mystery-table/venv/bin/python -I -m kiosk.appliance.network_sandbox "
                               "/etc/mystery-table/table.toml")
    assert lines[unit + 2] == "+ write /etc/systemd/system/mystery-table.service.d/network.conf"
    assert lines[unit + 3] == "+ systemctl daemon-reload"
    uninstall = dry_run(tmp_path, "--uninstall")
    assert f"{tmp_path}/etc/systemd/system/mystery-table.service.d/network.conf" in uninstall


def test_network_alone_rewrites_the_drop_in_and_restarts_the_service(tmp_path):
    lines = steps(dry_run(tmp_path, "--network"))
    assert lines == [
        "+ /opt/mystery-table/venv/bin/python -I -m kiosk.appliance.network_sandbox /etc/mystery-table/table.toml",
        "+ write /etc/systemd/system/mystery-table.service.d/network.conf",
        "+ systemctl daemon-reload",
        "+ systemctl try-restart mystery-table.service",
    ]


def check_commands(text: str) -> list[str]:
    return re.findall(r"cd /var/lib/mystery-table && sudo -u kiosk /opt/mystery-table/venv/bin/kiosk [^`\n]*", text)


def test_the_check_commands_run_as_the_kiosk_from_its_folder_and_the_readme_gives_the_same(tmp_path):
    """lgpio makes its pipes in the current folder, table.toml is the kiosk's, kiosk is not on the PATH."""
    printed = check_commands(dry_run(tmp_path))
    assert printed == [
        "cd /var/lib/mystery-table && sudo -u kiosk /opt/mystery-table/venv/bin/kiosk config check "
        "/etc/mystery-table/table.toml",
        "cd /var/lib/mystery-table && sudo -u kiosk /opt/mystery-table/venv/bin/kiosk selftest "
        "--config /etc/mystery-table/table.toml",
    ]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert set(printed) <= set(check_commands(readme))
    assert "kiosk selftest --config /etc/mystery-table/table.toml" not in readme.replace(
        "/opt/mystery-table/venv/bin/kiosk selftest --config /etc/mystery-table/table.toml", "")


def test_the_readme_installs_git_before_cloning():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    build = readme.split("## Build the table (Raspberry Pi)", 1)[1]
    assert build.index("sudo apt install git") < build.index("git clone")



def write_network(tmp_path: Path, table_toml: str) -> subprocess.CompletedProcess[str]:
    """install.sh's network step for real, on a fake root whose venv's python is this one."""
    python = tmp_path / "opt" / "mystery-table" / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    config = tmp_path / "etc" / "mystery-table" / "table.toml"
    config.parent.mkdir(parents=True)
    config.write_text(table_toml, encoding="utf-8")
    script = (f'set -euo pipefail\nROOT="{tmp_path}"; DRY_RUN=0; PREFIX=/opt/mystery-table; CONF=/etc/mystery-table\n'
              'NETWORK_DROP_IN=/etc/systemd/system/mystery-table.service.d/network.conf\n'
              + script_functions("write", "network_drop_in") + "\nnetwork_drop_in\n")
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=False, cwd=tmp_path)


def test_the_network_step_writes_the_drop_in_of_the_installed_table_toml(tmp_path):
    table = (REPO / "table.example.toml").read_text(encoding="utf-8").replace("[web]\n", "[web]\nenabled = true\n", 1)
    result = write_network(tmp_path, table)
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "etc/systemd/system/mystery-table.service.d/network.conf").read_text(encoding="utf-8")
    assert written == network_drop_in(load_config(tmp_path / "etc/mystery-table/table.toml"))
    assert "  SocketBindAllow=tcp:8080" in result.stdout  # what it opened, shown to the maker


def test_a_table_toml_with_mistakes_stops_the_network_step_and_writes_nothing(tmp_path):
    result = write_network(tmp_path, "[[seats]]\nnot toml = = 1\n")
    assert result.returncode == 1 and "install.sh --network" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "etc/systemd/system").exists()
