"""The smart Smurf bot. The Smurf Game hides nothing, so the view is the whole board.

It plans with expected turns to win: on a board without cats, a value iteration over (square,
in a food area, kinds held) gives each pawn the expected number of turns it needs to collect
the missing kinds (from circles that still have discs) and enter HOME by the exact count, moving
each roll the best legal way. Then:

- a roll is answered with the way that leaves the fewest expected turns;
- rolling is compared with turning wheel 1 or 2 (a turn spent, but the cats move) by a small
  expectimax over the seat's own next turns (DEPTH), so a wheel turn that unblocks the way is
  taken; a turn that drops a cat under a rival (who then loses a disc) earns RIVALRY times the
  turns that loss costs the rival. Blocking rivals is not sought for its own sake: with every
  seat doing it, nobody would ever open the way home.
- a disc to give up is a duplicate if there is one, otherwise the kind cheapest to regain.
- a game must end: the start of a turn never lets a turn pass that changes nothing while some
  action changes something (parlour/games/smurf/bots/waiting.py); after WAIT_LIMIT own turns at one place
  the bot rolls whenever a roll could move it; and while a missing kind's circle is empty (only a
  cat dropped under one of its holders brings a disc back) it values a wheel turn by the circles
  after the drop and prefers turning wheels to wandering.

The cats showing are seen by the search (the seat's next DEPTH turns); past that, the table of
the empty circles takes over. Tables are cached per set of empty circles (16 at most), shared by
every bot in the process, and read from parlour/games/smurf/bots/tables.py rather than worked out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import cast

from parlour.rules.game import Game
from parlour.rules.records import Action

from ..rules import board, wheels
from ..rules.records import GiveUp, Move, Roll, TurnWheel
from ..rules.state import State
from . import waiting as smurf_waiting
from .waiting import CHANGES
from .ways import cat_bits, cats_around, ends_of, options, places as _places, reach, turned, ways

CAP = 500.0  # expected turns for a goal that cannot be reached with these circles
RIVALRY = 0.3  # weight of the turns a rival loses when a wheel turn drops a cat under it
FULL = (1 << len(board.KINDS)) - 1

Place = tuple[int, bool]  # (square, in a food area)
Key = tuple[int, bool, int]  # (square, in a food area, kinds held as a bit mask): a table's key
Wheels = tuple[int, ...]  # the wheels' positions
# a roll's ending, as `_successors` lists it: (the squares it steps onto, end square (None: won),
# in a food area, kinds mask after it, the squares a roll from there could step onto)
Ending = tuple[int, int | None, bool, int, int]


@lru_cache(maxsize=4096)  # discs held per kind: a few hundred tuples in practice
def _mask(held: tuple[int, ...]) -> int:
    return sum(1 << i for i, n in enumerate(held) if n)


@cache  # 16 masks at most, a few KB each
def table(empty: int) -> dict[Key, float]:
    """`worked_out(empty)`, read from parlour/games/smurf/bots/tables.py: working the tables out took
    ~90 ms of a 500-game simulate run (tools/smurf_tables.py writes that file from `worked_out`;
    parlour/games/smurf/tests/test_tables.py checks it is up to date)."""
    import binascii
    import struct

    from .tables import PACKED

    keys = table_keys()
    return dict(zip(keys, struct.unpack(f"<{len(keys)}d", binascii.a2b_base64(PACKED[empty]))))


def table_keys() -> list[Key]:
    """The (square, inside, kinds mask) of a table, in the order smurf_tables.py lists values."""
    return [(sq, inside, mask) for mask in range(FULL + 1) for sq, inside in _places()]


def worked_out(empty: int) -> dict[Key, float]:
    """Expected turns to win from every (square, inside, kinds mask) on a board with no cats and
    the circles in `empty` (bit mask) giving nothing. The cats are left to the search, which
    sees the real ones for the seat's next turns: a table per wheel position was 82 % of the
    bot's time and all of its memory, and bought no strength the search does not give."""
    places = _places()
    steps: dict[Place, list[list[tuple[int, bool, int | None]]]] = {}
    for sq, inside in places:
        per_die = []
        for die in range(1, 7):
            outs: list[tuple[int, bool, int | None]] = []
            for move, end, _ in ways(sq, inside, die):
                if move.food is not None:
                    k = board.KIND_INDEX[move.food]
                    outs.append((end, True, None if (empty >> k) & 1 else k))
                else:
                    outs.append((end, False, None))
            per_die.append(outs)
        steps[(sq, inside)] = per_die
    value: dict[Key, float] = {}
    for mask in sorted(range(FULL + 1), key=lambda m: -bin(m).count("1")):
        current = _iterate(mask, places, steps, value)
        for (sq, inside), v in zip(places, current):
            value[(sq, inside, mask)] = v
    return value


