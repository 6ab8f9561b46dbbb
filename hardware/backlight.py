"""The touchscreen's backlight, set from the admin menu.

On the Pi the panel's driver exposes `/sys/class/backlight/<name>/brightness` (0..max_brightness;
install.sh lets the video group write it). Without one (a desktop, the mock table) the level is only
remembered. A write that fails is logged and changes nothing else: brightness never stops a game.
"""

from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger(__name__)

SYSFS = Path("/sys/class/backlight")
LOWEST = 10  # percent: never fully dark, or nobody could find the admin menu again


class Backlight:
    def __init__(self, root: Path = SYSFS) -> None:
        self.device = next((d for d in sorted(root.glob("*")) if (d / "max_brightness").is_file()), None)
        self.level = 100

    def set(self, percent: int) -> None:
        self.level = max(LOWEST, min(100, int(percent)))
        if self.device is None:
            return
        try:
            top = int((self.device / "max_brightness").read_text().strip())
            (self.device / "brightness").write_text(str(round(top * self.level / 100)))
        except (OSError, ValueError) as error:
            log.warning("backlight %s: cannot set brightness: %s", self.device.name, error)
