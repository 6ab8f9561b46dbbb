"""Reading a TOML file a person wrote (`table.toml`, the pin map) without ever raising a traceback.

`tomllib` raises `UnicodeDecodeError` for a file saved in UTF-16 or Latin-1 and `RecursionError` for
deeply nested arrays, and `open` raises `ValueError` for a path with a NUL in it: each becomes one
`TomlFileError` whose message names the file and what is expected, so every loader reports it the
same way.
"""

from __future__ import annotations

import codecs
import tomllib
from pathlib import Path
from typing import Any

from kiosk.i18n import _

# Byte-order marks of the encodings a Windows editor may choose ("Unicode" in Notepad is UTF-16).
_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


class TomlFileError(ValueError):
    """The file cannot be read as TOML; the message says which file and what is expected."""


def has_nul(text: str) -> bool:
    """Whether a path written in a file holds a NUL character, which no file system accepts."""
    return "\0" in text


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed contents of `path`. Raises TomlFileError for anything that is not a readable,
    UTF-8, valid TOML file."""
    if has_nul(str(path)):
        raise TomlFileError(
            _("{file}: the path contains a NUL character, expected a file name").format(file=repr(str(path)))
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TomlFileError(_("{file}: cannot read: {detail}").format(file=path, detail=error.strerror)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
        if encoding is not None:
            detail = _("it is saved as {encoding}").format(encoding=encoding)
        else:
            line = data.count(b"\n", 0, error.start) + 1
            detail = _("byte 0x{byte:02X} on line {line}").format(byte=data[error.start], line=line)
        raise TomlFileError(
            _("{file}: not UTF-8 text ({detail}), expected the file saved as UTF-8").format(file=path.name, detail=detail)
        ) from None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise TomlFileError(_("{file}: invalid TOML: {detail}").format(file=path.name, detail=error)) from None
    except RecursionError:
        raise TomlFileError(
            _("{file}: invalid TOML: nested too deeply, expected arrays and tables a few levels deep").format(file=path.name)
        ) from None