def _iterate(
    mask: int,
    places: list[Place],
    steps: dict[Place, list[list[tuple[int, bool, int | None]]]],
    value: dict[Key, float],
) -> list[float]:
    """The values of every place with `mask` held, by value iteration (in place, in the order of
    `places`). Each face of each place is planned once: the best of what it may lead to that
    is already known (an ending that completes a kind: another mask's value; HOME with every
    kind: 0), and the places of this mask whose values are still being worked out."""
    at = {place: i for i, place in enumerate(places)}
    plan = []
    for place in places:
        faces = []
        for outs in steps[place]:
            known = CAP
            open_: list[int] = []
            if not outs:
                open_.append(at[place])  # no way open: the pawn stays
            for end, inside, k in outs:
                if mask == FULL and end == board.HOME and not inside:
                    known, open_ = 0.0, []  # won: nothing beats it
                    break
                new_mask = mask | (1 << k) if k is not None else mask
                if new_mask != mask:
                    known = min(known, value[(end, inside, new_mask)])
                else:
                    open_.append(at[(end, inside)])
            faces.append((known, tuple(open_)))
        plan.append(tuple(faces))
    current = [CAP] * len(places)
    for _ in range(500):
        change = 0.0
        for i, planned in enumerate(plan):
            total = 0.0
            for best, still_open in planned:
                for j in still_open:
                    if current[j] < best:
                        best = current[j]
                total += best
            v = min(CAP, 1.0 + total / 6)
            d = abs(v - current[i])
            if d > change:
                change = d
            current[i] = v
        if change < 1e-3:
            break
    return current


@lru_cache(maxsize=1024)  # discs left per circle
def _empty_circles(circles: tuple[int, ...]) -> int:
    """The circles with no disc left, as a bit mask."""
    return sum(1 << i for i, n in enumerate(circles) if n == 0)


MEMO_LIMIT = 50_000  # searched values kept between decisions (a few MB); then start afresh
_memo: dict[tuple[object, ...], float] = {}  # Search's values, by keys of a few shapes (see there)
# (empty circles, square, inside, kinds mask) -> per face, every ending of that roll on a board
# without cats as (its value with the search's leaves, the squares it steps onto), best first: the
# best legal ending under some cats is then the first that steps on none of them
_ranked: dict[tuple[int, int, bool, int], tuple[tuple[tuple[float, int], ...], ...]] = {}


_searches: dict[int, Search] = {}  # empty circles -> its Search
_by_circles: dict[tuple[int, ...], Search] = {}  # discs left per circle -> the Search of its empty ones


