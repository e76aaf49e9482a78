"""The smart Filmis bot, from the seat's view alone.

- Raid: called only when the seat's own home pile (which it sees) beats what every rival's home
  pile is likely to hold. A rival's pile is hidden, so it is estimated from its size: each hidden
  card is worth the mean of the cards this seat has not seen (the whole deck less its own hand,
  home pile and the cards shown in a swap), with that mean's spread. The raid is called when the
  chance of winning now (normal approximation, rivals independent) is at least RAID_AT.
- Cornflakes: go into the factory, unless the draw may empty the deck (ending the game) while
  the seat is not ahead.
- Fine: pay with the least valuable card (a Wall-Enberg Jr is a gift to get rid of) unless even
  that is worth more than a turn; drop: the least valuable card.
- Swap: take the most valuable card on offer (a Whistle counts as a raid chance when the seat
  already holds a James Dean, and the reverse).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import cast

from parlour.rules.game import Game
from parlour.rules.records import HIDDEN

from ..rules import cards
from ..rules.records import Action, CallRaid, Drop, Enter, PayFine, RefuseFine, SwapTake
from ..rules.state import State

RAID_AT = 0.55  # call the raid when the chance of winning now is at least this
TURN_WORTH = 1.5  # what a turn is worth in points (the fine: pay with a card worth less)


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


class FilmisSmart:
    def __init__(self, rng: random.Random | None = None):
        self._random = rng

    # ---- what the seat knows ---------------------------------------------------------------

    @staticmethod
    def unseen_stats(view: State, seat: int) -> tuple[float, float]:
        """Mean and standard deviation of a card this seat cannot see."""
        seen = Counter(view.hands[seat]) + Counter(view.homes[seat])
        if view.swap is not None:
            for shown in view.swap.shown:
                if shown.seat != seat:
                    seen.update(c for c in shown.cards if c != HIDDEN)
        left = Counter(cards.COUNTS)
        left.subtract(seen)
        values = [(cards.VALUES[c], n) for c, n in left.items() if n > 0]
        count = sum(n for _, n in values)
        if not count:
            return 0.0, 0.0
        mean = sum(v * n for v, n in values) / count
        var = sum(n * (v - mean) ** 2 for v, n in values) / count
        return mean, math.sqrt(var)

    def win_now(self, view: State, seat: int) -> float:
        """The chance this seat's home pile beats every rival's if the game ended now."""
        mine = cards.score(view.homes[seat])
        mean, sd = self.unseen_stats(view, seat)
        chance = 1.0
        for other, home in enumerate(view.homes):
            if other == seat:
                continue
            n = len(home)
            if n == 0:
                chance *= 1.0 if mine > 0 else 0.5
                continue
            spread = sd * math.sqrt(n) or 1e-9
            chance *= _phi((mine + 0.5 - n * mean) / spread)  # a tie shares: count it half
        return chance

    def worth(self, view: State, seat: int, card: str) -> float:
        """What a card in hand is worth to this seat (its points, or a raid chance)."""
        held = view.hands[seat] + view.homes[seat]
        value = float(cards.VALUES.get(card, 0))
        if card == cards.WHISTLE and cards.WHISTLE not in held:
            value += 3.0 if cards.JAMES_DEAN in held else 1.0
        if card == cards.JAMES_DEAN and cards.WHISTLE in held and cards.JAMES_DEAN not in held:
            value += 2.0
        return value

    # ---- choosing ------------------------------------------------------------------------

    def choose(self, game: Game[State, State], view: State, seat: int, actions: list[Action]) -> Action:
        first = actions[0]
        if any(isinstance(a, CallRaid) for a in actions):
            call = self.win_now(view, seat) >= RAID_AT
            return next(a for a in actions if isinstance(a, CallRaid) == call)
        if isinstance(first, Enter):
            deck = len(view.deck.pile)
            go = deck > 3 or self.win_now(view, seat) >= 0.5
            return Enter(go) if Enter(go) in actions else first
        if isinstance(first, SwapTake):
            # the options of a swap are all SwapTakes (turn.py's _swap_options)
            return max(cast("list[SwapTake]", actions), key=lambda a: self.worth(view, seat, a.card))
        if isinstance(first, (PayFine, RefuseFine, Drop)):
            paying = [a for a in actions if isinstance(a, (PayFine, Drop))]  # (all but a RefuseFine)
            cheapest = min(paying, key=lambda a: self.worth(view, seat, a.card))
            if any(isinstance(a, RefuseFine) for a in actions) and self.worth(view, seat, cheapest.card) > TURN_WORTH:
                return RefuseFine()
            return cheapest
        return first
