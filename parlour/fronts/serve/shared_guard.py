"""The login defences of guard.py shared between workers (federation.py): each worker keeps its
own `Backoff` and `Guesses`, and tells every other worker, through the broker, each failure, good
login and judged try it records; the others record it as their own. So an address's back-off
and a password's budget of tries count every worker's logins (within the moment a message takes),
not N times as many with N workers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .guard import Backoff, Guesses

Tell = Callable[[str, str, str], None]  # (what, source, target) to the other workers


class SharedBackoff(Backoff):
    def __init__(self, tell: Tell, **options: Any) -> None:
        super().__init__(**options)
        self.tell = tell

    def failed(self, src: str, target: str = "") -> int:
        failures = super().failed(src, target)
        self.tell("failed", src, target)
        return failures

    def succeeded(self, src: str, target: str = "") -> None:
        super().succeeded(src, target)
        self.tell("succeeded", src, target)


class SharedGuesses(Guesses):
    def __init__(self, tell: Tell, **options: Any) -> None:
        super().__init__(**options)
        self.tell = tell

    def take(self, target: str, src: str = "") -> bool:
        taken = super().take(target, src)
        if taken:
            self.tell("took", src, target)
        return taken

    def give_back(self, target: str, src: str = "") -> None:
        super().give_back(target, src)
        self.tell("gave", src, target)


def heard(backoff: Backoff, guesses: Guesses, what: str, src: str, target: str) -> None:
    """Another worker's record, recorded here as if it were this worker's (and not told again)."""
    if what == "failed":
        Backoff.failed(backoff, src, target)
    elif what == "succeeded":
        Backoff.succeeded(backoff, src, target)
    elif what == "took":
        Guesses.take(guesses, target, src)
    elif what == "gave":
        Guesses.give_back(guesses, target, src)
