"""The health a table reports: each part ok or failed since when, faults counted, attention asked."""

from __future__ import annotations

from PIL import Image

from hardware.sim.mock_table import MockTable
from kiosk.fleet.report import HealthWatch, iso


def test_a_seat_screen_that_stops_answering_is_a_fault_since_then(mock_table: MockTable) -> None:
    watch = HealthWatch(started=1000.0)
    first = watch.payload(mock_table.table, None, now=1000.0)
    assert first["faults"] == 0 and not first["attention"] and first["uptime_s"] == 0
    assert first["parts"]["seat_2"] == {"status": "ok", "since": iso(1000.0)}
    mock_table.panel(1).answering = False  # unplugged
    mock_table.table.seats[1].display.show(Image.new("1", (128, 64), 1))
    assert mock_table.table.seats[1].display.failed
    later = watch.payload(mock_table.table, None, now=1060.0)
    assert later["parts"]["seat_2"] == {"status": "failed", "since": iso(1060.0)}
    assert later["parts"]["seat_1"]["since"] == iso(1000.0)  # unchanged parts keep their moment
    assert later["faults"] == 1 and later["attention"] and later["uptime_s"] == 60
    full = watch.payload(mock_table.table, "full", now=1070.0)
    assert full["storage"] == "full" and full["parts"]["seat_2"]["since"] == iso(1060.0)
