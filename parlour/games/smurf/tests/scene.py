"""Exact Smurf situations for the tests: a state set up by hand, and one action decided on it
with rigged dice (a strict chance source: the rules may draw exactly the dice given, no more)."""

from __future__ import annotations

from parlour.rules.chance import Chance, Rig
from parlour.rules.game import decide

from ..rules import GAME
from ..rules.board import KINDS
from ..rules.state import State, initial

NAMES = ("Ann", "Bob", "Cid", "Dot")


def counts(*kinds: str) -> tuple[int, ...]:
    """A hand of discs as per-kind counts: counts("ACORN", "ACORN", "APPLE")."""
    return tuple(kinds.count(kind) for kind in KINDS)


ALL_FOUR = counts(*KINDS)


def scene(players: int = 2, *, turn: int = 0, positions=None, inside=None, held=None, wheels=(0, 0)) -> State:
    """A game under way: `turn` to act, pawns at `positions` (default HOME), `inside` food areas,
    `held` discs (per-kind counts per seat; taken from the circles), wheels at `wheels`."""
    state = initial(NAMES[:players], {})
    held = tuple(held or ((0,) * len(KINDS),) * players)
    circles = tuple(8 - sum(hand[k] for hand in held) for k in range(len(KINDS)))
    return state._replace(
        turn=turn,
        positions=tuple(positions or state.positions),
        inside=tuple(inside or state.inside),
        held=held,
        circles=circles,
        wheels=tuple(wheels),
    )


def act(state: State, seat, action, dice=()):
    """Decide `action` for `seat` with these dice forced; returns (events after Acted, state)."""
    chance = Chance(0, Rig(dice=list(dice)), strict=True)
    turn = decide(GAME, state, seat, action, chance)
    assert chance.exhausted(), "the rules did not use every rigged die"
    return turn.events[1:], turn.state
