"""Every message the hardware layer shows a person has a Spanish translation."""

import ast
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kiosk import i18n

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted((REPO / "hardware").glob("*.py")) + [
    REPO / "kiosk" / "config.py",
    REPO / "kiosk" / "commands" / "selftest.py",
    REPO / "kiosk" / "commands" / "tags.py",
]


def msgids() -> set[str]:
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def test_the_hardware_layer_has_messages_to_translate():
    assert len(msgids()) > 50


@pytest.mark.parametrize("msgid", sorted(msgids()))
def test_every_message_has_a_spanish_translation_with_the_same_placeholders(msgid):
    translated = i18n.gettext_in("es", msgid)
    assert translated and translated != msgid
    sample = {name: 1 for name in _placeholders(msgid)}
    assert _placeholders(translated) == _placeholders(msgid)
    translated.format(**sample)


def _placeholders(text: str) -> set[str]:
    import string

    return {field.split("!")[0].split(":")[0] for _, field, _, _ in string.Formatter().parse(text) if field}


def test_the_hardware_catalogue_is_a_valid_po_file():
    with (REPO / "kiosk" / "locale" / "es" / "hardware.po").open("rb") as handle:
        catalog = read_po(handle, locale="es")
    assert all(message.string for message in catalog if message.id)
