"""What a case's texts say, read mechanically: the words, names, numbers, times and weekdays in them.

Shared by the checker's findings (an answer named on no card, an answer the introduction already
gives) and by the proofreading view (`kiosk cases show CASE --compare en es`), which flags a card whose
languages disagree on a name, a number, a time or a weekday. Numbers are compared as values: "half past
ten", "10.30" and «las diez y media» are the same time (hours counted on a 12-hour clock, as a story
says them), "£2,000" and «2.000 libras» the same number.
"""

from __future__ import annotations

import re

_FOLDED = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"'})


def fold(text: str) -> str:
    """Text as the checker compares it: case-insensitive, whitespace folded, typographic quotes and
    apostrophes made plain."""
    return " ".join(text.translate(_FOLDED).casefold().split())


WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def words(text: str) -> list[str]:
    """The words of a text as written (letters, with inner apostrophes), without a possessive 's."""
    return [re.sub(r"'s$", "", word) for word in WORD.findall(text.translate(_FOLDED))]


def has_word(text: str, word: str) -> bool:
    """Whether `word` stands as a whole word in `text`, case-insensitively."""
    return re.search(rf"(?<!\w){re.escape(fold(word))}(?!\w)", fold(text)) is not None


def name_words(label: str, person: bool) -> list[str]:
    """The words of an answer that name something (capitalised); for a person every capitalised word
    ("Julian", "Hale", not "de"), for another answer those after its first word ("Inside the organ of
    St Anne's Church": St, Anne, Church)."""
    found = words(label)
    return [word for word in (found if person else found[1:]) if word[:1].isupper()]


# Spelled-out numbers. "One", «un», «una» are also words for "a", and "two", «dos» stand for "both"
# («los dos») as often as for a count: alone they are not compared (LOOSE), only inside a time, a
# compound ("twenty-two", «doscientos») or as an hour.
NUMBER_WORDS = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
           "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
           "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "hundreds": 100,
           "noon": 12, "midday": 12, "midnight": 12},
    "es": {"una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
           "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciséis": 16,
           "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintiuna": 21,
           "veintidós": 22, "veintitrés": 23, "veinticuatro": 24, "veinticinco": 25, "veintiséis": 26,
           "veintisiete": 27, "veintiocho": 28, "veintinueve": 29, "treinta": 30, "cuarenta": 40, "cincuenta": 50,
           "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90, "cien": 100, "ciento": 100, "cientos": 100,
           "doscientos": 200, "doscientas": 200, "trescientos": 300, "trescientas": 300, "cuatrocientos": 400,
           "cuatrocientas": 400, "quinientos": 500, "quinientas": 500, "mediodía": 12, "medianoche": 12},
}
LOOSE = {1, 2}
# How a language joins tens and units ("twenty-five", «treinta y cinco»: the words it takes), and its
# word for hundreds after a unit ("two hundred"; Spanish writes «doscientos» in one word).
_TENS_AND_UNITS = {"en": (re.compile(r"-([^\W\d_]+)"), 1), "es": (re.compile(r" y ([^\W\d_]+)"), 2)}
_HUNDRED = {"en": "hundred"}
WEEKDAYS = {
    "en": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
}
# A time said in words: (pattern with the hour as group "h", minutes past the hour, hours to add). A time
# whose hour is left to the sentence before ("at ten. He left at a quarter past") has the hour "?".
_SPOKEN_TIMES = {
    "en": ((r"half past (?P<h>\w+)", 30, 0), (r"quarter past (?P<h>\w+)", 15, 0), (r"quarter to (?P<h>\w+)", 45, -1),
           (r"(?P<h>\w+) o'clock", 0, 0), (r"half past(?P<h>)", 30, 0), (r"quarter past(?P<h>)", 15, 0)),
    "es": ((r"(?P<h>\w+) y media", 30, 0), (r"(?P<h>\w+) y cuarto", 15, 0), (r"(?P<h>\w+) menos cuarto", 45, -1),
           (r"(?P<h>\w+) en punto", 0, 0)),
}
_CLOCK = re.compile(r"(?<![\d.,:])(?P<h>\d{1,2})[:.](?P<m>[0-5]\d)(?!\d)")
_NUMBER = re.compile(r"(?<![\d.,:])\d{1,3}(?:[.,]\d{3})+(?![\d])|(?<![\d.,:])\d+(?![\d])")
# A capitalised word inside a sentence is a name ("Seven Dials"), not a number.
_INSIDE = re.compile(r"[\w,;:)\-–—] $")
ANY_HOUR = "?"


