"""Tune a smart bot's constants: play one seat with patched constants against three seats of the
standard smart bot (or random bots) and print the patched seat's win rate.

    python tools/bots_tune.py filmis RAID_AT=0.45,0.55,0.65 --games 2000 --against smart
    python tools/bots_tune.py garfield 'KEEP[LASAGNA]=4,5,6' --games 2000

Each value is played over the same seeds; the standard bot's figure is the baseline (25%).
Only constants read while choosing can be patched this way, not one baked into tables
every bot shares (cached once per process).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.fronts.simulate import simulate  # noqa: E402
from parlour.rules import registry  # noqa: E402
from parlour.rules.bots import LEVELS  # noqa: E402
from parlour.rules.bots.smart import SmartBot  # noqa: E402


def patched_level(game: str, name: str, value: float) -> type[SmartBot]:
    base = registry.strategy(game)
    assert base is not None, game  # tuned games have a strategy
    module = importlib.import_module(base.__module__)

    class Patched(base):  # type: ignore[valid-type, misc]  # the game's strategy class, found at run time
        def choose(self, *args: Any) -> Any:
            saved = _get(module, name)
            _set(module, name, value)
            try:
                return super().choose(*args)
            finally:
                _set(module, name, saved)

    class PatchedBot(SmartBot):
        def _strategy(self, game_id: str) -> Any:
            return Patched(self._random)

    return PatchedBot


def _get(module: ModuleType, name: str) -> Any:
    if "[" in name:
        table, key = name.rstrip("]").split("[")
        container = getattr(module, table)
        return container[_key(module, key)]
    return getattr(module, name)


def _set(module: ModuleType, name: str, value: object) -> None:
    if "[" in name:
        table, key = name.rstrip("]").split("[")
        getattr(module, table)[_key(module, key)] = value
    else:
        setattr(module, name, value)


def _key(module: ModuleType, key: str) -> Any:
    cards = getattr(module, "cards", None)
    return getattr(cards, key, key) if cards else key


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("setting", help="NAME=v1,v2,...")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--against", default="smart")
    args = parser.parse_args()
    name, values = args.setting.split("=")
    for value in [float(v) for v in values.split(",")]:
        LEVELS["tuned"] = patched_level(args.game, name, value)
        summary = simulate(args.game, ["tuned"] + [args.against] * 3, args.games, args.seed)
        print(
            f"{args.game} {name}={value}: {summary['seat_wins'][0]['win_rate']:.3f} "
            f"against 3 {args.against} ({args.games} games)",
            flush=True,
        )


if __name__ == "__main__":
    main()
