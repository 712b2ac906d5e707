"""The phones' server started for a match: a port opened, each phone seat's address made, and the
match's ``PhoneHub`` (``game.phones.hub``) seated on it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from game.i18n import _
from game.match import Match
from game.phones.hub import DEFAULT_PORT, PhoneHub
from scenes.phoneserver.address import local_address
from scenes.phoneserver.server import Phones, PhoneServer, new_tokens, web_files


def serve_phones(
    match: Match,
    web_dir: Path,
    images: Mapping[str, bytes],
    host: str | None = None,
    port: int | None = None,
) -> PhoneHub:
    """Start the phones' server for ``match``'s phone seats and seat a hub on the match.

    ``host`` None: listen on every interface and give the phones the computer's address on
    the home network; ``port`` None: ``DEFAULT_PORT``, or any free port when it is taken.
    Raises OSError with a sentence when no port can be opened.
    """
    tokens = new_tokens(match.phones)
    phones = Phones(tokens, web_files(web_dir), images)
    problem = ""
    if host is None:
        shown, problem = local_address()
        bind = "0.0.0.0"
    else:
        shown = bind = host
    tries = [DEFAULT_PORT, 0] if port is None else [port]
    server: PhoneServer | None = None
    refused: OSError | None = None
    for number in tries:
        candidate = PhoneServer(phones, bind, number)
        try:
            candidate.start()
        except OSError as error:
            refused = refused or error  # the first try's reason is the one worth telling
            continue
        server = candidate
        break
    if server is None:
        raise refused or OSError(_("the phones' server could not start"))
    # The page's own address: the only origin whose pages may open a seat's socket.
    origin = f"http://{f'[{shown}]' if ':' in shown else shown}:{server.port}"
    phones.origins = frozenset({origin})
    urls = {seat: f"{origin}/p/{token}/" for seat, token in tokens.items()}
    return PhoneHub(match, server, urls, problem)
