"""Playouts per CPU second: what the hint and the analysis spend their time on
(rules/bots/playout.py `play_on`, smart seats to the game's end), and a digest of where the
playouts ended, to show that a faster core plays the very same games.

    PYTHONPATH=/path/to/checkout python tools/playout_speed.py [--playouts 200] [GAME ...]

Playout k starts from the set-up of the game seeded k (2 to 4 players) and throws the dice of
seed k. It prints, per game, the playouts per CPU second of this process and a digest of every
playout's final state and result: run it on two checkouts, the digests must be equal."""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from parlour.rules import registry
from parlour.rules.bots.playout import play_on
from parlour.rules.codec import encode
from parlour.rules.table import Table

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def measure(game_id: str, playouts: int) -> tuple[float, str]:
    """(playouts per CPU second, the digest of their ends)."""
    starts = [Table.new(game_id, NAMES[: 2 + k % 3], seed=k) for k in range(playouts)]
    hashed = hashlib.sha256()
    spent = 0.0
    for k, table in enumerate(starts):
        begun = time.process_time()
        state, result = play_on(table.game, table.state, k)
        spent += time.process_time() - begun
        hashed.update(json.dumps(encode(state), sort_keys=True).encode())
        hashed.update(repr(result).encode())
    return playouts / spent, hashed.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to play (default: every registered game)")
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args()
    for game_id in args.games or registry.available():
        speed, digest = measure(game_id, args.playouts)
        print(f"{game_id:9} {args.playouts} playouts: {speed:.0f} a CPU second, digest {digest}", flush=True)


if __name__ == "__main__":
    main()
