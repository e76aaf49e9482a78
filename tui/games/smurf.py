"""How the Smurf Game table looks: the 40-square path with HOME, the four food circles, the cat
holes and the two wheels (drawn with the Line API), and the words for its events, decisions and
options. It reads views and events and uses the rules' pure helpers to preview a choice; it
never decides a rule: every key press becomes one of the table's legal actions."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from rules.records import Acted, DiceRolled
from rules.smurf import board, moves, wheels
from rules.smurf.records import (
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

from ..widgets.board import LineBoard
from ..i18n import t

# ---- geometry: the 40 squares around the edge of a 59 x 13 board ---------------------------

WIDTH, HEIGHT = 59, 13
CORNER, CELL = 7, 5  # corner and side cells are 7 wide, the others 5
INNER_X, INNER_W, INNER_Y, INNER_H = CORNER, 9 * CELL, 2, 9  # the middle: circles and wheels


def _layout() -> list[tuple[int, int, int, int]]:
    """(x, y, width, lines) of each square, clockwise from HOME in the top left corner: 0-10
    along the top, 11-19 down the right side, 20-30 back along the bottom, 31-39 up the left
    side. Forward (+1) is clockwise."""
    cells = []
    xs = [0] + [CORNER + i * CELL for i in range(9)] + [CORNER + 9 * CELL]
    widths = [CORNER] + [CELL] * 9 + [CORNER]
    for i in range(11):
        cells.append((xs[i], 0, widths[i], 2))
    for r in range(9):
        cells.append((WIDTH - CORNER, 2 + r, CORNER, 1))
    for i in range(11):
        cells.append((xs[10 - i], HEIGHT - 2, widths[10 - i], 2))
    for r in range(9):
        cells.append((0, HEIGHT - 3 - r, CORNER, 1))
    return cells


CELLS = _layout()
ROW_CELLS = {y: sorted((s for s in range(board.SIZE) if CELLS[s][1] == y), key=lambda s: CELLS[s][0])
             for y in (0, HEIGHT - 2)}
SIDE_CELLS = {y: (next(s for s in range(31, 40) if CELLS[s][1] == y), next(s for s in range(11, 20) if CELLS[s][1] == y))
              for y in range(2, HEIGHT - 2)}

WHEEL_OF = {square: wheel for wheel, holes in wheels.HOLES.items() for square, _ in holes}
FOOD_COLOUR = {board.ACORN: "yellow", board.STRAWBERRY: "red", board.APPLE: "green", board.GRAPE: "magenta"}

STYLE = {
    "plain": "dim",
    "home": "bold reverse",
    "hole": "cyan",
    "cat": "bold white on red",
    "text": "",
    "bold": "bold",
    "dim": "dim",
    **{f"food.{kind}": f"bold {colour}" for kind, colour in FOOD_COLOUR.items()},
}

DICE = "⚀⚁⚂⚃⚄⚅"
PLAIN = Style()  # every segment has a style: the NO_COLOR filter reads each one


def _style(key: str) -> Style:
    return Style.parse(STYLE.get(key, key))


# ---- names -----------------------------------------------------------------------------------


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


def caught_by(view, wheel: int) -> tuple[int, ...]:
    """The seats whose pawns a turn of `wheel` would put under a new cat (a preview)."""
    index = wheels.WHEELS.index(wheel)
    after = list(view.wheels)
    after[index] = wheels.turned(after[index])
    new = wheels.showing(tuple(after)) - view.cats
    return tuple(s for s in range(len(view.players)) if view.positions[s] in new and not view.inside[s])


# ---- the board widget --------------------------------------------------------------------------


class SmurfBoard(LineBoard):
    """The loop of 40 squares (HOME, food entries, cat holes with or without a cat, pawns), and
    in the middle the food circles, the two wheels and the die. Only the squares and middle
    lines whose content changed are redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    SmurfBoard { width: 59; height: 13; }
    """

    cells: var[tuple] = var(tuple)  # per square: (label, style key, seats standing there)
    inner: var[tuple] = var(tuple)  # the middle's 9 lines, each a tuple of (text, style key)

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only what changed."""
        self.cells = self.cell_states(view)
        self.inner = self.inner_lines(view, dice)

    @staticmethod
    def cell_states(view) -> tuple:
        cats = view.cats
        cells = []
        for square in range(board.SIZE):
            here = tuple(s for s, p in enumerate(view.positions) if p == square and not view.inside[s])
            if square == board.HOME:
                cells.append((t("smurf.home"), "home", here))
            elif square in board.FOOD_AT:
                kind = board.FOOD_AT[square]
                cells.append((f"{code(kind)}{square}", f"food.{kind}", here))
            elif square in cats:
                cells.append((t("smurf.cat"), "cat", here))
            elif square in WHEEL_OF:
                cells.append((f"({square})", "hole", here))
            else:
                cells.append((str(square), "plain", here))
        return tuple(cells)

    def inner_lines(self, view, dice: tuple[int, ...]) -> tuple:
        """The middle of the board: circles beside their entries, the wheels, the die."""
        lines: list[tuple] = [()] * INNER_H
        circle = {kind: self._circle(view, kind) for kind in board.KINDS}
        lines[0] = _place(circle[board.ACORN], CELLS[board.ENTRY[board.ACORN]][0] + CELL // 2 - INNER_X, "centre")
        lines[3] = _place(circle[board.STRAWBERRY], INNER_W - 1, "right")
        lines[5] = _place(circle[board.GRAPE], 1, "left")
        lines[8] = _place(circle[board.APPLE], CELLS[board.ENTRY[board.APPLE]][0] + CELL // 2 - INNER_X, "centre")
        lines[1] = _place(self._wheel(view, 1), INNER_W // 2, "centre")
        lines[6] = _place(self._wheel(view, 2), INNER_W // 2, "centre")
        if dice:
            lines[4] = _place(((t("smurf.die", die=die_text(dice[0], self.ascii_only)), "bold"),), INNER_W // 2, "centre")
        lines[7] = _place(((t("smurf.reconstructed"), "dim"),), INNER_W // 2, "centre")
        return tuple(lines)

    def _circle(self, view, kind: str) -> tuple:
        """A food circle: its name, its discs left (as dots and a number), the pawns inside."""
        left = view.circles[board.kind_index(kind)]
        full, empty = ("#", ".") if self.ascii_only else ("●", "○")
        parts = [("(", "bold"), (f"{area_name(kind)} ", f"food.{kind}"),
                 (full * left + empty * (board.DISCS_PER_KIND - left), f"food.{kind}"), (f" {left}", "bold")]
        inside = [s for s in range(len(view.players)) if view.inside[s] and view.positions[s] == board.ENTRY[kind]]
        if inside:
            parts.append((" ", "text"))
            parts += [(self.marks[s], f"bold {self.colours[s]}") for s in inside]
        parts.append((")", "bold"))
        return tuple(parts)

    def _wheel(self, view, wheel: int) -> tuple:
        """A wheel: its name, a dial with its position marked, the position and its holes."""
        position = view.wheels[wheels.WHEELS.index(wheel)]
        mark, dot = ("#", ".") if self.ascii_only else ("●", "·")
        dial = "".join(mark if i == position else dot for i in range(wheels.POSITIONS))
        squares = [square for square, _ in wheels.HOLES[wheel]]
        return ((t("smurf.wheel", n=wheel), "bold"), (f" {dial} ", "cyan"),
                (t("smurf.wheel_position", position=position, positions=wheels.POSITIONS), "bold"),
                (" " + t("smurf.wheel_holes", first=squares[0], last=squares[-1]), "dim"))

    def watch_cells(self, old: tuple, new: tuple) -> None:
        for square in range(board.SIZE):
            if square >= len(old) or square >= len(new) or old[square] != new[square]:
                x, y, w, lines = CELLS[square]
                self.refresh(Region(x, y, w, lines))

    def watch_inner(self, old: tuple, new: tuple) -> None:
        for row in range(INNER_H):
            if row >= len(old) or row >= len(new) or old[row] != new[row]:
                self.refresh(Region(INNER_X, INNER_Y + row, INNER_W, 1))

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        if not self.cells:
            return Strip.blank(self.size.width)
        return self.full_line(y).crop(0, self.size.width)

    def full_line(self, y: int) -> Strip:
        """Line `y` of the board, all 59 columns of it."""
        segments: list[Segment] = []
        if y in (0, 1) or y in (HEIGHT - 2, HEIGHT - 1):
            top = 0 if y < 2 else HEIGHT - 2
            for square in ROW_CELLS[top]:
                segments += self._cell(square, y - top)
        else:
            left, right = SIDE_CELLS[y]
            segments += self._cell(left, 0)
            row = self.inner[y - INNER_Y] if y - INNER_Y < len(self.inner) else ()
            used = 0
            for text, style in row:
                segments.append(Segment(text, _style(style)))
                used += len(text)
            segments.append(Segment(" " * max(0, INNER_W - used), PLAIN))
            segments += self._cell(right, 0)
        return Strip(segments).crop(0, WIDTH)

    def _cell(self, square: int, line: int) -> list[Segment]:
        """One line of one square: its label, and the pawns standing on it."""
        _, _, width, lines = CELLS[square]
        label, style, here = self.cells[square]
        marks = [(self.marks[s], Style(color=self.colours[s], bold=True)) for s in here]
        if lines == 2 and line == 0:
            return [Segment(label.center(width)[:width], _style(style))]
        if lines == 2:
            text = "".join(m for m, _ in marks)[:width]
            pad = (width - len(text)) // 2
            return [Segment(" " * pad, PLAIN), *[Segment(m, s) for m, s in marks[:width]],
                    Segment(" " * (width - pad - len(text)), PLAIN)]
        pawns = marks[:width - 1]
        room = width - len(pawns) - (1 if pawns else 0)
        label = label[:room]
        out = [Segment(label, _style(style)), Segment(" " * (width - len(label) - len(pawns)), PLAIN)]
        return out + [Segment(m, s) for m, s in pawns]


def _place(parts: tuple, anchor: int, how: str) -> tuple:
    """Parts of one middle line, placed left, centred on `anchor`, or ending at `anchor`."""
    length = sum(len(text) for text, _ in parts)
    if how == "left":
        start = anchor
    elif how == "right":
        start = anchor - length
    else:
        start = anchor - length // 2
    start = max(0, min(start, INNER_W - length))
    return ((" " * start, "text"),) + tuple(parts) if start else tuple(parts)


# ---- words for the log, the prompt and the options -----------------------------------------


def way(direction: int) -> str:
    return t("smurf.way.forward" if direction == board.FORWARD else "smurf.way.back")


def _ending(view, seat: int, move: Move) -> int | None:
    return moves.destination(view.positions[seat], view.inside[seat], view.rolled, move, view.cats)


def describe(action, view, seat: int, names: tuple[str, ...]) -> str:
    """The label of one option in the prompt bar; after a roll, a preview of where it lands."""
    match action:
        case Roll():
            return t("smurf.option.roll")
        case TurnWheel(wheel=wheel):
            caught = caught_by(view, wheel)
            if caught:
                return t("smurf.option.wheel_catches", n=wheel, names=", ".join(names[s] for s in caught))
            return t("smurf.option.wheel", n=wheel)
        case Move(direction=direction, food=None):
            to = _ending(view, seat, action)
            if to == board.HOME and len(view.kinds_held(seat)) == len(board.KINDS):
                return t("smurf.option.move_home_wins", way=way(direction))
            return t("smurf.option.move", way=way(direction), to=square_label(to) if to is not None else "?")
        case Move(direction=direction, food=food):
            return t("smurf.option.move_in", way=way(direction), place=place_name(food))
        case GiveUp(kind=kind):
            return t("smurf.option.give_up", kind=kind_name(kind), n=view.held[seat][board.kind_index(kind)])
    return type(action).__name__


def blocked(view, seat: int) -> list[str]:
    """After a roll: each way no option goes, and the cat that blocks it."""
    open_ways = {move.direction for move, _ in
                 moves.options(view.positions[seat], view.inside[seat], view.rolled, view.cats)}
    notes = []
    for direction in board.DIRECTIONS:
        if direction in open_ways:
            continue
        path = moves.walk(view.positions[seat], view.inside[seat], view.rolled, direction)
        cat = next((square for square in path.squares if square in view.cats), None)
        if cat is not None:
            notes.append(t("smurf.blocked", way=way(direction), square=cat))
    return notes


def question(view, seat: int, names: tuple[str, ...]) -> str:
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


def narrate(events: list, names: tuple[str, ...], view) -> list[str]:
    """Plain words for one batch of events; `view` is the game after the batch."""
    setup = isinstance(events[0], Acted) and events[0].seat is None
    actor = events[0].seat if isinstance(events[0], Acted) else None
    lines: list[str] = []
    die = None
    for i, event in enumerate(events):
        match event:
            case DiceRolled(seat=seat, dice=rolled):
                if setup:
                    lines.append(t("smurf.log.opening", name=names[seat], die=rolled[0]))
                elif isinstance(events[i + 1] if i + 1 < len(events) else None, Moved):
                    die = rolled[0]  # told with the move
                else:
                    lines.append(t("smurf.log.rolled", name=names[seat], die=rolled[0]))
            case Moved(seat=seat, to=to):
                going_in = i + 1 < len(events) and isinstance(events[i + 1], WentIn)
                if going_in:
                    continue  # told with WentIn
                key = "smurf.log.rolled_moved" if die is not None else "smurf.log.moved"
                lines.append(t(key, name=names[seat], die=die, to=square_label(to)))
                die = None
            case WentIn(seat=seat, kind=kind):
                key = "smurf.log.rolled_went_in" if die is not None else "smurf.log.went_in"
                lines.append(t(key, name=names[seat], die=die, place=place_name(kind)))
                if not (i + 1 < len(events) and isinstance(events[i + 1], DiscTaken)):
                    lines.append(t("smurf.log.empty", place=place_name(kind)))
                die = None
            case DiscTaken(seat=seat, kind=kind):
                lines.append(t("smurf.log.took", name=names[seat], kind=kind_name(kind)))
            case Stayed(seat=seat, die=rolled):
                lines.append(t("smurf.log.stayed", name=names[seat], die=rolled))
            case WheelTurned(wheel=wheel, position=position):
                who = names[actor] if actor is not None else "?"
                lines.append(t("smurf.log.wheel", name=who, n=wheel, position=position,
                               positions=wheels.POSITIONS))
            case CatAppeared(square=square, seats=seats):
                lines.append(t("smurf.log.cat", square=square, names=", ".join(names[s] for s in seats)))
            case MustGiveUp(seat=seat):
                lines.append(t("smurf.log.must_give_up", name=names[seat]))
            case DiscReturned(seat=seat, kind=kind):
                lines.append(t("smurf.log.returned", name=names[seat], kind=kind_name(kind)))
            case TurnBegan(seat=seat):
                if setup:
                    lines.append(t("smurf.log.starts", name=names[seat]))
                lines.append(t("smurf.log.turn", name=names[seat]))
            case Won(seat=seat):
                lines.append(t("smurf.log.won", name=names[seat]))
            case DirectionAsked():
                pass
    return lines


# ---- what the generic table asks of a game --------------------------------------------------

HELP_KEY = "smurf.help.text"
ROLL = Roll()  # what Space does at the start of a turn
BOARD = SmurfBoard


def baskets(view, seat: int, ascii_only: bool) -> str:
    """The four kinds in order, each with how many the seat holds (a dot for none)."""
    none = "-" if ascii_only else "·"
    return " ".join(f"{code(kind)}{n if n else none}" for kind, n in zip(board.KINDS, view.held[seat]))


def player_stats(view, seat: int, ascii_only: bool) -> str:
    return baskets(view, seat, ascii_only)


def aside(view, seat: int, ascii_only: bool) -> str:
    """The legend beside the board (nothing is hidden in this game: no hands)."""
    entry = f"{code(board.ACORN)}{board.ENTRY[board.ACORN]}"
    return t("smurf.legend", cat=t("smurf.cat"), entry=entry)


def hand(view, seat: int):
    return None  # no cards in this game


def card_label(card) -> str:
    return str(card)


SHORTCUTS = {"wheel1": TurnWheel(1), "wheel2": TurnWheel(2)}


def bindings() -> list[Binding]:
    """Turn a wheel with one key instead of rolling."""
    return [Binding("w", "shortcut('wheel1')", t("smurf.keys.wheel1"), id="smurf_wheel1"),
            Binding("e", "shortcut('wheel2')", t("smurf.keys.wheel2"), id="smurf_wheel2")]


def shortcut(name: str, options: list):
    action = SHORTCUTS.get(name)
    return action if action in options else None


def result_lines(state, names: tuple[str, ...]) -> list[str]:
    """One line per player for the results screen: the kinds of baskets they came home with."""
    return [f"{name:<20} {t('smurf.kinds_count', n=len(state.kinds_held(seat)))}  {baskets(state, seat, True)}"
            for seat, name in enumerate(names)]
