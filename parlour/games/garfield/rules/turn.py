"""How a Garfield turn runs (parlour/games/garfield/README.md): set-up, the start of a turn, rolls and moves, the
spaces, the decisions, and the end of a turn. Each function emits events on the Turn; a decision
stops the run with an `Asked` event that carries what happens once it is answered."""

from __future__ import annotations

from functools import cache, lru_cache

from parlour.rules.game import Turn
from parlour.rules.order import left_of, opening_roll, pass_turn
from parlour.rules.records import Action, CoinFlipped, DiceRolled, Shuffled, record

from . import board, cards
from .records import (
    Asked,
    CardDiscarded,
    CardGiven,
    CardPlayed,
    CardsDrawn,
    Decision,
    Discard,
    FollowGarfield,
    GarfieldTossed,
    GarfieldTurnedUp,
    Give,
    Lasagna,
    LoseTurn,
    Moved,
    Pending,
    PlacesSwapped,
    PlayCard,
    RingGained,
    RingLost,
    SwapWith,
    TurnBegan,
    Won,
)
from .state import State


@record
class Ctx:
    """What the rest of this turn depends on (stored in `Pending` while a decision waits). It
    never leaves the turn. (A slotted value: its fields are read several times per action.)"""

    garfield: bool  # the Garfield card applies to this turn's rolls
    bonus: int = 0  # doubles bonus roll: 0 not earned, 1 due after this space, 2 used
    ends: bool = False  # the turn ends once the current space chain is followed


# The contexts are few, and a class call is a Python call: each is made once, here, and a turn
# looks up the one it needs by its fields, `_CTX[garfield, bonus, ends]`.
_CTX = {
    (garfield, bonus, ends): Ctx(garfield, bonus, ends)
    for garfield in (False, True)
    for bonus in range(3)
    for ends in (False, True)
}
_GARFIELD, _PLAIN = _CTX[True, 0, False], _CTX[False, 0, False]  # how most turns begin


# The questions (records.Decision) by their own names: on Python 3.11 reading an enum member
# (`Decision.GREEN`) costs several times a global's, and most actions ask or answer one (4-player
# random games: 2 % fewer instructions, tools/core_side_by_side.py --instructions).
LASAGNA_ADVANCE = Decision.LASAGNA_ADVANCE
LASAGNA_TWICE = Decision.LASAGNA_TWICE
LASAGNA_8 = Decision.LASAGNA_8
LASAGNA_RED = Decision.LASAGNA_RED
SWAP_RINGS = Decision.SWAP_RINGS
SWAP_PLACES = Decision.SWAP_PLACES
GREEN = Decision.GREEN
GIVE_OR_LOSE = Decision.GIVE_OR_LOSE
GIVE_LEFT = Decision.GIVE_LEFT


# ---- events made once -----------------------------------------------------------------------
# Events are immutable values, and most of a turn's are one of a few: made once here, so a turn
# emits them without making new ones. (At most four seats: Garfield is for 2-4 players.)

_SEATS = range(4)
_MOVED = [[Moved(seat, to) for to in range(board.SIZE)] for seat in _SEATS]
_ROLLED: list[dict[tuple[int, ...], DiceRolled]] = [
    {
        dice: DiceRolled(seat, dice)
        for dice in [(a,) for a in range(1, 7)] + [(a, b) for a in range(1, 7) for b in range(1, 7)]
    }
    for seat in _SEATS
]
_RING_GAINED = [RingGained(seat) for seat in _SEATS]
_RING_LOST = [RingLost(seat) for seat in _SEATS]
_TURNED_UP = {card: GarfieldTurnedUp(card) for card in cards.GARFIELD_DECK}
_TOSSED = {card: GarfieldTossed(card) for card in cards.GARFIELD_DECK}
_PLAYED = [{card: CardPlayed(seat, card) for card in cards.PLAYER_COUNTS} for seat in _SEATS]
_FLIPPED = [(CoinFlipped(seat, False), CoinFlipped(seat, True)) for seat in _SEATS]
_drawn = cache(CardsDrawn)  # (seat, the cards taken) -> the event, made at first use (see rules/order.py)


@cache  # made at first use
def _asked(seat: int, kind: Decision, garfield: bool, bonus: int, ends: bool) -> Asked:
    return Asked(Pending(seat, kind, garfield, bonus, ends))


# ---- legal actions ------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now; uses only what that seat can see."""
    if state.turn < 0 or state.winner is not None:
        return []
    pending = state.pending
    if pending is None:
        if seat != state.turn:
            return []
        return list(_ways_to_begin(state.hands[seat]))
    if seat != pending.seat:
        return []
    return _options(state, pending.seat, pending.kind)


