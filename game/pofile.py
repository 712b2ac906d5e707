"""Translation catalogs read and compiled with the standard library: a ``.po`` file's entries,
and the GNU ``.mo`` bytes that gettext reads (what ``msgfmt`` and Babel write). The build
compiles the catalogs with it (``tools.make.catalogs``), and the game with it reads a ``.po``
whose ``.mo`` is missing or older (a checkout started without ``make``)."""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One message of a ``.po`` file as it is read."""

    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    obsolete: bool = False


class PoError(ValueError):
    """A ``.po`` file the compiler cannot read: the file and line say where."""


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoError(f"{where}: a quoted string was expected, found {text[:40]!r}")
    inner = text[1:-1]
    if "\\" not in inner and '"' not in inner:
        return inner  # no escapes: most lines (Python's own reading made loading a catalog slow)
    try:
        value = ast.literal_eval(text)  # the .po escapes (\n \t \" \\) are Python's
    except (SyntaxError, ValueError) as error:
        raise PoError(f"{where}: {error}") from error
    if not isinstance(value, str):
        raise PoError(f"{where}: not a string")
    return value


def read_po(path: Path) -> list[Entry]:
    """The entries of a ``.po`` file (Babel's and GNU gettext's layout); raises PoError."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None  # what a continuation line extends
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path}:{number}"
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if line.startswith("#,"):
            entry.fuzzy = entry.fuzzy or "fuzzy" in [f.strip() for f in line[2:].split(",")]
            continue
        if line.startswith("#"):
            continue
        keyword, _sep, rest = line.partition(" ")
        if line.startswith('"'):
            if target is None:
                raise PoError(f"{where}: a string continues nothing")
            value = _unquote(line, where)
        else:
            if keyword in ("msgctxt", "msgid") and entry.strings:
                finish()  # the next entry began without a blank line between
            value = _unquote(rest, where)
        if not line.startswith('"'):
            started = True
            if keyword == "msgctxt":
                entry.context, target = "", ("context", 0)
            elif keyword == "msgid":
                target = ("msgid", 0)
            elif keyword == "msgid_plural":
                entry.plural, target = "", ("plural", 0)
            elif keyword == "msgstr":
                target = ("msgstr", 0)
                entry.strings[0] = ""
            elif keyword.startswith("msgstr[") and keyword.endswith("]"):
                index = int(keyword[7:-1])
                target = ("msgstr", index)
                entry.strings[index] = ""
            else:
                raise PoError(f"{where}: unknown keyword {keyword!r}")
        assert target is not None
        kind, index = target
        if kind == "context":
            entry.context = (entry.context or "") + value
        elif kind == "msgid":
            entry.msgid += value
        elif kind == "plural":
            entry.plural = (entry.plural or "") + value
        else:
            entry.strings[index] = entry.strings.get(index, "") + value
    finish()
    return [e for e in entries if not e.obsolete]


def mo_bytes(entries: list[Entry]) -> bytes:
    """A GNU ``.mo`` file of ``entries``: the header and every translated, not fuzzy message
    (what ``msgfmt`` and Babel write: keys sorted, no hash table)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        strings = [entry.strings.get(i, "") for i in range(len(entry.strings))]
        if entry.msgid and (entry.fuzzy or not all(strings)):
            continue  # untranslated or fuzzy: the English shows
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        pairs[key.encode()] = "\0".join(strings).encode()
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    count = len(keys)
    start_ids = 7 * 4 + 16 * count
    start_strs = start_ids + len(ids)
    offsets: list[int] = []
    position = 0
    for k in keys:
        offsets += [len(k), start_ids + position]
        position += len(k) + 1
    position = 0
    for k in keys:
        offsets += [len(pairs[k]), start_strs + position]
        position += len(pairs[k]) + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return header + struct.pack(f"{len(offsets)}i", *offsets) + ids + strs
