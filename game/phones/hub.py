"""The phone seats of a match: each phone told its own seat's state, each phone's moves submitted.

``PhoneHub`` is a listener of the match like the autosave: after every change it sends each
phone seat the state built from ``game.view(seat)`` and the lines narrated for that seat (the
events redacted for it). ``pump`` runs on the game's thread (the table calls it every frame): it
reads what the phones did from the server's inbox, submits their moves to the match, which
checks them, and sends a refusal back to the phone that asked for something it may not do.

Each phone seat speaks its own language (``Tongue``): the one its browser asked for when it
joined, if the game speaks it, else the table's at that moment. Its titles, prompts, refusals
and narrated lines are in that language; a phone that joins again with another takes it.

The hub needs no real server: anything with ``inbox`` and ``send`` will do (the tests use one
that keeps every message).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import time
from collections.abc import Sequence
from typing import Any, Protocol

from game.ai import Level
from game.events import (
    CardsDrawn,
    DrawReason,
    Event,
    MatchEnded,
    PenaltyPending,
    RoundEnded,
)
from game.fairness import public
from game.i18n import N_, Tongue, active, tongue
from game.match import REFUSAL_TEXT, Match, MatchEvent, MatchFinished, Refused
from game.narrate import Narrator, past_lines
from game.phones.protocol import (
    Arrival,
    BadIntent,
    ChallengeSeen,
    Inbound,
    challenge_seen,
    is_turn,
    read_intent,
    state_message,
)
from game.rules import Stacking

# What a phone keeps of the move log.
LOG_KEPT = 40
# A phone sends one move per tap; this many per frame are plenty and bound the frame's work.
PUMP_LIMIT = 64
# A phone's message that failed in an unforeseen way is logged at most this often.
FAULT_LOG_S = 60.0
FAULT = N_("That message could not be read.")
# What every phone is told when the table leaves the match (in each phone's language).
MATCH_OVER = N_("The match is over. Thanks for playing!")
LOG = logging.getLogger(__name__)
HIT = (DrawReason.DRAW_TWO, DrawReason.WILD_DRAW_FOUR, DrawReason.STACK)


class Outlet(Protocol):
    """Where the hub reads the phones' doings and sends them messages (``PhoneServer``)."""

    @property
    def inbox(self) -> queue.Queue[Inbound]: ...

    def send(self, seat: int, message: dict[str, Any]) -> None: ...

    def stop(self, text: str = ...) -> None: ...


