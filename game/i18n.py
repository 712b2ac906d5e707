"""Every text a person reads goes through here: the game's languages, their gettext catalogs,
and the language the screen speaks now (docs/LANGUAGES.md).

The rule for code that shows text:
- a literal is wrapped where it is written: ``_("Draw a card")``; a count by ``ngettext``
  (``ngettext("{count} card", "{count} cards", count).format(count=count)``), and one English
  word with two meanings by ``pgettext("button", "Play")``;
- placeholders are named (``{name}``) and filled after translating: each language orders the
  sentence its own way; a sentence is never put together from translated pieces, and no case is
  changed in code (``.upper()``, ``.title()``): a language's capitals are its translator's;
- text kept in a constant is marked with ``N_`` (for the extractor) and translated where it is
  shown, so that a change of language (Settings) reaches every screen at once;
- a reader of its own (a phone in another language) gets a ``Tongue`` of its own: ``tongue(code)``
  has the same methods as this module's functions.

The catalogs are ``assets/locale/<code>/LC_MESSAGES/uno.po`` (sources, in the repository) and
their compiled ``uno.mo`` (made by ``python -m tools.make.catalogs compile``, which ``make``,
``make package`` and the release build run). Standard library only, like the rest of ``game``.
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from game.pofile import mo_bytes, read_po

DOMAIN = "uno"
ENGLISH = "en"
# The test-only language: every letter accented, 40% longer, bracketed (docs/LANGUAGES.md). It
# is made from the English as it is asked for, so it is complete by construction.
PSEUDO = "qps"


@dataclass(frozen=True)
class Language:
    """One language the game speaks: its catalog's code and its own name for itself (the
    Language row shows each language in its own words)."""

    code: str
    name: str


LANGUAGES = (
    Language("en", "English"),
    Language("de", "Deutsch"),
    Language("es", "Español"),
    Language("fr", "Français"),
    Language("pt_BR", "Português (Brasil)"),
    Language("it", "Italiano"),
    Language("pl", "Polski"),
    Language("ja", "日本語"),
)
CODES = tuple(language.code for language in LANGUAGES)


class Tongue:
    """One language's translations. Its methods have gettext's names so that the extractor
    finds their messages wherever they are called (``tongue.gettext("...")``)."""

    def __init__(self, code: str, catalog: _gettext.NullTranslations) -> None:
        self.code = code
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._catalog.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return self._catalog.npgettext(context, singular, plural, count)

    def __repr__(self) -> str:
        return f"Tongue({self.code!r})"


# The pseudo-locale's letters: each ASCII letter and an accented look-alike, so that a text
# that skipped the catalog stands out as plain ASCII on a pseudo-locale screen.
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšťúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŤÚṼŴẊÝŽ",
)
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
# Placeholders ({name}, {count:d}) and line breaks keep their ASCII: the program fills them.
_KEPT = re.compile(r"(\{[^{}]*\}|\n)")


# Kept: a pseudo-locale screen or phone asks for the same few hundred messages on every frame
# and every message sent (the phones' whole-match checks spent 17 % of their time here).
@lru_cache(maxsize=4096)
def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale: accented, padded by 40% and bracketed."""
    if not message:
        return message
    parts = _KEPT.split(message)
    text = "".join(p if _KEPT.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    padding = "·" * max(1, round(len(message) * 0.4))
    return f"{PSEUDO_OPEN}{text}{padding}{PSEUDO_CLOSE}"


class _Pseudo(_gettext.NullTranslations):
    """The pseudo-locale as a catalog: English in, pseudo-locale out (plural rule: English)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_catalogs = [Path(__file__).resolve().parent.parent / "assets" / "locale"]


def set_catalog_dir(directory: Path) -> None:
    """Where the compiled catalogs are (the program passes its assets' ``locale`` folder: a
    packaged program's files are not beside this module)."""
    _catalogs[0] = directory
    tongue.cache_clear()
    use(_active[0].code)


def catalog_dir() -> Path:
    return _catalogs[0]


class MissingCatalog(Exception):
    """A language's compiled catalog is not there (not compiled, or a damaged install)."""


def load(code: str) -> Tongue:
    """``code``'s translations; raises MissingCatalog (with the path) when its catalog is not
    there or unreadable, and ValueError for a code the game does not speak."""
    if code == PSEUDO:
        return Tongue(code, _Pseudo())
    if code not in CODES:
        raise ValueError(f"unknown language {code!r}: one of {', '.join(CODES)}")
    if code == ENGLISH:  # the source language: the messages are the English
        return Tongue(code, _gettext.NullTranslations())
    compiled = _catalogs[0] / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    source = compiled.with_suffix(".po")
    try:
        if source.exists() and (
            not compiled.exists() or compiled.stat().st_mtime < source.stat().st_mtime
        ):
            # Started from a checkout without `make` (or the .po was edited since): the source
            # is read as it is, so a translator sees the change at once.
            data = mo_bytes(read_po(source))
        else:
            data = compiled.read_bytes()
        return Tongue(code, _gettext.GNUTranslations(io.BytesIO(data)))
    except (OSError, ValueError, struct.error) as error:  # absent, truncated, damaged
        raise MissingCatalog(f"{compiled}: {error}") from error


@cache
def tongue(code: str) -> Tongue:
    """``code``'s translations, or English when its catalog cannot be read (the program logs
    why: ``load`` raises the reason)."""
    try:
        return load(code)
    except (MissingCatalog, ValueError):
        return Tongue(ENGLISH, _gettext.NullTranslations())


_active = [Tongue(ENGLISH, _gettext.NullTranslations())]


def use(code: str) -> Tongue:
    """Speak ``code`` on the screen from now on (an unreadable catalog leaves English)."""
    _active[0] = tongue(code)
    return _active[0]


def active() -> Tongue:
    """The screen's language now."""
    return _active[0]


def _(message: str) -> str:
    """``message`` in the screen's language."""
    return _active[0].gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it: it is translated where it is
    shown (``_(CONSTANT)``), in the language of that moment."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    return _active[0].ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _active[0].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _active[0].npgettext(context, singular, plural, count)


def pick(preferences: Iterable[str]) -> str:
    """The first of ``preferences`` (locale names as a system or a browser gives them: "de-DE",
    "pt_BR.UTF-8", "ja") that the game speaks, or English. A language without its region
    matches the game's one variant of it (any "pt" is Brazilian Portuguese here)."""
    by_language = {code.split("_")[0]: code for code in CODES}
    for preference in preferences:
        name = preference.split(".")[0].split("@")[0].replace("-", "_").strip()
        if not name or name in ("C", "POSIX"):
            continue
        language, _sep, region = name.partition("_")
        exact = f"{language.lower()}_{region.upper()}" if region else language.lower()
        if exact in CODES:
            return exact
        if language.lower() in by_language:
            return by_language[language.lower()]
    return ENGLISH


def accept_language(header: str) -> list[str]:
    """A browser's Accept-Language header as locale names, most wanted first (q=0 excluded;
    a damaged part is skipped, never raised on: the header comes from a phone)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):
        name, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if name and quality > 0 and len(name) <= 35:
            ranked.append((-quality, index, name))
    return [name for _q, _i, name in sorted(ranked)]


# A sentence that ends in a full-width mark (the ideographic full stop, the full-width ! and ?,
# a closing corner bracket or parenthesis) is followed by the next without a space: Japanese
# puts none between sentences.
_WIDE_END = re.compile(r"(?<=[\u3002\uff01\uff1f\u300d\uff09])\s+")


def sentences(*parts: str) -> str:
    """Whole sentences (each translated on its own) side by side, as one paragraph: a space
    between them, none after a full-width mark."""
    return _WIDE_END.sub("", " ".join(part for part in parts if part))
