"""The phone page's own words in a phone's language: the catalog the page's script reads
(``words.json``), and the page for a wrong address filled in.

The page's script names its texts with ``t("...")`` and ``tn("one", "many", n)`` (the catalogs'
extractor reads those two names in ``assets/web/*.js``); the server reads the same calls out of
the script once, at start, and answers each page with their translations.

A count's text is sent as its distinct forms and the form each count from 0 to 199 takes, and
the form of a million: the plural rules of the game's languages (gettext's, and CLDR's that
Babel writes) look only at whether a count is 0 or 1, at its last two digits, and (Spanish,
French, Italian, Portuguese) at whether it is a whole number of millions. So a count from 200 on
takes the form of a million if it is a whole number of them, else that of 100 + its last two
digits, and the page needs no rule of its own (tests/test_phone_languages.py checks this against
each language's rule).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any

from game.i18n import N_, Tongue

# A JavaScript string literal in double quotes (the page's script writes its texts so).
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_SINGLE = re.compile(r"(?<![\w$.])t\(\s*" + _STRING + r"\s*\)")
_PLURAL = re.compile(r"(?<![\w$.])tn\(\s*" + _STRING + r"\s*,\s*" + _STRING + r"\s*,")
# A comment of the script (a string is matched first, so that "//" inside one is kept).
_COMMENT = re.compile(
    r'("(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`)|//[^\n]*|/\*.*?\*/',
    re.DOTALL,
)
# The counts whose texts are sent, and the round number some languages name apart; see the
# module's docstring.
COUNTS = 200
MILLION = 1_000_000

# The wrong address's page (assets/web/wrong.html): its {key}s, filled in the phone's language.
WRONG_TEXTS = {
    "title": N_("One More Card: not a seat"),
    "heading": N_("This link is not for a seat at this table"),
    "lead": N_("The address does not match any seat of the match on the game's screen."),
    "scan": N_(
        "Scan the code on the game's screen again (the Phones button of the table's menu shows it)."
    ),
    "type": N_(
        "Or type the address under your seat's code exactly: every letter and digit counts "
        "(capitals or small letters both work)."
    ),
    "new": N_("A new match gives every seat a new address: an old link no longer opens a seat."),
}


@dataclass(frozen=True)
class PageMessages:
    """The messages of the page's script: its texts, and its count texts (one, many)."""

    singles: tuple[str, ...]
    plurals: tuple[tuple[str, str], ...]


def _unquote(literal: str) -> str:
    """A JavaScript double-quoted string's text (its escapes are JSON's, as the page writes)."""
    text = json.loads(f'"{literal}"')
    assert isinstance(text, str)
    return text


def page_messages(script: str) -> PageMessages:
    """Every ``t("...")`` and ``tn("...", "...", n)`` of the page's script, in order, once
    (its comments left out, as the catalogs' extractor leaves them)."""
    script = _COMMENT.sub(lambda found: found.group(1) or "", script)
    singles = dict.fromkeys(_unquote(m) for m in _SINGLE.findall(script))
    plurals = dict.fromkeys((_unquote(a), _unquote(b)) for a, b in _PLURAL.findall(script))
    return PageMessages(tuple(singles), tuple(plurals))


def html_language(code: str) -> str:
    """A catalog's code as a web page names a language ("pt_BR" -> "pt-BR")."""
    return code.replace("_", "-")


def words(messages: PageMessages, tongue: Tongue) -> dict[str, Any]:
    """What the page is given: its language, each text's translation, and each count text's
    distinct forms with the form each count 0..COUNTS-1 takes, and a million's."""
    plurals: dict[str, dict[str, Any]] = {}
    for singular, plural in messages.plurals:
        texts = [tongue.ngettext(singular, plural, n) for n in (*range(COUNTS), MILLION)]
        forms = list(dict.fromkeys(texts))
        index = [forms.index(text) for text in texts]
        plurals[singular] = {"forms": forms, "index": index[:COUNTS], "million": index[COUNTS]}
    return {
        "language": tongue.code,
        "lang": html_language(tongue.code),
        "words": {message: tongue.gettext(message) for message in messages.singles},
        "plurals": plurals,
    }


def wrong_page(template: bytes, tongue: Tongue) -> bytes:
    """The page for a wrong address (``template``: assets/web/wrong.html) in ``tongue``: each
    {key} is a text of an element (escaped as text; the language code fills the lang="{lang}")."""
    text = template.decode("utf-8")
    filled = {key: tongue.gettext(message) for key, message in WRONG_TEXTS.items()}
    filled["lang"] = html_language(tongue.code)
    for key, value in filled.items():
        text = text.replace("{" + key + "}", html.escape(value, quote=False))
    return text.encode("utf-8")
