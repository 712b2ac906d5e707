"""Replay records: rules, seed and actions, saved as JSON and replayed to the identical state.

A record is also the save file of a match. It carries a checksum of its own content and the
digest of the state it leads to, so a truncated, edited or foreign file is refused with a
message that says what is wrong, instead of loading a different game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action, RecordError, action_from_dict, action_to_dict
from game.engine import Game, IllegalAction
from game.events import Event
from game.i18n import _
from game.rules import Rules, RulesError

FORMAT = "unotable-record"
VERSION = 1


@dataclass(frozen=True)
class Record:
    rules: Rules
    players: int
    seed: int
    dealer: int | None = None
    stacked: tuple[int, ...] = ()
    actions: tuple[Action, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)  # names, AI levels...: the program's
    salt_key: str = ""  # hex; the fair-deal salts' key (game.fairness), "" in older records

    @classmethod
    def of(cls, game: Game, meta: dict[str, Any] | None = None) -> Record:
        return cls(
            rules=game.rules,
            players=game.players,
            seed=game.seed,
            dealer=game.initial_dealer,
            stacked=tuple(c.uid for c in game.stacked),
            actions=tuple(game.actions),
            meta=dict(meta or {}),
            salt_key=game.ledger.key.hex(),
        )

    def new_game(self) -> Game:
        return Game(
            self.rules,
            self.players,
            self.seed,
            dealer=self.dealer,
            stacked=list(self.stacked) or None,
            salt_key=bytes.fromhex(self.salt_key) if self.salt_key else None,
        )

    def replay(self) -> Game:
        """The game this record leads to; raises RecordError if an action is not legal."""
        game = self.new_game()
        for index, action in enumerate(self.actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise RecordError(
                    # TRANSLATORS: {reason} is a technical English detail.
                    _("action {number} cannot be replayed: {reason}").format(
                        number=index + 1, reason=exc
                    )
                ) from None
        return game

    def _body(self, digest: str, fairness: list[dict[str, Any]]) -> dict[str, Any]:
        body: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "stacked": list(self.stacked),
            "actions": [action_to_dict(a) for a in self.actions],
            "meta": self.meta,
            "state": digest,
        }
        if self.salt_key:
            # Read by tools.verify_deal; replaying the actions makes it again.
            body["salt_key"] = self.salt_key
            body["fairness"] = fairness
        return body

    def to_json(self, game: Game | None = None) -> str:
        """Serialize; ``game`` (the game this record describes) saves replaying it to check."""
        game = game if game is not None else self.replay()
        body = self._body(game.state_digest(), game.ledger.to_data())
        body["checksum"] = _checksum(body)
        return json.dumps(body, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> tuple[Record, Game]:
        """Read a record and replay it; raises RecordError saying why a file is refused."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                _("not a complete record (the file may be truncated): {reason}").format(reason=exc)
            ) from None
        except (ValueError, RecursionError):
            # An integer of more than 4,300 digits, or thousands of nested brackets.
            raise RecordError(
                _("the record holds a number or a nesting too large to read")
            ) from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> tuple[Record, Game]:
        """A record from parsed JSON, replayed and checked; raises RecordError saying why not."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(_("this is not a saved game of this program"))
        if data.get("version") != VERSION:
            raise RecordError(
                _("this record has version {found}; this program reads {version}").format(
                    found=f"{data.get('version')!r:.40}", version=VERSION
                )
            )
        data = dict(data)  # the caller's data stays as it was read
        checksum = data.pop("checksum", None)
        if checksum != _checksum(data):
            raise RecordError(_("the record was changed after it was saved (checksum mismatch)"))
        # A record can be whole and signed but still not one this program wrote (made by hand,
        # or by a faulty version): every field is checked, not trusted for its checksum.
        state = data.get("state")
        if not isinstance(state, str):
            raise RecordError(_("the record does not say which state it reaches"))
        try:
            rules = Rules.from_dict(data["rules"])
            players, seed = data["players"], data["seed"]
            if type(players) is not int or type(seed) is not int:
                raise RecordError(_("players and seed must be whole numbers"))
            dealer = data["dealer"]
            if dealer is not None and type(dealer) is not int:
                # Read as "no dealer given", it dealt a different game and failed later with
                # a vaguer reason.
                raise RecordError(_("the dealer must be a seat number"))
            stacked = tuple(int(u) for u in data["stacked"])
            meta = dict(data["meta"])
            salt_key = data.get("salt_key", "")
            if not isinstance(salt_key, str):
                raise TypeError("salt_key")
            bytes.fromhex(salt_key)
            # The cards the actions name are those of the deck these rules and seats deal.
            cards = Game(rules, players, seed, dealer=dealer, stacked=list(stacked) or None).cards
            actions = tuple(action_from_dict(a, cards) for a in data["actions"])
        except (KeyError, TypeError, ValueError, RulesError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(_("the record is malformed: {reason}").format(reason=exc)) from None
        record = cls(
            rules=rules,
            players=players,
            seed=seed,
            dealer=dealer,
            stacked=stacked,
            actions=actions,
            meta=meta,
            salt_key=salt_key,
        )
        game = record.replay()
        if game.state_digest() != state:
            raise RecordError(_("replaying the record does not reach the saved state"))
        return record, game


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def replayed(game: Game) -> Iterator[list[Event]]:
    """The events of ``game`` batch by batch as they happened: the deal, then each action's
    (a continued match's move log is told again from them)."""
    again = Record.of(game).new_game()
    yield list(again.log)
    for action in game.actions:
        yield again.apply(action)
