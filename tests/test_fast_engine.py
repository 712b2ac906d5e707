"""The engine's fast paths play the same rules: the quiet path (no events, no history) and the
compiled build (tools.build_fast) against the plain engine, state by state over seeded games."""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib
import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import game
import tools.build_fast
from game.ai.playout import playout
from game.engine import Game
from game.events import RoundEnded
from game.randomplay import random_action
from game.rules import Rules, TargetMode, preset

pytestmark = pytest.mark.bare_app

ROOT = Path(__file__).resolve().parent.parent
TABLES = [("classic", 2), ("classic", 4), ("uno2023", 3), ("house-rules", 4), ("house-rules", 6)]
SWITCHES: list[dict[str, object]] = [
    {"jump_in": True, "seven_zero": True},
    {"stacking": "cross", "skip_bounce": True, "force_play": True},
    {"draw_mode": "until-playable", "play_until_one_left": True},
]

# Rule sets whose first game at each table already runs every arc of game/ and meets every
# kind of event that their three games do (branch coverage, python -m tests.sweep_coverage
# fast-engine; docs/BENCHMARKS.md): House Rules with until-playable and play until one left,
# whose games run 2,000 to 18,000 actions (the other two cost 6 CPU-seconds).
ONE_GAME = {("house-rules", 3)}


def rules_for(name: str, changes: dict[str, object] | None = None) -> Rules:
    base = preset(name).to_dict()
    base.update(changes or {})
    base["target_mode"] = TargetMode.SINGLE_HAND.value
    return Rules.from_dict(base)