class PhoneHub:
    """The phone seats of one match, seen from the game's thread."""

    def __init__(
        self, match: Match, outlet: Outlet, urls: dict[int, str], address_problem: str = ""
    ) -> None:
        self.match = match
        self.outlet = outlet
        self.seats = match.phones
        self.urls = dict(urls)
        self.address_problem = address_problem
        self.names = [s.name for s in match.setup_seats]
        self.stacking = match.rules.stacking is not Stacking.OFF
        # Until its phone joins, a seat speaks the table's language.
        self.tongues = {s: active() for s in self.seats}
        self.narrators = {s: self._narrator(s) for s in self.seats}
        self.logs = {s: self._past(s) for s in self.seats}
        self._turn = {s: False for s in self.seats}
        self._present: set[int] = set()
        self._logged_at = -FAULT_LOG_S
        match.add_listener(self)

    def url(self, seat: int) -> str:
        return self.urls[seat]

    def connected(self, seat: int) -> bool:
        return seat in self._present

    def language(self, seat: int) -> str:
        """The code of the language the seat's phone is spoken to in."""
        return self.tongues[seat].code

    def _narrator(self, seat: int) -> Narrator:
        return Narrator(self.names, seat, True, self.stacking, tongue=self.tongues[seat])

    def _past(self, seat: int) -> list[str]:
        """A continued match: the seat's log starts with the moves played so far."""
        if not self.match.game.actions:
            return []
        return past_lines(self.match.game, self.narrators[seat])[-LOG_KEPT:]

    def _speak(self, seat: int, language: str) -> None:
        """The seat's phone speaks ``language`` ("": the table's language now) from now on; its
        log is told again in it."""
        chosen = tongue(language) if language else active()
        if chosen.code == self.tongues[seat].code:
            return
        self.tongues[seat] = chosen
        self.narrators[seat] = self._narrator(seat)
        self.logs[seat] = self._past(seat)

    # ------------------------------------------------------------- to the phones

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        happened = [e for e in events if not isinstance(e, MatchFinished)]
        if not happened:
            return  # the table left the match; the server's close tells the phones
        for seat in self.seats:
            log = self.logs[seat]
            log += self.narrators[seat].lines(happened)  # a seal or a reveal has its own line
            del log[:-LOG_KEPT]
            challenge = challenge_seen(happened, seat)
            self.send_state(seat, buzz=_hit(seat, happened), challenge=challenge)

    def send_all(self) -> None:
        """Every phone gets its state again (after a seat changed hands or a phone came)."""
        for seat in self.seats:
            self.send_state(seat)

    def send_state(
        self, seat: int, buzz: bool = False, challenge: ChallengeSeen | None = None
    ) -> None:
        game = self.match.game
        view = game.view(seat)
        turn = is_turn(view)
        # Vibrate when this seat's decision begins, or a draw card hit it.
        buzz = buzz or (turn and not self._turn[seat])
        self._turn[seat] = turn
        t = self.tongues[seat]
        message = state_message(
            view,
            self.names,
            self.logs[seat],
            away=self.match.away | frozenset(s for s in self.seats if self.match.played_by_ai(s)),
            buzz=buzz,
            over=self._over(seat, t),
            challenge=challenge,
            tongue=t,
        )
        message["language"] = t.code
        # The same commitment the table shows, and its reveal in the words of the screen.
        message["fair"] = public(game.log, self.narrators[seat].note)
        self.outlet.send(seat, message)

    def _over(self, seat: int, t: Tongue) -> dict[str, Any] | None:
        """The round's result, while the table shows its scores: a title, and a row per seat
        (the points left in its hand, the points it won this round, its match total)."""
        if not self.match.is_round_over:
            return None
        game = self.match.game
        ended = next((e for e in reversed(game.log) if isinstance(e, RoundEnded)), None)
        if ended is None:
            return None
        finished = next((e for e in reversed(game.log) if isinstance(e, MatchEnded)), None)
        # The title is this phone's own: its holder is "you".
        if finished is not None:
            title = _match_title(finished.winners, seat, self.names, t)
        else:
            title = _round_title(ended.winner, seat, ended.blocked, self.names, t)
        left = {h.player: h.points for h in ended.hands}
        # The engine adds the round's points to the winner and a team winner's partner only.
        gainers = {ended.winner, game.partner(ended.winner)}
        rows = [
            {
                "seat": p,
                "name": name,
                "you": p == seat,
                "left": left.get(p),
                "won": ended.points if p in gainers else 0,
                "total": ended.scores[p],
            }
            for p, name in enumerate(self.names)
        ]
        return {"title": title, "rows": rows, "match_over": finished is not None}

    # ------------------------------------------------------------- from the phones

    def pump(self, limit: int = PUMP_LIMIT) -> None:
        """Take in what the phones did since the last call (on the game's thread)."""
        for _ in range(limit):
            try:
                inbound = self.outlet.inbox.get_nowait()
            except queue.Empty:
                return
            try:
                self._take(inbound)
            except Exception:  # nothing a phone sends may end the table
                self._failed(inbound)

    def _failed(self, inbound: Inbound) -> None:
        """The last line behind ``read_intent``: a phone's message that raised anyway is logged
        (at most once a minute) and refused; the table plays on."""
        now = time.monotonic()
        if now - self._logged_at >= FAULT_LOG_S:
            self._logged_at = now
            LOG.exception("a phone's message from seat %d was refused", inbound.seat)
        if inbound.kind is Arrival.MESSAGE:
            with contextlib.suppress(Exception):
                text = self.tongues[inbound.seat].gettext(FAULT)
                self.outlet.send(inbound.seat, {"type": "refused", "text": text})

    def _take(self, inbound: Inbound) -> None:
        seat, match = inbound.seat, self.match
        if seat not in self.seats:
            return
        if inbound.kind is Arrival.JOINED:
            self._speak(seat, inbound.language)
            self._present.add(seat)
            match.connected(seat, True)
            if match.played_by_ai(seat) and not match.finished:
                match.hand_back(seat)  # back from a dead battery: the seat is theirs again
            self.send_all()
        elif inbound.kind is Arrival.LEFT:
            self._present.discard(seat)
            match.connected(seat, False)
            self.send_all()
        else:
            self._move(seat, inbound.text)

    def _move(self, seat: int, text: str) -> None:
        try:
            action = read_intent(text, seat, self.match.game.cards)
            self.match.submit(seat, action)
        except BadIntent as refusal:
            self._refuse(seat, str(refusal))
        except Refused as refusal:
            self._refuse(seat, REFUSAL_TEXT[refusal.reason])

    def _refuse(self, seat: int, english: str) -> None:
        """Tell a phone why its move was refused, in its language (``english``: a message of
        the catalogs)."""
        self.outlet.send(seat, {"type": "refused", "text": self.tongues[seat].gettext(english)})

    def hand_to_ai(self, seat: int, level: Level = Level.NORMAL) -> None:
        self.match.hand_to_ai(seat, level)
        self.send_all()

    def hand_back(self, seat: int) -> None:
        self.match.hand_back(seat)
        self.send_all()

    def close(self, text: str = MATCH_OVER) -> None:
        """The table leaves the match: every phone is told, and the server stops. ``text`` is
        the English of a message of the catalogs: the server tells each phone in its language."""
        if self in self.match.listeners:
            self.match.remove_listener(self)
        self.outlet.stop(text)


