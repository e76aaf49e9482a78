"""The finished games: a fold over the saves in a folder, newest first (`parlour history` and the
title's history screen).

Nothing is stored twice: each row is read from its save. An index file in the saves folder,
`.history-index.json`, caches what each save holds (the game, the players, the result, the
length), keyed by the save's name, size and modification time. Its head holds a digest of the
whole listing (every save's name, size and time): when the folder's listing has that digest the
index is used as it is, and its lines (one per save, the finished games first and newest first)
are decoded only as rows are shown. Else a save whose size or time changed, or that the index
lacks, is read again, and an index that is missing, unreadable, of another version or not as
written (a digest of its lines says) is rebuilt from the saves. Unfinished and unreadable saves
are remembered too (so they are not looked at again until they change) and never listed.

A save is read as the list of saves reads it, by its ends (its first line and last bytes): when
they say someone is to act it is not finished and nothing more is read; else it is read whole
once and its state folded from its events (not checked move by move: opening it in replay
checks it), for its result.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, overload

INDEX = ".history-index.json"  # in the saves folder: not a save (*.jsonl), hidden from a listing
VERSION = 2  # 2: one line per save, the finished games first and newest first
OWN_ROWS = 50  # a served player's own history shows at most this many of their newest games


class Played(NamedTuple):
    """One finished game (a named tuple, not a dataclass: `parlour history` starts without
    importing dataclasses, a tenth of its start)."""

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
    lines = _finished_lines(folder)
    if game is None and player is None:
        return Listed(folder, lines)  # each row decoded only when it is shown
    wanted = None if player is None else player.casefold()
    kept = []
    for line in lines:
        name, entry = json.loads(line)
        if (game is None or entry["game"] == game) and (
            wanted is None or any(p.casefold() == wanted for p in entry["players"])
        ):
            kept.append(line)
    return Listed(folder, kept)


def own(folder: Path, player: str, most: int = OWN_ROWS) -> list[Played]:
    """The newest `most` finished games in `folder` at which `player` sat in a person's seat (a
    bot's seat of the same name is not theirs): a served player's own history in the lobby."""
    wanted = player.casefold()
    rows = []
    for row in finished(folder, player=player):
        if any(bot is None and name.casefold() == wanted for name, bot in zip(row.players, row.bots)):
            rows.append(row)
            if len(rows) >= most:
                break
    return rows


class Listed(Sequence[Played]):
    """The finished games, each decoded from its index line and made a `Played` only when it is
    read: a list of 10,000 shows its first screen without decoding the other rows."""

    def __init__(self, folder: Path, lines: list[bytes]):
        self.folder, self.lines = folder, lines

    def __len__(self) -> int:
        return len(self.lines)

    @overload
    def __getitem__(self, index: int) -> Played: ...
    @overload
    def __getitem__(self, index: slice) -> list[Played]: ...
    def __getitem__(self, index: int | slice) -> Played | list[Played]:
        if isinstance(index, slice):
            return [_played(self.folder, *json.loads(line)) for line in self.lines[index]]
        return _played(self.folder, *json.loads(self.lines[index]))


def entries(folder: Path) -> dict[str, dict[str, Any]]:
    """What the index holds of every save in `folder`, by file name, brought up to date: a
    finished game's row (`_entry`), or that a save is not one; a served game's seats' credentials
    and stand-ins, and a shelved one's players and whom it waits for (the ratings read them:
    parlour/services/standings.py)."""
    listing = list(_saves(folder))
    index = _read_index(folder / INDEX)
    if index is not None and index.listing == _listing_key(listing):
        return dict(json.loads(line) for line in index.lines)
    return _brought_up_to_date(folder, listing, index)[0]


def _finished_lines(folder: Path) -> list[bytes]:
    """The index lines of the finished games, newest first: taken as they are from an index
    whose listing (every save's name, size and time) is the folder's (no line decoded), else
    the index brought up to date first."""
    listing = list(_saves(folder))
    index = _read_index(folder / INDEX)
    if index is None or index.listing != _listing_key(listing):
        return _brought_up_to_date(folder, listing, index)[1]
    return index.lines[: index.finished]


def _brought_up_to_date(
    folder: Path, listing: list[tuple[str, list[int], float]], index: _Index | None
) -> tuple[dict[str, dict[str, Any]], list[bytes]]:
    """Every save's entry (the index's where its stamp, size and time, is the save's, else the
    save read again: `_entry`) and the finished games' index lines; the index written again."""
    known = {} if index is None else dict(json.loads(line) for line in index.lines)
    fresh: dict[str, dict[str, Any]] = {}
    for name, stamp, modified in listing:
        entry = known.get(name)
        if entry is None or entry.get("stamp") != stamp:
            entry = _entry(folder / name, stamp, modified)
        fresh[name] = entry
    done, others = _lines(fresh)
    _write_index(folder / INDEX, done, others, _listing_key(listing))
    return fresh, done