class Search:
    """A small expectimax over this seat's own next turns (roll, or turn a wheel), the other
    seats assumed to leave the wheels alone; leaves are valued by `table`. A value depends only
    on its key (the empty circles are part of it), so values are shared by every decision.

    One turn before the leaves (depth 1) a wheel turn leads straight to a leaf, whatever the
    wheels show, so such a value depends on the wheels only through the cats they show now; it
    is worked out from the ranked endings (`_ranked`) instead of walking the search tree."""

    def __init__(self, empty: int):
        self.empty = empty  # the circles with no disc left, as a bit mask
        self.values = table(empty)
        self._memo = _memo

    @staticmethod
    def of(circles: tuple[int, ...]) -> Search:
        """The search for a board with these discs left on the circles (one per set of empty
        circles, shared by every decision: it holds nothing else)."""
        if len(_memo) > MEMO_LIMIT:
            _memo.clear()
            _ranked.clear()
            _starts.clear()
            _moves.clear()
        found = _by_circles.get(circles)
        if found is None:
            empty = _empty_circles(circles)
            found = _searches.get(empty)
            if found is None:
                found = _searches[empty] = Search(empty)
            if len(_by_circles) > 4096:  # discs left per circle: a few hundred ever seen
                _by_circles.clear()
            _by_circles[circles] = found
        return found

    def leaf(self, wp: Wheels, sq: int, inside: bool, mask: int) -> float:
        return self.values[(sq, inside, mask)]

    def after_move(self, wp: Wheels, sq: int, inside: bool, mask: int, move: Move, end: int, depth: int) -> float:
        """The value once `move` (ending on `end`) is made."""
        if move.food is None:
            if end == board.HOME and mask == FULL:
                return -1.0  # won
            return self.value(wp, end, False, mask, depth)
        k = board.KIND_INDEX[move.food]
        if not (self.empty >> k) & 1:
            mask |= 1 << k
        return self.value(wp, end, True, mask, depth)

    def roll(self, wp: Wheels, sq: int, inside: bool, mask: int, depth: int) -> float:
        """Expected turns if this turn is a roll (the best way taken for each face)."""
        if depth == 1:
            return self._roll_last(cat_bits(wp), sq, inside, mask)
        if depth == 2:
            return self._roll_two(cat_bits(wp), sq, inside, mask)
        total = 0.0
        for die in range(1, 7):
            outs = options(sq, inside, die, wp)
            if not outs:
                total += self.value(wp, sq, inside, mask, depth - 1)
            else:
                total += min(self.after_move(wp, sq, inside, mask, m, e, depth - 1) for m, e in outs)
        return 1.0 + total / 6

    def value(self, wp: Wheels, sq: int, inside: bool, mask: int, depth: int) -> float:
        if depth <= 0:
            return self.values[(sq, inside, mask)]
        if depth == 1:
            return self._value_last(cat_bits(wp), sq, inside, mask)
        key = (self.empty, wp, sq, inside, mask, depth)
        best = self._memo.get(key)  # one look-up: a hint's thread may clear the shared memo between two
        if best is None:
            best = self.roll(wp, sq, inside, mask, depth)
            for wheel in wheels.WHEELS:
                best = min(best, 1.0 + self.value(turned(wp, wheel), sq, inside, mask, depth - 1))
            self._memo[key] = best
        return best

    def _value_last(self, cats: int, sq: int, inside: bool, mask: int) -> float:
        """`value` one turn before the leaves, with these cats (bit mask) showing: only those
        within a roll of the pawn count, so only they are part of the key."""
        key = (self.empty, cats & reach(sq, inside), sq, inside, mask)
        found = self._memo.get(key)
        if found is None:  # a wheel turn: one turn spent, then the leaf (the same for both)
            found = self._memo[key] = min(
                self._roll_last(cats, sq, inside, mask), 1.0 + self.values[(sq, inside, mask)]
            )
        return found

    def _roll_two(self, cats: int, sq: int, inside: bool, mask: int) -> float:
        """`roll` two turns before the leaves (`after_move` and `value` unrolled: the hot path)."""
        empty, memo = self.empty, self._memo
        faces, near = _successors(empty, sq, inside, mask)
        key = (empty, cats & near, sq, inside, mask, 2)
        found = memo.get(key)
        if found is not None:
            return found
        stay = self._value_last(cats, sq, inside, mask)
        total = 0.0
        for endings in faces:
            best: float | None = None
            for steps, end, now_inside, now_mask, end_reach in endings:
                if steps & cats:
                    continue
                if end is None:
                    best = -1.0  # won: nothing beats it
                    break
                v = memo.get((empty, cats & end_reach, end, now_inside, now_mask))
                if v is None:
                    v = self._value_last(cats, end, now_inside, now_mask)
                if best is None or v < best:
                    best = v
            total += stay if best is None else best
        found = memo[key] = 1.0 + total / 6
        return found

    def _roll_last(self, cats: int, sq: int, inside: bool, mask: int) -> float:
        """`roll` one turn before the leaves, with these cats (bit mask) showing."""
        key = (self.empty, sq, inside, mask)
        faces = _ranked.get(key)
        if faces is None:
            faces = _ranked[key] = tuple(
                tuple(
                    sorted(
                        (self.after_move(_NO_WHEELS, sq, inside, mask, move, end, 0), steps)
                        for move, end, steps in ways(sq, inside, die)
                    )
                )
                for die in range(1, 7)
            )
        total = 0.0
        for endings in faces:
            for v, steps in endings:
                if not steps & cats:
                    total += v
                    break
            else:  # no way open: the pawn stays
                total += self.values[(sq, inside, mask)]
        return 1.0 + total / 6


