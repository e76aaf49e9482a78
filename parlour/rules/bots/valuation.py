"""A position's value without playing it to the end: each seat's chance to win, read from a few
facts of the position (rings and laps in Garfield, points banked and in hand in Filmis), the way
the expert's search values its race home. A playout of the hint or the analysis stops ROUNDS
rounds of turns on and takes this value instead of playing fifty more turns (parlour/services/
playouts.py).

The chance is a softmax over the seats of a weighted sum of each seat's facts (a multinomial
logit). The weights were fitted by tools/valuation_fit.py to the winners of seeded games of smart
bots (the same bots the playouts use), and that tool prints their calibration on other games:
of the positions valued at about p, how many were won. docs/bots.md shows it. A game without
weights here has no valuation (None)."""

from __future__ import annotations

from collections.abc import Callable
from math import exp
from typing import TYPE_CHECKING, Any

from parlour.games.filmis.bots import RAID_AT, FilmisSmart
from parlour.games.filmis.rules import board as filmis_board, cards as filmis_cards
from parlour.games.garfield.rules import cards as garfield_cards

if TYPE_CHECKING:
    from parlour.games.filmis.rules.state import State as FilmisState
    from parlour.games.garfield.rules.state import State as GarfieldState

Facts = tuple[float, ...]
_SMART = FilmisSmart()  # only its reading of a raid's chance


def garfield_facts(state: GarfieldState, seat: int) -> Facts:
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
        float(hand.count(garfield_cards.LASAGNA)),
        float(sum(card in garfield_cards.PUT_ONE_OVER for card in hand)),
        float(hand.count(garfield_cards.NAP_ATTACK) + hand.count(garfield_cards.BLINDFOLD)),
        float(seat == state.turn),
        float(seat == (state.turn + 1) % n),
        float(seat == state.turn and state.face_up == garfield_cards.G_SWAP),
        way**2,
        way**4,
    )


def filmis_facts(state: FilmisState) -> list[Facts]:
    """Every seat's facts: points banked (the home pile) and how late it is, points in hand and
    how near the nest that banks them is, whether a raid can be called and with what lead, and
    whether the seat moves next or must skip. And the raid the smart bot would call (parlour/games/filmis/bots/__init__.py:
    when its own pile likely beats the others'): the game then ends at the caller's turn, so a
    seat's chance is near its share were the game to end now (the best home pile wins, ties share)."""
    n = len(state.players)
    homes = [filmis_cards.score(home) for home in state.homes]
    now = ended_now(homes)
    ending = any(_would_raid(state, s) for s in range(n))  # once for every seat: it costs
    left = len(state.deck) / filmis_cards.TOTAL  # the game ends when the factory is empty
    found: list[Facts] = []
    for seat in range(n):
        home, hand = homes[seat], filmis_cards.score(state.hands[seat])
        to_nest = (filmis_board.nest(state.colours[seat]) - state.positions[seat]) % filmis_board.SIZE
        near = 1 - to_nest / filmis_board.SIZE
        lead = home - max(h for s, h in enumerate(homes) if s != seat) if n > 1 else 0
        raid = filmis_cards.can_raid(state.hands[seat], state.homes[seat])
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


def _would_raid(state: FilmisState, seat: int) -> bool:
    """Whether the smart bot in `seat` can raid and would (its chance of winning now, as it sees it)."""
    return filmis_cards.can_raid(state.hands[seat], state.homes[seat]) and _SMART.win_now(state, seat) >= RAID_AT


def filmis_raid_now(state: FilmisState) -> tuple[float, ...] | None:
    """Each seat's share if the seat to move starts its turn and would call a raid: the game ends
    now, the best home pile winning (ties share). None otherwise."""
    if state.pending is not None or state.swap is not None or state.over or not _would_raid(state, state.turn):
        return None
    return ended_now([filmis_cards.score(home) for home in state.homes])


def ended_now(homes: list[int]) -> tuple[float, ...]:
    """Each seat's share of the win were the game to end now: the best home pile wins, ties share."""
    best = max(homes)
    return tuple((h == best) / homes.count(best) for h in homes)


def garfield_seats(state: GarfieldState) -> list[Facts]:
    """Every seat's Garfield facts."""
    return [garfield_facts(state, seat) for seat in range(len(state.players))]


FACTS: dict[str, Callable[[Any], list[Facts]]] = {"garfield": garfield_seats, "filmis": filmis_facts}  # every seat's
# Positions whose outcome is known without weighing facts: the smart bot to move ends the game.
KNOWN: dict[str, Callable[[Any], tuple[float, ...] | None]] = {"filmis": filmis_raid_now}

# Rounds of turns a playout plays before the position is valued: fewer, cheaper playouts that
# scatter less; more, a valuation read later, nearer what whole playouts give (docs/bots.md,
# tools/valuation_fit.py --against). Filmis's one round scatters as little as Garfield's two.
ROUNDS = {"garfield": 2, "filmis": 1}

# Fitted by tools/valuation_fit.py (its default games): for each number of players, one weight
# per fact above (a fact weighs differently between two players than among four).
WEIGHTS: dict[str, dict[int, Facts]] = {
    "garfield": {
        2: (0.640, 1.968, 0.470, 0.789, 0.082, 0.088, 0.208, 0.209, 0.036, -0.036, 0.332, -4.072, 5.957),
        3: (1.061, 1.797, 0.834, -0.096, -1.500, 0.222, 0.141, 0.140, 0.170, 0.095, 0.734, -4.073, 9.175),
        4: (1.201, 2.686, 1.122, 0.267, -2.004, 0.196, 0.212, 0.305, 0.298, -0.019, 0.916, -4.704, 9.455),
    },
    "filmis": {
        2: (0.971, 0.058, 0.171, 0.002, 1.005, 0.332, -0.026, 0.117, -0.353, 0.200, 1.743),
        3: (1.087, 0.534, 0.447, -0.216, 1.319, 0.522, 0.216, 0.151, -0.293, 0.254, 2.089),
        4: (0.290, 1.654, 0.218, 0.044, 1.333, 0.311, -0.016, 0.174, -0.588, 0.407, 1.779),
    },
}


def value(game_id: str, state: Any) -> tuple[float, ...] | None:
    """Each seat's chance to win from `state` (a whole state: a playout's), None for a game
    or a number of players without a valuation."""
    facts, weights = FACTS.get(game_id), WEIGHTS.get(game_id, {}).get(len(state.players))
    if facts is None or weights is None:
        return None
    known = KNOWN.get(game_id)
    if known is not None and (shares := known(state)) is not None:
        return shares
    return weighed(weights, facts(state))


def weighed(weights: Facts, seats: list[Facts]) -> tuple[float, ...]:
    """Each seat's chance from every seat's facts: the softmax of their weighted sums."""
    scores = [sum(w * f for w, f in zip(weights, facts)) for facts in seats]
    top = max(scores)
    raised = [exp(s - top) for s in scores]
    total = sum(raised)
    return tuple(r / total for r in raised)