def _listing_key(listing: list[tuple[str, list[int], float]]) -> str:
    """A digest of every save's name, size and time: the index is up to date when it was written
    for this key (the same check as each entry's stamp, at the cost of one digest)."""
    text = "\n".join(sorted(f"{name}/{size}/{ns}" for name, (size, ns), _ in listing))
    return digest(text.encode("utf-8", "surrogateescape"))


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
    """What the index keeps of one save: a finished game's row, or only that it is not one. Its
    ends are read first (as the list of saves reads them): when they say someone is to act, the
    game is not finished and nothing more is read; else the save is read whole once, and the
    result is what its folded state says."""
    from parlour.rules import registry
    from parlour.rules.records import TurnBegan
    from parlour.services import saves

    try:
        glanced = saves._glance_ends(path)[1]  # what its ends seem to say, vouched for or not
        if glanced is not None and glanced.to_act:  # someone is to act: not finished
            return _unfinished(glanced.header, glanced.to_act, stamp, modified)
        loaded = saves.read_then_check(path)  # finished, or the ends do not tell: read whole
    except saves.SaveError:
        return {"stamp": stamp, "finished": False, "broken": True}
    header = loaded.header
    rules = registry.get(header.game)
    result = rules.result(loaded.state)
    if result is None:
        return _unfinished(header, rules.to_act(loaded.state), stamp, modified)
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


def _unfinished(header: Any, to_act: Sequence[int | None], stamp: list[int], modified: float) -> dict[str, Any]:
    """An unfinished save's entry: only that, but for a served table closed with its players all
    away, whom it waits for (the ratings)."""
    served = _served(header.meta)
    if served is None or not served["shelved"]:
        return {"stamp": stamp, "finished": False}
    return {
        "stamp": stamp,
        "finished": False,
        **_seated(header),
        "waiting": [seat for seat in to_act if seat is not None],
        "ended": modified,
        "served": served,
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


class _Index(NamedTuple):
    listing: str  # `_listing_key` of the folder it was written for
    finished: int  # its first lines: the finished games, newest first
    lines: list[bytes]  # one save's [name, entry] each


def _read_index(path: Path) -> _Index | None:
    """The index, or None when it is missing, unreadable, of another version, or not exactly
    what this module wrote: its first line holds a digest of the rest, so an index edited by
    hand or torn is rebuilt from the saves, and one that checks is used as it is (checking
    10,000 entries one by one took longer than the rest of the list)."""
    try:
        with open(path, "rb") as file:
            first, _, rest = file.read().partition(b"\n")
        head = json.loads(first)
        if not isinstance(head, dict) or head.get("version") != VERSION or head.get("digest") != digest(rest):
            return None
        listing, count = head["listing"], head["finished"]
    except (OSError, ValueError, KeyError):
        return None
    lines = rest.split(b"\n") if rest else []
    if not isinstance(listing, str) or type(count) is not int or not 0 <= count <= len(lines):
        return None
    return _Index(listing, count, lines)


def digest(data: bytes) -> str:
    import hashlib

    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _lines(entries: dict[str, dict[str, Any]]) -> tuple[list[bytes], list[bytes]]:
    """The entries as index lines: the finished games newest first (then by name, last first),
    and the rest."""
    done = sorted(((e["ended"], name) for name, e in entries.items() if e.get("finished")), reverse=True)

    def line(name: str) -> bytes:  # (ASCII: json escapes the rest, a name's stray bytes too)
        return json.dumps([name, entries[name]], separators=(",", ":")).encode("ascii")

    others = [line(name) for name, e in entries.items() if not e.get("finished")]
    return [line(name) for _, name in done], others


def _write_index(path: Path, done: list[bytes], others: list[bytes], listing: str) -> None:
    """Write the index whole (atomically): a head line (its version, a digest of the rest, the
    listing it is up to date for, how many games are finished), then one line per save, the
    finished games first and newest first, so the first screen decodes only its own rows. A
    folder that cannot be written keeps none (the list is still right, only slower next time)."""
    from parlour.services import saves

    rest = b"\n".join(done + others)
    head = json.dumps({"version": VERSION, "digest": digest(rest), "listing": listing, "finished": len(done)})
    try:
        saves.write_whole(path, f"{head}\n{rest.decode('ascii')}")
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