@cache  # 16 sets of empty circles x 44 places x 16 masks at most
def _successors(empty: int, sq: int, inside: bool, mask: int) -> tuple[tuple[tuple[Ending, ...], ...], int]:
    """Per face, every ending of a roll as (the squares it steps onto, end square, in a food
    area, kinds mask after it, the squares a roll from there could step onto); the end square
    None for the winning entry HOME. And every square that matters to two rolls from here."""
    faces: list[tuple[Ending, ...]] = []
    near = reach(sq, inside)
    for die in range(1, 7):
        endings: list[Ending] = []
        for move, end, steps in ways(sq, inside, die):
            place: Place
            if move.food is None:
                won = end == board.HOME and mask == FULL
                place, new_mask = (end, False), mask
            else:
                k = board.KIND_INDEX[move.food]
                won, place, new_mask = False, (end, True), mask if (empty >> k) & 1 else mask | 1 << k
            near |= reach(*place)
            endings.append((steps, None if won else end, place[1], new_mask, reach(*place)))
        faces.append(tuple(endings))
    return tuple(faces), near


@lru_cache(maxsize=4096)  # per set of empty circles, discs held and place: a few hundred in practice
def _after_loss(search: Search, held: tuple[int, ...], sq: int, inside: bool) -> tuple[int, ...]:
    """The discs a player at this place holds once it has given one up, as this bot would choose
    (the cheapest loss by the tables; the wheels do not matter to it)."""
    options = [i for i, n in enumerate(held) if n]
    if not options:
        return held

    def loss(i: int) -> tuple[float, int]:
        left = tuple(n - (j == i) for j, n in enumerate(held))
        return (search.values[(sq, inside, _mask(left))], -held[i])

    i = min(options, key=loss) if len(options) > 1 else options[0]
    return tuple(n - (j == i) for j, n in enumerate(held))


DEPTH = 2  # own turns searched before the tables take over
# own turns a pawn may spend at one place (the same discs held) before it rolls whenever a roll
# could move it: past the search's horizon waiting always looks cheap (parlour/games/smurf/bots/waiting.py),
# and a wheel turn that changes something of no use to the pawn can look so for a whole cycle
WAIT_LIMIT = 8


