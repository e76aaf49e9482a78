"""The finished games: a fold over the saves in a folder, newest first (`parlour history` and the
title's history screen).

Nothing is stored twice: each row is read from its save. An index file in the saves folder,
`.history-index.json`, caches what each save holds (the game, the players, the result, the
length), keyed by the save's name, size and modification time: a save whose size or time
changed, or that the index lacks, is read again, and an index that is missing, unreadable, of
another version or not as written (a digest says) is rebuilt from the saves. Unfinished and unreadable saves are remembered too (so
they are not looked at again until they change) and never listed. A save is read to its end
(its state folded from its events, not checked move by move: opening it in replay checks it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

INDEX = ".history-index.json"  # in the saves folder: not a save (*.jsonl), hidden from a listing
VERSION = 1


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game."""

    folder: Path
    name: str  # its save's file name in `folder`
    game: str
    players: tuple[str, ...]
    bots: tuple[str | None, ...]  # each seat's bot level, None for a person
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    turns: int  # TurnBegan events
    ended: float  # the save's last write, seconds since 1970

    @property
    def path(self) -> Path:
        return self.folder / self.name

    def has(self, player: str) -> bool:
        """Whether `player` sat at this game (names compared without case)."""
        wanted = player.casefold()
        return any(name.casefold() == wanted for name in self.players)


def finished(folder: Path, game: str | None = None, player: str | None = None) -> Listed:
    """The finished games saved in `folder`, newest first, of `game` and with `player` if given."""
    wanted = None if player is None else player.casefold()
    rows = [
        (entry["ended"], name, entry)
        for name, entry in entries(folder).items()
        if entry.get("finished")
        and (game is None or entry["game"] == game)
        and (wanted is None or any(p.casefold() == wanted for p in entry["players"]))
    ]
    rows.sort(key=lambda row: (row[0], row[1]), reverse=True)
    return Listed(folder, [(name, entry) for _, name, entry in rows])


class Listed(Sequence[Played]):
    """The finished games, each made a `Played` only when it is read: a list of 10,000 shows
    its first screen without making the other rows (that took most of the list's time)."""

    def __init__(self, folder: Path, rows: list[tuple[str, dict[str, Any]]]):
        self.folder, self.rows = folder, rows

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> Played: ...
    @overload
    def __getitem__(self, index: slice) -> list[Played]: ...
    def __getitem__(self, index: int | slice) -> Played | list[Played]:
        if isinstance(index, slice):
            return [_played(self.folder, name, entry) for name, entry in self.rows[index]]
        name, entry = self.rows[index]
        return _played(self.folder, name, entry)


def entries(folder: Path) -> dict[str, dict[str, Any]]:
    """What the index holds of every save in `folder`, by file name, brought up to date: a
    finished game's row (`_entry`), or that a save is not one; a served game's seats' credentials
    and stand-ins, and a shelved one's players and whom it waits for (the ratings read them:
    parlour/services/standings.py)."""
    index = _read_index(folder / INDEX)
    fresh: dict[str, dict[str, Any]] = {}
    changed = False
    for name, stamp, modified in _saves(folder):
        known = index.get(name)
        if known is None or known.get("stamp") != stamp:
            known, changed = _entry(folder / name, stamp, modified), True
        fresh[name] = known
    if changed or len(fresh) != len(index):
        _write_index(folder / INDEX, fresh)
    return fresh


def _saves(folder: Path) -> Iterable[tuple[str, list[int], float]]:
    """(name, [size, mtime in ns], mtime) of each regular `*.jsonl` file in `folder` (no Path
    made for each: with 10,000 saves that was a third of the time)."""
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".jsonl") or not entry.is_file(follow_symlinks=False):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                yield entry.name, [info.st_size, info.st_mtime_ns], info.st_mtime
    except OSError:  # no folder yet, or not readable: no games
        return


