"""The table controller: the turn logic of one table as a front shows it, free of any UI.

A front (the Textual table, plain mode, a served table) holds a `Session` (the game it plays:
parlour/services/table_driver.py's `TableDriver` behind a local game, or a served seat) and a `TableController`
over it. The front sends intents (a key, a bot's turn coming due, a batch of events told by the
session) and gets back a `Next`: what to do now (hand the keyboard over, answer a question
alone, let a bot move after a delay, show the results) and the `SeatView` to draw
(parlour/services/seatview.py). The controller decides whose turn it is, what is asked of whom, when a bot
moves, what hot-seat privacy hides, what may be undone and what the save's trouble is; the front
decides only how to draw and when the clock has run.

The seat's view of the game is built once per batch of events (and once more only when the
viewer changes); each event is folded once: the table keeps the states its events went through,
and the log's reader (`Story`) tells the events from those.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeGuard

from parlour.rules.records import Acted, Action, DiceRolled, Event, Rejected, record
from parlour.services.seats import SPECTATOR
from parlour.services.seatview import Asked, Holding, Option, Seated, SeatView
from parlour.services.session import Session as Session, TableLike as TableLike
from parlour.services.shown import shown
from parlour.services.words.base import Story, Words
from parlour.services.words.i18n import You, listed, t

if TYPE_CHECKING:
    from parlour.rules.game import Game, Result

TOLD_BATCHES = 200  # on opening, the log tells this many last actions: a long game's start is folded unsaid


# ---- what a controller drives ----------------------------------------------------------------


class Turns(Protocol):
    """A view that says whose turn it is (the three games'): a question put during another
    player's turn says whose turn it is."""

    turn: int


def has_turns(view: object) -> TypeGuard[Turns]:
    """Whether the game's view says whose turn it is (a game without turns asks the viewer)."""
    return hasattr(view, "turn")


class Prompting(Protocol):
    """What a game adds to the prompt: its roll, its hand slots, its shortcuts (a Textual
    presenter, tui/games/, is one; it reads views and never decides a rule)."""

    roll: ClassVar[Action | None]
    has_slots: ClassVar[bool]
    hidden_info: ClassVar[bool]

    def roll_action(self, options: list[Action]) -> Action | None: ...
    def uses_slots(self, options: list[Action]) -> bool: ...
    def slot_action(self, view: Any, seat: int, slot: int, options: list[Action]) -> Action | None: ...
    def numbers(self, view: Any, seat: int, options: list[Action]) -> list[int]: ...
    def shortcut(self, name: str, options: list[Action]) -> Action | None: ...


@record
class KeyNames:
    """The keys as the front names them now (a keymap may move them)."""

    named: Mapping[str, str]  # "confirm", "back", "move", "slots", "roll", ...: as in the catalogues' {keys}
    slots: tuple[str, ...] = tuple(str(n) for n in range(1, 10))  # the nine slot keys
    legend: str = ""  # the game's own keys, told beside the board
    shortcuts: tuple[str, ...] = ()  # the names of the game's shortcut keys


# ---- what the front does next -----------------------------------------------------------------


@record
class BotTurn:
    """The bot of `seat` moves next, once `delay` seconds have passed: then call `bot_step`."""

    seat: int
    delay: float


@record
class HintJob:
    """A hint to work out away from the screen (a thread): the seat's view only."""

    game: Game
    view: Any
    seat: int
    events: int  # how long the log was: a hint for a question since answered is dropped


@record
class Next:
    """What the front does after an intent: each field that is set, in this order."""

    view: SeatView | None = None  # draw this (None: nothing on the table changed)
    retell: bool = False  # the log was taken back: clear it before adding `view.log`
    pass_to: int | None = None  # hot seat: hand the keyboard to this seat, then call `take_seat`
    answer: Action | None = None  # submit this at once (a question with one answer, asked of one person)
    bot: BotTurn | None = None  # schedule a bot's move
    finish_after: float | None = None  # the game is over: show the results after this delay
    hint: HintJob | None = None  # work this out off the screen, then `hinted`
    refusal: str = ""  # a save refused by its check: say why (the list of saves)
    error: str = ""  # a bot's bug, said once (the game goes on for the people)
    lines: tuple[str, ...] = field(default=())  # log lines to add (also in `view.log` when drawn)


NOTHING = Next()


# ---- small helpers every front shares --------------------------------------------------------


def last_dice(events: Sequence[Event]) -> tuple[int, ...]:
    """The dice of the last roll, to show on the board."""
    for event in reversed(events):
        if isinstance(event, DiceRolled):
            return event.dice
    return ()


def named_together(keys: Sequence[str]) -> str:
    """Keys that do one thing, named as one: a run of digits as "1-5", the rest each, joined
    by "/" ("1-3/6", "3-4", "1/6", "a/s/d")."""
    parts: list[list[str]] = []
    for key in keys:
        run = parts[-1] if parts else []
        if run and key.isdigit() and len(key) == 1 and run[-1].isdigit() and int(key) == int(run[-1]) + 1:
            run.append(key)
        else:
            parts.append([key])
    return "/".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else run[0] for run in parts)


