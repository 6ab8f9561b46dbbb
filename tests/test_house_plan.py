"""The folder list reads as the design's layers: no module imports a room above its own, no two
modules import each other (however far round), and every package says what it is for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.house_plan import LAYERS, circles, imports, module_sources, room, upward_imports

TOP = Path(__file__).resolve().parent.parent
SOURCES = module_sources(TOP)
GRAPH = imports(SOURCES)


def test_no_module_imports_a_room_above_its_own():
    assert upward_imports(GRAPH) == []


def test_no_import_circle_between_modules():
    assert circles(GRAPH) == []


def test_every_module_has_a_room():
    assert {module: room(module) for module in SOURCES}  # raises, naming the module, when one has none


def test_an_upward_import_is_caught():
    broken = dict(SOURCES)
    broken["kiosk.games.base"] += "\nfrom kiosk.referee.table import Referee\n"
    assert upward_imports(imports(broken)) == [
        "kiosk.games.base (kiosk.games) imports kiosk.referee.table (kiosk.referee, above it)"]


def test_an_import_inside_a_function_is_caught_too():
    broken = dict(SOURCES)
    broken["hardware.table"] += "\ndef later():\n    from hardware.sim.mock_table import build_mock_table\n"
    assert upward_imports(imports(broken)) == [
        "hardware.table (hardware) imports hardware.sim.mock_table (hardware.sim, above it)"]


def test_a_circle_inside_a_room_is_caught():
    broken = dict(SOURCES)
    broken["kiosk.games.watson_holmes.case"] += "\nfrom kiosk.games.watson_holmes.library import LIBRARY\n"
    assert ["kiosk.games.watson_holmes.case", "kiosk.games.watson_holmes.library"] in circles(imports(broken))


@pytest.mark.parametrize("package", sorted(p for p in LAYERS if (TOP / p.replace(".", "/") / "__init__.py").is_file()
                                           and p != "kiosk"))
def test_every_room_says_what_it_is_for_and_what_it_may_import(package):
    docstring = ast.get_docstring(ast.parse((TOP / package.replace(".", "/") / "__init__.py").read_text()))
    assert docstring, f"{package}/__init__.py has no docstring"
    assert "may import" in docstring.lower(), f"{package}'s docstring does not say what it may import"
