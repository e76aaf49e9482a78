"""Which saves this Parlour replays: the one place that decides what happens when a save was
played under another version of a game's rules (docs/PROTOCOL.md, "Rules versions").

Each game counts the versions of its rules (`Game.rules_version`); every save's header names the
version it was played under (a save without one was played under version 1). A log is only
checked and continued under exactly the rules that made it, and this Parlour keeps only the
current rules of each game, so a save from any other version is refused, with a message that
names both versions and what changed.
"""

from __future__ import annotations

from .game import Game, State, View

FIRST = 1  # the version of a save whose header names none

# What each version changed (game id -> version -> what is new in it), for the refusal message.
CHANGES: dict[str, dict[int, str]] = {
    "garfield": {2: "played Player cards are discarded at once, and the lasagna and discard questions are always put"},
    "filmis": {
        2: "the board changed (no special squares on the way out of the factory), and "
        "the raid and drop questions are always put"
    },
}


class RulesVersionError(ValueError):
    """A save played under rules this Parlour does not play."""


def check(game: Game[State, View], version: int) -> None:
    """Refuse (RulesVersionError) a save of `game` played under rules `version`, unless those
    are the rules this Parlour plays."""
    current = game.rules_version
    if version == current:
        return
    if version > current:
        raise RulesVersionError(
            f"this {game.title} save was played under version {version} of its rules, newer than "
            f"this Parlour plays (version {current}); update Parlour to open it"
        )
    changed = "; ".join(CHANGES.get(game.id, {}).get(v, "") for v in range(version + 1, current + 1)).strip("; ")
    raise RulesVersionError(
        f"this {game.title} save was played under version {version} of its rules, and this "
        f"Parlour plays version {current}"
        + (f" ({changed})" if changed else "")
        + "; it cannot be replayed exactly, so it is not opened"
    )
