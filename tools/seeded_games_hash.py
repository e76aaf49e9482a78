"""A digest of many seeded bot games per game (their events and final states as saved), to check
that a change to the rules core or the table driver leaves every game as it was:

    PYTHONPATH=/path/to/checkout python tools/seeded_games_hash.py 200

prints one digest per game (N games of Garfield and Filmis, N/4 of the Smurf Game; 2 to 4 players,
random and smart seats). Run it on two checkouts: the lines must be equal."""

from __future__ import annotations

import hashlib
import json
import sys

try:  # the installed package since issue 31; older checkouts have the rules at the top
    from parlour.rules.bots import make
    from parlour.rules.codec import encode
    from parlour.rules.table import Table
except ImportError:
    from rules.bots import make  # an older checkout
    from rules.codec import encode  # an older checkout
    from rules.table import Table  # an older checkout
try:  # services/ since issue 30
    from parlour.services.table_driver import TableDriver
except ImportError:
    from parlour.driver import TableDriver  # an older checkout


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for game in ("garfield", "filmis", "smurf"):
        digest = hashlib.sha256()
        games = n if game != "smurf" else max(1, n // 4)  # a Smurf game is ~50 times longer
        for seed in range(games):
            players = 2 + seed % 3
            levels = ["smart" if (seed + s) % 2 else "random" for s in range(players)]
            table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
            TableDriver(table, {s: make(levels[s], f"{seed}/{s}") for s in range(players)}).play_bots()
            for event in table.events:
                digest.update(json.dumps(encode(event), sort_keys=True).encode())
            digest.update(json.dumps(encode(table.state), sort_keys=True).encode())
            digest.update(repr(table.result()).encode())
        print(f"{game:9} {games:4} games  {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