class SmurfSmart:
    def __init__(self, rng: random.Random | None = None):
        self._random = rng
        self._waited: dict[int, tuple[Here | None, int]] = {}  # seat -> (place and discs, own turns there)

    def choose(self, game: Game[State, State], view: State, seat: int, actions: list[Action]) -> Action:
        first = type(actions[0])
        search = Search.of(view.circles)
        if first is Roll or first is TurnWheel:
            return self._start(search, view, seat, actions)
        sq, inside, wp = view.positions[seat], view.inside[seat], view.wheels
        mask = _mask(view.held[seat])
        if first is GiveUp:
            held = _after_loss(search, view.held[seat], sq, inside)
            gone = next(i for i, (a, b) in enumerate(zip(view.held[seat], held)) if a != b)
            return GiveUp(board.KINDS[gone])
        rolled = view.rolled
        if first is Move and rolled is not None:  # (a Move is offered only while a roll waits for one)
            # the choice depends on the board through the cats on this face's ways (which are
            # legal) and within a roll of where each ends (their values) only
            key = (search.empty, sq, inside, mask, rolled, cat_bits(wp) & _near_roll(sq, inside, rolled))
            chosen = _moves.get(key)
            if chosen is None:
                ends = ends_of(sq, inside, rolled)
                moves = cast("list[Move]", actions)  # the answers to a roll: Moves only (`first`)
                best = min(moves, key=lambda m: self._move_key(search, wp, sq, inside, mask, m, ends[m]))
                chosen = _moves[key] = actions.index(best)
            return actions[chosen]
        raise AssertionError(f"not a Smurf action: {actions[0]!r}")  # the rules offer no other

    def _start(self, search: Search, view: State, seat: int, actions: list[Action]) -> Action:
        """The start of a turn (`actions`: the rules' Roll, TurnWheel(1), TurnWheel(2)): roll, or
        turn a wheel (which may also drop a cat under a rival); never a turn that changes nothing
        while one that changes something is there, and after WAIT_LIMIT turns at one place a roll
        whenever it could move the pawn."""
        here: Here = (view.positions[seat], view.inside[seat], view.held[seat])
        sq, inside, held = here
        place, waited = self._waited.get(seat, _NOWHERE)
        waited = waited if place == here else 0
        self._waited[seat] = (here, waited + 1)
        if waited < WAIT_LIMIT:
            now, after_first, after_second, appear_first, appear_second = cats_around(view.wheels)
            # unless a wheel turn may drop a cat under a pawn and cost it a disc (that depends on the others)
            if not smurf_waiting.drops_on_discs(view, appear_first | appear_second):
                empty, mask = search.empty, _mask(held)
                near, close = _near(empty, sq, inside, mask)
                key = (empty, sq, inside, mask, now & near, after_first & close, after_second & close)
                chosen = _starts.get(key)
                if chosen is None:
                    chosen = _starts[key] = _plain_start(search, sq, inside, mask, now, after_first, after_second)
                return actions[chosen]
        return self._start_searched(search, view, seat, actions, waited)

    def _start_searched(self, search: Search, view: State, seat: int, actions: list[Action], waited: int) -> Action:
        """`_start` worked out (`waited`: own turns already spent at this place), a wheel turn
        scored with the discs it makes players give up."""
        tiers = smurf_waiting.tiers(view, seat, actions)
        if waited >= WAIT_LIMIT and tiers[0] == CHANGES:
            return actions[0]  # the roll, which can move the pawn
        sq, inside = view.positions[seat], view.inside[seat]
        return actions[
            _best_start(
                search,
                sq,
                inside,
                _mask(view.held[seat]),
                cat_bits(view.wheels),
                tiers,
                lambda i: self._turn_score(search, view, seat, cast(TurnWheel, actions[i])),  # (i > 0: a wheel)
            )
        ]

    @staticmethod
    def _move_key(
        search: Search, wp: Wheels, sq: int, inside: bool, mask: int, move: Move, end: int
    ) -> tuple[float, bool]:
        value = search.after_move(wp, sq, inside, mask, move, end, DEPTH - 1)
        # equal values: do not take a disc of a kind already held (leave it for nobody's gain)
        return (round(value, 6), move.food is not None and bool(mask >> board.KIND_INDEX[move.food] & 1))

    @staticmethod
    def _turn_score(search: Search, view: State, seat: int, action: TurnWheel) -> float:
        """Expected turns to win if this turn turns a wheel (`action`), less RIVALRY times the
        turns it costs the rivals under a cat it makes appear."""
        wp = view.wheels
        sq, inside = view.positions[seat], view.inside[seat]
        after = turned(wp, action.wheel)
        lost = _losses(view, search, wp, after)
        if not lost:
            return 1.0 + search.value(after, sq, inside, _mask(view.held[seat]), DEPTH - 1)
        # a disc given up goes back to its circle: one that was empty makes new goals reachable
        refilled = list(view.circles)
        for s, held in lost.items():
            for k, (before, now) in enumerate(zip(view.held[s], held)):
                refilled[k] += before - now
        mine_search = Search.of(tuple(refilled))
        mine = 1.0 + mine_search.value(after, sq, inside, _mask(lost.get(seat, view.held[seat])), DEPTH - 1)
        # a cat dropped under a rival costs them a disc: count what that costs them
        hurt = sum(
            search.leaf(after, view.positions[s], False, _mask(held))
            - search.leaf(after, view.positions[s], False, _mask(view.held[s]))
            for s, held in lost.items()
            if s != seat
        )
        return mine - RIVALRY * hurt


