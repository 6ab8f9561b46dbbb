import importlib.util
import tomllib
from pathlib import Path

from hardware.pinmap import load_pinmap, pinmap_from_dict

WIRING_DIR = Path(__file__).resolve().parents[2] / "wiring"


def generator():
    spec = importlib.util.spec_from_file_location("make_wiring", WIRING_DIR / "make_wiring.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_wiring_files_are_up_to_date():
    module = generator()
    for path, text in module.outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python wiring/make_wiring.py"
    assert module.main(["--check"]) == 0


def test_the_generator_follows_the_pinmap():
    module = generator()
    with (WIRING_DIR / "pinmap.toml").open("rb") as handle:
        raw = tomllib.load(handle)
    raw["buzzer"]["pin"] = "GPIO13"
    raw["seat"][0]["select"] = "GPIO18"
    moved = module.render_markdown(pinmap_from_dict(raw))
    assert "| GPIO13: Buzzer PWM | 33 |" in moved
    assert module.render_markdown(load_pinmap()) != moved


def test_every_header_pin_appears_once_in_the_header_table():
    text = (WIRING_DIR / "WIRING.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and line.count("|") == 5][1:21]
    numbers = sorted(int(cell) for row in rows for cell in row.split("|")[2:4])
    assert numbers == list(range(1, 41))


def test_harness_is_yaml_shaped_and_names_every_seat():
    text = (WIRING_DIR / "harness.yml").read_text(encoding="utf-8")
    for section in ("connectors:", "cables:", "connections:"):
        assert section in text
    assert all(f"SEAT{n}:" in text for n in range(1, 8))
