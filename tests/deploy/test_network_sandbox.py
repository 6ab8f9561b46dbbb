"""The service's network drop-in (issue 41, item 10): opened exactly as far as `[mqtt]` and `[web]`
need, from the table.toml install.sh installs, and accepted by systemd merged with the unit."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.appliance.network_sandbox import CAFE_NETWORK, main, network_drop_in
from kiosk.config import load_config
from tests.deploy.unit_file import UNIT, merged, service_settings

REPO = Path(__file__).resolve().parents[2]
ANALYZE = shutil.which("systemd-analyze")


def pi_table(tmp_path: Path, *, web: str = "", mqtt: str = "") -> Path:
    """table.example.toml as install.sh installs it (backend = "pi"), with `web` lines added to its
    [web] section and an [mqtt] section of `mqtt` lines."""
    text = (REPO / "table.example.toml").read_text(encoding="utf-8")
    text = text.replace('backend = "mock"', 'backend = "pi"', 1).replace("[web]\n", f"[web]\n{web}\n", 1)
    if "port" in web:
        text = re.sub(r"^port = 8080 .*$", "", text, count=1, flags=re.M)  # the example's own [web] port
    if mqtt:
        text += f"\n[mqtt]\ntable_id = \"table-1\"\n{mqtt}\n"
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def settings_for(tmp_path: Path, **sections: str) -> dict[str, list[str]]:
    """The [Service] settings of the unit with the drop-in for that table.toml, as systemd merges them."""
    return service_settings(merged(network_drop_in(load_config(pi_table(tmp_path, **sections)))))


def test_with_mqtt_and_web_off_the_kiosk_gets_no_network(tmp_path):
    drop_in = network_drop_in(load_config(pi_table(tmp_path)))
    assert "[mqtt] and [web] are off: no network" in drop_in
    settings = settings_for(tmp_path)
    assert settings["IPAddressDeny"] == ["any"] and "IPAddressAllow" not in settings
    assert settings["RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK"]


def test_a_broker_given_by_its_address_is_the_only_address_allowed(tmp_path):
    settings = settings_for(tmp_path, mqtt='host = "192.168.1.10"')
    assert settings["IPAddressAllow"] == ["192.168.1.10"] and settings["IPAddressDeny"] == ["any"]
    assert "AF_INET AF_INET6" in settings["RestrictAddressFamilies"][-1]
    assert settings["SocketBindDeny"] == ["any"] and "SocketBindAllow" not in settings  # a client listens nowhere


@pytest.mark.parametrize(("host", "allowed"), [
    ("127.0.0.1", "localhost"),
    ("localhost", "localhost"),
    ("broker.local", " ".join(CAFE_NETWORK)),  # mDNS answers from the café's network only
    ("fd00::10", "fd00::10"),
    ("mqtt.example.com", "any"),  # resolved when the kiosk connects, to addresses that may change
])
def test_a_broker_named_by_a_host_name_is_allowed_as_far_as_its_name_can_be_known(tmp_path, host, allowed):
    drop_in = network_drop_in(load_config(pi_table(tmp_path, mqtt=f'host = "{host}"')))
    assert f"IPAddressAllow={allowed}\n" in drop_in
    if allowed == "any":
        assert "give its address in table.toml to narrow this" in drop_in


def test_the_phone_server_takes_the_cafe_network_on_its_own_port_only(tmp_path):
    settings = settings_for(tmp_path, web="enabled = true\nport = 8081")
    assert settings["IPAddressAllow"] == [" ".join(("localhost", *CAFE_NETWORK))]  # phones reach it, it answers them
    assert "192.168.0.0/16" in CAFE_NETWORK and "10.0.0.0/8" in CAFE_NETWORK
    assert settings["SocketBindAllow"] == ["tcp:8081"] and settings["SocketBindDeny"] == ["any"]
    local = settings_for(tmp_path, web='enabled = true\nbind = ["127.0.0.1"]')
    assert local["IPAddressAllow"] == ["localhost"] and local["SocketBindAllow"] == ["tcp:8080"]


def test_both_parts_on_open_both_and_any_wins_over_narrower_addresses(tmp_path):
    both = settings_for(tmp_path, web="enabled = true", mqtt='host = "192.168.1.10"\nport = 1884')
    assert both["IPAddressAllow"] == [" ".join(("192.168.1.10", "localhost", *CAFE_NETWORK))]
    named = settings_for(tmp_path, web="enabled = true", mqtt='host = "mqtt.example.com"')
    assert named["IPAddressAllow"] == ["any"] and named["SocketBindAllow"] == ["tcp:8080"]


def test_an_mqtt_section_with_a_mistake_is_off_and_opens_nothing(tmp_path):
    """The kiosk turns a faulty optional section off (`kiosk config check` names the mistake): so does the drop-in."""
    settings = settings_for(tmp_path, mqtt='host = "192.168.1.10"\nport = 0')
    assert "IPAddressAllow" not in settings and settings["RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK"]


def test_a_broken_table_toml_is_named_and_nothing_is_printed(tmp_path, capsys):
    path = pi_table(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "\n[[seats]]\nnot valid toml = = \n", encoding="utf-8")
    assert main([str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "table.toml" in err and "install.sh --network" in err and "Traceback" not in err


def test_the_module_runs_as_install_sh_calls_it(tmp_path):
    result = subprocess.run([sys.executable, "-I", "-m", "kiosk.appliance.network_sandbox",
                             str(pi_table(tmp_path, web="enabled = true"))],
                            capture_output=True, text=True, check=False, cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Mystery Table: the network") and "SocketBindAllow=tcp:8080" in result.stdout


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed on this machine")
@pytest.mark.parametrize("sections", [{}, {"web": "enabled = true"},
                                      {"web": "enabled = true", "mqtt": 'host = "mqtt.example.com"'}])
def test_systemd_accepts_the_unit_with_its_drop_in(tmp_path, sections):
    unit = tmp_path / UNIT.name
    text = merged(network_drop_in(load_config(pi_table(tmp_path, **sections))))
    unit.write_text(text.replace("/opt/mystery-table/venv/bin/kiosk", sys.executable), encoding="utf-8")
    assert ANALYZE is not None
    result = subprocess.run([ANALYZE, "verify", str(unit)], capture_output=True, text=True, check=False)
    problems = [line for line in result.stderr.splitlines() if UNIT.name in line]
    assert result.returncode == 0 and not problems, result.stderr
