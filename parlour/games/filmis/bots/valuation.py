"""Filmis's position valuation (parlour/rules/bots/valuation.py reads it through the game's
Entry): each seat's facts, the weights tools/valuation_fit.py fitted to them, and the positions
whose outcome is known without them (the smart bot to move calls a raid)."""

from __future__ import annotations

from parlour.rules.bots.valuation import Facts, Valuation

from ..rules import board, cards
from ..rules.state import State
from . import RAID_AT, FilmisSmart

_SMART = FilmisSmart()  # only its reading of a raid's chance


def seats(state: State) -> list[Facts]:
    """Every seat's facts: points banked (the home pile) and how late it is, points in hand and
    how near the nest that banks them is, whether a raid can be called and with what lead, and
    whether the seat moves next or must skip. And the raid the smart bot would call (bots/__init__.py:
    when its own pile likely beats the others'): the game then ends at the caller's turn, so a
    seat's chance is near its share were the game to end now (the best home pile wins, ties share)."""
    n = len(state.players)
    homes = [cards.score(home) for home in state.homes]
    now = ended_now(homes)
    ending = any(_would_raid(state, s) for s in range(n))  # once for every seat: it costs
    left = len(state.deck) / cards.TOTAL  # the game ends when the factory is empty
    found: list[Facts] = []
    for seat in range(n):
        home, hand = homes[seat], cards.score(state.hands[seat])
        to_nest = (board.nest(state.colours[seat]) - state.positions[seat]) % board.SIZE
        near = 1 - to_nest / board.SIZE
        lead = home - max(h for s, h in enumerate(homes) if s != seat) if n > 1 else 0
        raid = cards.can_raid(state.hands[seat], state.homes[seat])
        found.append(
            (
                home / 10,
                home * (1 - left) / 10,
                hand / 10,
                hand * left / 10,
                hand * near / 10,
                float(raid),
                raid * lead / 10,
                float(seat == state.turn),
                float(state.skips[seat] > 0),
                now[seat],
                ending * now[seat],
            )
        )
    return found


def _would_raid(state: State, seat: int) -> bool:
    """Whether the smart bot in `seat` can raid and would (its chance of winning now, as it sees it)."""
    return cards.can_raid(state.hands[seat], state.homes[seat]) and _SMART.win_now(state, seat) >= RAID_AT


def raid_now(state: State) -> tuple[float, ...] | None:
    """Each seat's share if the seat to move starts its turn and would call a raid: the game ends
    now, the best home pile winning (ties share). None otherwise."""
    if state.pending is not None or state.swap is not None or state.over or not _would_raid(state, state.turn):
        return None
    return ended_now([cards.score(home) for home in state.homes])


def ended_now(homes: list[int]) -> tuple[float, ...]:
    """Each seat's share of the win were the game to end now: the best home pile wins, ties share."""
    best = max(homes)
    return tuple((h == best) / homes.count(best) for h in homes)


VALUATION = Valuation(
    seats,
    # Fitted by tools/valuation_fit.py (its default games): for each number of players, one weight
    # per fact above (a fact weighs differently between two players than among four).
    {
        2: (0.971, 0.058, 0.171, 0.002, 1.005, 0.332, -0.026, 0.117, -0.353, 0.200, 1.743),
        3: (1.087, 0.534, 0.447, -0.216, 1.319, 0.522, 0.216, 0.151, -0.293, 0.254, 2.089),
        4: (0.290, 1.654, 0.218, 0.044, 1.333, 0.311, -0.016, 0.174, -0.588, 0.407, 1.779),
    },
    rounds=1,  # one round scatters as little as Garfield's two
    known=raid_now,
)