def _hour(word: str, lang: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(lang, {}).get(word.casefold())


def _time(hour: int | None, minutes: int) -> str:
    """A time of day as a story says it: on a 12-hour clock; on the hour it is just the hour's number."""
    if hour is None:
        return f"{ANY_HOUR}:{minutes:02d}"
    hour = (hour - 1) % 12 + 1
    return str(hour) if minutes == 0 else f"{hour}:{minutes:02d}"


def quantities(text: str, lang: str) -> set[str]:
    """The numbers and times a text states, normalised so that two languages can be compared; a time
    whose hour the text leaves out is `?:15`, which `same_quantities` lets stand for any hour."""
    rest = text.translate(_FOLDED)
    found: set[str] = set()
    for pattern, minutes, shift in _SPOKEN_TIMES.get(lang, ()):
        for match in list(re.finditer(rf"(?<!\w){pattern}(?!\w)", rest, re.IGNORECASE)):
            hour = _hour(match["h"], lang) if match["h"] else None
            if hour is None and match["h"]:
                continue
            if hour is None or 1 <= hour <= 24:
                found.add(_time(None if hour is None else hour + shift, minutes))
                rest = rest.replace(match[0], " ", 1)
    for match in _CLOCK.finditer(rest):
        if int(match["h"]) <= 24:
            found.add(_time(int(match["h"]), int(match["m"])))
    rest = _CLOCK.sub(" ", rest)
    for match in _NUMBER.finditer(rest):
        found.add(str(int(re.sub(r"[.,]", "", match[0]))))
    found |= _spelled(rest, lang)
    return found


def _spelled(text: str, lang: str) -> set[str]:
    """The numbers a text spells out (a capitalised one inside a sentence is a name: "Seven Dials")."""
    spelled = NUMBER_WORDS.get(lang, {})
    tokens = [(m.start(), m.end(), m[0]) for m in re.finditer(r"[^\W\d_]+", text)]
    found: set[str] = set()
    index = 0
    while index < len(tokens):
        start, end, word = tokens[index]
        value = spelled.get(word.casefold())
        index += 1
        if value is None or (word[:1].isupper() and _INSIDE.search(text[:start])):
            continue
        joined = _TENS_AND_UNITS[lang][0].match(text, end) if lang in _TENS_AND_UNITS else None
        unit = spelled.get(joined[1].casefold(), 0) if joined else 0
        if value < 10 and index < len(tokens) and tokens[index][2].casefold() == _HUNDRED.get(lang):
            value, index = value * 100, index + 1
        elif 20 <= value < 100 and value % 10 == 0 and 0 < unit < 10:
            value, index = value + unit, index + _TENS_AND_UNITS[lang][1]
        if value not in LOOSE:
            found.add(str(value))
    return found


def same_quantities(a: set[str], b: set[str]) -> bool:
    """Whether two texts state the same numbers and times; `?:15` (an hour left out) matches 10:15."""
    def settled(mine: set[str], theirs: set[str]) -> set[str]:
        loose = {value.split(":")[1] for value in mine if value.startswith(f"{ANY_HOUR}:")}
        return {v for v in mine if not v.startswith(f"{ANY_HOUR}:")} | {
            v for v in theirs if ":" in v and v.split(":")[1] in loose and not v.startswith(ANY_HOUR)}
    return settled(a, b) == settled(b, a)


def weekdays(text: str, lang: str) -> set[int]:
    """The weekdays a text names, as 0 (Monday) to 6."""
    said = set(words(fold(text)))
    return {day for day, name in enumerate(WEEKDAYS.get(lang, ())) if name in said}
