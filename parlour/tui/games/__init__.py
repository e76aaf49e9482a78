"""Each game's presenter: how its table looks and which keys do what, one subclass of `Presenter`
per game, the one its registry entry names (tui/games/<game id>.py, with its board widget, for
Parlour's own), found by game id and imported when first asked for. The words (log, prompt, options, results)
are the game's `Words`, in parlour/services/words/ below the app, so plain mode and `parlour replay
--text` share them.

The generic table (tui/screens/game.py) asks a presenter for everything game-specific; a
presenter reads views and returns widgets, keys and actions; it never decides a rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.services.words.base import ByGame, Words

if TYPE_CHECKING:
    from textual.binding import Binding
    from textual.widget import Widget

    from parlour.rules.records import Action
    from parlour.services.seats import Seat

    from ..widgets.board import LineBoard


class Presenter:
    """The defaults are a game with no hands to play from, no extra keys and no rules options."""

    game_id: ClassVar[str] = ""
    board: ClassVar[type[LineBoard]]  # the board widget (its `show(view, dice)` redraws what changed)
    words: ClassVar[Words]
    roll: ClassVar[Action | None] = None  # what Space does at the start of a turn (when legal)
    has_slots: ClassVar[bool] = False  # True: the hand is listed card by card for the 1-9 keys
    hidden_info: ClassVar[bool] = True  # False: nothing to hide, so no hot-seat privacy screen
    legend_keys: ClassVar[str] = ""  # a catalogue key: the game's keys told beside the board
    _games: ClassVar[ByGame[Presenter]] = ByGame(lambda entry: entry.presenter)

    def __init_subclass__(cls, game: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if game:
            cls.game_id = game
            cls.words = Words.of(game)

    @staticmethod
    def of(game_id: str) -> Presenter:
        """The presenter of a game (the class its registry entry names: tui/games/<game id>.py)."""
        return Presenter._games.get(game_id)()

    def roll_action(self, options: list) -> Action | None:
        """What Space does now: the game's roll when it is among the options, else None."""
        return self.roll if self.roll is not None and self.roll in options else None

    def uses_slots(self, options: list) -> bool:
        """True when the digits play the cards in the hand (else they pick a numbered option)."""
        return False

    def slot_action(self, view: Any, seat: int, slot: int, options: list) -> Action | None:
        """The action for hand slot `slot` (0-based), if playing that card is an option now."""
        return None

    def numbers(self, view: Any, seat: int, options: list) -> list[int]:
        """The number (0-based) each option is chosen with: its place in the list, unless the
        game numbers a choice of cards by their slots in the hand (see Garfield's)."""
        return list(range(len(options)))

    def aside(self, words: Words, view: Any, seat: int, ascii_only: bool, board: Widget) -> str | None:
        """What is told beside the board (a legend): the game's words, unless its board as drawn
        now explains itself (see Smurf's)."""
        return words.aside(view, seat, ascii_only)

    def panels(self) -> list[Widget]:
        """The game's own panels beside its board, each with a `table_view` var the screen binds
        to the seat's view (e.g. Garfield's pile panel)."""
        return []

    def bindings(self) -> list[Binding]:
        """Extra keys, each with the action `shortcut('name')`."""
        return []

    def shortcut(self, name: str, options: list) -> Action | None:
        """The action a `shortcut('name')` key stands for now (None: the key is off)."""
        return None

    def game_options(self, seats: Sequence[Seat]) -> dict:
        """The rules options the set-up implies (e.g. which colour of nest each seat has)."""
        return {}


def playable() -> list[str]:
    """Games whose rules are in and whose table the app can show."""
    from parlour.rules import registry

    return [g for g in registry.available() if registry.importable(registry.entry(g).presenter)]
