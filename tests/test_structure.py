"""The shape of the code, checked from its own source (issue 39): the import graph has no cycle;
no class is over 500 lines and no file over 800 but ``game/engine.py`` (the rules in one place,
compiled as one module); no function is over 80 lines; no two modules share a name; and every
module of ``game/`` and ``scenes/`` is named in docs/ARCHITECTURE.md.

What is counted is the program and its tools (``game``, ``scenes``, ``tools``); the tests are
data-heavy scenario files and are not held to these sizes. Imports inside functions count too.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "tools")
MAX_CLASS_LINES = 500
MAX_FUNCTION_LINES = 80
MAX_FILE_LINES = 800
# The engine is one class on purpose: its rules share state and compile as one mypyc module.
BIG_ALLOWED = {"game/engine.py"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


@cache
def sources() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the program and its tools, by dotted name, with its parsed source (read
    once for this file's checks: each walks the trees, none changes them)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


@pytest.fixture(scope="module", autouse=True)
def sources_forgotten() -> Iterator[None]:
    """The trees dropped after this file: kept, their 340,000 objects made every later test's
    full garbage collection six times as long."""
    yield
    sources.cache_clear()


def imports(name: str, path: Path, tree: ast.Module, known: set[str]) -> set[str]:
    """The project's modules that ``name`` imports (a name imported from a module counts as
    that module; a relative import is resolved from the module's package)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start, edges in graph.items():
        if start in index:
            continue
        work = [(start, iter(sorted(edges)))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def lines(node: ast.stmt) -> int:
    return (node.end_lineno or node.lineno) - node.lineno + 1


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.slow  # every module of the tree imported: make test, not test-quick
def test_no_import_cycle() -> None:
    known = set(sources())
    graph = {name: imports(name, path, tree, known) for name, (path, tree) in sources().items()}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_class_over_500_lines_but_the_engine() -> None:
    long = [
        f"{relative(path)}:{node.lineno} {node.name} {lines(node)}"
        for path, tree in sources().values()
        if relative(path) not in BIG_ALLOWED
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and lines(node) > MAX_CLASS_LINES
    ]
    assert long == []


def test_no_function_over_80_lines() -> None:
    long = [
        f"{relative(path)}:{node.lineno} {node.name} {lines(node)}"
        for path, tree in sources().values()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and lines(node) > MAX_FUNCTION_LINES
    ]
    assert long == []


def test_no_file_over_800_lines_but_the_engine() -> None:
    long = [
        f"{relative(path)} {len(path.read_text(encoding='utf-8').splitlines())}"
        for path, _ in sources().values()
        if relative(path) not in BIG_ALLOWED
        and len(path.read_text(encoding="utf-8").splitlines()) > MAX_FILE_LINES
    ]
    assert long == []


def module_names() -> Counter[str]:
    """Each module's last name: a file's stem, or a package's folder (game/phones/ is "phones")."""
    return Counter(
        path.parent.name if path.name == "__init__.py" else path.stem
        for path, _ in sources().values()
        if path.name != "__main__.py" and path.parent != ROOT
    )


def test_no_two_modules_share_a_name() -> None:
    # A package and a module of one name clash as much as two modules do: "phones" would say
    # nothing about which of game.phones and scenes.table.phones a reader is looking at.
    assert [name for name, count in module_names().items() if count > 1] == []


def test_every_module_of_game_and_scenes_is_in_the_architecture() -> None:
    # Named by its path (game/phones/hub.py) or its dotted name (game.phones.hub); a package by
    # its folder (scenes/art/) or its dotted name.
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = []
    for name, (path, _) in sources().items():
        if name.split(".")[0] not in ("game", "scenes") or path.name == "__main__.py":
            continue
        shown = relative(path.parent) + "/" if path.name == "__init__.py" else relative(path)
        if shown not in text and f"`{name}`" not in text:
            missing.append(shown)
    assert missing == []
