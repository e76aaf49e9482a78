"""What every game's words are: the base classes a game's words subclass, and the story (the log)
told one event at a time. Plain text only: this layer imports no Textual and no Rich, so the
app, plain mode and `parlour replay --text` can all use it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .i18n import You, listed, t

if TYPE_CHECKING:  # the title screen imports this module: the records are made once a game is told
    from parlour.rules.game import Game
    from parlour.rules.records import Action, Event
    from parlour.rules.registry import Entry

T = TypeVar("T")
NEAR = 6  # how many squares ahead of a pawn the board in words tells


class ByGame(Generic[T]):
    """One class per game id: the one the game's registry entry names for a part (`part` reads
    it: its words or its presenter), as "module:NAME", imported when first asked for."""

    def __init__(self, part: Callable[[Entry], str]):
        self.part = part
        self.classes: dict[str, type[T]] = {}  # by "module:NAME" (an id may be registered anew)

    def get(self, game_id: str) -> type[T]:
        from parlour.rules import registry

        target = self.part(registry.entry(game_id))
        if target not in self.classes:
            self.classes[target] = registry.load(target)
        return self.classes[target]


class Narrator:
    """Tells one batch of events (what one action led to), one event at a time, each with the
    game as the reader saw it just before that event.

    A few lines depend on what comes next (a roll is told with the move it leads to): a game's
    narrator keeps such a line in `held` until the next event settles it; `end` tells what is
    still held when the batch is over."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names
        self.first: Event | None = None  # the batch's first event: who acted, or the set-up
        self.held: list[str] = []

    @property
    def setup(self) -> bool:
        """True while telling the set-up (the batch the game starts with)."""
        from parlour.rules.records import Acted

        return isinstance(self.first, Acted) and self.first.seat is None

    @property
    def actor(self) -> int | None:
        """The seat whose action the batch follows (None for the set-up or a batch from elsewhere)."""
        from parlour.rules.records import Acted

        return self.first.seat if isinstance(self.first, Acted) else None

    def tell(self, event: Event, before: Any) -> list[str]:
        """The lines settled by `event`; `before` is the game (as the reader may see it) before it."""
        if self.first is None:
            self.first = event
        return self.step(event, before)

    def step(self, event: Event, before: Any) -> list[str]:
        """A game's telling of one event (see `tell`)."""
        return []

    def turn_began(self, game: str, seat: int) -> list[str]:
        """A turn's first lines: in the set-up, who starts; then whose turn it is."""
        starts = [t(f"{game}.log.starts", name=self.names[seat])] if self.setup else []
        return starts + [t(f"{game}.log.turn", name=self.names[seat])]

    def release(self) -> list[str]:
        """The held lines, now settled."""
        lines, self.held = self.held, []
        return lines

    def end(self) -> list[str]:
        """The lines still held when the batch is over."""
        return self.release()


