"""The phones' server speaks each phone's language: the page's words (``words.json``), the page
for a wrong address, the seat's language handed to the hub when its phone joins, what it tells a
phone (refusals, the last word when the match closes); and an Accept-Language past the size a
header may have, or full of nonsense, is refused or ignored, never raised on.

The real catalogs are still empty: ``catalogs`` writes a small German and Japanese one in a
temporary folder (the page's and the server's messages that the tests read), and the tests point
``game.i18n.set_catalog_dir`` at it. Everything talks to 127.0.0.1 only, and every wait is
bounded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from game import i18n
from game.phones.hub import MATCH_OVER
from game.phones.protocol import Arrival, Inbound
from scenes.phoneserver.server import UNREADABLE, Phones, web_files
from tests.helpers import drain

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[[web.Application], Awaitable[Client]]

pytestmark = pytest.mark.bare_app

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
TOKENS = {0: "abcd-efgh-jkmn-pqrs-tvwx-yz01-23", 1: "4567-89ab-cdef-ghjk-mnpq-rstv-wx"}
# aiohttp refuses a request whose header line is longer than this (its max_field_size).
HEADER_LIMIT = 8190

# A few of the page's, the hub's and the server's messages, in German and Japanese.
PLURAL = ("{name}: {count} card", "{name}: {count} cards")
GERMAN: dict[str | tuple[str, str], str | tuple[str, ...]] = {
    "Connecting…": "Verbinde…",
    "Your cards": "Deine Karten",
    "Player": "Spieler",
    "Left in hand": "Noch auf der Hand",
    "Total": "Gesamt",
    "You": "Du",
    "{name} {count}": "{name} {count}",
    "Draw a card": "Karte ziehen",
    "{name}'s turn.": "{name} ist dran.",
    "This link is not for a seat at this table": "Dieser Link gehört zu keinem Platz am Tisch",
    UNREADABLE: "Diese Nachricht war nicht lesbar.",
    MATCH_OVER: "Das Spiel ist aus. Danke fürs Spielen!",
    PLURAL: ("{name}: {count} Karte", "{name}: {count} Karten"),
}
JAPANESE: dict[str | tuple[str, str], str | tuple[str, ...]] = {
    "Connecting…": "接続中…",
    "Your cards": "あなたのカード",
    "Player": "プレイヤー",
    "Left in hand": "残りの手札",
    "Total": "合計",
    "You": "あなた",
    "{name} {count}": "{name} {count}枚",
    "Draw a card": "カードを引く",
    "{name}'s turn.": "{name}の番です。",
    "This link is not for a seat at this table": "このリンクはこのテーブルの席のものではありません",
    UNREADABLE: "このメッセージは読めませんでした。",
    MATCH_OVER: "試合終了。遊んでくれてありがとう\uff01",
    PLURAL: ("{name}: {count}枚",),
}
RULES = {"de": "nplurals=2; plural=(n != 1);", "ja": "nplurals=1; plural=0;"}


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def catalogs(folder: Path) -> Path:
    """The German and Japanese test catalogs (.po sources: the game compiles them as it reads
    them) in ``folder``, which is returned."""
    for code, table in (("de", GERMAN), ("ja", JAPANESE)):
        lines = ['msgid ""', 'msgstr ""', _quoted(f"Language: {code}\n")]
        lines += [_quoted("Content-Type: text/plain; charset=UTF-8\n")]
        lines += [_quoted(f"Plural-Forms: {RULES[code]}\n"), ""]
        for english, translated in table.items():
            if isinstance(english, tuple):
                lines += [f"msgid {_quoted(english[0])}", f"msgid_plural {_quoted(english[1])}"]
                lines += [f"msgstr[{i}] {_quoted(t)}" for i, t in enumerate(translated)]
            else:
                assert isinstance(english, str) and isinstance(translated, str)
                lines += [f"msgid {_quoted(english)}", f"msgstr {_quoted(translated)}"]
            lines.append("")
        path = folder / code / "LC_MESSAGES" / "uno.po"
        path.parent.mkdir(parents=True)
        path.write_text("\n".join(lines), encoding="utf-8")
    return folder


@pytest.fixture
def translated(tmp_path: Path) -> Iterator[Path]:
    """The game reads the test catalogs meanwhile; the screen is in English."""
    folder = i18n.catalog_dir()
    i18n.set_catalog_dir(catalogs(tmp_path / "locale"))
    i18n.use(i18n.ENGLISH)
    yield tmp_path
    i18n.set_catalog_dir(folder)
    i18n.use(i18n.ENGLISH)


def phones(table: str = i18n.ENGLISH) -> Phones:
    return Phones(TOKENS, web_files(WEB), {}, table_language=lambda: table)


async def words_of(client: Client, header: str | None, query: str = "") -> dict[str, Any]:
    headers = {} if header is None else {"Accept-Language": header}
    answer = await client.get(f"/p/{TOKENS[0]}/words.json{query}", headers=headers)
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/json"
    found: dict[str, Any] = await answer.json()
    return found


async def test_the_page_is_given_its_words_in_its_browsers_language(
    translated: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(phones(table="ja").make_app())
    german = await words_of(client, "de-AT,de;q=0.9,en;q=0.5")
    assert (german["language"], german["lang"]) == ("de", "de")
    assert german["words"]["Connecting…"] == "Verbinde…"
    assert german["words"]["Wait for your turn."] == "Wait for your turn."  # not translated yet
    count = german["plurals"][PLURAL[0]]
    assert count["forms"] == ["{name}: {count} Karten", "{name}: {count} Karte"]
    assert count["index"][:3] == [0, 1, 0] and count["million"] == 0
    # A browser that asks for no language the game speaks: the table's (Japanese here).
    for header in (None, "tlh", "*", "en;q=0"):
        japanese = await words_of(client, header)
        assert japanese["language"] == "ja"
        assert japanese["words"]["Your cards"] == "あなたのカード"
        assert japanese["plurals"][PLURAL[0]]["forms"] == ["{name}: {count}枚"]
    # English asked for is English, though the table speaks Japanese.
    assert (await words_of(client, "en-GB,ja;q=0.5"))["language"] == "en"
    # The language the hub speaks to the seat in, named by the page; any other name is not one.
    assert (await words_of(client, "de", "?language=ja"))["language"] == "ja"
    assert (await words_of(client, "de", "?language=qps"))["language"] == "qps"
    for odd in ("xx", "../de", "de%00", "a" * 300):
        assert (await words_of(client, "de", f"?language={odd}"))["language"] == "de"
    # Without a seat's key, nothing.
    assert (await client.get("/p/nope/words.json")).status == 403


async def test_the_wrong_address_page_speaks_the_browsers_language(
    translated: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(phones().make_app())
    for path, status in (("/", 404), ("/p/nope/", 403)):
        german = await client.get(path, headers={"Accept-Language": "de-DE"})
        assert german.status == status
        page = await german.text()
        assert '<html lang="de">' in page
        assert "<h1>Dieser Link gehört zu keinem Platz am Tisch</h1>" in page
        japanese = await (await client.get(path, headers={"Accept-Language": "ja"})).text()
        assert "このリンクはこのテーブルの席のものではありません" in japanese
        english = await (await client.get(path)).text()
        assert "<h1>This link is not for a seat at this table</h1>" in english


async def test_a_joining_phone_brings_its_language_and_is_told_in_it(
    translated: Path, aiohttp_client: MakeClient
) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    german = await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Accept-Language": "de"})
    other = await client.ws_connect(f"/p/{TOKENS[1]}/ws", headers={"Accept-Language": "tlh"})
    joined = await arrivals(server, 2)
    assert [(i.seat, i.language) for i in joined] == [(0, "de"), (1, "")]
    await german.send_bytes(b"\x00")
    told = await german.receive_json(timeout=5)
    assert told == {"type": "refused", "text": "Diese Nachricht war nicht lesbar."}
    await server.close_all(MATCH_OVER)
    last = await german.receive_json(timeout=5)
    assert last["text"] == "Das Spiel ist aus. Danke fürs Spielen!"
    assert (await other.receive_json(timeout=5))["text"] == MATCH_OVER  # the table's: English
    # The same phone back in Japanese: the hub is told so.
    again = await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Accept-Language": "ja-JP"})
    assert [(i.seat, i.language) for i in await arrivals(server, 1)] == [(0, "ja")]
    await again.close()


async def arrivals(server: Phones, count: int) -> list[Inbound]:
    """The next ``count`` phones that joined (bounded wait)."""
    found: list[Inbound] = []
    for _ in range(500):
        found += [i for i in drain(server.inbox) if i.kind is Arrival.JOINED]
        if len(found) >= count:
            break
        await asyncio.sleep(0.01)
    return found


async def test_an_accept_language_past_the_header_limit_is_refused_and_the_server_serves_on(
    translated: Path, aiohttp_client: MakeClient
) -> None:
    server = phones(table="de")
    client = await aiohttp_client(server.make_app())
    huge = "de-DE;q=0.9," * (HEADER_LIMIT // 12 + 10)
    assert len(huge) > HEADER_LIMIT
    answer = await client.get(f"/p/{TOKENS[0]}/words.json", headers={"Accept-Language": huge})
    assert answer.status == 400  # aiohttp's own refusal: the request never reaches the game
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Accept-Language": huge})
    # Just under the limit, thousands of parts and every odd byte a header may carry: read, and
    # the first language the game speaks wins; none of them, the table's.
    many = ("x;q=0.1,," * 900)[: HEADER_LIMIT - 40] + ",ja"
    assert len(many) < HEADER_LIMIT
    assert (await words_of(client, many))["language"] == "de"  # only 32 parts are read
    odd = "".join(chr(c) for c in range(0x20, 0x7F)) + "\t;q=\x80\xff,,;;q=nan,de-;q=1e999"
    assert (await words_of(client, odd))["language"] in i18n.CODES
    raw = await raw_request(client, b"Accept-Language: \xff\xfe\x80ja\xc3\x28;q=0.5\r\n")
    assert raw.startswith(b"HTTP/1.1 200"), raw[:80]
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Accept-Language": many})
    assert [i.language for i in await arrivals(server, 1)] == [""]
    await ws.close()
    assert (await words_of(client, "ja"))["language"] == "ja"  # and it serves on


async def raw_request(client: Client, header: bytes) -> bytes:
    """A request for the page's words with a header line of raw bytes (no client would send
    them: a hostile phone may)."""
    host, port = client.server.host, client.server.port
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 5)
    try:
        writer.write(
            f"GET /p/{TOKENS[0]}/words.json HTTP/1.1\r\nHost: {host}\r\n".encode()
            + header
            + b"Connection: close\r\n\r\n"
        )
        await writer.drain()
        return await asyncio.wait_for(reader.read(1 << 16), 5)
    finally:
        writer.close()
