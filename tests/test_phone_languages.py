"""Each phone in its own language, without a browser: the page's catalog holds every text of its
script, a count's forms follow each language's own plural rule, a seat's language comes from
its browser (a reconnect in another language takes it), every text the hub and the server tell a
phone goes through that phone's language (the pseudo-locale finds no English left), and no
Accept-Language, however long or odd, raises.

The real catalogs are still empty: the tests write small ones in a temporary folder
(``game.i18n.set_catalog_dir``) or use the pseudo-locale, which translates every message.
"""

from __future__ import annotations

import html.parser
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_javascript
from babel.messages.plurals import get_plural

from game import i18n
from game.match import Match, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.phones.protocol import Arrival, Inbound, phone_language
from game.rules import Rules, Stacking, preset
from scenes.phoneserver.page_words import (
    COUNTS,
    MILLION,
    WRONG_TEXTS,
    page_messages,
    words,
    wrong_page,
)
from scenes.phoneserver.server import Phones, web_files
from tests.helpers import Outlet
from tools.make.catalogs import JS_KEYWORDS

pytestmark = pytest.mark.bare_app

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
SCRIPT = (WEB / "phone.js").read_text(encoding="utf-8")
MARK = i18n.PSEUDO_OPEN
# The pseudo-locale match below is over in a few thousand taps: this bounds a stuck one.
MOVES = 20000


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends with the screen in English and the real catalogs."""
    folder = i18n.catalog_dir()
    i18n.use(i18n.ENGLISH)
    yield
    i18n.set_catalog_dir(folder)
    i18n.use(i18n.ENGLISH)


def babel_messages() -> tuple[set[str], set[tuple[str, str]]]:
    """The script's messages as the catalogs' extractor finds them (Babel's own reader)."""
    singles: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    with (WEB / "phone.js").open("rb") as file:
        for _line, _name, message, _comments in extract_javascript(file, JS_KEYWORDS, [], {}):
            if isinstance(message, str):
                singles.add(message)
            else:
                plurals.add((message[0], message[1]))
    return singles, plurals


def test_the_page_is_given_every_message_of_its_script() -> None:
    singles, plurals = babel_messages()
    assert len(singles) >= 25 and plurals  # the page really speaks through t() and tn()
    found = page_messages(SCRIPT)
    assert set(found.singles) == singles
    assert set(found.plurals) == plurals
    given = words(found, i18n.tongue(i18n.PSEUDO))
    assert set(given["words"]) == singles
    assert set(given["plurals"]) == {one for one, _many in plurals}
    # Every text in the pseudo-locale: translated, none left as it was.
    assert all(MARK in text for text in given["words"].values())


class _Texts(html.parser.HTMLParser):
    """The words a page shows or reads out without its script: text and labels."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("title", "script", "style")
        self.found += [v for k, v in attrs if k in ("aria-label", "alt", "title") and v]

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("title", "script", "style")

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.found.append(data.strip())


def test_the_page_has_no_word_of_its_own_outside_its_script() -> None:
    texts = _Texts()
    texts.feed((WEB / "index.html").read_text(encoding="utf-8"))
    assert texts.found == []  # every word is the script's, in the phone's language
    assert 'document.title = t("One More Card")' in SCRIPT


def test_the_wrong_address_page_is_filled_in_the_browsers_language() -> None:
    template = (WEB / "wrong.html").read_bytes()
    page = wrong_page(template, i18n.tongue(i18n.PSEUDO)).decode("utf-8")
    texts = _Texts()
    texts.feed(page)
    assert len(texts.found) == len(WRONG_TEXTS) - 1  # every text but the title, which is too
    assert all(MARK in text for text in texts.found)
    assert "{" not in page and 'lang="qps"' in page
    english = wrong_page(template, i18n.tongue(i18n.ENGLISH)).decode("utf-8")
    assert "<h1>This link is not for a seat at this table</h1>" in english
    assert "Scan the code on the game's screen again" in english


def catalog(folder: Path, code: str, forms: int, rule: str) -> None:
    """A catalog for ``code`` with the plural ``rule`` and one count message whose forms are
    told apart: "form 0", "form 1"..."""
    strings = "".join(f'msgstr[{i}] "form {i}"\n' for i in range(forms))
    text = (
        'msgid ""\nmsgstr ""\n'
        f'"Language: {code}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: nplurals={forms}; plural={rule};\\n"\n\n'
        f'msgid "{{count}} card"\nmsgid_plural "{{count}} cards"\n{strings}'
    )
    path = folder / code / "LC_MESSAGES" / "uno.po"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")


def page_count(given: dict[str, Any], singular: str, n: int) -> str:
    """What the page's tn() picks for ``n`` (assets/web/phone.js, step by step)."""
    found = given["plurals"][singular]
    index = found["index"][n if n < COUNTS else 100 + n % 100]
    if n >= COUNTS and n % MILLION == 0:
        index = found["million"]
    return str(found["forms"][index])


# gettext's classic rules for the languages whose CLDR rule (Babel's) is another.
CLASSIC = {
    "es": (2, "(n != 1)"),
    "fr": (2, "(n > 1)"),
    "pt_BR": (2, "(n > 1)"),
    "it": (2, "(n != 1)"),
    "pl": (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
}


@pytest.mark.parametrize("code", i18n.CODES)
@pytest.mark.parametrize("source", ["babel", "classic"])
def test_a_count_takes_the_form_its_languages_rule_gives(
    tmp_path: Path, code: str, source: str
) -> None:
    """Each language's plural rule, as Babel writes it into a new catalog and as gettext's
    tradition writes it, against what the page picks, for counts far past any hand."""
    if code != "en":
        rule = get_plural(code)
        forms, expression = (rule.num_plurals, rule.plural_expr)
        if source == "classic":
            forms, expression = CLASSIC.get(code, (forms, expression))
        catalog(tmp_path, code, forms, expression)
    i18n.set_catalog_dir(tmp_path)
    spoken = i18n.tongue(code)
    assert spoken.code == code
    messages = page_messages('tn("{count} card", "{count} cards", n)')
    given = words(messages, spoken)
    chance = random.Random(40)
    counts = [*range(0, 1200), *chance.sample(range(1200, 10**9), 3000)]
    counts += [MILLION * k + d for k in range(1, 30) for d in (-1, 0, 1, 2, 5, 12, 22, 100)]
    for n in counts:
        assert page_count(given, "{count} card", n) == spoken.ngettext(
            "{count} card", "{count} cards", n
        ), (code, n)
    if code != "en":  # the catalog's forms, not the English, are what is sent
        assert len(given["plurals"]["{count} card"]["forms"]) == forms


def test_a_browser_language_is_the_first_the_game_speaks() -> None:
    assert phone_language("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert phone_language("xx-YY, ja;q=0.5") == "ja"
    assert phone_language("pt-PT") == "pt_BR"
    assert phone_language("en-GB,de") == "en"
    assert phone_language("ja;q=0, fr;q=0.2") == "fr"
    assert phone_language("") == ""  # none asked: the table's
    assert phone_language("tlh, *") == ""


def test_no_accept_language_raises() -> None:
    chance = random.Random(40)
    alphabet = "de-,;q=0.5 *\x00\x7f\xff\u00e9\U0001f600\ud800"
    values = ["", ",", ";", "q=", ";q=", "de;q=nan", "de;q=1e999", "de;q=-1", "\ud800", "a" * 10**6]
    values += [",".join(["de-DE;q=0.9"] * 5000), "x" * 40 + ",ja", ";" * 10**5]
    for _ in range(2000):
        values.append("".join(chance.choice(alphabet) for _ in range(chance.randrange(60))))
    for value in values:
        assert phone_language(value) in ("", *i18n.CODES)
    assert phone_language("de," * 10**5) == "de"


def phone_hub(seats: tuple[Seat, ...], rules: Rules, seed: int) -> tuple[Match, PhoneHub, Outlet]:
    match = Match(rules, seats, seed, pace=0.0)
    outlet = Outlet()
    hub = PhoneHub(match, outlet, {s: f"http://x/{s}/" for s in match.phones})
    return match, hub, outlet


def test_each_seat_speaks_the_language_it_joined_with_and_a_reconnect_changes_it() -> None:
    seats = (Seat("Maria", kind=SeatKind.PHONE), Seat("Kenji", kind=SeatKind.PHONE), Seat("Ana"))
    _match, hub, outlet = phone_hub(seats, Rules(), 7)
    i18n.use(i18n.PSEUDO)  # the table's language when Kenji joins, asking for none
    outlet.inbox.put(Inbound(0, Arrival.JOINED, language="en"))
    outlet.inbox.put(Inbound(1, Arrival.JOINED))
    hub.pump()
    i18n.use(i18n.ENGLISH)  # the table changes later: a seat keeps what it joined with
    hub.send_all()
    assert (hub.language(0), hub.language(1)) == ("en", i18n.PSEUDO)
    assert MARK not in outlet.last(0)["prompt"]
    assert MARK in outlet.last(1)["prompt"]
    assert outlet.last(1)["language"] == i18n.PSEUDO
    # Kenji's phone comes back in English: it is told in English from then on.
    outlet.inbox.put(Inbound(1, Arrival.JOINED, language="en"))
    hub.pump()
    assert hub.language(1) == "en" and MARK not in outlet.last(1)["prompt"]
    # And Maria's in the pseudo-locale: a refusal is in it too.
    outlet.inbox.put(Inbound(0, Arrival.JOINED, language=i18n.PSEUDO))
    outlet.inbox.put(Inbound(0, Arrival.MESSAGE, "not json"))
    hub.pump()
    refused = [m for s, m in outlet.sent if s == 0 and m["type"] == "refused"]
    assert refused and MARK in refused[-1]["text"]


def texts_of(message: dict[str, Any]) -> list[str]:
    """The texts of a state the hub and the protocol write (not a name, a card's name or a
    narrated line: those are the names typed and game/'s own words, tested there)."""
    found = [message["prompt"], *(b["label"] for b in message["buttons"])]
    found += message["table"]["house_rules"]
    if message["challenge"]:
        found.append(message["challenge"]["text"])
    if message["over"]:
        found.append(message["over"]["title"])
    return found


NAMES = ("Maria", "Kenji", "Ana", "Lucas", "Sofia", "Jonas", "Marta")


def phone_match_texts(name: str, languages: tuple[str, ...]) -> list[set[str]]:
    """A phone a language of ``languages`` each play a match of preset ``name`` to its end,
    each tapping what its page offers (a card it may play, else a button): every prompt,
    button, challenge and result each seat was told."""
    rules = preset(name).with_changes(target_points=150, stacking=Stacking.CROSS, jump_in=True)
    seats = tuple(Seat(n, kind=SeatKind.PHONE) for n in NAMES[: len(languages)])
    match, hub, outlet = phone_hub(seats, rules, 11)
    for seat in match.phones:
        outlet.inbox.put(Inbound(seat, Arrival.JOINED, language=languages[seat]))
    hub.pump()
    # The first phones to join were sent the others' states while they were not there yet (in
    # the table's language, English): from here on, every phone speaks its language.
    del outlet.sent[: -len(match.phones)]
    chance = random.Random(5)
    seen: list[set[str]] = [set() for _ in seats]
    told = 0
    for _ in range(MOVES):
        if match.finished or match.is_match_over:
            break
        if match.is_round_over:
            match.next_round()
            continue
        for seat in match.phones:
            state = outlet.last(seat)
            sends = [c["send"] for c in state["hand"] if c["legal"]]
            sends += [b["send"] for b in state["buttons"]]
            if state["turn"] and sends:
                outlet.inbox.put(Inbound(seat, Arrival.MESSAGE, _act(chance.choice(sends))))
        hub.pump()
        for seat, message in outlet.sent[told:]:
            if message["type"] == "state":
                seen[seat].update(texts_of(message))
        told = len(outlet.sent)
    assert match.is_match_over, "the match did not end"
    for seat in match.phones:
        seen[seat].update(texts_of(outlet.last(seat)))
    return seen


@pytest.mark.parametrize("name", ["classic", "uno2023", "house-rules"])
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_a_whole_match_tells_a_pseudo_locale_phone_no_english(name: str) -> None:
    """Every prompt, button, challenge and result a pseudo-locale phone is told over a whole
    match carries the pseudo-locale's marks."""
    seen = set().union(*phone_match_texts(name, (i18n.PSEUDO,) * 3))
    assert len(seen) > 20, sorted(seen)
    english = sorted(text for text in seen if MARK not in text)
    assert english == []
    assert not [text for text in seen if "{" in text]  # every placeholder filled


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_a_whole_match_is_told_to_a_phone_in_each_language() -> None:
    """The real catalogs, one phone in each language at one table: no placeholder left, and
    no text the catalog translates told in English (a message the phone's Tongue skipped)."""
    codes = tuple(c for c in i18n.CODES if c != i18n.ENGLISH)
    for code, seen in zip(codes, phone_match_texts("house-rules", codes), strict=True):
        assert len(seen) > 20, (code, sorted(seen))
        assert not [text for text in seen if "{" in text or "}" in text], code
        tongue = i18n.tongue(code)
        assert tongue.code == code
        english = {
            text for text in seen if text and tongue.gettext(text) != text
        }  # an English message text, as it was told
        assert sorted(english) == [], code


def _act(send: dict[str, Any]) -> str:
    return json.dumps({"type": "act", "action": send})


def test_the_server_reads_the_page_messages_and_the_wrong_page_at_start() -> None:
    phones = Phones({0: "abcd"}, web_files(WEB), {})
    assert set(phones.messages.singles) == babel_messages()[0]
