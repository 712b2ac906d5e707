"""What the measuring tools share: the rules of a preset played one hand at a time."""

from __future__ import annotations

import sys

from game.rules import Rules, RulesError, TargetMode, preset


def hand_rules(name: str, players: int) -> Rules | None:
    """A preset's rules for single hands at ``players`` seats; None (reason printed) if invalid."""
    try:
        rules = preset(name).with_changes(target_mode=TargetMode.SINGLE_HAND)
        rules.validate(players)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    return rules
