"""Every `table.toml` and pin map gets a message naming the file, never a traceback (issue 21, item 7).

The named cases are files that used to crash `kiosk config check`; the hypothesis tests throw random
bytes, mutated copies of the shipped files and random TOML-shaped data at the loaders and accept only
the project's own error types.
"""

from __future__ import annotations

import codecs
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.pinmap import DEFAULT_PINMAP, PinmapError, load_pinmap, pinmap_from_dict
from kiosk.cli import main
from kiosk.config import ConfigError, config_from_dict, load_config

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = (REPO / "table.example.toml").read_text(encoding="utf-8")
PINMAP = DEFAULT_PINMAP.read_text(encoding="utf-8")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
STRUCTURED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def problems_of(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return caught.value.problems


@pytest.mark.parametrize("encoding, named", [("utf-16", "UTF-16"), ("utf-32", "UTF-32")])
def test_a_file_saved_in_utf16_or_utf32_says_so(tmp_path, encoding, named):
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE, encoding=encoding)
    assert problems_of(path) == [f"table.toml: not UTF-8 text (it is saved as {named}), expected the file saved as UTF-8"]


def test_a_latin1_file_names_the_line_of_the_first_odd_byte(tmp_path):
    path = tmp_path / "table.toml"
    path.write_bytes('language = "en"\n# café\n[[seats]]\n'.encode("latin-1"))
    assert problems_of(path) == ["table.toml: not UTF-8 text (byte 0xE9 on line 2), expected the file saved as UTF-8"]


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "table.toml"
    path.write_bytes(codecs.BOM_UTF8 + EXAMPLE.encode("utf-8"))
    assert len(load_config(path).seats) == 4


def test_deeply_nested_arrays_are_refused_with_a_message(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text("seats = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    assert problems_of(path) == [
        "table.toml: invalid TOML: nested too deeply, expected arrays and tables a few levels deep"
    ]


@pytest.mark.parametrize("key, line", [
    ("data_dir", 'data_dir = "var\\u0000x"'),
    ("hardware.pinmap", '[hardware]\npinmap = "wiring/pin\\u0000map.toml"'),
    ("reader.port", '[reader]\nport = "/dev/serial\\u0000"'),
])
def test_a_nul_escape_in_a_path_is_refused(tmp_path, key, line):
    path = tmp_path / "table.toml"
    path.write_text(line + "\n[[seats]]\n", encoding="utf-8")
    assert problems_of(path) == [f"table.toml: {key}: contains a NUL character, expected a path"]


def test_a_data_dir_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "var").write_text("not a folder", encoding="utf-8")
    path = tmp_path / "table.toml"
    path.write_text('data_dir = "var"\n[[seats]]\n', encoding="utf-8")
    assert problems_of(path) == [
        f"table.toml: data_dir: {tmp_path / 'var'} is a file, expected a folder (or a path that does not exist yet)"
    ]


