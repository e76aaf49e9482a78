"""The chance source: every die face, coin flip, shuffle and blind pick comes from here.

A game draws from a seeded generator; the rules turn each outcome into an event, so a replay
never needs the generator. *Rigging* puts queues of forced outcomes in front of the generator
(dice faces, coin flips, deck orders, picks) so tests and tools can set up exact situations;
when a queue runs dry the seeded generator takes over. A *strict* source (used to check a saved
log) has only the queues and refuses to invent anything.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import field
from math import floor  # of a draw in [0, n): the int() of it, by a call several times quicker than int's
from typing import TypeVar

from .records import Draw, Rejected, record

T = TypeVar("T")


class RigError(Rejected):
    """A forced outcome does not fit the draw it was used for (or a strict source ran dry)."""


@record(frozen=False)
class Rig:
    """Forced outcomes, used in order. `decks` maps a deck name to a queue of orders; each order
    lists the top cards (top first) and may be shorter than the deck: the rest is shuffled."""

    dice: list[int] = field(default_factory=list)
    coins: list[bool] = field(default_factory=list)
    decks: dict[str, list[list[str]]] = field(default_factory=dict)
    picks: list[int] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: object) -> Rig:
        """Build a rig from its JSON form, refusing anything malformed with a clear message."""
        if not isinstance(data, dict):
            raise RigError("rig must be an object with dice, coins, decks and picks")
        unknown = set(data) - {"dice", "coins", "decks", "picks"}
        if unknown:
            raise RigError(f"rig has an unknown key {sorted(unknown)[0]!r}")
        dice, coins, picks = data.get("dice", []), data.get("coins", []), data.get("picks", [])
        if not isinstance(dice, list) or not all(type(d) is int and d >= 1 for d in dice):
            raise RigError("rig dice must be a list of faces (whole numbers from 1)")
        if not isinstance(coins, list) or not all(isinstance(c, bool) for c in coins):
            raise RigError("rig coins must be a list of true (face up) / false (face down)")
        if not isinstance(picks, list) or not all(type(p) is int and p >= 0 for p in picks):
            raise RigError("rig picks must be a list of indexes (whole numbers from 0)")
        decks = data.get("decks", {})
        if not isinstance(decks, dict):
            raise RigError("rig decks must map a deck name to card orders")
        orders: dict[str, list[list[str]]] = {}
        for name, queue in decks.items():
            if isinstance(queue, list) and all(isinstance(card, str) for card in queue):
                queue = [queue]  # one order, written flat
            if not isinstance(queue, list) or not all(
                isinstance(order, list) and all(isinstance(card, str) for card in order) for order in queue
            ):
                raise RigError(f"rig deck {name!r} must be a list of card ids (or a list of such lists)")
            orders[name] = [list(order) for order in queue]
        return cls(list(dice), list(coins), orders, list(picks))

    def to_json(self) -> dict[str, object]:
        return {
            "dice": list(self.dice),
            "coins": list(self.coins),
            "decks": {name: [list(o) for o in q] for name, q in self.decks.items()},
            "picks": list(self.picks),
        }


class Chance:
    """Draws outcomes: forced ones first (if rigged), then from the seeded generator."""

    __slots__ = ("_random", "_dice", "_coins", "_decks", "_picks", "_strict")
    _dice: deque[int]
    _coins: deque[bool]
    _decks: dict[str, deque[list[str]]]
    _picks: deque[int]

    def __init__(self, seed: int | str | None = 0, rig: Rig | None = None, *, strict: bool = False):
        # a strict source never draws from the generator: seeding one per replayed action is waste
        self._random = _NO_DRAWS if strict else random.Random(seed)
        self._strict = strict
        if rig is None:  # most games: no forced outcome (one source per game)
            self._dice, self._coins, self._decks, self._picks = deque(), deque(), {}, deque()
            return
        self._dice = deque(rig.dice)
        self._coins = deque(rig.coins)
        self._decks = {name: deque(queue) for name, queue in rig.decks.items()}
        self._picks = deque(rig.picks)

    def reseed(self, seed: int) -> None:
        """Draw from the generator from now on as `Chance(seed)` would (a playout's next turn:
        rules/bots/playout.py), without building a new source: seeding the generator again costs
        half as much. A strict source, which never draws, stays as it is."""
        if not self._strict:
            self._random.seed(seed)

    @classmethod
    def for_log(cls, seed: int, position: int, rig: Rig | None = None) -> Chance:
        """The generator for a game with `seed` whose log holds `position` events: a resumed game
        goes on deterministically without storing the generator's state."""
        return cls(f"{seed}/{position}", rig)

    @classmethod
    def replaying(cls, draws: Sequence[Draw]) -> Chance:
        """A strict source that hands out exactly these recorded outcomes (to check a log).
        Built straight into its queues: a long game's check makes one per action."""
        chance = cls.__new__(cls)
        chance._random, chance._strict = _NO_DRAWS, True
        chance._dice, chance._coins, chance._picks, chance._decks = deque(), deque(), deque(), {}
        for draw in draws:  # draw[0] names the kind (the type checker tells the kinds apart so)
            if draw[0] == "die":
                chance._dice.append(draw[1])
            elif draw[0] == "coin":
                chance._coins.append(draw[1])
            elif draw[0] == "pick":
                chance._picks.append(draw[1])
            else:
                deck, order = draw[1]
                chance._decks.setdefault(deck, deque()).append(list(order))
        return chance

    def exhausted(self) -> bool:
        """True when every forced outcome has been used."""
        return not (self._dice or self._coins or self._picks or any(self._decks.values()))

    def _dry(self, what: str) -> None:
        if self._strict:
            raise RigError(f"the log records no {what} here, but the rules draw one")

    def roll(self, sides: int = 6) -> int:
        """One die with faces 1..sides."""
        if self._dice:
            face = self._dice.popleft()
            if not 1 <= face <= sides:
                raise RigError(f"forced die face {face} does not fit a 1-{sides} die")
            return face
        if self._strict:
            self._dry("die roll")
        return floor(self._random.random() * sides) + 1

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """`count` dice with faces 1..sides, in one call: the same faces as `count` rolls."""
        if self._dice or self._strict:
            return tuple([self.roll(sides) for _ in range(count)])
        random = self._random.random
        if count == 2:  # most rolls: both dice
            return floor(random() * sides) + 1, floor(random() * sides) + 1
        return tuple([floor(random() * sides) + 1 for _ in range(count)])

    def flip(self) -> bool:
        """A fair coin: True is face up."""
        if self._coins:
            return self._coins.popleft()
        self._dry("coin flip")
        return self._random.random() < 0.5

    def pick(self, count: int) -> int:
        """A blind pick among `count` things: an index 0..count-1."""
        if self._picks:
            index = self._picks.popleft()
            if not 0 <= index < count:
                raise RigError(f"forced pick {index} does not fit a choice among {count}")
            return index
        self._dry("blind pick")
        return floor(self._random.random() * count)

    def shuffle(self, deck: str, cards: Sequence[str]) -> tuple[str, ...]:
        """A new order (top first) of `cards` for the deck called `deck`."""
        queue = self._decks.get(deck)
        if queue:
            top = queue.popleft()
            rest = Counter(cards)
            rest.subtract(top)
            if any(n < 0 for n in rest.values()):
                card = next(c for c, n in rest.items() if n < 0)
                raise RigError(f"forced order for deck {deck!r} names {card} more often than the deck holds it")
            if self._strict and sum(rest.values()) != 0:
                raise RigError(f"the log's order for deck {deck!r} leaves out cards the deck holds")
            remaining = [card for card in cards]
            for card in top:
                remaining.remove(card)
            if remaining:  # never so when strict: the order must name every card
                shuffle(self._random, remaining)
            return tuple(top) + tuple(remaining)
        self._dry(f"shuffle of deck {deck!r}")
        order = list(cards)
        shuffle(self._random, order)
        return tuple(order)


class _NoDraws(random.Random):
    """The generator of a strict source, which never draws: its queues run dry first (`_dry`)."""

    def random(self) -> float:
        raise RigError("a strict source has no generator to draw from")

    def getrandbits(self, k: int, /) -> int:
        raise RigError("a strict source has no generator to draw from")


_NO_DRAWS = _NoDraws(0)  # one for every strict source: seeding a generator for each is waste


def shuffle(generator: random.Random, order: list[T]) -> None:
    """`generator.shuffle(order)`, the very same draws and order, without a method call per card
    (`random.Random.shuffle` calls `_randbelow` for each): every game shuffles at its set-up."""
    getrandbits = generator.getrandbits
    if len(order) > len(_BITS):
        _BITS.extend((i + 1).bit_length() for i in range(len(_BITS), len(order)))
    for i in range(len(order) - 1, 0, -1):
        bits = _BITS[i]  # a uniform index in 0..i, drawn as Random._randbelow_with_getrandbits does
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]


_BITS = [(i + 1).bit_length() for i in range(64)]  # i -> the bits of i + 1 (`shuffle` draws that many for i)
