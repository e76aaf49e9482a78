"""How a Garfield turn runs (RULES.md §1): set-up, the start of a turn, rolls and moves, the
spaces, the decisions, and the end of a turn. Each function emits events on the Turn; a decision
stops the run with an `Asked` event that carries what happens once it is answered."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..game import Turn
from ..order import left_of, opening_roll
from ..records import Action, DiceRolled, CoinFlipped, Shuffled, Start
from . import board, cards
from .records import (Asked, CardDiscarded, CardGiven, CardPlayed, CardsDrawn, Decision, Discard,
                      FollowGarfield, GarfieldTossed, GarfieldTurnedUp, Give, Lasagna, LoseTurn,
                      Moved, Pending, PlacesSwapped, PlayCard, RingGained, RingLost, SwapWith,
                      TurnBegan, TurnEnded, Won)
from .state import State


@dataclass(frozen=True, slots=True)
class Ctx:
    """What the rest of this turn depends on (stored in `Pending` while a decision waits)."""

    garfield: bool  # the Garfield card applies to this turn's rolls
    bonus: int = 0  # doubles bonus roll: 0 not earned, 1 due after this space, 2 used
    ends: bool = False  # the turn ends once the current space chain is followed


# ---- legal actions ------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now; uses only what that seat can see."""
    if state.turn < 0 or state.winner is not None:
        return []
    pending = state.pending
    if pending is None:
        if seat != state.turn:
            return []
        return [FollowGarfield()] + [PlayCard(c) for c in _kinds(state.hands[seat]) if c != cards.LASAGNA]
    if seat != pending.seat:
        return []
    return _options(state, pending.seat, pending.kind)


def _kinds(hand: tuple[str, ...]) -> list[str]:
    return sorted(set(hand))


def _options(state: State, seat: int, kind: Decision) -> list[Action]:
    if kind.startswith("lasagna"):
        return [Lasagna(True), Lasagna(False)]
    if kind in (Decision.SWAP_RINGS, Decision.SWAP_PLACES):
        return [SwapWith(other) for other in range(len(state.players)) if other != seat]
    hand = _kinds(state.hands[seat])
    if kind == Decision.GREEN:
        return [Discard(card) for card in hand]
    if kind == Decision.GIVE_OR_LOSE:
        return [Discard(card) for card in hand] + [LoseTurn()]
    return [Give(card) for card in hand]  # give_left


def explain(state: State, seat: int, action: Action) -> str | None:
    """Why `action` is not legal for `seat` now, in plain words."""
    if state.pending is not None:
        return f"first answer the open question ({state.pending.kind.replace('_', ' ')})"
    if isinstance(action, PlayCard):
        if action.card == cards.LASAGNA:
            return "a Lasagna is played only when Garfield or a space offers something for it"
        if action.card not in state.hands[seat]:
            return f"you do not hold {action.card}"
    return None


# ---- the step -----------------------------------------------------------------------------


def step(t: Turn, seat: int | None, action: Action) -> None:
    pending = t.before.pending
    if isinstance(action, Start):
        _set_up(t)
    elif isinstance(action, FollowGarfield):
        _follow_garfield(t, seat)
    elif isinstance(action, PlayCard):
        _play_card(t, seat, action.card)
    else:
        _answer(t, seat, action, pending.kind, Ctx(pending.garfield, pending.bonus, pending.ends))


def _set_up(t: Turn) -> None:
    state: State = t.state
    t.emit(Shuffled("garfield", t.chance.shuffle("garfield", state.garfield.discard)))
    _turn_up(t)
    t.emit(Shuffled("player", t.chance.shuffle("player", state.player_deck.discard)))
    for seat in range(len(state.players)):
        _draw(t, seat, cards.HAND_SIZE)
    t.emit(TurnBegan(opening_roll(t, (6, 6))))


# ---- the start of a turn ------------------------------------------------------------------


def _follow_garfield(t: Turn, seat: int) -> None:
    card = t.state.face_up
    ctx = Ctx(garfield=True)
    if card == cards.G_SWAP:
        _ask(t, seat, Decision.SWAP_RINGS, ctx)
    elif card == cards.G_LOSE_TURN:
        _end_turn(t, seat)
    elif card == cards.G_GIVE_OR_LOSE and t.state.hands[seat]:
        _ask(t, seat, Decision.GIVE_OR_LOSE, ctx)
    elif card == cards.G_GIVE_LEFT and t.state.hands[seat]:
        _ask(t, seat, Decision.GIVE_LEFT, ctx)
    else:
        if card == cards.G_TAKE_THEN_ROLL:
            _draw(t, seat, 1)
        _garfield_roll(t, seat, ctx)


