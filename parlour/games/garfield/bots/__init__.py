"""The smart Garfield bot: exact expected values over the dice, from the seat's view alone.

Everything is measured in *progress*: 40 per ring held plus the steps made toward the next ring,
so that every option (a roll, a card played, a lasagna, a swap) can be compared on one scale.
Each option's value is its expected progress after the dice (spaces followed, chains, RED and
LASAGNA_8 offers, doubles bonus and the winning ring included) minus what the cards it spends
are worth keeping. Cards in hand are worth `KEEP` each; a card drawn unseen is worth the mean.

Nothing here looks at hidden information: the hand is the seat's own, the positions, rings and
the face-up Garfield card are public, and cards still to come are valued by their average.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar, cast

from parlour.rules.game import Game
from parlour.rules.records import HIDDEN

from ..rules import board, cards
from ..rules.records import Action, Decision, Discard, FollowGarfield, Give, Lasagna, LoseTurn, PlayCard, SwapWith
from ..rules.state import State

SIZE, TAIL = board.SIZE, board.TAILEND_SPACE
WIN = 1000.0  # value of earning the third ring: more than any amount of progress

# What a card in hand is worth (in steps of progress) when kept for later: a Lasagna buys about a
# roll, a Blindfold rolls twice on average. Checked with tools/bots_tune.py: moving one of these
# by 2 either way changes the win rate against three standard smart bots by less than the noise.
KEEP: dict[str, float] = {
    cards.LASAGNA: 5.0,
    cards.BLINDFOLD: 5.0,
    cards.NAP_ATTACK: 3.0,
    cards.PUT_ONE_OVER_TWICE: 2.0,
    cards.PUT_ONE_OVER_TEN: 2.0,
    cards.PUT_ONE_OVER_SWAP: 2.0,
}
MEAN_CARD = sum(KEEP[c] * n for c, n in cards.PLAYER_COUNTS.items()) / len(cards.PLAYER_DECK)
KEEP[HIDDEN] = MEAN_CARD
SPITE = 0.25  # weight of a rival's loss, for choices that move a rival (swaps, gifts)
MAX_DEPTH = 4  # chained rolls (RED, doubles) followed exactly up to this depth


Dist = tuple[tuple[int, float, bool], ...]  # (steps, probability, doubles)


def _dist(faces: Iterable[tuple[int, float, bool]]) -> Dist:
    """Group (steps, doubles) outcomes into (steps, probability, doubles)."""
    out: dict[tuple[int, bool], float] = {}
    for steps, prob, doubles in faces:
        out[(steps, doubles)] = out.get((steps, doubles), 0.0) + prob
    return tuple((s, p, d) for (s, d), p in sorted(out.items()))


TWO = [(a, b) for a in range(1, 7) for b in range(1, 7)]
ROLLS: dict[str | None, Dist] = {
    None: _dist((a + b, 1 / 36, False) for a, b in TWO),
    cards.G_ONE_DIE: _dist((f, 1 / 6, False) for f in range(1, 7)),
    cards.G_BACKWARD: _dist((-f, 1 / 6, False) for f in range(1, 7)),
    cards.G_PLUS_2: _dist((a + b + 2, 1 / 36, False) for a, b in TWO),
    cards.G_MINUS_2: _dist((max(0, a + b - 2), 1 / 36, False) for a, b in TWO),
    cards.G_HIGHER_DIE: _dist((max(a, b), 1 / 36, False) for a, b in TWO),
    cards.G_DOUBLES_AGAIN: _dist((a + b, 1 / 36, a == b) for a, b in TWO),
}


def _convolve(first: Dist, second: Dist) -> Dist:
    return _dist((s1 + s2, p1 * p2, False) for s1, p1, _ in first for s2, p2, _ in second)


TWICE = _convolve(ROLLS[None], ROLLS[None])


def _blindfold() -> Dist:
    """Roll both dice and move; while the total is even, again (total steps, prob)."""
    out: dict[int, float] = {}
    frontier = {0: 1.0}
    while frontier:
        nxt: dict[int, float] = {}
        for base, prob in frontier.items():
            for steps, p, _ in ROLLS[None]:
                q = prob * p
                if q < 1e-7:
                    continue
                target = out if steps % 2 else nxt
                target[base + steps] = target.get(base + steps, 0.0) + q
        frontier = nxt
    total = sum(out.values())
    return tuple((s, p / total, False) for s, p in sorted(out.items()))


BLINDFOLD = _blindfold()


def progress(position: int, rings: int) -> int:
    return 40 * rings + (position + 1) % SIZE


def move(position: int, rings: int, steps: int, centre: int) -> tuple[int, int, bool]:
    """Where a pawn ends after `steps` (step by step, as parlour/games/garfield/rules/turn.py `_move`): (position, rings, won)."""
    if steps > 0:
        first = (TAIL - position) % SIZE or SIZE
        if steps >= first:
            crossings = 1 + (steps - first) // SIZE
            gained = min(crossings, centre)
            if rings + gained >= cards.RINGS_TO_WIN:
                return TAIL, cards.RINGS_TO_WIN, True
            rings += gained
    elif steps < 0:
        first = (position - TAIL) % SIZE + 1
        if -steps >= first:
            rings = max(0, rings - (1 + (-steps - first) // SIZE))
    return (position + steps) % SIZE, rings, False


# (rings in the centre, the cheapest card's worth, a hand at all) -> a roll's key -> its value. A
# playout asks the same rolls again and again (a hint's or an analysis's thousands of them): kept
# between decisions, the bot's values and choices are the very same, at about half the cost.
KEPT_VALUES = 20_000  # values kept per context at most (a few MiB in all: 18,000 after 300 whole games)
_ROLL_VALUES: dict[tuple[int, float, bool], dict[tuple[object, ...], float]] = {}


class Planner:
    """Expected values for one seat in one view. Values are absolute (progress plus the worth of
    cards gained or lost this turn), so options compare directly."""

    def __init__(self, view: State, seat: int):
        self.view = view
        self.seat = seat
        hand = view.hands[seat]
        self.hand = hand
        self.lasagnas = hand.count(cards.LASAGNA)
        self.cheapest = min((KEEP.get(c, MEAN_CARD) for c in hand), default=0.0)
        self.centre = view.centre
        # a roll's value depends on the view only through these: shared by every Planner with them
        self._cache = _ROLL_VALUES.setdefault((self.centre, self.cheapest, bool(hand)), {})
        if len(self._cache) > KEPT_VALUES:
            self._cache.clear()

    # ---- the turn, step by step (mirrors parlour/games/garfield/rules/turn.py) --------------------------

    def roll(
        self,
        card: str | None,
        pos: int,
        rings: int,
        extra: int = 0,
        bonus: int = 0,
        lasagnas: int | None = None,
        depth: int = 0,
    ) -> float:
        """A roll as `card` says (None: plain) and the space followed."""
        lasagnas = self.lasagnas if lasagnas is None else lasagnas
        key = ("roll", card, pos, rings, extra, bonus, lasagnas, depth)
        if key in self._cache:
            return self._cache[key]
        dist = ROLLS.get(card, ROLLS[None])
        total = 0.0
        for steps, prob, doubles in dist:
            b = 1 if (doubles and bonus == 0) else bonus
            total += prob * self.land(card, pos, rings, steps + extra, b, lasagnas, depth)
        self._cache[key] = total
        return total

    def garfield_roll(self, card: str | None, pos: int, rings: int, bonus: int, lasagnas: int, depth: int) -> float:
        """A roll as the turn's card says, with a lasagna deal offered where the card has one."""
        plain = self.roll(card, pos, rings, 0, bonus, lasagnas, depth)
        if lasagnas and card == cards.G_ADVANCE_7:
            played = self.roll(card, pos, rings, 7, bonus, lasagnas - 1, depth) - KEEP[cards.LASAGNA]
            return max(plain, played)
        if lasagnas and card == cards.G_ROLL_TWICE:
            played = self.spread(TWICE, card, pos, rings, bonus, lasagnas - 1, depth) - KEEP[cards.LASAGNA]
            return max(plain, played)
        return plain

    def spread(
        self, dist: Dist, card: str | None, pos: int, rings: int, bonus: int, lasagnas: int, depth: int
    ) -> float:
        name = "twice" if dist is TWICE else "blindfold" if dist is BLINDFOLD else None  # the long ones, kept
        key = ("spread", name, card, pos, rings, bonus, lasagnas, depth)
        if name is not None and key in self._cache:
            return self._cache[key]
        total = sum(prob * self.land(card, pos, rings, steps, bonus, lasagnas, depth) for steps, prob, _ in dist)
        if name is not None:
            self._cache[key] = total
        return total

    def land(self, card: str | None, pos: int, rings: int, steps: int, bonus: int, lasagnas: int, depth: int) -> float:
        pos, rings, won = move(pos, rings, steps, self.centre)
        if won:
            return WIN + progress(pos, rings)
        return self.follow(card, pos, rings, bonus, False, lasagnas, depth)

    def follow(
        self, card: str | None, pos: int, rings: int, bonus: int, ends: bool, lasagnas: int, depth: int
    ) -> float:
        """Follow the space at `pos` and go on with the turn."""
        space = board.SPACES[pos]
        if space == board.CHANGES_MIND:
            return progress(pos, rings)
        if space == board.BACK_7:
            pos, rings, _ = move(pos, rings, -7, self.centre)
            return self.follow(card, pos, rings, bonus, True, lasagnas, depth)
        if space == board.LASAGNA_8 and lasagnas:
            no = self.go_on(card, pos, rings, bonus, ends, lasagnas, depth)
            return max(no, self.lasagna_8(card, pos, rings, bonus, lasagnas, depth))
        if space == board.RED and lasagnas:
            no = self.go_on(card, pos, rings, bonus, ends, lasagnas, depth)
            return max(no, self.lasagna_red(card, pos, rings, bonus, lasagnas, depth))
        worth = 0.0
        if space == board.GREEN and self.hand:
            worth = -self.cheapest
        elif space == board.TAKE_1:
            worth = MEAN_CARD
        elif space == board.TAKE_2:
            worth = 2 * MEAN_CARD
        return worth + self.go_on(card, pos, rings, bonus, ends, lasagnas, depth)

    def go_on(self, card: str | None, pos: int, rings: int, bonus: int, ends: bool, lasagnas: int, depth: int) -> float:
        if bonus == 1 and not ends and depth < MAX_DEPTH:
            return self.roll(card, pos, rings, 0, 2, lasagnas, depth + 1)
        return progress(pos, rings)

    def lasagna_8(self, card: str | None, pos: int, rings: int, bonus: int, lasagnas: int, depth: int) -> float:
        pos, rings, won = move(pos, rings, 8, self.centre)
        cost = KEEP[cards.LASAGNA]
        if won:
            return WIN + progress(pos, rings) - cost
        return self.follow(card, pos, rings, bonus, True, lasagnas - 1, depth) - cost

    def lasagna_red(self, card: str | None, pos: int, rings: int, bonus: int, lasagnas: int, depth: int) -> float:
        if depth >= MAX_DEPTH:
            return progress(pos, rings) + 7 - KEEP[cards.LASAGNA]
        return self.garfield_roll(card, pos, rings, bonus, lasagnas - 1, depth + 1) - KEEP[cards.LASAGNA]

    # ---- the options ----------------------------------------------------------------------

    def me(self) -> tuple[int, int]:
        return self.view.positions[self.seat], self.view.rings[self.seat]

    def swap_value(self, other: int, rings: bool) -> float:
        """My progress after changing places (and rings) with `other`, plus some spite."""
        pos, my_rings = self.me()
        their_pos, their_rings = self.view.positions[other], self.view.rings[other]
        mine = progress(their_pos, their_rings if rings else my_rings)
        theirs_before = progress(their_pos, their_rings)
        theirs_after = progress(pos, my_rings if rings else their_rings)
        return mine + SPITE * (theirs_before - theirs_after) * self.threat(other)

    def threat(self, other: int) -> float:
        """How much a rival matters: the leader most."""
        best = max(
            progress(p, r) for i, (p, r) in enumerate(zip(self.view.positions, self.view.rings)) if i != self.seat
        )
        mine = progress(self.view.positions[other], self.view.rings[other])
        return 1.0 if mine >= best else 0.5

    def best_swap(self, rings: bool) -> float:
        return max(self.swap_value(o, rings) for o in range(len(self.view.players)) if o != self.seat)

    def follow_garfield(self) -> float:
        """Value of FollowGarfield at the start of the turn."""
        card = self.view.face_up
        pos, rings = self.me()
        plain = self.garfield_roll(card, pos, rings, 0, self.lasagnas, 0)
        if card == cards.G_SWAP:
            return self.best_swap(True)
        if card == cards.G_LOSE_TURN:
            return progress(pos, rings)
        if card == cards.G_GIVE_OR_LOSE and self.hand:
            return max(progress(pos, rings), plain - self.cheapest)
        if card == cards.G_GIVE_LEFT and self.hand:
            return plain - self.cheapest * (1 + SPITE)
        if card == cards.G_TAKE_THEN_ROLL:
            return plain + MEAN_CARD
        return plain

    def play_card(self, card: str) -> float:
        """Value of playing `card` at the start of the turn (Garfield ignored)."""
        pos, rings = self.me()
        lasagnas = self.lasagnas
        cost = KEEP.get(card, MEAN_CARD)
        if card == cards.NAP_ATTACK:
            value = self.roll(None, pos, rings, 0, 0, lasagnas, 0)
        elif card == cards.BLINDFOLD:
            value = self.spread(BLINDFOLD, None, pos, rings, 0, lasagnas, 0)
        else:
            stay = progress(pos, rings)
            if card == cards.PUT_ONE_OVER_TEN:
                up = self.land(None, pos, rings, 10, 0, lasagnas, 0)
            elif card == cards.PUT_ONE_OVER_TWICE:
                up = self.spread(TWICE, None, pos, rings, 0, lasagnas, 0)
            else:  # PUT_ONE_OVER_SWAP: with 2 players the swap partner is the other player
                up = self.best_swap(False)
            value = 0.5 * stay + 0.5 * up
        return value - cost


