"""The ratings of the players at served tables, per game (`parlour ratings`, the served lobby's
leaderboard): a fold over the saves, in the order the games ended (docs/ratings.md has the rules).

Which games count:
- a game played at a served table (`parlour serve`), between players each logged in with a
  credential of their own (a personal password or a key) and bots; a seat taken with the shared
  password, or by anyone on a server without passwords, is a guest's, and the game is unrated;
- finished games, by their finishing order (parlour/services/ratings.py `places`);
- a game in which a stand-in bot played for a person who came back before the end is unrated (a
  takeover); a person still away at the end (their seat was played out by the stand-in after
  the table's stand-in time) takes a loss: last place, shared with any other such, the others
  in their finishing order;
- a table closed with all its players away (after the server's `--abandon-after` time) counts as
  a loss for the people it was waiting for, the others sharing first place: leaving a lost game
  does not dodge the loss. If the table is reopened and finished, its real result counts instead.

A person is rated under their name (a name belongs to its credential at a served table); a bot
under its level, "smart (bot)". The ratings file, `.ratings.json` in the saves folder, only
caches the result: it is used while the rated saves are as they were (a digest of their names,
sizes and times), and rebuilt from the saves otherwise, or when it is missing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parlour.services import history
from parlour.services.ratings import Board, places

RATINGS = ".ratings.json"
GUESTS = ("open", "password")  # credentials many people share (parlour/fronts/serve/quotas.py SHARED_CREDS)


def bot_name(level: str) -> str:
    return f"{level} (bot)"


def counted(entry: dict[str, Any]) -> tuple[list[str], list[int]] | None:
    """The rated names (seat order) and places of one game the index holds, or None when it is
    not rated (see the module's docstring)."""
    served = entry.get("served")
    if not isinstance(served, dict):
        return None
    players, bots, creds = entry["players"], entry["bots"], served["creds"]
    if len(creds) != len(players):
        return None
    if any(bot is None and (cred is None or cred in GUESTS) for bot, cred in zip(bots, creds)):
        return None  # a guest sat at it
    names = [name if bot is None else bot_name(bot) for name, bot in zip(players, bots)]
    if len(set(names)) != len(names):  # two bots of one level: one rating cannot play itself
        return None
    count = len(players)
    if not entry.get("finished"):
        if not served["shelved"]:
            return None
        losers = {seat for seat in entry.get("waiting", []) if 0 <= seat < count and bots[seat] is None}
        return (names, [2 if seat in losers else 1 for seat in range(count)]) if losers else None
    left = {seat for seat in served["left"] if 0 <= seat < count}
    if served["stood_in"] and not left:
        return None  # a takeover: everyone came back
    order = places(entry["winners"], entry["scores"], count)
    return names, [count + 1 if seat in left else order[seat] for seat in range(count)]


def boards(folder: Path) -> dict[str, Board]:
    """Every game's board, folded from the saves in `folder` (the index brought up to date)."""
    return _fold(_rated(history.entries(folder)))


def _rated(entries: dict[str, dict[str, Any]]) -> list[tuple[float, str, dict[str, Any]]]:
    """The entries of served games, in the order they ended (then by file name)."""
    return sorted((e["ended"], name, e) for name, e in entries.items() if "served" in e and "ended" in e)


def _fold(rated: list[tuple[float, str, dict[str, Any]]]) -> dict[str, Board]:
    found: dict[str, Board] = {}
    for _, _, entry in rated:
        game = counted(entry)
        if game is None:
            continue
        names, order = game
        board = found.setdefault(entry["game"], Board())
        first = min(order)
        board.game(names, [seat for seat, place in enumerate(order) if place == first], [-p for p in order])
    return found


def standings(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Each game's board, best first, as rows of JSON ({"name", "rating", "margin", "sigma",
    "games", "wins"}): from the ratings file while it is up to date, else folded again (and
    written)."""
    rated = _rated(history.entries(folder))
    key = history.digest(json.dumps([[name, e["stamp"]] for _, name, e in rated]).encode("utf-8"))
    path = folder / RATINGS
    try:
        cached = json.loads(path.read_bytes())
        if isinstance(cached, dict) and cached.get("key") == key and isinstance(cached.get("games"), dict):
            return cached["games"]
    except (OSError, ValueError):
        pass
    games = {game: [row.as_json() for row in board.ranked()] for game, board in sorted(_fold(rated).items())}
    from parlour.services import saves

    try:
        saves.write_whole(path, json.dumps({"key": key, "games": games}))
    except (OSError, saves.SaveError):
        pass  # not kept: folded again next time
    return games


def board_lines(games: dict[str, list[dict[str, Any]]], me: str | None = None, top: int | None = None) -> list[str]:
    """The boards as text: per game its name, then one line per player, best first (`top`: the
    first so many, and `me`'s own line after them when it is further down)."""
    from parlour.services.shown import shown
    from parlour.services.words.i18n import t

    if not games:
        return [t("ratings.none")]
    lines: list[str] = []
    for game, rows in games.items():
        lines += ["", t(f"games.{game}")] if lines else [t(f"games.{game}")]
        width = max(len(shown(row["name"])) for row in rows)
        for place, row in enumerate(rows, 1):
            mine = me is not None and row["name"].casefold() == me.casefold()
            if top is not None and place > top and not mine:
                continue
            wins = f"{row['wins']:.0f}" if float(row["wins"]).is_integer() else f"{row['wins']:.1f}"
            lines.append(
                t(
                    "ratings.row",
                    place=f"{place:>3}",
                    name=f"{shown(row['name']):<{width}}",
                    rating=f"{row['rating']:5.1f}",
                    margin=f"{row['margin']:4.1f}",
                    games=t("ratings.games", n=row["games"]),
                    wins=wins,
                )
                + (" ◀" if mine else "")
            )
    return lines
