"""How many times each player has logged out of the web door: what revokes a login cookie for the
rest of its life, across restarts.

A player is a credential and a name ("password:ann" and "ann"; the shared password and "cid"): a
login cookie carries its player's count at the time it was made and is refused once the count has
moved on, so a logout ends every browser login of that player made before it, and nothing else
(another holder of the shared password logging out under another name changes nothing here). The
counts live owner-only in the config folder beside the cookie key: one JSON line a logout,
appended (a logout costs one short write however many players there are), the file rewritten
whole when it holds more than twice as many lines as players. A count only grows; there is one
per player who ever logged out, and players are bounded by the name book."""

from __future__ import annotations

import json
from pathlib import Path

from .files import check_private, open_private_append, write_private
from .names import form

VERSION = 1


class Logouts:
    def __init__(self, path: Path | None):
        """The counts in `path` (none yet if it does not exist; in memory only if None). A file
        that is not ours, or that others may read, stops the server: every revoked cookie would
        work again otherwise."""
        self.path = path
        self.counts: dict[str, int] = {}
        self.lines = 0
        if path is None or not path.exists():
            return
        check_private(path)
        try:
            *lines, cut_short = path.read_text(encoding="utf-8").split(
                "\n"
            )  # (a last line a crash cut short: left out)
            for line in lines:
                entry = json.loads(line)
                if not (isinstance(entry, list) and len(entry) == 3 and entry[0] == VERSION):
                    raise ValueError(f"not a line of Parlour's logouts: {line[:80]!r}")
                _, player, count = entry
                if not isinstance(player, str) or type(count) is not int:
                    raise ValueError(f"not a line of Parlour's logouts: {line[:80]!r}")
                self.counts[player] = max(count, self.counts.get(player, 0))
                self.lines += 1
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise ValueError(f"cannot read the web door's logouts {path}: {error}") from None

    @staticmethod
    def player(cred: str, name: str) -> str:
        return f"{cred} {form(name)}"

    def count(self, cred: str, name: str) -> int:
        """How many times this player logged out (0: never)."""
        return self.counts.get(self.player(cred, name), 0)

    def heard(self, cred: str, name: str, count: int) -> None:
        """Another worker counted this player's logout (`count` in all): counted here too, in
        memory only (that worker wrote it to the file)."""
        player = self.player(cred, name)
        self.counts[player] = max(count, self.counts.get(player, 0))

    def logged_out(self, cred: str, name: str) -> None:
        """One more logout of this player: every cookie it has now is revoked, on disk first."""
        player = self.player(cred, name)
        count = self.counts.get(player, 0) + 1
        self.counts[player] = count
        self.lines += 1
        if self.path is None:
            return
        if self.lines > 2 * len(self.counts):
            text = "".join(json.dumps([VERSION, p, n]) + "\n" for p, n in self.counts.items())
            write_private(self.path, text.encode("utf-8"))
            self.lines = len(self.counts)
            return
        with open_private_append(self.path) as out:
            out.write(json.dumps([VERSION, player, count]) + "\n")
