"""The Smurf Game's words: the log, the prompt's question and options (after a roll, a preview
of where each way leads, from the rules' pure helpers), the baskets and the results. Plain text;
no Textual, no Rich."""

from __future__ import annotations

from parlour.rules.records import Action, DiceRolled, Event
from parlour.services.words.base import Narrator, Words, nearby, pawns_on
from parlour.services.words.i18n import listed, t

from .rules import board, moves, wheels
from .rules.records import (
    CatAppeared,
    DirectionAsked,
    DiscReturned,
    DiscTaken,
    GiveUp,
    Move,
    Moved,
    MustGiveUp,
    Roll,
    Stayed,
    TurnBegan,
    TurnWheel,
    WentIn,
    WheelTurned,
    Won,
)
from .rules.state import State

DICE = "⚀⚁⚂⚃⚄⚅"


def code(kind: str) -> str:
    """The two-letter code of a food kind (on the board and in the player panels)."""
    return t(f"smurf.code.{kind}")


def kind_name(kind: str) -> str:
    return t(f"smurf.kind.{kind}")


def area_name(kind: str) -> str:
    """The short name on a food circle."""
    return t(f"smurf.area.{kind}")


def place_name(kind: str) -> str:
    """The food area as the prompt and the log name it."""
    return t(f"smurf.place.{kind}")


def square_label(square: int) -> str:
    """A path square as the log and the options name it: HOME or its number."""
    return t("smurf.home") if square == board.HOME else str(square)


def die_text(die: int, ascii_only: bool) -> str:
    return f"[{die}]" if ascii_only else f"{DICE[die - 1]} {die}"


def caught_by(view: State, wheel: int) -> tuple[int, ...]:
    """The seats whose pawns a turn of `wheel` would put under a new cat (a preview)."""
    index = wheels.WHEELS.index(wheel)
    after = list(view.wheels)
    after[index] = wheels.turned(after[index])
    new = wheels.showing(tuple(after)) - view.cats
    return tuple(s for s in range(len(view.players)) if view.positions[s] in new and not view.inside[s])


def way(direction: int) -> str:
    return t("smurf.way.forward" if direction == board.FORWARD else "smurf.way.back")


def _ending(view: State, seat: int, move: Move) -> int | None:
    return moves.destination(view.positions[seat], view.inside[seat], view.rolled, move, view.cats)


def blocked(view: State, seat: int) -> list[str]:
    """After a roll: each way no option goes, and the cat that blocks it."""
    open_ways = {
        move.direction for move, _ in moves.options(view.positions[seat], view.inside[seat], view.rolled, view.cats)
    }
    notes = []
    for direction in board.DIRECTIONS:
        if direction in open_ways:
            continue
        path = moves.walk(view.positions[seat], view.inside[seat], view.rolled, direction)
        cat = next((square for square in path.squares if square in view.cats), None)
        if cat is not None:
            notes.append(t("smurf.blocked", way=way(direction), square=cat))
    return notes


def baskets(view: State, seat: int, ascii_only: bool) -> str:
    """The four kinds in order, each with how many the seat holds (a dot for none)."""
    none = "-" if ascii_only else "·"
    return " ".join(f"{code(kind)}{n if n else none}" for kind, n in zip(board.KINDS, view.held[seat]))


class SmurfNarrator(Narrator):
    """A roll is told with the move it leads to, a move into a food area with going in, and an
    empty area only when no basket is taken: such a line waits for the next event."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(names)
        self.die: int | None = None  # a roll to tell with the move it leads to
        self.waiting: DiceRolled | Moved | WentIn | None = None

    def step(self, event: Event, before: State) -> list[str]:
        lines = self._settle(event)
        return lines + self._lines(event)

    def end(self) -> list[str]:
        return self._settle(None)

    def _settle(self, following: Event | None) -> list[str]:
        """The waiting roll's, move's or area's line, now that the event after it is known."""
        names, waiting = self.names, self.waiting
        self.waiting = None
        match waiting:
            case DiceRolled(seat=seat, dice=rolled):
                if isinstance(following, Moved):
                    self.die = rolled[0]  # told with the move
                    return []
                return [t("smurf.log.rolled", name=names[seat], die=rolled[0])]
            case Moved(seat=seat, to=to):
                if isinstance(following, WentIn):
                    return []  # told with WentIn
                key = "smurf.log.rolled_moved" if self.die is not None else "smurf.log.moved"
                line = t(key, name=names[seat], die=self.die, to=square_label(to))
                self.die = None
                return [line]
            case WentIn(kind=kind) if not isinstance(following, DiscTaken):
                return [t("smurf.log.empty", place=place_name(kind))]
        return []

    def _lines(self, event: Event) -> list[str]:
        names = self.names
        match event:
            case DiceRolled(seat=seat, dice=rolled) if self.setup:
                return [t("smurf.log.opening", name=names[seat], die=rolled[0])]
            case DiceRolled() | Moved():
                self.waiting = event
            case WentIn(seat=seat, kind=kind):
                key = "smurf.log.rolled_went_in" if self.die is not None else "smurf.log.went_in"
                line = t(key, name=names[seat], die=self.die, place=place_name(kind))
                self.die, self.waiting = None, event
                return [line]
            case DiscTaken(seat=seat, kind=kind):
                return [t("smurf.log.took", name=names[seat], kind=kind_name(kind))]
            case Stayed(seat=seat, die=rolled):
                return [t("smurf.log.stayed", name=names[seat], die=rolled)]
            case WheelTurned(wheel=wheel, position=position):
                who = names[self.actor] if self.actor is not None else "?"
                return [t("smurf.log.wheel", name=who, n=wheel, position=position, positions=wheels.POSITIONS)]
            case CatAppeared(square=square, seats=seats):
                return [listed("smurf.log.cat", "names", [names[s] for s in seats], square=square)]
            case MustGiveUp(seat=seat):
                return [t("smurf.log.must_give_up", name=names[seat])]
            case DiscReturned(seat=seat, kind=kind):
                return [t("smurf.log.returned", name=names[seat], kind=kind_name(kind))]
            case TurnBegan(seat=seat):
                return self.turn_began("smurf", seat)
            case Won(seat=seat):
                return [t("smurf.log.won", name=names[seat])]
            case DirectionAsked():
                pass
        return []