# actions are immutable values: the ones offered again and again are made once
_FOLLOW = FollowGarfield()
_PLAY = {card: PlayCard(card) for card in cards.PLAYER_COUNTS}


@lru_cache(maxsize=4096)  # hands are few (cards of a few kinds), but keep it bounded
def _ways_to_begin(hand: tuple[str, ...]) -> tuple[Action, ...]:
    """Follow Garfield, or play a card of the hand (not a Lasagna)."""
    return (_FOLLOW,) + tuple(_PLAY.get(c) or PlayCard(c) for c in _kinds(hand) if c != cards.LASAGNA)


def _kinds(hand: tuple[str, ...]) -> list[str]:
    return sorted(set(hand))


def _options(state: State, seat: int, kind: str) -> list[Action]:  # kind: a Decision
    if kind in _LASAGNA_OFFERS:  # put to everyone; without a Lasagna the answer is "no"
        return [_YES, _NO] if cards.LASAGNA in state.hands[seat] else [_NO]
    if kind in (SWAP_RINGS, SWAP_PLACES):
        return [_SWAP[other] for other in range(len(state.players)) if other != seat]
    hand = _kinds(state.hands[seat])
    if kind == GREEN:
        return [_DISCARD.get(card) or Discard(card) for card in hand]
    if kind == GIVE_OR_LOSE:
        return [_DISCARD.get(card) or Discard(card) for card in hand] + [_LOSE]
    return [_GIVE.get(card) or Give(card) for card in hand]  # give_left


_LASAGNA_OFFERS = (LASAGNA_ADVANCE, LASAGNA_TWICE, LASAGNA_8, LASAGNA_RED)
_YES, _NO, _LOSE = Lasagna(True), Lasagna(False), LoseTurn()
_SWAP = [SwapWith(seat) for seat in _SEATS]
_DISCARD = {card: Discard(card) for card in cards.PLAYER_COUNTS}
_GIVE = {card: Give(card) for card in cards.PLAYER_COUNTS}


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


def step(turn: Turn, seat: int | None, action: Action) -> None:
    if seat is None:  # the table's Start (once a game): every other action is a seat's (`decide`)
        _set_up(turn)
    elif isinstance(action, FollowGarfield):
        _follow_garfield(turn, seat)
    elif isinstance(action, PlayCard):
        _play_card(turn, seat, action.card)
    else:  # the answer to the question pending
        pending = turn.before.pending
        _answer(turn, seat, action, pending.kind, _CTX[pending.garfield, pending.bonus, pending.ends])


def _set_up(turn: Turn) -> None:
    state: State = turn.state
    turn.emit(Shuffled("garfield", turn.chance.shuffle("garfield", state.garfield.discard)))
    _turn_up(turn)
    turn.emit(Shuffled("player", turn.chance.shuffle("player", state.player_deck.discard)))
    for seat in range(len(state.players)):
        _draw(turn, seat, cards.HAND_SIZE)
    turn.emit(TurnBegan(opening_roll(turn, (6, 6))))


# ---- the start of a turn ------------------------------------------------------------------


def _follow_garfield(turn: Turn, seat: int) -> None:
    card = turn.state.face_up
    ctx = _GARFIELD
    if card == cards.G_SWAP:
        _ask(turn, seat, SWAP_RINGS, ctx)
    elif card == cards.G_LOSE_TURN:
        _end_turn(turn, seat)
    elif card == cards.G_GIVE_OR_LOSE and turn.state.hands[seat]:
        _ask(turn, seat, GIVE_OR_LOSE, ctx)
    elif card == cards.G_GIVE_LEFT and turn.state.hands[seat]:
        _ask(turn, seat, GIVE_LEFT, ctx)
    else:
        if card == cards.G_TAKE_THEN_ROLL:
            _draw(turn, seat, 1)
        _garfield_roll(turn, seat, ctx)


def _play_card(turn: Turn, seat: int, card: str) -> None:
    turn.emit(_PLAYED[seat][card])
    ctx = _PLAIN
    if card == cards.NAP_ATTACK:
        _roll_and_move(turn, seat, ctx)
    elif card == cards.BLINDFOLD:  # roll and move again while the total is even
        total = 0
        while total % 2 == 0:
            total = sum(_roll(turn, seat, 2))
            _move(turn, seat, total)
        _follow_space(turn, seat, ctx)
    else:  # Put 1 over on Garfield: the flip decides
        face_up = turn.chance.flip()
        turn.emit(_FLIPPED[seat][face_up])
        if not face_up:
            _end_turn(turn, seat)
        elif card == cards.PUT_ONE_OVER_SWAP:
            _ask(turn, seat, SWAP_PLACES, ctx)
        elif card == cards.PUT_ONE_OVER_TEN:
            _move(turn, seat, 10)
            _follow_space(turn, seat, ctx)
        else:
            _roll_twice(turn, seat, ctx)