def _plain_start(search: Search, sq: int, inside: bool, mask: int, now: int, first: int, second: int) -> int:
    """`_start_searched` (its index among `_STARTS`) for a start where no wheel turn drops a cat
    under a pawn with a disc and the pawn has waited less than WAIT_LIMIT turns: the same tiers
    and scores, a wheel turn's without losses, from the cats showing now, after turning wheel 1
    and after wheel 2 (bit masks), without the view."""
    afters = (now, first, second)  # the cats showing after each start (a roll turns no wheel)
    return _best_start(
        search,
        sq,
        inside,
        mask,
        now,
        smurf_waiting.start_tiers(sq, inside, now, first, second),
        lambda i: 1.0 + search._value_last(afters[i], sq, inside, mask),
    )


def _best_start(
    search: Search,
    sq: int,
    inside: bool,
    mask: int,
    now: int,
    tiers: Sequence[int],
    turn_score: Callable[[int], float],
) -> int:
    """The start to take, as its index among `_STARTS` (the rules' order), from each one's tier:
    the best tier, and within it the fewest expected turns, a roll's from the search with the
    cats `now` showing, a wheel turn's `turn_score(i)`. With a missing kind's circle empty only a
    cat dropped under one of its holders brings a disc back (every value is CAP): then the wheels
    are turned rather than the pawn wandering."""
    best = min(tiers)
    chosen = [i for i, t in enumerate(tiers) if t == best]
    if len(chosen) == 1:
        return chosen[0]
    stuck = search.values[(sq, inside, mask)] >= CAP
    # DEPTH 2: a roll's value is `_roll_two`, as `Search.roll` gives it
    return min(
        chosen, key=lambda i: (stuck, search._roll_two(now, sq, inside, mask)) if i == 0 else (False, turn_score(i))
    )


assert DEPTH == 2, "_best_start and _plain_start value a turn's start two turns deep"


# A turn's start, worked out, depends on the board only through a few things: the empty
# circles, the pawn's place and kinds, the cats within two rolls of it (the roll's value), the cats
# within a roll of it after either wheel turn (their values, and whether they change anything:
# smurf_waiting), and, when a wheel turn makes a cat appear under some pawn that holds a disc, the
# others' pawns and discs (a pawn with none gives nothing up: no loss, no tier, no refilled circle).
# Without such a drop (most turns) it is remembered by the rest: `_starts`, (empty circles,
# square, inside, mask, cats near now, cats in reach after wheel 1, after wheel 2) -> the index of
# the chosen action among Roll, TurnWheel(1), TurnWheel(2) (the rules list them in that order).
_starts: dict[tuple[int, int, bool, int, int, int, int], int] = {}
# The same for a roll's answer: (empty circles, square, inside, mask, die, cats near its ways) -> the
# index of the chosen Move among the legal ones (which the rules list in an order fixed by the
# place, the face and the cats in reach).
_moves: dict[tuple[int, int, bool, int, int, int], int] = {}
_STARTS = (Roll(), TurnWheel(wheels.WHEELS[0]), TurnWheel(wheels.WHEELS[1]))


Here = tuple[int, bool, tuple[int, ...]]  # a pawn's place and the discs its player holds
_NOWHERE: tuple[Here | None, int] = (None, 0)  # no place waited at yet, no turns there
_NO_WHEELS: Wheels = ()  # for a value at the leaves, which the wheels do not change


@cache  # 16 sets of empty circles x 44 places x 16 masks at most
def _near(empty: int, sq: int, inside: bool, mask: int) -> tuple[int, int]:
    """The squares (bit masks) that matter to two rolls from here, and to one."""
    return _successors(empty, sq, inside, mask)[1], reach(sq, inside)


@cache  # 44 places x 6 faces
def _near_roll(sq: int, inside: bool, die: int) -> int:
    """The squares (bit mask) that matter to the answer to this roll: those its ways step onto,
    and those a roll from where each ends could step onto."""
    found = 0
    for move, end, steps in ways(sq, inside, die):
        found |= steps | reach(end, move.food is not None)
    return found


def _losses(view: State, search: Search, before: Wheels, after: Wheels) -> dict[int, tuple[int, ...]]:
    """Per seat whose pawn a cat appears under (outside a food area), the discs it holds once it
    has given one up (as this bot would choose)."""
    appeared = wheels.appearing(before, after)
    if not appeared:
        return {}
    return {
        s: _after_loss(search, view.held[s], view.positions[s], False)
        for s in range(len(view.players))
        if view.positions[s] in appeared and not view.inside[s]
    }