class SmurfWords(Words, game="smurf"):
    help_key = "smurf.help.text"
    narrator = SmurfNarrator

    def describe(self, action: Action, view: State, seat: int, names: tuple[str, ...]) -> str:
        """The label of one option in the prompt bar; after a roll, a preview of where it lands."""
        match action:
            case Roll():
                return t("smurf.option.roll")
            case TurnWheel(wheel=wheel):
                caught = caught_by(view, wheel)
                if caught:
                    return listed("smurf.option.wheel_catches", "names", [names[s] for s in caught], n=wheel)
                return t("smurf.option.wheel", n=wheel)
            case Move(direction=direction, food=None):
                to = _ending(view, seat, action)
                if to == board.HOME and len(view.kinds_held(seat)) == len(board.KINDS):
                    return t("smurf.option.move_home_wins", way=way(direction))
                return t("smurf.option.move", way=way(direction), to=square_label(to) if to is not None else "?")
            case Move(direction=direction, food=str() as food):
                return t("smurf.option.move_in", way=way(direction), place=place_name(food))
            case GiveUp(kind=kind):
                return t("smurf.option.give_up", kind=kind_name(kind), n=view.held[seat][board.kind_index(kind)])
        return super().describe(action, view, seat, names)

    def question(self, view: State, seat: int, names: tuple[str, ...]) -> str:
        """What the seat to act is asked now."""
        if seat in view.owing:
            return t("smurf.decision.give_up")
        if view.rolled is not None:
            notes = blocked(view, seat)
            text = t("smurf.decision.direction", die=view.rolled)
            return f"{text} {' '.join(notes)}" if notes else text
        if view.inside[seat]:
            return t("smurf.decision.start_inside", place=place_name(board.FOOD_AT[view.positions[seat]]))
        return t("smurf.decision.start")

    def player_stats(self, view: State, seat: int, ascii_only: bool) -> str:
        return baskets(view, seat, ascii_only)

    def aside(self, view: State, seat: int, ascii_only: bool) -> str:
        """The legend beside the board (nothing is hidden in this game: no hands)."""
        entry = f"{code(board.ACORN)}{board.ENTRY[board.ACORN]}"
        return t("smurf.legend", cat=t("smurf.cat"), entry=entry)

    def standing(self, state: State, seat: int) -> float:
        return len(state.kinds_held(seat))

    def result_lines(self, state: State, names: tuple[str, ...]) -> list[str]:
        """One line per player for the results screen: the kinds of baskets they came home with."""
        return [
            f"{name:<20} {t('smurf.kinds_count', n=len(state.kinds_held(seat)))}  {baskets(state, seat, True)}"
            for seat, name in enumerate(names)
        ]

    def board_lines(self, view: State, seat: int, names: tuple[str, ...]) -> list[str]:
        """Every pawn's place and baskets, the cats, and the squares both ways from the seat's pawn."""
        lines = []
        for s, name in enumerate(names):
            at = view.positions[s]
            where = place_name(board.FOOD_AT[at]) if view.inside[s] else square_label(at)
            lines.append(t("smurf.board.pawn", name=name, place=where, baskets=baskets(view, s, True)))
        cats = sorted(view.cats)
        lines.append(t("smurf.board.cats", squares=", ".join(map(str, cats))) if cats else t("smurf.board.no_cats"))
        if 0 <= seat < len(names):

            def square(at: int) -> str:
                notes = [t("smurf.board.entry", place=place_name(board.FOOD_AT[at]))] if at in board.FOOD_AT else []
                notes += [t("smurf.cat")] if at in view.cats else []
                notes += pawns_on(at, view.positions, names, seat)
                return f"{square_label(at)} ({', '.join(notes)})" if notes else square_label(at)

            at = view.positions[seat]
            lines.append(t("smurf.board.ahead", way=way(board.FORWARD), squares=nearby(at, board.SIZE, square)))
            lines.append(
                t("smurf.board.ahead", way=way(board.BACKWARD), squares=nearby(at, board.SIZE, square, board.BACKWARD))
            )
        return lines
