"""Cyclic garbage collection made rarer for a block of work that makes many objects and hardly
any cycles (loading a save, playing games): what the work drops goes by reference counting, and
a collection every few hundred new objects only walks the growing heap again to find nothing."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collections_every(new_objects: int) -> Iterator[None]:
    """Inside the block, a young collection every `new_objects` new container objects (0: none;
    Python's default is 700); the caller's thresholds again after it, however it ends."""
    before = gc.get_threshold()
    gc.set_threshold(new_objects, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
