"""A digest of many seeded bot games per game (their events and final states as saved), to check
that a change to the rules core or the table driver leaves every game as it was:

    PYTHONPATH=/path/to/checkout python tools/seeded_games_hash.py GAME:N [GAME:N ...]

prints one digest per game over N seeded games (2 to 4 players, random and smart seats); with no
arguments, 40 games of every registered game. Run it on two checkouts: the lines must be equal."""

from __future__ import annotations

import hashlib
import json
import sys

try:  # the installed package since issue 31; older checkouts have the rules at the top
    from parlour.rules import registry
    from parlour.rules.bots import make
    from parlour.rules.codec import encode
    from parlour.rules.table import Table
except ImportError:
    from rules import registry  # type: ignore[no-redef]  # an older checkout
    from rules.bots import make  # type: ignore[assignment]  # an older checkout
    from rules.codec import encode  # an older checkout
    from rules.table import Table  # type: ignore[assignment]  # an older checkout
try:  # services/ since issue 30
    from parlour.services.table_driver import TableDriver
except ImportError:
    from parlour.driver import TableDriver  # type: ignore[import-untyped, no-redef]  # an older checkout


def digest(game: str, games: int) -> str:
    hashed = hashlib.sha256()
    for seed in range(games):
        players = 2 + seed % 3
        levels = ["smart" if (seed + s) % 2 else "random" for s in range(players)]
        table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
        TableDriver(table, {s: make(levels[s], f"{seed}/{s}") for s in range(players)}).play_bots()
        for event in table.events:
            hashed.update(json.dumps(encode(event), sort_keys=True).encode())
        hashed.update(json.dumps(encode(table.state), sort_keys=True).encode())
        hashed.update(repr(table.result()).encode())
    return hashed.hexdigest()[:16]


def main() -> None:
    asked = [arg.partition(":") for arg in sys.argv[1:]] or [(game, ":", "40") for game in registry.available()]
    for game, _, games in asked:
        print(f"{game:9} {int(games):4} games  {digest(game, int(games))}")


if __name__ == "__main__":
    main()
