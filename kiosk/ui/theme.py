"""Each game's mood on the touchscreen (DESIGN, look and feel): its colours and its type faces.

Colours are never the only signal: whatever a colour marks also carries a letter or a symbol.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    background: Colour
    panel: Colour  # boxes drawn on the background
    ink: Colour  # text on the background and on panels
    accent: Colour  # titles, frames, the selected choice
    muted: Colour  # secondary text, disabled choices
    alert: Colour  # errors and warnings (always with words, never colour alone)
    title_font: str  # a file in kiosk/ui/fonts
    body_font: str


ART_DECO = Theme(
    background=(14, 20, 42), panel=(28, 38, 70), ink=(240, 228, 200), accent=(212, 170, 84),
    muted=(130, 140, 165), alert=(235, 96, 80),
    title_font="DejaVuSansCondensed-Bold.ttf", body_font="DejaVuSans.ttf",
)
FILM_NOIR = Theme(
    background=(16, 16, 18), panel=(44, 44, 50), ink=(236, 236, 230), accent=(255, 196, 40),
    muted=(140, 140, 140), alert=(255, 90, 90),
    title_font="DejaVuSerif-Bold.ttf", body_font="DejaVuSans.ttf",
)
VICTORIAN = Theme(
    background=(226, 206, 166), panel=(240, 226, 196), ink=(52, 36, 22), accent=(120, 40, 30),
    muted=(120, 100, 76), alert=(170, 30, 20),
    title_font="DejaVuSerif-Bold.ttf", body_font="DejaVuSerif.ttf",
)
CARD_TABLE = Theme(
    background=(18, 84, 52), panel=(24, 110, 68), ink=(250, 246, 232), accent=(246, 204, 80),
    muted=(170, 206, 180), alert=(255, 120, 100),
    title_font="DejaVuSansCondensed-Bold.ttf", body_font="DejaVuSans-Bold.ttf",
)

THEMES = {
    "mystery-express": ART_DECO,
    "pi": FILM_NOIR,
    "watson-holmes": VICTORIAN,
    "mystery-city": CARD_TABLE,
}
LOBBY = ART_DECO  # the menus before a game is chosen


def theme_for(game_id: str | None) -> Theme:
    return THEMES.get(game_id or "", LOBBY)
