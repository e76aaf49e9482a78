"""The login defences of guard.py shared between workers (federation.py): each worker keeps its
own `Backoff` and `Guesses`, and tells every other worker, through the broker, each failure, good
login and judged try it records; the others record it as their own. So an address's back-off
and a password's budget of tries count every worker's logins (within the moment a message takes),
not N times as many with N workers. A web logout is told the same way (`GuardNews`): every worker
refuses the player's cookies from then on (logouts.py)."""

from __future__ import annotations

import json
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


class GuardNews:
    """What this worker's login defences record, its web door's logouts and the tables set up here
    (the credential's tables an hour count every worker's), told to the other
    workers (`tell`: one JSON text to all, through the broker), and theirs heard."""

    def __init__(self, me: str, tell: Callable[[str], None], heard: Callable[[], None]) -> None:
        self.me, self.tell = me, tell
        self.poke = heard  # (tests and tools wait on it)
        self.backoff: Backoff | None = None  # the hub's login defences, once shared (`share`)
        self.guesses: Guesses | None = None
        self.on_logout: Callable[[str, str, int], None] | None = None  # a web logout in another worker
        self.on_table: Callable[[str], None] | None = None  # a table set up in another worker, by a credential

    def share(self) -> tuple[Backoff, Guesses]:
        """A back-off and guesses that tell the other workers what they record (and hear theirs)."""
        self.backoff, self.guesses = SharedBackoff(self._record), SharedGuesses(self._record)
        return self.backoff, self.guesses

    def _record(self, what: str, src: str, target: str) -> None:
        self.tell(json.dumps([self.me, what, src, target]))

    def logged_out(self, name: str, cred: str, count: int) -> None:
        """A player logged out of the web door here (`count` logouts in all): every worker refuses
        its cookies from now on (logouts.py)."""
        self.tell(json.dumps([self.me, "logout", name, cred, count]))

    def table_created(self, cred: str) -> None:
        """`cred` set up a table here: every worker counts it in the credential's tables an hour."""
        self._record("table", cred, "")

    def heard(self, text: str) -> None:
        """Another worker's record or logout, recorded here (one of this worker's own is skipped)."""
        try:
            sender, what, *said = json.loads(text)
            if sender == self.me:
                return
            if what == "logout" and self.on_logout is not None:
                name, cred, count = said
                self.on_logout(str(name), str(cred), int(count))
            elif what == "table":
                if self.on_table is not None:
                    self.on_table(str(said[0]))
            elif self.backoff is not None and self.guesses is not None:
                src, target = said
                heard(self.backoff, self.guesses, str(what), str(src), str(target))
        except (ValueError, TypeError):
            return
        self.poke()