# The port the phones' server asks for first (a firewall rule can name it); any free one else.
DEFAULT_PORT = 8765


def _hit(seat: int, events: Sequence[Event]) -> bool:
    """A draw card hit this seat: it owes a penalty, or drew for a Draw Two or a Wild Draw Four."""
    return any(
        (isinstance(e, PenaltyPending) and e.player == seat)
        or (isinstance(e, CardsDrawn) and e.player == seat and e.reason in HIT)
        for e in events
    )


def _round_title(winner: int, seat: int, blocked: bool, names: Sequence[str], t: Tongue) -> str:
    if winner == seat:
        if blocked:
            return t.gettext("You win the round (nobody could play: lowest hand)!")
        return t.gettext("You win the round!")
    if blocked:
        text = t.gettext("{name} wins the round (nobody could play: lowest hand)!")
    else:
        text = t.gettext("{name} wins the round!")
    return text.format(name=names[winner])


def _match_title(winners: Sequence[int], seat: int, names: Sequence[str], t: Tongue) -> str:
    """The match's winner, or the winners of a team or a tie, told to ``seat``."""
    others = [names[p] for p in winners if p != seat]
    if seat in winners:
        if not others:
            return t.gettext("You win the match!")
        return t.gettext("You and {names} win the match!").format(names=together(others, t))
    if len(others) == 1:
        return t.gettext("{name} wins the match!").format(name=others[0])
    return t.gettext("{names} win the match!").format(names=together(others, t))


def together(names: Sequence[str], t: Tongue) -> str:
    """Names as one list: "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the end of a list of players' names: "Ana, Bo and Cy".
    last = t.gettext("{names} and {last}")
    # TRANSLATORS: what separates players' names in a list, before its last two.
    comma = t.pgettext("list of names", ", ")
    return last.format(names=comma.join(names[:-1]), last=names[-1])
