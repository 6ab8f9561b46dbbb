"""systemd/install.sh --dry-run on a fake root with a fake raspi-config: every step is listed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "systemd" / "install.sh"


def dry_run(root: Path, *extra: str, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        ["bash", str(SCRIPT), "--dry-run", "--root", str(root), *extra],
        capture_output=True, text=True, check=False, env={**os.environ, **(env or {})},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_step_is_listed_and_nothing_is_changed(tmp_path):
    (tmp_path / "boot" / "firmware").mkdir(parents=True)
    cmdline = tmp_path / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text("console=serial0,115200 console=tty1 root=PARTUUID=x\n", encoding="utf-8")
    out = dry_run(tmp_path)
    for expected in (
        "+ apt-get install -y python3 python3-venv",
        "+ groupadd -f --system gpio",
        "+ useradd --system --home-dir /var/lib/mystery-table",
        "+ usermod -a -G gpio,i2c,spi,dialout,video,render,input kiosk",
        "/opt/mystery-table/venv/bin/pip install --quiet --require-hashes",
        "--no-deps --no-build-isolation --no-index -e",
        "+ write /etc/mystery-table/table.toml",
        "+ append to /boot/firmware/config.txt: dtparam=i2c_arm=on",
        "+ append to /boot/firmware/config.txt: enable_uart=1",
        "+ sed -i s/console=serial0,[0-9]* // ",
        "+ append to /boot/firmware/config.txt: dtoverlay=i2c-mux,pca9548,addr=0x70",
        "+ write /etc/udev/rules.d/99-mystery-table.rules",
        "+ write /etc/polkit-1/rules.d/50-mystery-table.rules",
        "+ write /etc/systemd/system/mystery-table.service",
        "+ systemctl enable mystery-table.service",
    ):
        assert expected in out, expected
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["cmdline.txt"]  # nothing written
    assert cmdline.read_text(encoding="utf-8").startswith("console=serial0")


def test_raspi_config_is_used_where_it_exists(tmp_path):
    fake = tmp_path / "bin" / "raspi-config"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    fake.chmod(0o755)
    out = dry_run(tmp_path / "root", env={"RASPI_CONFIG": str(fake)})
    assert f"+ {fake} nonint do_i2c 0" in out and f"+ {fake} nonint do_serial_cons 1" in out
    assert "enable_uart=1" not in out  # raspi-config did it


def test_an_existing_configuration_is_kept_and_uninstall_keeps_the_games(tmp_path):
    config = tmp_path / "etc" / "mystery-table" / "table.toml"
    config.parent.mkdir(parents=True)
    config.write_text("[[seats]]\n", encoding="utf-8")
    out = dry_run(tmp_path)
    assert "(/etc/mystery-table/table.toml is kept)" in out and "+ write /etc/mystery-table/table.toml" not in out
    out = dry_run(tmp_path, "--uninstall")
    assert "+ systemctl disable --now mystery-table.service" in out and "are kept" in out


def test_the_installed_configuration_is_valid_for_the_pi(tmp_path):
    """What install.sh writes to /etc/mystery-table/table.toml, taken for real (not a dry run)."""
    root = tmp_path
    script = SCRIPT.read_text(encoding="utf-8")
    start = script.index("  sed -e 's|^backend")
    command = script[start:].split("| write", 1)[0].strip()
    app = SCRIPT.parents[1]
    result = subprocess.run(
        ["bash", "-c", command.replace('"$APP_SRC', f'"{app}').replace("$STATE", "/var/lib/mystery-table")],
        capture_output=True, text=True, check=True, env={**os.environ, "PIN": "864213", "DEFAULT_PIN": "2580"},
    )
    written = root / "table.toml"
    written.write_text(result.stdout, encoding="utf-8")
    from kiosk.config import load_config

    config = load_config(written)
    assert config.backend == "pi" and str(config.data_dir) == "/var/lib/mystery-table"
    assert config.admin_pin == "864213"


def test_a_table_that_switches_its_multiplexer_itself_gets_no_mux_overlay(tmp_path):
    """`mux = "user"` (shared writes, wiring/ASSEMBLY.md): the kernel must not own the TCA9548A."""
    config = tmp_path / "etc" / "mystery-table" / "table.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[i2c]\nmux = "user"\n\n[[seats]]\n', encoding="utf-8")
    boot = tmp_path / "boot" / "firmware" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text("dtparam=i2c_arm=on\ndtoverlay=i2c-mux,pca9548,addr=0x70\n", encoding="utf-8")
    out = dry_run(tmp_path)
    assert "append to /boot/firmware/config.txt: dtoverlay=i2c-mux" not in out
    assert f"+ sed -i \\|^dtoverlay=i2c-mux,pca9548,addr=0x70$|d {boot}" in out  # the old overlay goes
    config.write_text('[i2c]\nmux = "kernel"\n\n[[seats]]\n', encoding="utf-8")
    assert "(/boot/firmware/config.txt already has: dtoverlay=i2c-mux,pca9548,addr=0x70)" in dry_run(tmp_path)