class Words:
    """A game's words: the prompt's question and option labels, the player panel's lines, the
    hand's labels, the log and the results. They read views and events; they never decide a rule.

    Argument order everywhere: the thing told about, the view, the seat, then the names."""

    game_id: ClassVar[str] = ""
    help_key: ClassVar[str] = ""  # the catalogue key of the game's rules, written for players
    narrator: ClassVar[type[Narrator]] = Narrator
    _games: ClassVar[ByGame[Words]] = ByGame(lambda entry: entry.words)

    def __init_subclass__(cls, game: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if game:
            cls.game_id = game

    @staticmethod
    def of(game_id: str) -> Words:
        """The words of a game (the class its registry entry names: parlour/services/words/<game id>.py)."""
        return Words._games.get(game_id)()

    def question(self, view: Any, seat: int, names: tuple[str, ...]) -> str:
        """What the seat to act is asked now."""
        raise NotImplementedError

    def describe(self, action: Action, view: Any, seat: int, names: tuple[str, ...]) -> str:
        """The label of one option in the prompt bar."""
        return type(action).__name__

    def player_stats(self, view: Any, seat: int, ascii_only: bool) -> str:
        """The line under a player's name."""
        return ""

    def hand(self, view: Any, seat: int) -> tuple | None:
        """The cards the seat holds, in the order shown (None: a game without hands)."""
        return None

    def card_label(self, card: str) -> str:
        """A card's short name, for the hand beside the board."""
        return str(card)

    def aside(self, view: Any, seat: int, ascii_only: bool) -> str | None:
        """Text for the side panel under the players (None: nothing)."""
        return None

    def slot_note(self, view: Any, seat: int, slot: int) -> str:
        """Why the card in hand slot `slot` (0-based) cannot be played now (empty: no reason to give)."""
        return ""

    def result_lines(self, state: Any, names: tuple[str, ...]) -> list[str]:
        """One line (or block) per player for the results screen."""
        raise NotImplementedError

    def board_lines(self, view: Any, seat: int, names: tuple[str, ...]) -> list[str]:
        """The board told in words (plain mode's `board`): where every pawn is, then what lies on
        the squares near the seat's own pawn (a watcher, seat -1, hears only the pawns)."""
        return []

    def standing(self, state: Any, seat: int) -> float:
        """How well the seat did, for ranking the results (higher is better; the winners come
        first whatever it says)."""
        return 0

    def ranked(self, state: Any, winners: tuple[int, ...], players: int) -> list[int]:
        """The seats in results order: the winners, then the others best first (ties by seat)."""
        return sorted(range(players), key=lambda s: (s not in winners, -self.standing(state, s), s))

    def ranking(self, state: Any, result: Any, names: tuple[str, ...]) -> tuple[str, list[tuple[int, str]]]:
        """The results as every front says them: who won ("You win!", "Odie wins!", "You share
        the win with Odie!": the one person at the keyboard named as a `You`), then each seat's
        line with its place, best first."""
        plain = tuple(map(str, names))  # each seat's line by name, as the results screen always told it
        lines = [line.rstrip("\n") for line in self.result_lines(state, plain)]
        winners = [names[w] for w in result.winners]
        head = (
            t("results.winner", name=winners[0]) if len(winners) == 1 else listed("results.winners", "names", winners)
        )
        ranked = self.ranked(state, result.winners, len(names))
        return head, [(seat, f"{place}. {lines[seat]}") for place, seat in enumerate(ranked, 1)]

    def outcome(self, lines: list[str], names: tuple[str, ...], seat: int) -> str:
        """What the seat's own batch of lines came to: its last line that tells something the seat
        did, the seat being the line's subject ("You rolled 4…", "RAZZIA! You blew…"): not the
        next turn's heading, not Garfield's card, not what befell the seat ("…no cards for you").
        Empty: no line of the batch tells one."""
        game = self.game_id
        headings = {t(f"{game}.log.turn", name=n) for n in names} | {t(f"{game}.log.starts", name=n) for n in names}
        name = names[seat]
        doer = re.compile(rf"(?:\S+! )?{re.escape(t('game.you_subject') if isinstance(name, You) else name)}\b")
        return next((line for line in reversed(lines) if line not in headings and doer.match(line)), "")

    def tell(self, told: list[tuple[Event, Any]], names: tuple[str, ...]) -> list[str]:
        """The lines for one batch, given each event with the game just before it."""
        narrator = self.narrator(names)
        lines = [line for event, before in told for line in narrator.tell(event, before)]
        return lines + narrator.end()


def nearby(position: int, size: int, square_words: Callable[[int], str], direction: int = 1, steps: int = NEAR) -> str:
    """The `steps` squares after `position` going `direction` round a loop of `size`, each told
    by `square_words`, joined by commas."""
    return ", ".join(square_words((position + direction * i) % size) for i in range(1, steps + 1))


def pawns_on(square: int, positions: Sequence[int], names: tuple[str, ...], skip: int = -1) -> list[str]:
    """The names of the players (but `skip`) whose pawn stands on `square`."""
    return [names[s] for s, at in enumerate(positions) if at == square and s != skip]


class Story:
    """The log as one reader (`seat`) follows it: each event as the reader may see it, told with
    the reader's view of the game just before it. That view is the reader's view of the state
    the table applied the event to, when the table kept those states (`Table.states`): then no
    event is folded here. Otherwise it is kept by folding the redacted events into it (a seat
    that does so keeps exactly its view: the rules' property tests check it), so the same works
    for a replay and for a served table whose events come redacted."""

    def __init__(
        self, game: Game[Any, Any], words: Words, names: tuple[str, ...], seat: int | None, initial: Any
    ) -> None:
        self.game, self.words, self.names, self.seat = game, words, names, seat
        self._view: Any = game.view(initial, seat)  # the reader's view as of the last event told
        self._state: Any = None  # or the state after the last event told, its view not built yet

    @property
    def view(self) -> Any:
        """The reader's view of the game as of the last event told."""
        if self._state is not None:
            self._view, self._state = self.game.view(self._state, self.seat), None
        return self._view

    def tell(self, events: list[Event], states: list[Any] | None = None) -> list[str]:
        """The lines for one batch of events (what one action led to). `states`, when given, are
        the states the events went through (before each, then after the last: `Table.states`)."""
        game, seat = self.game, self.seat
        narrator = self.words.narrator(self.names)
        lines: list[str] = []
        if states is not None:
            view = game.view
            for event, before in zip(events, states):
                lines += narrator.tell(game.redact(event, seat), view(before, seat))
            self._state = states[-1]
            return lines + narrator.end()
        before = self.view
        for event in events:
            seen = game.redact(event, seat)
            lines += narrator.tell(seen, before)
            before = game.view(game.evolve(before, seen), seat)
        self._view = before
        return lines + narrator.end()

    def tell_log(self, events: list[Event], last: int | None = None) -> list[str]:
        """The lines for a whole log, batch by batch (a batch begins at each action). With `last`,
        only the last `last` batches are told: the ones before are folded into the view without
        words (a long game's screen needs its tail, not 68,000 lines), and the lines told are
        exactly the tail of the whole telling."""
        from parlour.rules.records import Acted

        starts = [i for i, event in enumerate(events) if i == 0 or isinstance(event, Acted)]
        if last is not None and len(starts) > last:
            self.fold(events[: starts[-last]])
            events = events[starts[-last] :]
            starts = [i - starts[-last] for i in starts[-last:]]
        lines: list[str] = []
        for start, end in zip(starts, starts[1:] + [len(events)]):
            lines += self.tell(events[start:end])
        return lines

    def fold(self, events: list[Event]) -> None:
        """Follow events without telling them (the view moves on as `tell` would move it)."""
        game, seat, view = self.game, self.seat, self.view
        for event in events:
            view = game.view(game.evolve(view, game.redact(event, seat)), seat)
        self._view = view