def _play_card(t: Turn, seat: int, card: str) -> None:
    t.emit(CardPlayed(seat, card))
    ctx = Ctx(garfield=False)
    if card == cards.NAP_ATTACK:
        _roll_and_move(t, seat, ctx)
    elif card == cards.BLINDFOLD:  # roll and move again while the total is even
        total = 0
        while total % 2 == 0:
            total = sum(_roll(t, seat, 2))
            _move(t, seat, total)
        _follow_space(t, seat, ctx)
    else:  # Put 1 over on Garfield: the flip decides
        face_up = t.chance.flip()
        t.emit(CoinFlipped(seat, face_up))
        if not face_up:
            _end_turn(t, seat)
        elif card == cards.PUT_ONE_OVER_SWAP:
            _ask(t, seat, Decision.SWAP_PLACES, ctx)
        elif card == cards.PUT_ONE_OVER_TEN:
            _move(t, seat, 10)
            _follow_space(t, seat, ctx)
        else:
            _roll_twice(t, seat, ctx)


# ---- rolling and moving -------------------------------------------------------------------


def _roll(t: Turn, seat: int, count: int) -> tuple[int, ...]:
    dice = tuple(t.chance.roll() for _ in range(count))
    t.emit(DiceRolled(seat, dice))
    return dice


def _garfield_roll(t: Turn, seat: int, ctx: Ctx) -> None:
    """One roll as the turn's card says: Garfield's if it applies (a lasagna card first offers
    its deal to a player holding one), else a plain roll of both dice."""
    card = t.state.faced if ctx.garfield else None
    if card in (cards.G_ADVANCE_7, cards.G_ROLL_TWICE) and cards.LASAGNA in t.state.hands[seat]:
        _ask(t, seat, Decision.LASAGNA_ADVANCE if card == cards.G_ADVANCE_7 else Decision.LASAGNA_TWICE, ctx)
    else:
        _roll_and_move(t, seat, ctx)


def _roll_and_move(t: Turn, seat: int, ctx: Ctx, extra: int = 0) -> None:
    card = t.state.faced if ctx.garfield else None
    if card in (cards.G_ONE_DIE, cards.G_BACKWARD):
        (face,) = _roll(t, seat, 1)
        _move(t, seat, -face if card == cards.G_BACKWARD else face)
    else:
        dice = _roll(t, seat, 2)
        total = sum(dice)
        if card == cards.G_PLUS_2:
            total += 2
        elif card == cards.G_MINUS_2:
            total = max(0, total - 2)
        elif card == cards.G_HIGHER_DIE:
            total = max(dice)
        _move(t, seat, total + extra)
        if card == cards.G_DOUBLES_AGAIN and dice[0] == dice[1] and ctx.bonus == 0:
            ctx = replace(ctx, bonus=1)
    _follow_space(t, seat, ctx)


def _roll_twice(t: Turn, seat: int, ctx: Ctx) -> None:
    """Roll both dice and move, twice; only the final space is followed."""
    for _ in range(2):
        _move(t, seat, sum(_roll(t, seat, 2)))
    _follow_space(t, seat, ctx)


def _move(t: Turn, seat: int, steps: int) -> int:
    """Move step by step: a forward step onto the Tailend earns a ring (the third wins at once);
    a backward step off it loses one. Returns `steps`."""
    start = t.state.positions[seat]
    tail = board.TAILEND_SPACE
    if steps > 0:
        crossing = (tail - start) % board.SIZE or board.SIZE  # steps to the next step onto 39
        while crossing <= steps:
            t.emit(Moved(seat, tail))
            if t.state.centre:
                t.emit(RingGained(seat))
                if t.state.rings[seat] == cards.RINGS_TO_WIN:
                    t.end_game(Won(seat))
            crossing += board.SIZE
    elif steps < 0:
        crossing = (start - tail) % board.SIZE + 1  # steps to the next step from 39 to 38
        while crossing <= -steps:
            t.emit(Moved(seat, tail - 1))
            if t.state.rings[seat]:
                t.emit(RingLost(seat))
            crossing += board.SIZE
    end = (start + steps) % board.SIZE
    if t.state.positions[seat] != end:
        t.emit(Moved(seat, end))
    return steps


# ---- the spaces ---------------------------------------------------------------------------


