"""A push toward the end of the game for the fuzzer's random player (tests only).

Uniform random play never finishes a Smurf game in reasonable time (tens of thousands of
actions: two of a turn's three choices turn a wheel, and a pawn wanders both ways). The fuzzer
still tries every kind of action, mutated and out of turn; this only makes its *legal* picks
lean toward what ends the game, so whole games fit in the long run. Rules are untouched."""

from __future__ import annotations

import random

from parlour.rules.records import Action


def lean(game_id: str, state, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """One of `legal` (non-empty), chosen mostly toward the game's end, sometimes at random."""
    if game_id == "smurf" and rnd.random() < 0.85:
        return _smurf(state, seat, legal)
    return legal[rnd.randrange(len(legal))]


def _smurf(state, seat: int, legal: list[Action]) -> Action:
    from parlour.games.smurf.rules import board, moves
    from parlour.games.smurf.rules.records import Move, Roll

    if Roll() in legal:
        return Roll()
    held = state.kinds_held(seat)
    needed = [board.ENTRY[kind] for kind in board.KINDS if kind not in held]
    targets = needed or [board.HOME]

    def score(action: Action) -> float:
        if not isinstance(action, Move):
            return -100.0
        if action.food is not None:
            return 100.0 if action.food not in held else -50.0
        to = moves.destination(state.positions[seat], state.inside[seat], state.rolled, action, state.cats)
        if to == board.HOME and not needed:
            return 200.0
        return -min(min(abs(to - t), board.SIZE - abs(to - t)) for t in targets)

    return max(legal, key=score)