# ---- rolling and moving -------------------------------------------------------------------


def _roll(turn: Turn, seat: int, count: int) -> tuple[int, ...]:
    dice = turn.chance.dice(count)
    turn.emit(_ROLLED[seat][dice])
    return dice


def _garfield_roll(turn: Turn, seat: int, ctx: Ctx) -> None:
    """One roll as the turn's card says: Garfield's if it applies (a lasagna card first offers
    its deal to a player holding one), else a plain roll of both dice."""
    card = turn.state.faced if ctx.garfield else None
    if card in (cards.G_ADVANCE_7, cards.G_ROLL_TWICE):  # asked with or without a Lasagna
        _ask(turn, seat, LASAGNA_ADVANCE if card == cards.G_ADVANCE_7 else LASAGNA_TWICE, ctx)
    else:
        _roll_and_move(turn, seat, ctx)


def _roll_and_move(turn: Turn, seat: int, ctx: Ctx, extra: int = 0) -> None:
    # Most actions come here: the rolls are `_roll` written out, one call less.
    card = turn.state.faced if ctx.garfield else None
    if card in (cards.G_ONE_DIE, cards.G_BACKWARD):
        dice = turn.chance.dice(1)
        turn.emit(_ROLLED[seat][dice])
        _move(turn, seat, -dice[0] if card == cards.G_BACKWARD else dice[0])
    else:
        dice = turn.chance.dice(2)
        turn.emit(_ROLLED[seat][dice])
        total = dice[0] + dice[1]
        if card == cards.G_PLUS_2:
            total += 2
        elif card == cards.G_MINUS_2:
            total = max(0, total - 2)
        elif card == cards.G_HIGHER_DIE:
            total = max(dice)
        _move(turn, seat, total + extra)
        if card == cards.G_DOUBLES_AGAIN and dice[0] == dice[1] and ctx.bonus == 0:
            ctx = _CTX[ctx.garfield, 1, ctx.ends]
    _follow_space(turn, seat, ctx)


def _roll_twice(turn: Turn, seat: int, ctx: Ctx) -> None:
    """Roll both dice and move, twice; only the final space is followed."""
    for _ in range(2):
        _move(turn, seat, sum(_roll(turn, seat, 2)))
    _follow_space(turn, seat, ctx)


def _move(turn: Turn, seat: int, steps: int) -> int:
    """Move step by step: a forward step onto the Tailend earns a ring (the third wins at once);
    a backward step off it loses one. Returns `steps`."""
    start = turn.state.positions[seat]
    tail = board.TAILEND_SPACE
    if steps > 0:
        crossing = (tail - start) % board.SIZE or board.SIZE  # steps to the next step onto 39
        while crossing <= steps:
            turn.emit(_MOVED[seat][tail])
            if turn.state.centre:
                turn.emit(_RING_GAINED[seat])
                if turn.state.rings[seat] == cards.RINGS_TO_WIN:
                    turn.end_game(Won(seat))
            crossing += board.SIZE
    elif steps < 0:
        crossing = (start - tail) % board.SIZE + 1  # steps to the next step from 39 to 38
        while crossing <= -steps:
            turn.emit(_MOVED[seat][tail - 1])
            if turn.state.rings[seat]:
                turn.emit(_RING_LOST[seat])
            crossing += board.SIZE
    end = (start + steps) % board.SIZE
    if turn.state.positions[seat] != end:
        turn.emit(_MOVED[seat][end])
    return steps


# ---- the spaces ---------------------------------------------------------------------------


def _follow_space(turn: Turn, seat: int, ctx: Ctx) -> None:
    """Follow the space the pawn stands on, then go on with the turn."""
    space = board.SPACES[turn.state.positions[seat]]
    if space == board.CHANGES_MIND:
        _change_mind(turn)
        _end_turn(turn, seat)
        return
    if space == board.BACK_7:
        _move(turn, seat, -7)
        _follow_space(turn, seat, _CTX[ctx.garfield, ctx.bonus, True])
        return
    # The lasagna spaces ask with or without a Lasagna in hand (parlour/games/garfield/README.md, "Secrets are kept
    # by the shape of the game too").
    if space == board.LASAGNA_8:
        _ask(turn, seat, LASAGNA_8, ctx)
        return
    if space == board.RED:
        _ask(turn, seat, LASAGNA_RED, ctx)
        return
    if space == board.GREEN and turn.state.hands[seat]:
        _ask(turn, seat, GREEN, ctx)
        return
    if space in (board.TAKE_1, board.TAKE_2):
        _draw(turn, seat, 1 if space == board.TAKE_1 else 2)
    _go_on(turn, seat, ctx)


