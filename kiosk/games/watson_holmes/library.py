"""The cases a table can play: the bundled ones and those a café drops into its cases folder.

`scan()` is cheap enough to run each time the game choice opens (a file is read again only when its
size or time changed), so a case dropped into the folder is offered without a restart. A broken file
is left out and listed with its first error; a case whose id is already taken (by a bundled case or an
earlier file) is refused with both paths named: a case never silently replaces another.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kiosk.games.watson_holmes.case import CASES_DIR, Case, CaseError, Problem, load_case_file
from kiosk.i18n import N_, Text

BUNDLED = "bundled"
FOLDER = "folder"


@dataclass(frozen=True)
class Entry:
    case: Case
    path: Path
    origin: str  # BUNDLED or FOLDER


@dataclass(frozen=True)
class Catalogue:
    entries: dict[str, Entry]  # by case id
    broken: tuple[tuple[Path, CaseError], ...]  # the files left out, with every problem found

    def cases(self) -> dict[str, Case]:
        return {case_id: entry.case for case_id, entry in self.entries.items()}

    def ids(self) -> tuple[str, ...]:
        """Easiest first, as the game choice offers them."""
        return tuple(sorted(self.entries, key=lambda cid: (self.entries[cid].case.difficulty, cid)))


class CaseLibrary:
    def __init__(self, bundled: Path = CASES_DIR, folder: Path | None = None) -> None:
        self.bundled = bundled
        self.folder = folder
        self._read: dict[Path, tuple[tuple[int, int], Case | CaseError]] = {}

    def scan(self) -> Catalogue:
        entries: dict[str, Entry] = {}
        broken: list[tuple[Path, CaseError]] = []
        for origin, folder in ((BUNDLED, self.bundled), (FOLDER, self.folder)):
            for path in _case_files(folder):
                found = self._load(path)
                if isinstance(found, CaseError):
                    broken.append((path, found))
                elif found.id in entries:
                    other = entries[found.id].path
                    broken.append((path, CaseError(path.name, [Problem(str(path), None, "", Text(
                        N_("case id '{id}' is already the id of {other}; give this case another id (a case never "
                           "replaces another)"), {"id": found.id, "other": str(other)}))])))
                else:
                    entries[found.id] = Entry(found, path, origin)
        return Catalogue(entries, tuple(broken))

    def _load(self, path: Path) -> Case | CaseError:
        try:
            info = path.stat()
        except OSError:
            stamp = (0, 0)
        else:
            stamp = (info.st_mtime_ns, info.st_size)
        known = self._read.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            found: Case | CaseError = load_case_file(path)
        except CaseError as error:
            found = error
        self._read[path] = (stamp, found)
        return found


def _case_files(folder: Path | None) -> list[Path]:
    if folder is None:
        return []
    try:
        return sorted(path for path in folder.glob("*.yaml") if path.is_file())
    except OSError:  # a folder that vanished or cannot be listed offers no case
        return []


LIBRARY = CaseLibrary()


def set_cases_dir(folder: Path | None) -> None:
    """The table's cases folder (`cases_dir` in table.toml), scanned with the bundled cases."""
    LIBRARY.folder = folder


@cache
def _bundled() -> tuple[dict[str, Case], tuple[CaseError, ...]]:
    catalogue = CaseLibrary(CASES_DIR).scan()
    return catalogue.cases(), tuple(error for _, error in catalogue.broken)


def bundled_cases() -> dict[str, Case]:
    """The original cases shipped with the kiosk, by id (a table's own folder: `LIBRARY`)."""
    return _bundled()[0]


def bundled_case_problems() -> tuple[CaseError, ...]:
    return _bundled()[1]


def bundled_case_ids() -> tuple[str, ...]:
    return tuple(sorted(bundled_cases(), key=lambda cid: (bundled_cases()[cid].difficulty, cid)))


def case_id_of(name: str) -> str:
    """The id of the case `name` names: an id as it is, or a case file's name without ".yaml" (whose case
    has another id); anything else as it was given, for the options to refuse by that name."""
    entries = LIBRARY.scan().entries
    if name in entries:
        return name
    return next((case_id for case_id, entry in entries.items() if entry.path.stem == name), name)
