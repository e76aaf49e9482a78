"""Cyclic garbage collection made rarer for a block of work that makes many objects and hardly
any cycles (loading a save, playing games): what the work drops goes by reference counting, and
a collection every few hundred new objects only walks the growing heap again to find nothing."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_inside = 0  # blocks running now, in any thread
_before: tuple[int, ...] = ()  # the thresholds when the first of them began


@contextmanager
def collections_every(new_objects: int) -> Iterator[None]:
    """Inside the block, a young collection every `new_objects` new container objects (0: none;
    Python's default is 700); the thresholds from before the first such block again when the
    last one ends, however it ends (the list of saves reads saves in several threads at once)."""
    global _inside, _before
    with _lock:
        if not _inside:
            _before = gc.get_threshold()
        _inside += 1
        gc.set_threshold(new_objects, *_before[1:])
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if not _inside:
                gc.set_threshold(*_before)


def collect_from_now() -> None:
    """Turn the collector on if a start paused it (the app's until its first frame, plain mode's
    until its first prompt), with what the start made frozen (gc.freeze: kept out of every later
    collection). Turned on with the start's objects in its youngest generation, its first
    collection, at the player's first key, went through all of them: 0.2 s on that key
    (tools/small_machine.py). Nothing happens when it is on."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()
