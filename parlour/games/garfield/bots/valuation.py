"""Garfield's position valuation (parlour/rules/bots/valuation.py reads it through the game's
Entry): each seat's facts and the weights tools/valuation_fit.py fitted to them."""

from __future__ import annotations

from parlour.rules.bots.valuation import Facts, Valuation

from ..rules import cards
from ..rules.state import State


def facts(state: State, seat: int) -> Facts:
    """Rings held, how far round the lap the pawn is (to the Tailend, where the next ring is),
    the cards in hand by kind, and whether the seat moves next."""
    rings = state.rings[seat]
    lap = ((state.positions[seat] + 1) % 40) / 40  # 0 just past the Tailend .. 1 on it
    hand = state.hands[seat]
    n = len(state.players)
    way = (rings + lap) / 3  # of the way to the third ring: its square and fourth power, for a lead near the end
    return (
        float(rings == 1),
        float(rings == 2),
        lap,
        lap * (rings == 1),
        lap * (rings == 2),
        float(hand.count(cards.LASAGNA)),
        float(sum(card in cards.PUT_ONE_OVER for card in hand)),
        float(hand.count(cards.NAP_ATTACK) + hand.count(cards.BLINDFOLD)),
        float(seat == state.turn),
        float(seat == (state.turn + 1) % n),
        float(seat == state.turn and state.face_up == cards.G_SWAP),
        way**2,
        way**4,
    )


def seats(state: State) -> list[Facts]:
    """Every seat's facts."""
    return [facts(state, seat) for seat in range(len(state.players))]


VALUATION = Valuation(
    seats,
    # Fitted by tools/valuation_fit.py (its default games): for each number of players, one weight
    # per fact above (a fact weighs differently between two players than among four).
    {
        2: (0.640, 1.968, 0.470, 0.789, 0.082, 0.088, 0.208, 0.209, 0.036, -0.036, 0.332, -4.072, 5.957),
        3: (1.061, 1.797, 0.834, -0.096, -1.500, 0.222, 0.141, 0.140, 0.170, 0.095, 0.734, -4.073, 9.175),
        4: (1.201, 2.686, 1.122, 0.267, -2.004, 0.196, 0.212, 0.305, 0.298, -0.019, 0.916, -4.704, 9.455),
    },
    rounds=2,
)