def grouped(labels: list[str]) -> list[str]:
    """Equal cards once each, in the order first held, with their number: "Harry ×3"."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    return [label if n == 1 else f"{label} ×{n}" for label, n in counts.items()]


def pawn_marks(names: Sequence[str]) -> list[str]:
    """Each pawn's letter: the name's initial, or the seat number where initials clash."""
    initials = [n[0].upper() for n in names]
    return initials if len(set(initials)) == len(initials) else [str(i + 1) for i in range(len(names))]


def marked_turn(to_act: Sequence[int | None]) -> int | None:
    """The seat the players' panel marks as to act: the first the rules wait for (a live table's
    and a replay's stop alike), None when the game waits for nobody."""
    return to_act[0] if to_act else None


def seat_names(players: Sequence[str], humans: Sequence[int]) -> tuple[str, ...]:
    """The names as text; one person at the keyboard is "you" (Your turn, You play), several
    are told by name."""
    return tuple(
        You(shown(n)) if len(humans) == 1 and seat == humans[0] else shown(n) for seat, n in enumerate(players)
    )


def question_line(words: Words, view: Any, viewer: int, names: Sequence[str]) -> str:
    """What the viewer is asked now, with whose turn it is: the same words on every front (the
    full screen's prompt, plain mode's question). A question put during another player's turn
    (a Smurf cat, a filmisbyte) is a decision, and says whose turn it is."""
    names = tuple(names)
    turn = view.turn if has_turns(view) else viewer  # a game without turns (none yet) asks the viewer
    head = (
        t("game.your_turn", name=names[viewer])
        if turn in (viewer, -1, None)
        else t("game.your_decision", name=names[viewer], turn=names[turn])
    )
    return f"{head} {words.question(view, viewer, names)}"


def work_hint(job: HintJob, words: Words, names: tuple[str, ...]) -> str:
    """Each option's chance to win, best first (the first the one recommended), from the
    seat's own view (parlour/services/hint.py): slow, so a front runs it off its screen."""
    from parlour.services.hint import hint, hint_line

    found = hint(job.game, job.view, job.seat, seed=job.events)
    return hint_line(found, words, job.view, job.seat, names) if found else t("hint.not_now")


# ---- whose turn --------------------------------------------------------------------------------


@record
class Due:
    """Who acts next at a table, as this front sees it."""

    over: bool = False  # the game has ended
    person: int | None = None  # a seat a person here is to act for
    pass_first: bool = False  # hot seat: the keyboard goes to `person` first (privacy)
    bot: int | None = None  # a seat a bot here is to play (after the bot delay)


