"""The translation catalogs (docs/LANGUAGES.md): extract the messages, update each language's
``.po``, compile the ``.mo`` files the game reads, and check them.

python -m tools.make.catalogs compile   # .po -> .mo (make, make package, the release build)
python -m tools.make.catalogs extract   # game/, scenes/, assets/web -> assets/locale/uno.pot
python -m tools.make.catalogs update    # every .po takes the template's new messages
python -m tools.make.catalogs check     # complete, no fuzzy, placeholders as in the English

``compile`` uses only the standard library, so that ``make play`` installs nothing to build the
catalogs; the tests check that its ``.mo`` files are the ones Babel writes. ``extract``,
``update`` and ``check`` need Babel (the test extra).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from game.i18n import CODES, DOMAIN, ENGLISH
from game.pofile import PoError, mo_bytes, read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# What the extractor reads, and the names it takes for gettext's functions (a Tongue's methods
# have the same names, so ``tongue.gettext("...")`` is found too).
SOURCES = (("game", "python"), ("scenes", "python"), ("assets/web", "javascript"))
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
# The phone page's own two functions (assets/web/phone.js): t("...") and tn("...", "...", n).
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
# gettext's two-form rules where CLDR (Babel's default) adds a form for whole millions ("de
# millones de cartas"): no count in a card game comes near a million, and two forms are what
# these languages' translators expect.
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


# --- compile: .po to .mo with the standard library only (game.pofile) ----------------


def compile_all(quiet: bool = False) -> list[Path]:
    """Every language's ``.mo`` made from its ``.po`` when the ``.po`` is newer."""
    made = []
    for code in CODES:
        if code == ENGLISH or not po_path(code).exists():
            continue
        target = mo_path(code)
        if target.exists() and target.stat().st_mtime >= po_path(code).stat().st_mtime:
            continue
        target.write_bytes(mo_bytes(read_po(po_path(code))))
        made.append(target)
        if not quiet:
            print(f"compiled {target.relative_to(ROOT)}")
    return made


# --- extract, update, check: Babel -------------------------------------------------------


def extract(target: Path = TEMPLATE) -> int:
    """The template, ``assets/locale/uno.pot``, from every message in the sources; returns how
    many messages it holds."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415 (Babel: a tool-only dependency)
    from babel.messages.extract import extract_from_dir  # noqa: PLC0415
    from babel.messages.pofile import write_po  # noqa: PLC0415

    catalog = Catalog(project="One More Card", domain=DOMAIN, fuzzy=False)
    for folder, method in SOURCES:
        pattern = "**.py" if method == "python" else "**.js"
        for filename, line, message, comments, context in extract_from_dir(
            ROOT / folder,
            method_map=[(pattern, method)],
            keywords=KEYWORDS if method == "python" else JS_KEYWORDS,
            comment_tags=("TRANSLATORS:",),
        ):
            catalog.add(
                message,
                locations=[(f"{folder}/{filename}", line)],
                auto_comments=comments,
                context=context,
                flags=("python-brace-format",) if _has_placeholder(message) else (),
            )
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=False)
    return len(catalog)


def _has_placeholder(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any(PLACEHOLDER.search(text or "") for text in texts)


def update() -> None:
    """Each language's ``.po`` takes the template's messages (new ones empty, gone ones
    dropped), keeping every translation it has."""
    from babel.messages.pofile import read_po as babel_read  # noqa: PLC0415
    from babel.messages.pofile import write_po  # noqa: PLC0415

    with TEMPLATE.open("rb") as file:
        template = babel_read(file)
    for code in CODES:
        if code == ENGLISH:
            continue
        path = po_path(code)
        if path.exists():
            with path.open("rb") as file:
                catalog = babel_read(file, locale=code)
        else:
            from babel.messages.catalog import Catalog  # noqa: PLC0415

            catalog = Catalog(locale=code, domain=DOMAIN, project="One More Card")
        if code in PLURAL_FORMS:  # before update: it gives each plural message this many forms
            catalog.mime_headers = [
                (name, PLURAL_FORMS[code] if name.lower() == "plural-forms" else value)
                for name, value in catalog.mime_headers
            ]
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, catalog, width=100)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def _texts(value: object) -> tuple[str, ...]:
    """A Babel message's id or string as a tuple of texts (one, or one per plural form)."""
    items = value if isinstance(value, (tuple, list)) else (value,)
    return tuple(item if isinstance(item, str) else "" for item in items)


def problems(code: str) -> Iterator[str]:
    """What is wrong with ``code``'s catalog: a message of the template it lacks, leaves empty
    or marks fuzzy, a placeholder set that differs from the English, and Babel's checks."""
    from babel.messages.pofile import read_po as babel_read  # noqa: PLC0415

    with TEMPLATE.open("rb") as file:
        template = babel_read(file)
    path = po_path(code)
    if not path.exists():
        yield f"{code}: no catalog at {path.relative_to(ROOT)}"
        return
    with path.open("rb") as file:
        catalog = babel_read(file, locale=code)
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, context=message.context)
        label = f"{code}: {message.id!r}"
        if translated is None:
            yield f"{label} is missing"
            continue
        strings = _texts(translated.string)
        if not all(strings):
            yield f"{label} is not translated"
        elif translated.fuzzy:
            yield f"{label} is fuzzy"
        else:
            english = _texts(message.id)
            wanted = {p for text in english for p in PLACEHOLDER.findall(text)}
            found = [set(PLACEHOLDER.findall(text)) for text in strings]
            # Every placeholder used and none invented. A plural form may leave the count out
            # (Polish's "one" form, like the English "a card"), so for plurals it is enough that
            # the forms together use the English ones.
            together = set().union(*found)
            if together != wanted or (len(strings) == 1 and found[0] != wanted):
                shown = sorted(together)
                yield f"{label}: placeholders {shown} where the English has {sorted(wanted)}"
    for message, errors in catalog.check():
        for error in errors:
            yield f"{code}: {message.id!r}: {error}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make.catalogs", description=__doc__)
    parser.add_argument("command", choices=("compile", "extract", "update", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "compile":
            compile_all()
        elif args.command == "extract":
            print(f"{TEMPLATE.relative_to(ROOT)}: {extract()} messages")
        elif args.command == "update":
            update()
        else:
            found = [p for code in CODES if code != ENGLISH for p in problems(code)]
            print("\n".join(found) or "every catalog complete")
            return 1 if found else 0
    except PoError as error:
        print(f"damaged catalog: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