def test_a_data_dir_name_too_long_for_the_file_system_is_refused(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text(f'data_dir = "{"a" * 300}"\n[[seats]]\n', encoding="utf-8")
    assert problems_of(path) == ["table.toml: data_dir: cannot be used: File name too long, expected a folder's path"]


@pytest.mark.parametrize("seat, message", [
    ("seat = [1, 2]", "pinmap.toml: seat[0]: expected a table, got 1"),
    ('seat = "GPIO5"', "pinmap.toml: seat: expected a list of tables ([[seat]]), got 'GPIO5'"),
    ('seat = [["GPIO5"]]', "pinmap.toml: seat[0]: expected a table, got ['GPIO5']"),
    ('[[seat]]\nprev = "GPIO5"\nnext = "GPIO6"\nselect = "GPIO13"\nmux_channel = "one"',
     "pinmap.toml: seat[0].mux_channel: expected an integer, got 'one'"),
])
def test_a_pin_map_seat_of_the_wrong_type_is_refused(tmp_path, seat, message):
    head, sections = PINMAP.split("[i2c]", 1)
    kept = "[i2c]" + sections.split("[[seat]]", 1)[0]
    path = tmp_path / "pinmap.toml"
    path.write_text(head + seat + "\n" + kept if seat.startswith("seat") else kept + seat + "\n", encoding="utf-8")
    with pytest.raises(PinmapError) as caught:
        load_pinmap(path)
    assert message in caught.value.problems


@pytest.mark.parametrize("command", [["run", "--mock", "--headless", "--data"], ["demo", "--out"]])
def test_a_data_or_output_path_that_is_a_file_says_so(tmp_path, capsys, command):
    data = tmp_path / "games"
    data.write_text("", encoding="utf-8")
    assert main([*command, str(data)]) == 2
    assert capsys.readouterr().err == f"kiosk: {data}: cannot be used as a folder: File exists\n"


def test_unicode_digits_in_the_pin_or_screen_size_are_refused(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('admin_pin = "²²²²"\n[screen]\nsize = "８００x４８０"\n[[seats]]\n', encoding="utf-8")
    problems = problems_of(path)
    assert "table.toml: admin_pin: expected 4 to 8 digits, got '²²²²'" in problems
    assert any(p.startswith("table.toml: screen.size: expected WIDTHxHEIGHT") for p in problems)


# --- fuzzing ----------------------------------------------------------------------------------------

def load_only_our_errors(path: Path) -> None:
    """Load `path` as a table.toml: a config or the project's own errors, nothing else."""
    try:
        load_config(path)
    except ConfigError as error:
        assert error.problems and all(p for p in error.problems)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_as_table_toml(tmp_path, data):
    path = tmp_path / "table.toml"
    path.write_bytes(data)
    load_only_our_errors(path)


def mutations(text: str) -> st.SearchStrategy[bytes]:
    """The file with a stretch replaced by random text or bytes: mostly still TOML, with odd values."""
    encoded = text.encode("utf-8")
    filler = st.one_of(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12).map(lambda t: t.encode("utf-8")),
        st.sampled_from([b"\\u0000", b"[[", b"]", b"= 1", b"= true", b"= -9e999", b"= \"\"", b"\xff\xfe", b"\n"]),
        st.binary(max_size=6),
    )
    return st.tuples(st.integers(0, len(encoded)), st.integers(0, 20), filler).map(
        lambda cut: encoded[:cut[0]] + cut[2] + encoded[cut[0] + cut[1]:]
    )


@FUZZ
@given(mutations(EXAMPLE))
def test_mutated_example_table_toml(tmp_path, data):
    path = tmp_path / "table.toml"
    path.write_bytes(data)
    load_only_our_errors(path)


@FUZZ
@given(mutations(PINMAP))
def test_mutated_pin_map_through_table_toml(tmp_path, data):
    (tmp_path / "pinmap.toml").write_bytes(data)
    path = tmp_path / "table.toml"
    path.write_text('[hardware]\npinmap = "pinmap.toml"\n[[seats]]\n', encoding="utf-8")
    load_only_our_errors(path)


SCALARS = st.one_of(
    st.text(max_size=8), st.integers(), st.floats(), st.booleans(),
    st.sampled_from(["GPIO5", "MCP23017:GPB2", "800x480", "ssd1306", "kernel", "2580", "var\0", "a" * 300]),
    st.dates(),
)
KEYS = st.sampled_from([
    "language", "data_dir", "assist", "admin_pin", "screen", "size", "hardware", "backend", "pinmap", "i2c",
    "bus", "speed_hz", "mux", "mux_bus_base", "buttons", "bounce_ms", "long_press_ms", "reader", "enabled",
    "port", "baud", "whistle", "seats", "display", "model", "rotation", "channel", "address", "contrast",
    "seat", "prev", "next", "select", "mux_channel", "sda", "scl", "expander", "interrupt", "uart", "tx", "rx",
    "device", "buzzer", "pin",
]) | st.text(max_size=5)
TOML_VALUES: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=10,
)
TOML_DOCUMENTS = st.dictionaries(KEYS, TOML_VALUES, max_size=8)


@STRUCTURED
@given(TOML_DOCUMENTS)
def test_structured_table_toml(data):
    try:
        config_from_dict(data)
    except ConfigError as error:
        assert error.problems


@STRUCTURED
@given(TOML_DOCUMENTS)
def test_structured_pin_map(data):
    try:
        pinmap_from_dict(data)
    except PinmapError as error:
        assert error.problems


@STRUCTURED
@given(st.dictionaries(st.sampled_from(["i2c", "mux", "display", "expander", "uart", "reader", "buzzer", "seat"]),
                       TOML_VALUES, max_size=8))
def test_structured_pin_map_sections_replaced(replaced):
    """The shipped map with whole sections swapped for random values."""
    raw = {**tomllib.loads(PINMAP), **replaced}
    try:
        pinmap_from_dict(raw)
    except PinmapError as error:
        assert error.problems