class TurnControl:
    """The turn logic of a table at one front: whose move it is, whether the keyboard must be
    handed over first (several people at one keyboard, and a game with secrets), and which bot
    moves next. Plain mode uses it as it is; `TableController` adds the prompt and the view."""

    def __init__(self, session: Session, *, private: bool, bot_delay: float = 0.6):
        self.session, self.table = session, session.table
        self.private = private  # the game has secrets to keep between people at one keyboard
        self.bot_delay = bot_delay
        humans = session.human_seats()
        # One person at the keyboard holds it throughout; several hand it on (SPECTATOR: nobody yet).
        self.viewer = humans[0] if len(humans) == 1 else SPECTATOR
        self.bot_pending = False  # a bot's move is scheduled: one at a time

    @property
    def checking(self) -> bool:
        return self.session.checking is not None

    def due(self) -> Due:
        """Who acts now (nobody while a resumed save is still being checked)."""
        session = self.session
        if self.checking:
            return Due()
        if session.over:
            return Due(over=True)
        humans = session.humans_to_act()
        person = humans[0] if humans else None
        pass_first = person is not None and person != self.viewer and self.private and len(session.human_seats()) > 1
        return Due(person=person, pass_first=pass_first, bot=session.bot_to_act())

    def unsaved(self) -> int:
        """How many moves made here are not on disk (0: all saved, or nothing saved here): a
        front asks before quitting while it is not 0 (try again, write elsewhere, or lose them)."""
        driver = self.session.driver
        return driver.unsaved() if driver is not None and not self.checking else 0

    def schedule_bot(self) -> BotTurn | None:
        """The bot to move next, once (a front that waits asks again after `bot_step`)."""
        seat = self.session.bot_to_act()
        if seat is None or self.bot_pending:
            return None
        self.bot_pending = True
        return BotTurn(seat, self.bot_delay)

    def play_bot(self) -> str:
        """A bot's move came due: play it (its events reach the listeners). "" when done, else
        why the bot's move was refused (a bot's bug must not end the game for the people)."""
        self.bot_pending = False
        try:
            self.session.step_bot()
        except Rejected as error:
            return t("game.rejected", reason=error.reason)
        return ""

    def bot_notes(self) -> list[str]:
        """What the bots here said for the log since last asked (a program replaced by `smart`)."""
        driver = self.session.driver
        return driver.take_notes() if driver is not None else []


# ---- the controller ------------------------------------------------------------------------------


