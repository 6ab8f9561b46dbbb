"""The translation layer: every player-facing string goes through here.

Messages are written in English in the code (the msgid) and translated with gettext catalogues kept
as `.po` files under `kiosk/locale/<lang>/`. Every `.po` file of a language is merged into one
catalogue, so each part of the kiosk can own its own file. The catalogues are compiled in memory with
Babel when first used, so there is no build step and no binary `.mo` file to keep in step.

Games are pure and never translate: they mark their strings with `N_` and raise `IllegalAction` with a
`Text`; the edges (screens, the command line) render them in the reader's language with `render`.
"""

from __future__ import annotations

import gettext
import io
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES: tuple[str, ...] = ("en", "es")
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

_current = DEFAULT_LANGUAGE


def N_(message: str) -> str:
    """Mark a string for translation without translating it now (it is translated where shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form without rendering it now (give it to `counted` later)."""
    return singular, plural


def counted(singular: str, plural: str, count: int, **params: Any) -> Text:
    """A message that names a number of things, in the grammatical number `count` needs in the
    reader's language ("1 card", "2 cards"); `count` is also its `{count}` parameter. Both forms are
    extracted for the catalogue (`msgid` / `msgid_plural`)."""
    return Text(singular, {"count": count, **params}, plural=plural)


def catalogue_files(lang: str) -> list[Path]:
    return sorted((LOCALE_DIR / lang).glob("*.po"))


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The merged gettext catalogue of one language; English is the identity."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}, expected one of {', '.join(LANGUAGES)}")
    merged: gettext.NullTranslations = gettext.NullTranslations()
    for path in catalogue_files(lang):
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        part = gettext.GNUTranslations(buffer)
        part.add_fallback(merged)
        merged = part
    return merged


def set_language(lang: str) -> None:
    global _current
    translations(lang)  # fail early on an unknown language
    _current = lang


def language() -> str:
    return _current


def _(message: str) -> str:
    """Translate a message into the current language."""
    return translations(_current).gettext(message)


def gettext_in(lang: str, message: str) -> str:
    return translations(lang).gettext(message)


class Renders(Protocol):
    """Anything that can be shown in a reader's language: a `Text`, a list of them, a verbatim string."""

    def render(self, lang: str | None = None) -> str: ...


SEAT_AFTER_A_OR_DE = re.compile(r"\b([Aa]|[Dd]e) Puesto (\d)")
SEAT_AFTER_CONTRA = re.compile(r"\b([Cc]ontra) Puesto (\d)")
SEAT_AFTER_ARTICLE = re.compile(r"\b([Ee]l|[Dd]el|[Aa]l) Puesto (\d)")
# A seat's name standing alone, as a label: the whole line, in brackets, before «:» or «·» («Puesto 1:
# Pop, …», «Puesto 1 · tu turno»), or as the value after «:» that ends the line («Gana: Puesto 2»).
SEAT_AS_LABEL = re.compile(
    r"(^|\n|\(|(?<=[ «]))Puesto (\d+)(?=:| ·)|(^|\n|\(|(?<=: ))Puesto (\d+)(?=$|\n|\))"
)
# A seat's name opening a sentence («¡El puesto 1 gana!», «… la baza. El puesto 2 gana»).
SEAT_OPENS_SENTENCE = re.compile(r"(^|\n|[.!?] |[¡¿])Puesto (\d+)")
SEAT_IN_SENTENCE = re.compile(r"(?<=[ «])Puesto (\d+)")


def contracted(spanish: str) -> str:
    """A seat named inside a Spanish sentence takes its article, and its name is lower case there:
    «Gana el puesto 1», «El puesto 2 gana el combate». After «a» or «de» the article contracts
    («ataca al puesto 2», «la mano del puesto 2»); after «contra» it is whole («contra el puesto 2»).
    A name standing alone as a label keeps its capital and no article: «Puesto 1», «Puesto 1: 5 puntos»."""
    if "Puesto" not in spanish:  # every Spanish text is rendered through here: most name no seat
        return spanish
    spanish = SEAT_AFTER_A_OR_DE.sub(lambda m: f"{m.group(1)}l puesto {m.group(2)}", spanish)
    spanish = SEAT_AFTER_CONTRA.sub(lambda m: f"{m.group(1)} el puesto {m.group(2)}", spanish)
    spanish = SEAT_AFTER_ARTICLE.sub(lambda m: f"{m.group(1)} puesto {m.group(2)}", spanish)
    if "Puesto" not in spanish:
        return spanish
    labels = SEAT_AS_LABEL.sub(lambda m: f"{m.group(1) or m.group(3) or ''}\0{m.group(2) or m.group(4)}", spanish)
    opened = SEAT_OPENS_SENTENCE.sub(lambda m: f"{m.group(1)}El puesto {m.group(2)}", labels)
    return SEAT_IN_SENTENCE.sub(lambda m: f"el puesto {m.group(1)}", opened).replace("\0", "Puesto ")


@dataclass(frozen=True)
class Text:
    """A message with named parameters, rendered in the reader's language at the edge.

    Parameters that are themselves names to translate (a category, a car) are passed as `Text` too
    (or anything else with a `render(lang)`). A message with a `plural` form (made with `counted`)
    picks its form by the `count` parameter, through the catalogue's plural rule.
    """

    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def render(self, lang: str | None = None) -> str:
        rendered = self.composed(lang)
        return contracted(rendered) if (lang or _current) == "es" else rendered

    def composed(self, lang: str | None = None) -> str:
        """The message with its parameters in, before a seat's name takes its article: a `Text`
        inside a `Text` is a piece of the sentence, whose start is not the sentence's start."""
        catalogue = translations(lang or _current)
        values = {
            key: value.composed(lang) if piece(value) else value.render(lang) if hasattr(value, "render") else value
            for key, value in self.params.items()
        }
        if self.plural is not None:
            return catalogue.ngettext(self.msgid, self.plural, self.params["count"]).format(**values)
        return catalogue.gettext(self.msgid).format(**values)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)


def piece(value: Any) -> bool:
    """A `Text` composed as part of another (one with a `render` of its own renders whole)."""
    return isinstance(value, Text) and type(value).render is Text.render


@dataclass(frozen=True)
class AsIs:
    """Words from outside the kiosk, shown as they are in every language: a host name, a link, a
    table.toml key, what the operating system or OpenSSL said. No catalogue has them."""

    text: str

    def render(self, lang: str | None = None) -> str:
        return self.text


@dataclass(frozen=True)
class Rendered:
    """A message its maker has already rendered in each language (`kiosk.config` words a table.toml
    problem as it reads the file): `texts` maps a language to it; English is the fallback."""

    texts: tuple[tuple[str, str], ...]

    def render(self, lang: str | None = None) -> str:
        found = dict(self.texts)
        return found.get(lang or _current) or found.get(DEFAULT_LANGUAGE, "")


@dataclass(frozen=True)
class TextList:
    """Several texts shown as one list ("Candy, Rivalry"), each rendered in the reader's language
    (`separator`: "\n" lists them one under the other)."""

    items: tuple[Renders, ...]
    empty: str = "-"
    separator: str = ", "

    def render(self, lang: str | None = None) -> str:
        return self.separator.join(item.render(lang) for item in self.items) or self.empty

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)
