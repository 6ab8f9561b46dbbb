"""The real backend, on a machine without the hardware: every part fails gracefully, nothing raises."""

import sys
import types

import pytest

from hardware.events import DeviceStatus
from hardware.sim.pins import mock_factory
from hardware.table import build_table
from kiosk.config import config_from_dict


@pytest.fixture
def no_lgpio(monkeypatch):
    """Stand in for gpiozero's lgpio pin factory (lgpio exists only on a Pi)."""
    created = []

    def factory(chip=None):
        made = mock_factory()
        created.append((chip, made))
        return made

    module = types.ModuleType("gpiozero.pins.lgpio")
    module.LGPIOFactory = factory
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", module)
    monkeypatch.setattr("hardware.pi.find_gpiochip", lambda label: 11)
    return created


@pytest.mark.parametrize("mux", ["kernel", "user"])
def test_a_pi_table_without_hardware_reports_every_part_failed(no_lgpio, tmp_path, mux):
    config = config_from_dict(
        {
            "data_dir": str(tmp_path),
            "hardware": {"backend": "pi"},
            "i2c": {"mux": mux, "bus": 250, "mux_bus_base": 230},
            "reader": {"port": str(tmp_path / "no-such-serial")},
            "seats": [{}, {}, {}, {}, {"display": {"model": "sh1106"}}],
        }
    )
    table = build_table(config).start()
    try:
        assert [chip for chip, _ in no_lgpio] == [None, 11]  # header chip, and the MCP23017's
        assert all(seat.display.failed for seat in table.seats)
        failures = set()
        while len(failures) < 6:
            event = table.events.get(timeout=10)
            assert isinstance(event, DeviceStatus) and not event.ok
            failures.add(event.device)
        assert failures == {f"display:{n}" for n in range(5)} | {"reader:center"}
        table.poll()  # retrying is safe too
    finally:
        table.close()