def _entry(path: Path, stamp: list[int], modified: float) -> dict[str, Any]:
    """What the index keeps of one save: a finished game's row, or only that it is not one."""
    from parlour.rules import registry
    from parlour.rules.records import TurnBegan
    from parlour.services import saves

    try:
        glanced = saves.glance(path)
        if glanced.to_act:  # its last lines say someone is to act: not finished
            served = _served(glanced.header.meta)
            if served is None or not served["shelved"]:
                return {"stamp": stamp, "finished": False}
            # a served table closed with its players all away: whom it waits for (the ratings)
            return {
                "stamp": stamp,
                "finished": False,
                **_seated(glanced.header),
                "waiting": [seat for seat in glanced.to_act if seat is not None],
                "ended": modified,
                "served": served,
            }
        loaded = saves.read_then_check(path)
    except saves.SaveError:
        return {"stamp": stamp, "finished": False, "broken": True}
    header = loaded.header
    result = registry.get(header.game).result(loaded.state)
    if result is None:
        return {"stamp": stamp, "finished": False}
    served = _served(header.meta)
    return {
        "stamp": stamp,
        "finished": True,
        **_seated(header),
        **({} if served is None else {"served": served}),
        "winners": list(result.winners),
        "scores": None if result.scores is None else list(result.scores),
        "turns": sum(1 for event in loaded.events if type(event) is TurnBegan),
        "ended": modified,
    }


def _seated(header: Any) -> dict[str, Any]:
    """The game and who sat where (a save's header), as the index keeps them."""
    from parlour.services.seats import seats_from_meta

    return {
        "game": header.game,
        "players": list(header.players),
        "bots": [seat.bot for seat in seats_from_meta(header.players, header.meta)],
    }


def _served(meta: dict[str, Any]) -> dict[str, Any] | None:
    """A served game's seats' credentials (None for a bot's), the seats a stand-in bot played
    and those still away at its end, and whether its table was closed with everyone away; None
    for a game played elsewhere."""
    if meta.get("served") is not True:
        return None
    seats = meta.get("seats")
    creds = [s.get("cred") if isinstance(s, dict) else None for s in (seats if isinstance(seats, list) else [])]

    def seat_list(key: str) -> list[int]:
        found = meta.get(key)
        return [n for n in found if type(n) is int] if isinstance(found, list) else []

    return {
        "creds": [cred if isinstance(cred, str) else None for cred in creds],
        "stood_in": seat_list("stood_in"),
        "left": seat_list("left"),
        "shelved": meta.get("shelved") is True,
    }


def _played(folder: Path, name: str, entry: dict[str, Any]) -> Played:
    scores = entry.get("scores")
    return Played(
        folder,
        name,
        entry["game"],
        tuple(entry["players"]),
        tuple(entry["bots"]),
        tuple(entry["winners"]),
        None if scores is None else tuple(scores),
        entry["turns"],
        entry["ended"],
    )


def _read_index(path: Path) -> dict[str, dict[str, Any]]:
    """The index's entries, or none when it is missing, unreadable, of another version, or not
    exactly what this module wrote: its first line holds a digest of the rest, so an index edited
    by hand or torn is rebuilt from the saves, and one that checks is used as it is (checking
    10,000 entries one by one took longer than the rest of the list)."""
    try:
        with open(path, "rb") as file:
            first, _, rest = file.read().partition(b"\n")
        head = json.loads(first)
        if not isinstance(head, dict) or head.get("version") != VERSION or head.get("digest") != digest(rest):
            return {}
        found = json.loads(rest)
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def digest(data: bytes) -> str:
    import hashlib

    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _write_index(path: Path, entries: dict[str, dict[str, Any]]) -> None:
    """Write the index whole (atomically); a folder that cannot be written keeps none (the list
    is still right, only slower next time)."""
    from parlour.services import saves

    try:
        rest = json.dumps(entries, separators=(",", ":"))
        head = json.dumps({"version": VERSION, "digest": digest(rest.encode("utf-8"))})
        saves.write_whole(path, f"{head}\n{rest}")
    except (OSError, saves.SaveError):
        pass


def told(row: Played) -> str:
    """One game as the list tells it: when it ended, the game, the players, who won, its length
    (in the player's language; every name from the save shown as text)."""
    from datetime import datetime

    from parlour.services.shown import shown
    from parlour.services.words.i18n import t

    players = [t("history.bot", name=shown(name)) if bot else shown(name) for name, bot in zip(row.players, row.bots)]
    winners = [shown(row.players[seat]) for seat in row.winners]
    names = winners[0] if len(winners) == 1 else f"{', '.join(winners[:-1])} {t('history.and')} {winners[-1]}"
    return t(
        "history.entry",
        when=datetime.fromtimestamp(row.ended).strftime("%Y-%m-%d %H:%M"),
        game=t(f"games.{row.game}"),
        players=", ".join(players),
        result=t("history.won", names=names),
        turns=t("history.turns", n=row.turns),
    )