def _go_on(turn: Turn, seat: int, ctx: Ctx) -> None:
    """After a space is followed: end the turn, or take the doubles bonus roll if one is due."""
    if ctx.bonus == 1 and not ctx.ends:
        _roll_and_move(turn, seat, _CTX[ctx.garfield, 2, ctx.ends])
    else:
        _end_turn(turn, seat)


def _change_mind(turn: Turn) -> None:
    card = turn.state.face_up
    turn.emit(_TOSSED.get(card) or GarfieldTossed(card))
    _turn_up(turn)


def _turn_up(turn: Turn) -> None:
    """Turn up the next Garfield card; when that empties the pile, shuffle the Sand Box in."""
    card = turn.state.garfield.pile[0]
    turn.emit(_TURNED_UP.get(card) or GarfieldTurnedUp(card))
    sandbox = turn.state.garfield.discard
    if not turn.state.garfield.pile and sandbox:
        turn.emit(Shuffled("garfield", turn.chance.shuffle("garfield", sandbox)))


def _draw(turn: Turn, seat: int, count: int) -> None:
    """Take Player cards; an empty pile takes the shuffled discards, and with none, nothing."""
    while count > 0:
        deck = turn.state.player_deck
        if not deck.pile:
            if not deck.discard:
                return
            turn.emit(Shuffled("player", turn.chance.shuffle("player", deck.discard)))
            continue
        taken = deck.pile[:count]
        turn.emit(_drawn(seat, taken))
        count -= len(taken)


# ---- decisions ----------------------------------------------------------------------------


# Questions whose answers depend on the hand: they are put even with only one possible answer,
# so that whether a seat is asked tells the others nothing about its cards.
SECRET_QUESTIONS = (LASAGNA_ADVANCE, LASAGNA_TWICE, LASAGNA_8, LASAGNA_RED, GREEN, GIVE_OR_LOSE, GIVE_LEFT)


def _ask(turn: Turn, seat: int, kind: Decision, ctx: Ctx) -> None:
    """Wait for `seat` to decide, unless there is only one thing it could do and everyone can
    see that (a swap with the only other player)."""
    options = _options(turn.state, seat, kind)
    if len(options) == 1 and kind not in SECRET_QUESTIONS:
        _answer(turn, seat, options[0], kind, ctx)
    else:
        turn.emit(_asked(seat, kind, ctx.garfield, ctx.bonus, ctx.ends))


def _answer(turn: Turn, seat: int, action: Action, kind: Decision, ctx: Ctx) -> None:
    if isinstance(action, Lasagna):
        if action.play:
            turn.emit(_PLAYED[seat][cards.LASAGNA])
        if kind == LASAGNA_ADVANCE:
            _roll_and_move(turn, seat, ctx, extra=7 if action.play else 0)
        elif kind == LASAGNA_TWICE and action.play:
            _roll_twice(turn, seat, ctx)
        elif kind == LASAGNA_TWICE:
            _roll_and_move(turn, seat, ctx)
        elif not action.play:
            _go_on(turn, seat, ctx)
        elif kind == LASAGNA_8:
            _move(turn, seat, 8)
            _follow_space(turn, seat, _CTX[ctx.garfield, ctx.bonus, True])
        else:  # lasagna_red: roll again, as Garfield says if he applies this turn
            _garfield_roll(turn, seat, ctx)
    elif isinstance(action, SwapWith):
        turn.emit(PlacesSwapped(seat, action.target, rings=kind == SWAP_RINGS))
        _end_turn(turn, seat)
    elif isinstance(action, Discard):
        turn.emit(CardDiscarded(seat, action.card))
        if kind == GREEN:
            _go_on(turn, seat, ctx)
        else:  # gave up a card for Garfield: now roll
            _garfield_roll(turn, seat, ctx)
    elif isinstance(action, Give):
        turn.emit(CardGiven(seat, left_of(seat, len(turn.state.players)), action.card))
        _garfield_roll(turn, seat, ctx)
    else:  # LoseTurn
        assert isinstance(action, LoseTurn)
        _end_turn(turn, seat)


# ---- the end of a turn --------------------------------------------------------------------


def _end_turn(turn: Turn, seat: int) -> None:
    """A "just for you" card the player faced goes to the Sand Box; the next player's turn."""
    state = turn.state
    if state.faced in cards.JUST_FOR_YOU and state.face_up == state.faced:
        _change_mind(turn)
    pass_turn(turn, seat)
