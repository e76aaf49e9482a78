"""What one seat sees of a table, as plain frozen values: the view model every front renders.

The table controller (parlour/services/controller.py) builds a `SeatView` once per batch of events (and
once per key that changes the prompt); a front only draws it: the Textual table binds its panels
to its parts, plain mode says them as lines, a served front sends them on. No field here holds a
widget, a Rich object or a callback, and nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from parlour.rules.records import record


@record
class Seated:
    """The players panel: one block per seat, the turn marker beside the seat to act."""

    names: tuple[str, ...]  # as shown (a seat whose player dropped says so)
    marks: tuple[str, ...]  # each pawn's letter
    colours: tuple[str, ...]
    stats: tuple[str, ...]  # the line under each name
    turn: int | None  # the seat to act (None: nobody, the game is over)
    marker: str  # what marks the seat to act (">" in ASCII)


@record
class Holding:
    """The hand panel: what is told beside the board, then the viewer's cards."""

    title: str  # the legend (if any), then "Ann's hand (3)"
    cards: tuple[str, ...] | None  # None: no hand shown (a game without hands, a hidden one)
    empty: str = ""  # said for an empty hand
    selected: int | None = None  # the card the chosen option plays
    numbered: bool = True  # each card with its slot key (the digits play them)
    keys: tuple[str, ...] | None = None  # the slot keys as the keymap names them


@record
class Option:
    """One numbered answer to the open question."""

    key: str  # the key that chooses it ("1", "Space"), as the keymap names it
    label: str


@record
class Asked:
    """The prompt bar: the open question, its options, the one selected, and a note under them."""

    question: str
    options: tuple[Option, ...] = ()
    selected: int | None = None
    note: str = ""


@record
class SeatView:
    """Everything a front shows of one table for one viewer at one moment."""

    viewer: int  # the seat whose eyes these are (SPECTATOR: what everyone may see)
    view: Any  # the rules' view of the game for the viewer: the board and a game's own piles read it
    dice: tuple[int, ...]  # the last roll, shown on the board
    seated: Seated
    holding: Holding
    asked: Asked
    status: str  # one line: whose turn, or the result
    keys: frozenset[str]  # the intents that do something now ("roll", "confirm", "shortcut:raid", ...)
    log: tuple[str, ...] = ()  # the log lines this batch added (a front appends them)
