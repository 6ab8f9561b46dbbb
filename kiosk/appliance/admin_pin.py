"""The staff PIN that opens the admin menu: which PIN holds, a new one chosen on the touchscreen, and
a pad that locks itself after repeated wrong guesses.

Which PIN holds: a PIN set in `table.toml` (`admin_pin`, anything but the shipped default 2580) always
wins: the owner, who can edit that root-owned file, stays in charge and can recover a forgotten PIN.
While `table.toml` keeps the default, the PIN chosen on the touchscreen holds; it is kept in the data
folder (`admin-pin.json`, the kiosk user cannot write `/etc/mystery-table/`) as a salted scrypt hash,
never as digits. Until one is chosen, the default opens nothing but the "choose a new PIN" step.

After `FREE_TRIES` wrong PINs in a row the pad refuses every PIN for `FIRST_LOCK_S` seconds, twice as
long after each further wrong PIN (at most `MAX_LOCK_S`); the right PIN clears the count. The count
is kept in the data folder too, so pulling the plug does not start it again from zero: after a
restart the next wrong PIN locks the pad for as long as it would have. Times are the caller's `now`
(the app's clock), so tests drive them without waiting.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import json
import logging
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.config import DEFAULT_PIN, MAX_DIGITS, MIN_DIGITS, well_formed

log = logging.getLogger("kiosk")

PIN_FILE = "admin-pin.json"
FREE_TRIES = 5
FIRST_LOCK_S = 30.0
MAX_LOCK_S = 15 * 60.0
# scrypt with n=2**13 (8 MiB): 0.1 s on the (loaded) x86 test machine, several times that on a
# Pi 3B+, once per PIN typed, on the UI thread; enough that the file's hash is no quick lookup.
_SCRYPT = {"n": 2**13, "r": 8, "p": 1}


class Verdict(enum.Enum):
    OPEN = "open"  # the right PIN: the menu opens
    CHOOSE = "choose"  # the right PIN, but the shipped default: a new one must be chosen first
    WRONG = "wrong"
    LOCKED = "locked"  # not even compared: too many wrong PINs, wait


@dataclass(frozen=True)
class HashedPin:
    salt: bytes
    digest: bytes
    length: int  # the pad shows one ring per digit, so the length is no secret

    @classmethod
    def of(cls, pin: str) -> HashedPin:
        salt = secrets.token_bytes(16)
        return cls(salt, _scrypt(pin, salt), len(pin))

    def matches(self, pin: str) -> bool:
        return hmac.compare_digest(_scrypt(pin, self.salt), self.digest)

    def to_json(self) -> dict[str, object]:
        return {"kdf": "scrypt", **_SCRYPT, "salt": self.salt.hex(), "hash": self.digest.hex(), "length": self.length}


def _scrypt(pin: str, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode("ascii"), salt=salt, dklen=32, **_SCRYPT)


@dataclass(frozen=True)
class PinFile:
    """The PIN chosen on the touchscreen, in the data folder."""

    path: Path

    def read(self) -> HashedPin | None:
        """The stored PIN; None if there is none or the file is damaged (then logged: the default
        asks for a new PIN again, which is where a lost file should lead)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            pin = HashedPin(bytes.fromhex(data["salt"]), bytes.fromhex(data["hash"]), int(data["length"]))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as error:
            log.error("%s: unreadable (%s); the touchscreen asks for a new admin PIN", self.path, error)
            return None
        ours = data.get("kdf") == "scrypt" and all(data.get(k) == v for k, v in _SCRYPT.items())
        if not ours or not MIN_DIGITS <= pin.length <= MAX_DIGITS:
            log.error("%s: not a PIN this kiosk wrote; the touchscreen asks for a new admin PIN", self.path)
            return None
        return pin

    def write(self, pin: HashedPin) -> None:
        _write_private(self.path, pin.to_json())

    @property
    def _failures_path(self) -> Path:
        return self.path.with_name(self.path.stem + "-failures.json")

    def read_failures(self) -> int:
        """Wrong PINs in a row before the kiosk last stopped (0 if none were recorded)."""
        try:
            count = json.loads(self._failures_path.read_text(encoding="utf-8"))["failures"]
        except (OSError, ValueError, KeyError, TypeError):
            return 0
        return count if isinstance(count, int) and count > 0 else 0

    def write_failures(self, count: int) -> None:
        """Best effort: a card that cannot be written only costs the count at the next restart."""
        try:
            _write_private(self._failures_path, {"failures": count})
        except OSError as error:
            log.warning("%s: %s", self._failures_path, error.strerror)


def _write_private(path: Path, data: dict[str, object]) -> None:
    """Atomically (a temporary file renamed into place), readable by the kiosk user only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


@dataclass
class AdminPin:
    configured: str  # table.toml's admin_pin
    file: PinFile | None = None  # where a PIN chosen on the touchscreen is kept; None: nowhere
    failures: int = 0  # wrong PINs in a row
    locked_until: float = float("-inf")
    _chosen: HashedPin | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.file is not None:
            self.failures = max(self.failures, self.file.read_failures())
            if self.configured == DEFAULT_PIN:
                self._chosen = self.file.read()

    @property
    def must_choose(self) -> bool:
        """The shipped default is the PIN: it opens only the "choose a new PIN" step."""
        return self.configured == DEFAULT_PIN and self._chosen is None

    @property
    def length(self) -> int:
        return self._chosen.length if self._chosen is not None else len(self.configured)

    def locked_for(self, now: float) -> float:
        """Seconds the pad stays locked (0 when it takes PINs)."""
        return max(0.0, self.locked_until - now)

    def check(self, entered: str, now: float) -> Verdict:
        if self.locked_for(now) > 0:
            return Verdict.LOCKED
        if self._chosen is not None:
            right = self._chosen.matches(entered)
        else:
            right = bool(self.configured) and hmac.compare_digest(entered.encode(), self.configured.encode())
        if not right:
            self._count(self.failures + 1)
            if self.failures >= FREE_TRIES:
                lock = min(MAX_LOCK_S, FIRST_LOCK_S * 2 ** (self.failures - FREE_TRIES))
                self.locked_until = now + lock
                log.warning("admin PIN pad locked for %d s after %d wrong PINs", lock, self.failures)
            return Verdict.WRONG
        self._count(0)
        return Verdict.CHOOSE if self.must_choose else Verdict.OPEN

    def _count(self, failures: int) -> None:
        changed = failures != self.failures
        self.failures = failures
        if changed and self.file is not None:
            self.file.write_failures(failures)

    def choose(self, pin: str) -> bool:
        """Make `pin` (well formed, not the default) the PIN; False if it holds only until the kiosk
        stops because the data folder could not be written (logged)."""
        if not well_formed(pin) or pin == DEFAULT_PIN:
            raise ValueError("a new admin PIN must be 4 to 8 digits and not the default")
        self._chosen = HashedPin.of(pin)
        if self.file is None:
            return False
        try:
            self.file.write(self._chosen)
        except OSError as error:
            log.error("the new admin PIN holds until the kiosk stops: %s: %s", self.file.path, error.strerror)
            return False
        log.info("a new admin PIN was chosen on the touchscreen")
        return True