class GarfieldSmart:
    """Chooses by Planner's expected values; ties go to the first legal option."""

    def __init__(self, rng: random.Random | None = None):
        self._random = rng

    def choose(self, game: Game[State, State], view: State, seat: int, actions: list[Action]) -> Action:
        # The options of each question are of the action classes turn.py's `_options` lists for it.
        plan = Planner(view, seat)
        pending = view.pending
        if pending is None:  # FollowGarfield or PlayCard
            return _best(
                cast("list[FollowGarfield | PlayCard]", actions),
                lambda a: plan.follow_garfield() if isinstance(a, FollowGarfield) else plan.play_card(a.card),
            )
        pos, rings = plan.me()
        card = view.faced if pending.garfield else None
        kind = pending.kind
        if kind.startswith("lasagna"):

            def lasagna(a: Lasagna) -> float:
                if kind == Decision.LASAGNA_ADVANCE:
                    extra = 7 if a.play else 0
                    return (
                        plan.roll(card, pos, rings, extra, pending.bonus, plan.lasagnas - a.play, 0)
                        - a.play * KEEP[cards.LASAGNA]
                    )
                if kind == Decision.LASAGNA_TWICE:
                    if a.play:
                        return (
                            plan.spread(TWICE, card, pos, rings, pending.bonus, plan.lasagnas - 1, 0)
                            - KEEP[cards.LASAGNA]
                        )
                    return plan.roll(card, pos, rings, 0, pending.bonus, plan.lasagnas, 0)
                if not a.play:
                    return plan.go_on(card, pos, rings, pending.bonus, pending.ends, plan.lasagnas, 0)
                if kind == Decision.LASAGNA_8:
                    return plan.lasagna_8(card, pos, rings, pending.bonus, plan.lasagnas, 0)
                return plan.lasagna_red(card, pos, rings, pending.bonus, plan.lasagnas, 0)

            return _best(cast("list[Lasagna]", actions), lasagna)
        if kind in (Decision.SWAP_RINGS, Decision.SWAP_PLACES):
            return _best(
                cast("list[SwapWith]", actions), lambda a: plan.swap_value(a.target, kind == Decision.SWAP_RINGS)
            )
        if kind == Decision.GIVE_OR_LOSE:
            roll = plan.garfield_roll(card, pos, rings, pending.bonus, plan.lasagnas, 0)

            def give_or_lose(a: Discard | LoseTurn) -> float:
                if isinstance(a, LoseTurn):
                    return progress(pos, rings)
                # a lasagna given up is one fewer for the roll's own deals
                return roll - KEEP.get(a.card, MEAN_CARD) - (0.01 if a.card == cards.LASAGNA else 0)

            return _best(cast("list[Discard | LoseTurn]", actions), give_or_lose)
        # green (Discard) and give_left (Give): part with the card worth least
        return _best(cast("list[Discard | Give]", actions), lambda a: -KEEP.get(a.card, MEAN_CARD))


A = TypeVar("A", bound=Action)


def _best(actions: Sequence[A], value: Callable[[A], float]) -> A:
    best, best_value = actions[0], None
    for action in actions:
        v = value(action)
        if best_value is None or v > best_value + 1e-9:
            best, best_value = action, v
    return best
