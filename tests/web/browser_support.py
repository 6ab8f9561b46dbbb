"""The phone page in Debian's headless Chromium, driven by Selenium through Debian's chromedriver
(nothing is downloaded at test time), and the page's choices as a person taps them."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from tests.ui.scene_checks import SCREENSHOTS

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@contextmanager
def chromium(width: int, height: int) -> Iterator[webdriver.Chrome]:
    """A headless Chromium showing pages as a phone of this size does (the setup installs chromium and chromium-driver)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    # A window is never narrower than 500 px: the page is laid out as on a phone of this size instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver: webdriver.Chrome, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(Path(SCREENSHOTS) / f"phone-{name}.png"))


def buttons(driver: webdriver.Chrome) -> list:
    try:
        return [b for b in driver.find_elements(By.CSS_SELECTOR, "section.prompt button") if b.is_enabled()]
    except WebDriverException:
        return []


def text_of(driver: webdriver.Chrome, css: str) -> str:
    """The words of the first element `css` finds as the page shows them (no-break spaces as spaces, as Selenium's
    `.text` gives them), "" while there is none. Found and read in one script, so a redraw between finding the
    element and reading it cannot leave a stale reference."""
    try:
        found = driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", css)
    except WebDriverException:
        return ""
    return str(found or "").replace("\xa0", " ")


def tap_a_choice(driver: webdriver.Chrome, rng: random.Random | None = None) -> bool:
    """Tap the first choice the page offers (with `rng`, any one), if it offers one now."""
    found = buttons(driver)
    if not found:
        return False
    try:
        (rng.choice(found) if rng is not None else found[0]).click()
    except WebDriverException:  # the page was redrawn under the finger: tap again next time
        return False
    return True




PHONE_WIDTH, PHONE_HEIGHT = 390, 844  # a common phone's screen in CSS pixels, as the README's checks use


@contextmanager
def phone_browser() -> Iterator[webdriver.Chrome]:
    """Chromium at the phone size the page is checked at."""
    with chromium(PHONE_WIDTH, PHONE_HEIGHT) as driver:
        yield driver
