"""The finished games: a fold over the saves in a folder, newest first (`parlour history` and the
title's history screen).

Nothing is stored twice: each row is read from its save. An index file in the saves folder,
`.history-index.json`, caches what each save holds (the game, the players, the result, the
length), keyed by the save's name, size and modification time: a save whose size or time
changed, or that the index lacks, is read again, and an index that is missing, unreadable or of
another version is rebuilt from the saves. Unfinished and unreadable saves are remembered too (so
they are not looked at again until they change) and never listed. A save is read to its end
(its state folded from its events, not checked move by move: opening it in replay checks it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

INDEX = ".history-index.json"  # in the saves folder: not a save (*.jsonl), hidden from a listing
VERSION = 1


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game."""

    path: Path
    game: str
    players: tuple[str, ...]
    bots: tuple[str | None, ...]  # each seat's bot level, None for a person
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    turns: int  # TurnBegan events
    ended: float  # the save's last write, seconds since 1970

    def has(self, player: str) -> bool:
        """Whether `player` sat at this game (names compared without case)."""
        wanted = player.casefold()
        return any(name.casefold() == wanted for name in self.players)


def finished(folder: Path, game: str | None = None, player: str | None = None) -> list[Played]:
    """The finished games saved in `folder`, newest first, of `game` and with `player` if given."""
    rows = [row for row in fold(folder) if (game is None or row.game == game) and (player is None or row.has(player))]
    rows.sort(key=lambda row: (row.ended, row.path.name), reverse=True)
    return rows


def fold(folder: Path) -> list[Played]:
    """Every finished game in `folder` (in no order), the index brought up to date on the way."""
    index = _read_index(folder / INDEX)
    fresh: dict[str, dict[str, Any]] = {}
    changed = False
    for name, path, stamp, modified in _saves(folder):
        known = index.get(name)
        if known is None or known.get("stamp") != stamp:
            known, changed = _entry(path, stamp, modified), True
        fresh[name] = known
    if changed or len(fresh) != len(index):
        _write_index(folder / INDEX, fresh)
    return [_played(folder / name, entry) for name, entry in fresh.items() if entry.get("finished")]


def _saves(folder: Path) -> Iterable[tuple[str, Path, list[int], float]]:
    """(name, path, [size, mtime in ns], mtime) of each regular `*.jsonl` file in `folder`."""
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".jsonl") or not entry.is_file(follow_symlinks=False):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                yield entry.name, Path(entry.path), [info.st_size, info.st_mtime_ns], info.st_mtime
    except OSError:  # no folder yet, or not readable: no games
        return


def _entry(path: Path, stamp: list[int], modified: float) -> dict[str, Any]:
    """What the index keeps of one save: a finished game's row, or only that it is not one."""
    from parlour.rules import registry
    from parlour.rules.records import TurnBegan
    from parlour.services import saves
    from parlour.services.seats import seats_from_meta

    try:
        if saves.glance(path).to_act:  # its last lines say someone is to act: not finished
            return {"stamp": stamp, "finished": False}
        loaded = saves.read_then_check(path)
    except saves.SaveError:
        return {"stamp": stamp, "finished": False, "broken": True}
    header = loaded.header
    result = registry.get(header.game).result(loaded.state)
    if result is None:
        return {"stamp": stamp, "finished": False}
    return {
        "stamp": stamp,
        "finished": True,
        "game": header.game,
        "players": list(header.players),
        "bots": [seat.bot for seat in seats_from_meta(header.players, header.meta)],
        "winners": list(result.winners),
        "scores": None if result.scores is None else list(result.scores),
        "turns": sum(1 for event in loaded.events if type(event) is TurnBegan),
        "ended": modified,
    }


def _played(path: Path, entry: dict[str, Any]) -> Played:
    scores = entry.get("scores")
    return Played(
        path,
        entry["game"],
        tuple(entry["players"]),
        tuple(entry["bots"]),
        tuple(entry["winners"]),
        None if scores is None else tuple(scores),
        entry["turns"],
        entry["ended"],
    )


def _read_index(path: Path) -> dict[str, dict[str, Any]]:
    """The index's entries, or none when it is missing, unreadable, of another version or not
    what this module writes (it is rebuilt then)."""
    try:
        with open(path, "rb") as file:
            data = json.loads(file.read())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("saves"), dict):
        return {}
    saves = data["saves"]
    good = all(isinstance(e, dict) and _well_formed(e) for e in saves.values())
    return saves if good else {}


def _well_formed(entry: dict[str, Any]) -> bool:
    """An entry as `_entry` writes it (an index edited by hand, or torn, is rebuilt)."""
    stamp = entry.get("stamp")
    if not (isinstance(stamp, list) and len(stamp) == 2 and all(type(n) is int for n in stamp)):
        return False
    if entry.get("finished") is not True:
        return entry.get("finished") is False
    players = entry.get("players")
    return (
        isinstance(entry.get("game"), str)
        and isinstance(players, list)
        and all(isinstance(p, str) for p in players)
        and isinstance(entry.get("bots"), list)
        and len(entry["bots"]) == len(players)
        and isinstance(entry.get("winners"), list)
        and all(type(w) is int and 0 <= w < len(players) for w in entry["winners"])
        and (entry.get("scores") is None or isinstance(entry.get("scores"), list))
        and type(entry.get("turns")) is int
        and isinstance(entry.get("ended"), (int, float))
    )


def _write_index(path: Path, entries: dict[str, dict[str, Any]]) -> None:
    """Write the index whole (atomically); a folder that cannot be written keeps none (the list
    is still right, only slower next time)."""
    from parlour.services import saves

    try:
        saves.write_whole(path, json.dumps({"version": VERSION, "saves": entries}, separators=(",", ":")))
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
