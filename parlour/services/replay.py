"""Watching a saved game again: the game at any point of its log, found at once at any length.

A replay stops after each action (a batch: the action's Acted event and what followed from it).
The state at a stop is folded from the nearest snapshot before it (one is kept every `every`
events), so seeking costs at most `every` evolve steps however long the game is. Whose eyes: a
finished game may be watched with every hand open (None) or as any seat saw it; an unfinished
one only as a seat saw it, so a hot-seat save never shows one player another's hand.
No Textual here: the app's replay screen and `parlour replay --text` both use it.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from parlour.rules import registry
from parlour.rules.log import Loaded, fold_events
from parlour.rules.records import Acted, DiceRolled, Event, TurnBegan

from .shown import shown

if TYPE_CHECKING:
    from parlour.rules.log import Header

    from .words.base import Words

EVERY = 256  # events between snapshots: seeking folds at most this many


class Replay:
    def __init__(self, loaded: Loaded, every: int = EVERY):
        self.header = loaded.header
        self.game = registry.get(loaded.header.game)
        self.events: list[Event] = loaded.events
        self.every = every
        self.names = _names(loaded.header)
        self.warnings = loaded.warnings
        self.finished = self.game.result(loaded.state) is not None
        events, game = self.events, self.game
        # stops: the number of events after each action; turns: the stop where each turn begins
        self.stops: list[int] = [
            i for i in range(1, len(events) + 1) if i == len(events) or isinstance(events[i], Acted)
        ]
        self.turns: list[int] = []
        state = game.initial(self.names, self.header.options)
        self._snapshots = [state]
        for end in range(every, len(events) + 1, every):  # snapshot k: the state after k * every events
            state = fold_events(game, state, events[end - every : end])
            self._snapshots.append(state)
        stop = 0
        for i, event in enumerate(events):
            if isinstance(event, TurnBegan):
                while self.stops[stop] <= i:
                    stop += 1
                if not self.turns or self.turns[-1] != stop:
                    self.turns.append(stop)
        if not self.turns:
            self.turns = [0]

    # ---- where ---------------------------------------------------------------------------

    def eyes(self) -> list[int | None]:
        """Whose eyes the game may be watched with: None (all hands open) only once it is over."""
        seats: list[int | None] = list(range(len(self.names)))
        return [None, *seats] if self.finished else seats

    def turn_of(self, stop: int) -> int:
        """The turn (1-based) that stop `stop` is in (0 before the first turn began)."""
        return bisect_right(self.turns, stop)

    def turn_start(self, turn: int) -> int:
        """The stop at which turn `turn` (1-based, clamped) begins."""
        return self.turns[min(max(turn, 1), len(self.turns)) - 1]

    # ---- what ----------------------------------------------------------------------------

    def state_at(self, stop: int) -> Any:
        """The whole game after stop `stop` (from the nearest snapshot: at most `every` steps)."""
        end = self.stops[stop]
        base = end // self.every
        return fold_events(self.game, self._snapshots[base], self.events[base * self.every : end])

    def view_at(self, stop: int, seat: int | None) -> Any:
        return self.game.view(self.state_at(stop), seat)

    def dice_at(self, stop: int) -> tuple[int, ...]:
        """The dice of the last roll before stop `stop` (to show on the board)."""
        for event in reversed(self.events[: self.stops[stop]]):
            if isinstance(event, DiceRolled):
                return event.dice
        return ()

    def story_at(self, stop: int, seat: int | None, words: Words, batches: int | None = None) -> list[str]:
        """The log's lines up to stop `stop` as `seat` read it: the last `batches` actions (None:
        all), told from the state before them, so a long game tells only its end."""
        from .words.base import Story

        first = 0 if batches is None else max(0, stop - batches + 1)
        start = 0 if first == 0 else self.stops[first - 1]
        before = self.game.initial(self.names, self.header.options) if first == 0 else self.state_at(first - 1)
        story = Story(self.game, words, self.names, seat, before)
        return story.tell_log(self.events[start : self.stops[stop]])


def text_header(replay: Replay, played: float | None) -> list[str]:
    """The first lines of `parlour replay --text`: the game, its players and when it was last
    played (`played`: a timestamp, e.g. the save's modification time)."""
    from datetime import datetime

    from .words.i18n import t

    when = datetime.fromtimestamp(played).strftime("%Y-%m-%d %H:%M") if played is not None else "?"
    players = ", ".join(map(shown, replay.header.players))
    return [t("replay.text_header", game=t(f"games.{replay.game.id}"), players=players, date=when), ""]


def text_ranking(replay: Replay, words: Words) -> list[str]:
    """The last lines of `parlour replay --text`: the final ranking (or that the game goes on)."""
    from .words.i18n import t

    state = replay.state_at(len(replay.stops) - 1) if replay.stops else None
    result = replay.game.result(state) if state is not None else None
    if result is None:
        return ["", t("replay.text_unfinished")]
    # The names made text where they are read from the save (`shown`): the lines keep the game's
    # own line breaks.
    head, ranked = words.ranking(state, result, tuple(map(shown, replay.header.players)))
    return ["", t("results.heading"), head] + [line for _seat, line in ranked]


def _names(header: Header) -> tuple[str, ...]:
    """The players' names as the game's own table told them: the one person at the keyboard of
    a game against bots is "you" (the `_you` forms of the catalogues), as in the live log.
    Names come from the save: as text (`shown`), here where they enter, so the lines told with
    them keep the game's own line breaks."""
    from parlour.services.seats import seats_from_meta
    from parlour.services.words.i18n import You

    humans = [i for i, seat in enumerate(seats_from_meta(header.players, header.meta)) if seat.human]
    return tuple(You(shown(name)) if humans == [i] else shown(name) for i, name in enumerate(header.players))