class TableController(TurnControl):
    """One table as one front shows it: the viewer, the open question and its options, the
    note under it, and the seat view built from them."""

    def __init__(
        self,
        session: Session,
        prompting: Prompting,
        words: Words,
        *,
        colours: Sequence[str] | None = None,
        ascii_only: bool = False,
        bot_delay: float = 0.6,
        keys: Callable[[], KeyNames] = lambda: KeyNames({}),
        aside: Callable[[Any, int], str] | None = None,
    ):
        super().__init__(session, private=prompting.hidden_info, bot_delay=bot_delay)
        self.prompting, self.words = prompting, words
        humans = session.human_seats()
        self.names = seat_names(self.table.players, humans)
        self.marks = tuple(pawn_marks(self.names))
        self.colours = tuple(colours if colours is not None else (seat.colour for seat in session.seats))
        self.ascii_only, self.keys = ascii_only, keys
        # What is told beside the board for a view (the front may know better: Smurf's board).
        self.aside = aside or (lambda view, seat: words.aside(view, seat, ascii_only) or "")
        # What the log may tell: one human sees their own cards in it; with several humans at
        # one keyboard, or none, the log tells only what everyone may know.
        self.log_seat = self.viewer
        self.options: list[Action] = []
        self.numbers: list[int] = []  # option i is chosen with slot key numbers[i] + 1
        self.selected: int | None = None
        self.note = ""
        self.last_turn = ""  # the last line of the viewer's own last batch, kept readable
        self.story: Story | None = None
        self._view: Any = None  # the viewer's view of the game now (None: to build)
        self._undo_ok: tuple[int, bool] | None = None  # (the log's length, whether undo may) once asked
        self._lines: tuple[str, ...] = ()  # the log lines not drawn yet

    # ---- reading the game ------------------------------------------------------------------------

    def view(self) -> Any:
        """The viewer's view of the game, built once per batch of events (and change of viewer)."""
        if self._view is None:
            self._view = self.table.game.view(self.table.state, self.viewer)
        return self._view

    def _changed(self) -> None:
        self._view = None
        self._undo_ok = None

    def can_undo(self) -> bool:
        """Whether undo would take something back now: asked of the session once per batch of
        events (it reads the log back to the last move made here), not once per key shown."""
        if self._undo_ok is None or self._undo_ok[0] != len(self.table.events):
            self._undo_ok = (len(self.table.events), self.session.takes_back and self.session.can_undo())
        return self._undo_ok[1]

    def slots(self) -> bool:
        """True when the digits play the cards in the hand (else they pick from the options)."""
        return bool(self.options) and self.prompting.uses_slots(self.options)

    def live(self, intent: str, *args: Any) -> bool:
        """Whether a key's intent does something now (the key bar shows the live ones)."""
        session = self.session
        if intent in ("help", "log", "log_start", "log_end"):
            return True
        if intent == "hint":  # on this computer; at a served table if its creator turned hints on
            return bool(self.options) and session.hints and not self.checking
        if intent == "undo":  # a served table has no undo (tui/remote.py); the help says so
            return self.can_undo()
        if intent == "undo_refused":
            return session.takes_back and not session.over and not self.checking and not self.can_undo()
        if not self.options:
            return False
        if intent == "roll":  # not while a card is chosen: Enter plays it, Esc backs out
            return self.prompting.roll_action(self.options) is not None and not self.choosing_card()
        if intent == "slot":
            return not args or args[0] - 1 in self.live_slots()
        if intent == "back":
            return self.selected is not None and self.slots()
        if intent == "move":
            return not self.slots()
        if intent == "shortcut":
            return bool(args) and self.prompting.shortcut(args[0], self.options) is not None
        return True

    def choosing_card(self) -> bool:
        """True while a card of the hand is chosen, waiting for Enter (or Esc)."""
        return self.selected is not None and self.slots()

    def live_slots(self) -> list[int]:
        """The slot keys (0-based) that do something now: a card of the hand (chosen, or told
        why it cannot be played), or an option's number."""
        if not self.options:
            return []
        if self.slots():
            view, seat = self.view(), self.viewer
            held = len(self.words.hand(view, seat) or ())
            return [
                slot
                for slot in range(held)
                if self.prompting.slot_action(view, seat, slot, self.options) is not None
                or self.words.slot_note(view, seat, slot)
            ]
        return list(self.numbers) if len(self.numbers) == len(self.options) else list(range(len(self.options)))

    # ---- following the game ----------------------------------------------------------------------

    def start(self) -> Next:
        """The log's last TOLD_BATCHES actions, told from the state before them (the one the
        save's loading kept, else the game's start folded forward); then whose move it is. A
        resumed save still being checked is only drawn: `check_step` runs its check."""
        self._tell_all()
        self._changed()
        if self.checking:
            return Next(view=self.seat_view(), lines=self._take_lines())
        return self.advance()

    def _tell_all(self) -> None:
        game, events = self.table.game, self.table.events
        start, state = self.session.recent or (0, None)
        if start > len(events) or state is None:  # (an undo took back more than was told)
            start, state = 0, game.initial(self.table.players, self.table.options)
        self.story = Story(game, self.words, self.names, self.log_seat, state)
        self._lines = tuple(self.story.tell_log(events[start:], last=TOLD_BATCHES))

    def check_step(self) -> bool | str:
        """Run a slice of a resumed save's check: True once it is done, False while more is to
        run, or why the save is refused (the front shows the list of saves, saying so)."""
        from parlour.services.saves import SaveError

        try:
            done = self.session.check_some()
        except SaveError as error:
            return str(error)
        if done:
            self._changed()  # the game may be played now: undo, the prompt
        return done

    def follow(self, events: list[Event]) -> Next:
        """A new batch of events (ours, a bot's, a remote player's): tell it and move on."""
        assert self.story is not None, "start() first"
        lines = self.story.tell(events, self.table.states(events, self.log_seat))
        self._lines += tuple(lines)
        actor = events[0].seat if events and isinstance(events[0], Acted) else None
        if lines and actor is not None and actor == self.log_seat:
            # what the player's own action did, kept in view (not the next turn's heading)
            self.last_turn = self.words.outcome(lines, self.names, actor) or self.last_turn
        problem = self.session.save_problem  # a full disk: say so; play goes on in memory
        self.selected, self.note = None, t("game.save_failed", problem=problem) if problem else ""
        self._changed()
        return self.advance()

    def refused(self, reason: str) -> Next:
        """An action sent elsewhere was refused: say why and offer the choices again."""
        self.note = t("game.rejected", reason=shown(reason))  # the server's words: as text
        return self.advance()

    def advance(self) -> Next:
        """Whose move is it now: hand the keyboard to a person (through the privacy screen when
        the game has secrets and several people share the keyboard), or let a bot play."""
        due = self.due()
        if self.checking:
            return NOTHING
        if due.over:
            self.options = []
            return Next(view=self.seat_view(), finish_after=2 * self.bot_delay, lines=self._take_lines())
        if due.person is not None and due.pass_first:
            self.viewer, self.options = SPECTATOR, []
            self._changed()
            step = Next(view=self.seat_view(), pass_to=due.person)
        elif due.person is not None:
            step = self.take_seat(due.person)
        else:
            self.options = []
            step = Next(view=self.seat_view())
        return replace(step, bot=self.schedule_bot(), lines=self._take_lines())

    def take_seat(self, seat: int) -> Next:
        """`seat` has the keyboard: offer its choices (numbered as the game numbers them)."""
        if seat != self.viewer:
            self.viewer = seat
            self._changed()
        view = self.view()
        game = self.table.game
        if len(self.session.human_seats()) == 1:
            # A question with one possible answer (put so that the others learn nothing from
            # it) is answered at once for a player alone at this table; rolling stays the
            # player's own. With several at one keyboard it is asked, as the others see the pause.
            actions = game.legal_actions(view, seat)  # from the seat's view: as rules/answers.py
            if len(actions) == 1 and actions[0] != self.prompting.roll:
                self.options = []
                return Next(answer=actions[0])
        options = self.table.legal_actions(seat)
        numbered = sorted(zip(self.prompting.numbers(view, seat, options), options), key=lambda pair: pair[0])
        self.numbers = [number for number, _ in numbered]
        self.options = [option for _, option in numbered]
        self.selected = None if self.slots() else 0
        return Next(view=self.seat_view())

    def bot_step(self) -> Next:
        """A bot's move came due: play it (its events come back through `follow`)."""
        error = self.play_bot()
        notes = tuple(self.bot_notes())
        return Next(error=error, lines=notes) if error or notes else NOTHING

    def _take_lines(self) -> tuple[str, ...]:
        lines, self._lines = self._lines, ()
        return lines

    # ---- intents ---------------------------------------------------------------------------------

    def submit(self, action: Action) -> Next:
        """The viewer's choice, to the session (its events come back through `follow`)."""
        try:
            events = self.session.submit(self.viewer, action)
        except Rejected as error:
            self.note = t("game.rejected", reason=error.reason)
            return Next(view=self.seat_view())
        if events is None:  # a served table: the events arrive later, from the server
            self.options = []
            return Next(view=self.seat_view())
        return NOTHING

    def key(self, intent: str, *args: Any) -> Next:
        """A key's intent: "roll", "confirm", "back", "move" (step), "slot" (number), "shortcut"
        (name), "undo" / "undo_refused", "hint"."""
        prompting, options = self.prompting, self.options
        if intent == "roll":
            roll = prompting.roll_action(options)
            return self.submit(roll) if roll is not None and not self.choosing_card() else NOTHING
        if intent == "confirm":
            if self.selected is not None and self.selected < len(options):
                return self.submit(options[self.selected])
            roll = prompting.roll_action(options)
            return self.submit(roll) if roll is not None else NOTHING
        if intent == "shortcut":
            action = prompting.shortcut(args[0], options)
            return self.submit(action) if action is not None else NOTHING
        if intent == "move":
            if not options or self.slots():
                return NOTHING
            self.selected, self.note = ((self.selected or 0) + args[0]) % len(options), ""
        elif intent == "slot":
            self._slot(args[0] - 1)
        elif intent == "back":
            if not self.slots():
                return NOTHING
            self.selected, self.note = None, ""
        elif intent in ("undo", "undo_refused"):
            return self.undo()
        elif intent == "hint":
            return self.ask_hint()
        else:
            return NOTHING
        return Next(view=self.seat_view())

    def _slot(self, slot: int) -> None:
        """A digit: the card in that hand slot (or the option with that number)."""
        if self.slots():
            view = self.view()
            action = self.prompting.slot_action(view, self.viewer, slot, self.options)
            if action is None:
                self.note = self.words.slot_note(view, self.viewer, slot)
            else:
                self.selected, self.note = self.options.index(action), ""
        else:
            numbers = self.numbers if len(self.numbers) == len(self.options) else list(range(len(self.options)))
            if slot in numbers:
                self.selected, self.note = numbers.index(slot), ""

    def undo(self) -> Next:
        """Take back the last move made at this keyboard (rules/undo.py says how far), then tell
        the shorter game again from its start; or say why not."""
        why = self.session.undo()
        retell = not why
        if retell:
            self._tell_all()
        problem = self.session.save_problem
        self.selected = None
        self.note = t("game.save_failed", problem=problem) if problem else t(f"undo.{why or 'done'}")
        self._changed()
        return replace(self.advance(), retell=retell)

    def ask_hint(self) -> Next:
        """A hint for the viewer's question: the job, worked out away from the screen."""
        if not self.options or self.viewer == SPECTATOR:
            return NOTHING
        self.note = t("hint.thinking")
        job = HintJob(self.table.game, self.view(), self.viewer, len(self.table.events))
        return Next(view=self.seat_view(), hint=job)

    def hinted(self, line: str, job: HintJob) -> Next:
        """A hint worked out: said, if the question is still the one it was asked for."""
        if len(self.table.events) != job.events:
            return NOTHING
        self.note = line
        return Next(view=self.seat_view())

    # ---- the view model --------------------------------------------------------------------------

    def seat_view(self, again: bool = False) -> SeatView:
        """What the viewer sees now: built from one view of the game (`again`: a new one, for
        something outside the events changed, such as a remote player's presence)."""
        if again:
            self._changed()
        view, table = self.view(), self.table
        turn = marked_turn(table.to_act())
        stats = tuple(self.words.player_stats(view, seat, self.ascii_only) for seat in range(len(self.names)))
        away = self.session.away  # seats whose remote player has dropped
        names = tuple(t("lobby.away_seat", name=n) if seat in away else n for seat, n in enumerate(self.names))
        marker = ">" if self.ascii_only else t("game.turn_marker")
        names_of_keys = self.keys()
        asked = self.asked(view, names_of_keys)
        keys = frozenset(
            intent
            for intent in ("roll", "confirm", "back", "move", "slot", "undo", "undo_refused", "hint", "help")
            if self.live(intent)
        ) | {f"shortcut:{name}" for name in names_of_keys.shortcuts if self.live("shortcut", name)}
        return SeatView(
            viewer=self.viewer,
            view=view,
            dice=last_dice(table.events),
            seated=Seated(names, self.marks, self.colours, stats, turn, marker),
            holding=self.holding(view, names_of_keys),
            asked=asked,
            status=asked.question,
            keys=keys,
            log=self._lines,
        )

    def holding(self, view: Any, keys: KeyNames) -> Holding:
        """The hand panel for the viewer: the legend, then the cards (the chosen one marked)."""
        words, prompting, viewer = self.words, self.prompting, self.viewer
        extra = self.aside(view, viewer)
        if keys.legend:
            extra = f"{extra}\n\n{keys.legend}" if extra else keys.legend
        if words.hand(view, 0) is None:  # a game without hands
            return Holding(extra or "", None)
        if viewer == SPECTATOR:
            hidden = t("game.hand_hidden")
            return Holding(f"{extra}\n{hidden}" if extra else hidden, None)
        held = [words.card_label(card) for card in words.hand(view, viewer) or ()]
        chosen = None
        if self.selected is not None and self.slots():
            action = self.options[self.selected]
            chosen = next((i for i in range(len(held)) if prompting.slot_action(view, viewer, i, [action])), None)
        title = t("game.hand_count", title=t("game.hand", name=self.names[viewer]), n=len(held))
        # Digits play cards by their place in the hand: those hands are listed card by card;
        # any other hand shows equal cards once, "Harry ×3" (the count is the number of cards).
        numbered = prompting.has_slots
        return Holding(
            f"{extra}\n{title}" if extra else title,
            tuple(held if numbered else grouped(held)),
            t("game.no_cards"),
            chosen,
            numbered,
            keys.slots if numbered else None,
        )

    def asked(self, view: Any, keys: KeyNames) -> Asked:
        """The prompt: the question put to the viewer, or whom the table waits for."""
        result: Result | None = self.table.result()
        if result is not None:
            return Asked(listed("game.over", "winners", [self.names[w] for w in result.winners]))
        if self.checking:
            return Asked(t("game.checking"))
        names, words, viewer, options = self.names, self.words, self.viewer, self.options
        if not options:
            waiting = [s for s in self.table.to_act() if s is not None]
            name = ", ".join(names[s] for s in waiting)
            bot = any(s in self.session.bots for s in waiting)
            note = self.note or (t("game.last_turn", line=self.last_turn) if self.last_turn else "")
            return Asked(t("game.bot_thinking" if bot else "game.waiting", name=name), (), None, note)
        question = question_line(words, view, viewer, names)
        live = [keys.slots[n] for n in self.live_slots() if n < len(keys.slots)]
        named = dict(keys.named)
        if "slots" in named:  # the slot keys that work now
            named["slots"] = named_together(live)
        if self.slots():  # the digits play cards: show the roll, or the card being chosen
            if self.selected is not None:
                chosen = words.describe(options[self.selected], view, viewer, names)
                return Asked(question, (), None, t("game.confirm_keys", choice=chosen, **named))
            roll = self.prompting.roll_action(options)
            rolling = (Option(named.get("roll", ""), words.describe(roll, view, viewer, names)),) if roll else ()
            hint = t("game.slots_hint", **named) if live else ""
            return Asked(question, rolling, None, self.note or hint)
        slots = keys.slots  # option i is chosen with slot key numbers[i]
        numbers = self.numbers if len(self.numbers) == len(options) else range(len(options))
        labels = tuple(
            Option(slots[n] if n < len(slots) else "", words.describe(a, view, viewer, names))
            for n, a in zip(numbers, options)
        )
        return Asked(question, labels, self.selected, self.note or t("game.choose_keys", **named))
