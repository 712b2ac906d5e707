"""The Expert's search in a worker process, so the frame loop never waits on it.

A thread cannot do this in CPython: the search holds the interpreter lock for its whole
budget, and frames stall (``tools.bench_frames --expert`` measured a 76 ms frame). The table
hands each Expert decision to ``SearchPool.submit`` instead, which sends the seat's view, its
memory and its random state to one worker process and returns at once; the match asks the
returned ``Search`` whether it is done on later frames. The Expert's whole ``ExpertConfig`` goes
with them, so the worker's Expert is the table's.

Cards are sent by id. Every card of a deck is one shared object in each process (the engine
compares cards by identity), so a card crosses as its uid and becomes the worker's own object
of the same deck on arrival (``pickle``'s persistent ids), and back. Everything else in a view
or a memory is plain values.

The worker is started with ``spawn`` (a fresh interpreter: forking a process that runs SDL and
the phones' server thread is unsafe) as soon as the pool is made, so the first search does not
pay for the start. If the worker dies, ``Search.result`` raises and the match decides in its own
process instead.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import multiprocessing.connection
import os
import pickle
import random
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from game.actions import Action
from game.ai.expert import Expert
from game.ai.levels import Agent
from game.ai.memory import Memory
from game.cards import Card, DeckKind, deck
from game.view import SeatView


class _CardPickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is Card:
            return obj.uid
        return None


class _CardUnpickler(pickle.Unpickler):
    def __init__(self, data: bytes, kind: DeckKind) -> None:
        super().__init__(io.BytesIO(data))
        self._cards = deck(kind)

    def persistent_load(self, pid: Any) -> Card:
        if type(pid) is not int or not 0 <= pid < len(self._cards):
            raise pickle.UnpicklingError(f"no card {pid!r} in this deck")
        return self._cards[pid]


def dumps(value: object) -> bytes:
    """``value`` pickled with every card as its uid."""
    out = io.BytesIO()
    _CardPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


def loads(data: bytes, kind: DeckKind) -> Any:
    """What ``dumps`` made, each card now this process's card of the deck ``kind``."""
    return _CardUnpickler(data, kind).load()


def _ready() -> bool:
    return True


# How much lower the worker runs than the game (a Unix nice increment): when the machine is
# busy, the frame loop gets a core first. The search has a time budget, not a sample count,
# so it then only searches a little less. (On two free cores it did not change the worst
# frame measurably: docs/BENCHMARKS.md.)
WORKER_NICE = 5


def _start_worker() -> None:
    """In the worker, at its start: yield the cores to the game, and leave with it."""
    _yield_to_game()
    _leave_with_parent()


def _yield_to_game() -> None:
    """Lower this process's priority where the system has priorities (os.nice: Unix only)."""
    nice = getattr(os, "nice", None)
    if nice is None:
        return
    with contextlib.suppress(OSError):  # not allowed here: the search runs at our priority
        nice(WORKER_NICE)


def _leave_with_parent() -> None:
    """In the worker, at its start: exit as soon as the game's process is gone. A pool's worker
    otherwise outlives a game that crashed or was killed, waiting on its queue forever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()


def _decide(kind: DeckKind, payload: bytes) -> bytes:
    """In the worker: the Expert's decision for the view and memory sent."""
    config, view, memory, state = loads(payload, kind)
    rng = random.Random()
    rng.setstate(state)
    action = Expert(config).decide(view, memory, rng)
    return dumps(action)


class Search:
    """One decision on its way back from the worker."""

    def __init__(self, future: Future[bytes], kind: DeckKind) -> None:
        self._future = future
        self._kind = kind

    def done(self) -> bool:
        return self._future.done()

    def result(self, timeout_s: float | None = None) -> Action | None:
        """The decision; raises if the worker failed (the caller then decides itself), or
        TimeoutError if it is not back within ``timeout_s`` (None: wait for it)."""
        action: Action | None = loads(self._future.result(timeout_s), self._kind)
        return action

    def cancel(self) -> None:
        self._future.cancel()


class SearchPool:
    """One worker process for the Experts of a table (one search at a time: a table waits
    for one AI move at a time, and a second process would only share the same cores)."""

    RESTARTS = 3  # a worker that died is replaced this many times, then searches fail

    def __init__(self) -> None:
        self._restarts = 0
        self._pool = self._start()

    @staticmethod
    def _start() -> ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_start_worker)
        pool.submit(_ready)  # start the worker now, not at the first search
        return pool

    @staticmethod
    def wants(agent: Agent) -> bool:
        """Does this agent's decision go to the worker?"""
        return isinstance(agent, Expert)

    def submit(self, agent: Agent, view: SeatView, memory: Memory, rng: random.Random) -> Search:
        assert isinstance(agent, Expert)
        # The Expert's whole config: every option decides there as it would here.
        payload = dumps((agent.config, view, memory, rng.getstate()))
        kind = view.rules.deck
        try:
            return Search(self._pool.submit(_decide, kind, payload), kind)
        except (BrokenProcessPool, RuntimeError) as exc:
            # The worker died (killed, out of memory): start another, a few times at most.
            failed: Future[bytes] = Future()
            failed.set_exception(exc)
            if self._restarts < self.RESTARTS:
                self._restarts += 1
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._start()
            return Search(failed, kind)

    def shutdown(self) -> None:
        """Stop the worker (a search under way is abandoned after at most its budget)."""
        self._pool.shutdown(wait=True, cancel_futures=True)