def _follow_space(t: Turn, seat: int, ctx: Ctx) -> None:
    """Follow the space the pawn stands on, then go on with the turn."""
    space = board.SPACES[t.state.positions[seat]]
    holds_lasagna = cards.LASAGNA in t.state.hands[seat]
    if space == board.CHANGES_MIND:
        _change_mind(t)
        _end_turn(t, seat)
        return
    if space == board.BACK_7:
        _move(t, seat, -7)
        _follow_space(t, seat, replace(ctx, ends=True))
        return
    if space == board.LASAGNA_8 and holds_lasagna:
        _ask(t, seat, Decision.LASAGNA_8, ctx)
        return
    if space == board.RED and holds_lasagna:
        _ask(t, seat, Decision.LASAGNA_RED, ctx)
        return
    if space == board.GREEN and t.state.hands[seat]:
        _ask(t, seat, Decision.GREEN, ctx)
        return
    if space in (board.TAKE_1, board.TAKE_2):
        _draw(t, seat, 1 if space == board.TAKE_1 else 2)
    _go_on(t, seat, ctx)


def _go_on(t: Turn, seat: int, ctx: Ctx) -> None:
    """After a space is followed: end the turn, or take the doubles bonus roll if one is due."""
    if ctx.bonus == 1 and not ctx.ends:
        _roll_and_move(t, seat, replace(ctx, bonus=2))
    else:
        _end_turn(t, seat)


def _change_mind(t: Turn) -> None:
    t.emit(GarfieldTossed(t.state.face_up))
    _turn_up(t)


def _turn_up(t: Turn) -> None:
    """Turn up the next Garfield card; when that empties the pile, shuffle the Sand Box in."""
    t.emit(GarfieldTurnedUp(t.state.garfield.pile[0]))
    sandbox = t.state.garfield.discard
    if not t.state.garfield.pile and sandbox:
        t.emit(Shuffled("garfield", t.chance.shuffle("garfield", sandbox)))


def _draw(t: Turn, seat: int, count: int) -> None:
    """Take Player cards; an empty pile takes the shuffled discards, and with none, nothing."""
    while count > 0:
        deck = t.state.player_deck
        if not deck.pile:
            if not deck.discard:
                return
            t.emit(Shuffled("player", t.chance.shuffle("player", deck.discard)))
            continue
        taken = deck.pile[:count]
        t.emit(CardsDrawn(seat, taken))
        count -= len(taken)


# ---- decisions ----------------------------------------------------------------------------


def _ask(t: Turn, seat: int, kind: Decision, ctx: Ctx) -> None:
    """Wait for `seat` to decide, unless there is only one thing it could do."""
    options = _options(t.state, seat, kind)
    if len(options) == 1:
        _answer(t, seat, options[0], kind, ctx)
    else:
        t.emit(Asked(Pending(seat, kind, ctx.garfield, ctx.bonus, ctx.ends)))


def _answer(t: Turn, seat: int, action: Action, kind: Decision, ctx: Ctx) -> None:
    if isinstance(action, Lasagna):
        if action.play:
            t.emit(CardPlayed(seat, cards.LASAGNA))
        if kind == Decision.LASAGNA_ADVANCE:
            _roll_and_move(t, seat, ctx, extra=7 if action.play else 0)
        elif kind == Decision.LASAGNA_TWICE and action.play:
            _roll_twice(t, seat, ctx)
        elif kind == Decision.LASAGNA_TWICE:
            _roll_and_move(t, seat, ctx)
        elif not action.play:
            _go_on(t, seat, ctx)
        elif kind == Decision.LASAGNA_8:
            _move(t, seat, 8)
            _follow_space(t, seat, replace(ctx, ends=True))
        else:  # lasagna_red: roll again, as Garfield says if he applies this turn
            _garfield_roll(t, seat, ctx)
    elif isinstance(action, SwapWith):
        t.emit(PlacesSwapped(seat, action.target, rings=kind == Decision.SWAP_RINGS))
        _end_turn(t, seat)
    elif isinstance(action, Discard):
        t.emit(CardDiscarded(seat, action.card))
        if kind == Decision.GREEN:
            _go_on(t, seat, ctx)
        else:  # gave up a card for Garfield: now roll
            _garfield_roll(t, seat, ctx)
    elif isinstance(action, Give):
        t.emit(CardGiven(seat, left_of(seat, len(t.state.players)), action.card))
        _garfield_roll(t, seat, ctx)
    else:  # LoseTurn
        assert isinstance(action, LoseTurn)
        _end_turn(t, seat)


# ---- the end of a turn --------------------------------------------------------------------


def _end_turn(t: Turn, seat: int) -> None:
    """A "just for you" card the player faced goes to the Sand Box; the next player's turn."""
    state = t.state
    if state.faced in cards.JUST_FOR_YOU and state.face_up == state.faced:
        _change_mind(t)
    t.emit(TurnEnded(seat))
    t.emit(TurnBegan(left_of(seat, len(state.players))))
