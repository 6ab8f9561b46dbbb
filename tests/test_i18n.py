"""The translation layer: every message the kiosk shows has a Spanish translation, and is used."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from kiosk import i18n
from kiosk.catalogue import all_messages
from kiosk.i18n import N_, Text, TextList, _


def spanish() -> dict[str, str]:
    """Every Spanish entry by msgid; a plural entry by its singular, its forms joined by newlines
    (empty if any form is missing), so the checks below cover every form."""
    entries: dict[str, str] = {}
    for path in i18n.catalogue_files("es"):
        with path.open("rb") as po:
            for message in read_po(po, locale="es"):
                if message.id:
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    assert msgid not in entries, f"{path.name}: {msgid!r} is also in another file"
                    forms = message.string if isinstance(message.string, tuple) else (message.string,)
                    entries[msgid] = "\n".join(forms) if all(forms) else ""
    return entries


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_has_a_spanish_translation():
    catalogue = spanish()
    missing = sorted(m for m in all_messages() if not catalogue.get(m))
    assert not missing, f"missing or empty Spanish entries: {missing}"


def test_translations_keep_every_placeholder():
    for msgid, msgstr in spanish().items():
        assert fields(msgid) == fields(msgstr), f"{msgid!r} -> {msgstr!r}"


def test_the_catalogue_holds_no_stale_entries():
    stale = sorted(set(spanish()) - all_messages())
    assert not stale, f"Spanish entries no code or data uses any more: {stale}"


def test_no_player_facing_message_is_written_outside_the_translation_layer():
    """Narration templates must be marked with N_ (a bare string would never be translated)."""
    from kiosk.games.mystery_express import narrate

    marked = all_messages()
    for kind, template in narrate.TEMPLATES.items():
        assert template in marked, kind


def test_language_switches_at_runtime():
    try:
        i18n.set_language("es")
        assert _("Smoking Car") == "Vagón de fumadores"
        i18n.set_language("en")
        assert _("Smoking Car") == "Smoking Car"
    finally:
        i18n.set_language("en")


def test_text_renders_nested_names_in_the_readers_language():
    text = Text(N_("{seat} goes to the {car}."), {"seat": Text(N_("Seat {n}"), {"n": 2}), "car": Text("Club Car")})
    assert text.render("en") == "Seat 2 goes to the Club Car."
    assert text.render("es") == "El puesto 2 va al Vagón club."
    names = TextList((Text("Paris"), Text("Wien")))
    assert names.render("es") == "París, Viena" and TextList(()).render("es") == "-"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")