def digests(rules: Rules, players: int, seeds: range) -> str:
    """One hash over the state after every action of seeded games of random players."""
    chain = hashlib.sha256()
    for seed in seeds:
        g = Game(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            if g.is_over:
                break
            g.apply(random_action(g, rng))
            chain.update(g.state_digest().encode())
    return chain.hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_quiet_path_plays_every_state_alike(name: str, players: int) -> None:
    plain: dict[str, object] = {}
    for i, changes in enumerate([plain, *SWITCHES]):
        if changes.get("play_until_one_left") and players < 3:
            continue
        rules = rules_for(name, changes)
        # Three whole matches per rule set and table, every state compared: each switch and table
        # is still played through (six seeds cost a tenth of the suite's CPU, 25 s).
        for seed in range(1 if (name, i) in ONE_GAME else 3):
            loud = Game(rules, players, seed + 100 * i)
            quiet = Game(rules, players, seed + 100 * i, quiet=True)
            rng = random.Random(seed)
            steps = 0
            while not loud.is_over and steps < 20_000:
                assert quiet.legal_actions() == loud.legal_actions()
                action = random_action(loud, rng)
                loud.apply(action)
                assert quiet.apply(action) == []
                assert quiet.state_text() == loud.state_text(), (name, changes, seed, steps)
                assert quiet.result == loud.result
                steps += 1
            assert quiet.is_over
            assert quiet.log == [] and quiet.actions == []
            assert len(loud.actions) == steps
            # The quiet game keeps the hand's winner and points, as the loud one tells them.
            ended = [e for e in loud.log if isinstance(e, RoundEnded)]
            assert quiet.result == (ended[-1].winner, ended[-1].points)


def test_a_position_set_up_quiet_plays_on_without_events() -> None:
    # The Expert's sampled positions are quiet; the same position set up loud tells its events.
    start = Game(rules_for("classic"), 3, 5)

    def position(quiet: bool) -> Game:
        return Game.from_position(
            start.rules,
            seed=9,
            hands=start.hands,
            draw_pile=start.draw_pile,
            discard=start.discard,
            color=start.color,
            direction=start.direction,
            turn=start.turn,
            dealer=start.dealer,
            quiet=quiet,
        )

    quiet, loud = position(True), position(False)
    rng = random.Random(2)
    for _ in range(40):
        if loud.is_over:
            break
        action = random_action(loud, rng)
        assert quiet.apply(action) == [] and loud.apply(action) != []
        assert quiet.state_digest() == loud.state_digest()
    assert quiet.log == [] and quiet.actions == [] and len(loud.actions) > 0


def test_a_deep_copy_plays_on_alone() -> None:
    g = Game(rules_for("house-rules"), 4, 3)
    rng = random.Random(3)
    for _ in range(40):
        g.apply(random_action(g, rng))
    twin = copy.deepcopy(g)
    assert twin.state_digest() == g.state_digest()
    action = random_action(twin, random.Random(1))
    twin.apply(action)
    assert twin.state_digest() != g.state_digest()
    assert twin.hands is not g.hands


def playout_values(games: int) -> str:
    """The Expert's playout value of every first action of seeded deals, as one string."""
    values = []
    for name, players in TABLES:
        rules = rules_for(name)
        for seed in range(games):
            first = Game(rules, players, seed, quiet=True)
            for action in first.legal_actions():
                g = Game(rules, players, seed, quiet=True)
                values.append(round(playout(g, g.actor, action), 9))
    return ",".join(map(str, values))


def reading_answers(games: int) -> str:
    """What the Expert's reading of the plays seen (game.ai.inference) says of sampled deals
    at seat 0's turns in seeded games of Hard players, as one string of 0s and 1s."""
    from game.ai.driver import AutoTable
    from game.ai.expert import deal_hidden
    from game.ai.inference import Reading
    from game.ai.levels import Hard

    answers = []
    for players in (2, 4):
        rules = rules_for("classic")
        for seed in range(games):
            g = Game(rules, players, seed)
            table = AutoTable(g, {p: Hard() for p in range(players)}, seed)
            while not g.is_over and table.step() is not None:
                if g.actor == 0 and g.phase.value == "play":
                    view = g.view(0)
                    reading = Reading(view, table.memories[0].led)
                    rng = random.Random(seed)
                    for _ in range(5):
                        hands, _ = deal_hidden(view, table.memories[0], rng)
                        answers.append("1" if reading.explains(hands) else "0")
    return "".join(answers)


PURE_DIGESTS = """
import sys
from tests.test_fast_engine import TABLES, digests, playout_values, reading_answers, rules_for
games = int(sys.argv[1])
print(" ".join(digests(rules_for(n), p, range(games)) for n, p in TABLES))
print(playout_values(games))
print(reading_answers(games // 4))
"""


@pytest.mark.subprocess
@pytest.mark.skipif(not game.COMPILED, reason="no compiled engine built (make fast)")
def test_the_compiled_build_plays_every_state_and_playout_like_the_python_one() -> None:
    for name in game.COMPILED_MODULES:
        module = importlib.import_module(name)
        assert module.__file__ is not None and not module.__file__.endswith(".py")
    games = 40
    env = {**os.environ, "UNO_PURE_PYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-c", PURE_DIGESTS, str(games)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=ROOT,
        timeout=600,
    )
    states, values, readings = done.stdout.strip().splitlines()
    assert states.split() == [digests(rules_for(n), p, range(games)) for n, p in TABLES]
    assert values == playout_values(games)
    assert readings == reading_answers(games // 4) and "0" in readings and "1" in readings


def test_a_stale_build_is_never_loaded(tmp_path: Path) -> None:
    """The stamp ties a build to the package's sources: any changed source ignores it."""
    package = tmp_path / "game"
    (package / "ai").mkdir(parents=True)
    for source in (*game.compiled_sources(), "game/cards.py"):
        (tmp_path / source).write_text("x = 1\n")
    stamp = game.fast_stamp(package)
    assert game.fast_stamp(package) == stamp
    for name in ("engine", "cards", "ai/playout"):
        (package / f"{name}.py").write_text("x = 2\n")
        assert game.fast_stamp(package) != stamp
        (package / f"{name}.py").write_text("x = 1\n")


def test_the_compiled_modules_are_listed_once_and_exist() -> None:
    sources = game.compiled_sources()
    assert len(set(game.COMPILED_MODULES)) == len(game.COMPILED_MODULES)
    for name, source in zip(game.COMPILED_MODULES, sources, strict=True):
        assert (ROOT / source).is_file(), source
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.name == name


def test_build_fast_compiles_the_listed_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    # mypyc is not run: the command build() would run is caught and answered with a failure.
    sent: list[list[str]] = []

    def run(args: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        sent.append(list(args))
        return subprocess.CompletedProcess(args, 1, "", "not run here")

    monkeypatch.setattr("tools.build_fast.shutil.which", lambda _: "/usr/bin/cc")
    monkeypatch.setattr(tools.build_fast, "compiler_path", lambda: None)
    monkeypatch.setattr("tools.build_fast.subprocess.run", run)
    assert tools.build_fast.build() == "mypyc failed:\n  not run here"
    assert len(sent) == 1 and sent[0][-len(game.COMPILED_MODULES) :] == game.compiled_sources()


def test_build_spec_leaves_out_the_listed_modules_and_names_none_itself() -> None:
    """build.spec runs only under PyInstaller, so it is read: its excludes take the compiled
    modules from game.COMPILED_MODULES, and no compiled module is written in it again."""
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "game"
        for alias in node.names
    }
    assert "COMPILED_MODULES" in imported
    excludes = [
        kw.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Analysis"
        for kw in node.keywords
        if kw.arg == "excludes"
    ]
    assert len(excludes) == 1
    names = {n.id for n in ast.walk(excludes[0]) if isinstance(n, ast.Name)}
    assert "COMPILED_MODULES" in names
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    assert not strings & set(game.COMPILED_MODULES)
