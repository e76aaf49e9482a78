"""The table: the board, the players, the viewer's hand, the log and the prompt bar, for any
game. Key presses become actions submitted to the game's driver like a bot's; the screen follows
every batch of events the driver tells it about (its own, a bot's, a remote player's)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen

from parlour import styles
from parlour.rules.records import DiceRolled, Rejected
from parlour.seats import SPECTATOR
from parlour.shown import shown
from parlour.words.base import Story
from parlour.words.i18n import You, listed, t

from ..games import Presenter
from ..keymap import key_names, keys_named, slot_keys, with_keys
from ..local_game import LocalGame
from ..localized import localized
from ..widgets.keybar import KeyBar
from ..widgets.log import GameLog
from ..widgets.panels import HandPanel, PlayersPanel, PromptBar

TOLD_BATCHES = 200  # on mount the log tells this many last actions: a long game's start is folded unsaid


def last_dice(events: list) -> tuple[int, ...]:
    """The dice of the last roll, to show on the board."""
    for event in reversed(events):
        if isinstance(event, DiceRolled):
            return event.dice
    return ()


def grouped(labels: list[str]) -> list[str]:
    """Equal cards once each, in the order first held, with their number: "Harry ×3"."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    return [label if n == 1 else f"{label} ×{n}" for label, n in counts.items()]


def pawn_marks(names: tuple[str, ...]) -> list[str]:
    """Each pawn's letter: the name's initial, or the seat number where initials clash."""
    initials = [n[0].upper() for n in names]
    return initials if len(set(initials)) == len(initials) else [str(i + 1) for i in range(len(names))]


class GameScreen(Screen):
    CSS_PATH = styles.TABLE
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    # What the table shows, as reactive state the panels bind to (data_bind in compose): each
    # panel renders itself when its part changes. The screen derives them from the seat's view
    # and the open question after every batch of events and every key.
    seated: var[tuple | None] = var(None)  # the players panel: names, marks, colours, stats, turn
    holding: var[tuple | None] = var(None)  # the hand panel: title, cards, empty text, selection
    asked: var[tuple | None] = var(None)  # the prompt: question, options, selection, note
    table_view = var(None)  # the seat's view of the game: a game's own panels (Garfield's piles)
    live_keys: var[tuple] = var(tuple, bindings=True)  # a change refreshes the footer (not the screen)

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("space,r", "roll", t("keys.roll"), id="roll"),
            Binding("enter", "confirm", t("keys.confirm"), id="confirm"),
            Binding("down,right,j,l,tab", "move(1)", t("keys.next"), id="next", show=False),
            Binding("up,left,k,h,shift+tab", "move(-1)", t("keys.previous"), id="previous", show=False),
            Binding("escape", "back", t("keys.back"), id="back"),
            Binding("question_mark", "help", t("keys.help"), id="help"),
            # One key, two actions: shown while a move can be taken back, else it tells why not.
            Binding("u", "undo", t("undo.key"), id="undo"),
            Binding("u", "undo_refused", t("undo.key"), id="undo", show=False),
            Binding("i", "hint", t("hint.key"), id="hint"),
            *[
                Binding(str(n), f"slot({n})", t("keys.play_card"), id=f"slot_{n}", show=n == 1, key_display="1-9")
                for n in range(1, 10)
            ],
            # The log's keys: none of them is a game key in any game.
            Binding("pageup", "log(-1)", t("keys.log_up"), id="log_up", show=False),
            Binding("pagedown", "log(1)", t("keys.log_down"), id="log_down", show=False),
            Binding("home", "log_start", t("keys.log_start"), id="log_start", show=False),
            Binding("end", "log_end", t("keys.log_end"), id="log_end", show=False),
        ]

    def __init__(self, session: LocalGame, bot_delay: float = 0.6):
        super().__init__()
        self.session = session
        self.table = session.table
        self.presenter = Presenter.of(self.table.game.id)
        self.words = self.presenter.words
        humans = session.human_seats()
        # One person at the keyboard is "you" (Your turn, You play); several are told by name.
        self.names = tuple(
            You(shown(n)) if len(humans) == 1 and seat == humans[0] else shown(n)
            for seat, n in enumerate(self.table.players)
        )  # names as text
        self.marks = pawn_marks(self.names)
        self.colours = [seat.colour for seat in session.seats]
        self.bot_delay = bot_delay
        humans = session.human_seats()
        # What the log may tell: one human sees their own cards in it; with several humans at
        # one keyboard, or none, the log tells only what everyone may know.
        self.log_seat = humans[0] if len(humans) == 1 else SPECTATOR
        self.viewer = humans[0] if len(humans) == 1 else SPECTATOR
        self.options: list = []
        self.numbers: list[int] = []
        self.selected: int | None = None
        self.note = ""
        self.last_turn = ""  # the last line of the viewer's own last batch, kept readable
        self._bot_pending = False
        self._check_started = False

    def compose(self) -> ComposeResult:
        ascii_only = self.ascii_only
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.presenter.board(self.marks, self.colours, ascii_only, self.names, id="board")
                yield GameLog(id="log")
                for panel in self.presenter.panels():
                    yield panel.data_bind(table_view=GameScreen.table_view)
            with Vertical(id="side"):
                yield PlayersPanel(id="players").data_bind(seated=GameScreen.seated)
                with VerticalScroll(id="hand-box", can_focus=False):  # a long hand scrolls
                    yield HandPanel(id="hand").data_bind(holding=GameScreen.holding)
        yield PromptBar(id="prompt").data_bind(asked=GameScreen.asked)
        yield KeyBar()

    def on_mount(self) -> None:
        """Tell the game so far in the log, batch by batch, each event with the game before it.
        A resumed save still being checked is drawn, and checked once the table is drawn in full
        (on_game_log_laid_out): no action until then, the prompt says so. If it cannot even be
        drawn, it is checked at once."""
        try:
            self._tell_all()
            if self.checking:
                self._show()
        except Exception:
            if not self.checking or self._checked_now():
                raise  # a good save that cannot be drawn: a bug, not the save's
            return  # the save is refused: the list of saves is shown, saying why
        self.session.listen(self._follow)
        if not self.checking:
            self._advance()

    def _checked_now(self) -> bool:
        """Run the save's check at once: False when it failed (the save refused)."""
        while (done := self._check_some()) is False:
            pass
        return bool(done)

    def _check_some(self) -> bool | None:
        """A slice of the save's check: True once it is done, None when the save failed it
        (then the list of saves is shown, saying why, as for a save refused on loading)."""
        from parlour.saves import SaveError

        try:
            return self.session.check_some()
        except SaveError as error:
            if self.app.is_running:  # (not while the app shuts down: the list's screens are going)
                self.app.refuse_save(str(error))
            return None

    def on_game_log_laid_out(self) -> None:
        """The table is drawn in full: check the save now (once), after that frame."""
        if self.checking and not self._check_started:
            self._check_started = True
            self.call_after_refresh(self.run_worker, self._check_save(), exclusive=True)

    @property
    def checking(self) -> bool:
        return getattr(self.session, "checking", None) is not None

    async def _check_save(self) -> None:
        """Run the save's check between frames (keys, the log's scrolling and the first frames go
        on meanwhile); then the game goes on, or the save is refused."""
        from asyncio import sleep

        while (done := self._check_some()) is False:
            await sleep(0)
        if done and self.is_attached and self.app.is_running:  # (not while the app shuts down)
            self._advance()

    def _tell_all(self) -> None:
        """The log's last TOLD_BATCHES actions, told from the state before them: the one the
        save's loading kept (`recent`), else the game's start folded forward."""
        game, events = self.table.game, self.table.events
        start, state = getattr(self.session, "recent", None) or (0, None)
        if start > len(events) or state is None:  # (an undo took back more than was told)
            start, state = 0, game.initial(self.table.players, self.table.options)
        self.story = Story(game, self.words, self.names, self.log_seat, state)
        self._write(self.story.tell_log(events[start:], last=TOLD_BATCHES))

    def on_unmount(self) -> None:
        self.session.unlisten(self._follow)

    # ---- following the game ------------------------------------------------------------------

    @property
    def ascii_only(self) -> bool:
        return getattr(self.app, "ascii_only", False)

    def _write(self, lines: list[str]) -> None:
        found = self.query(GameLog)  # events can arrive while the screen is still being built or torn down
        if found:
            found.first().tell(lines, self.ascii_only)

    def _follow(self, events: list) -> None:
        """A new batch of events (ours, a bot's, a remote player's): tell it and move on."""
        if not self.is_attached:
            return
        lines = self.story.tell(events)
        self._write(lines)
        actor = getattr(events[0], "seat", None) if events else None
        if lines and actor is not None and actor == self.log_seat:
            # what the player's own action led to, kept in view (not the next turn's heading)
            self.last_turn = self.words.outcome(lines, self.names) or self.last_turn
        problem = self.session.save_problem  # a full disk: say so; play goes on in memory
        self.selected, self.note = None, t("game.save_failed", problem=problem) if problem else ""
        self._advance()

    def refused(self, reason: str) -> None:
        """An action sent elsewhere was refused: say why and offer the choices again."""
        if self.is_attached:
            self.note = t("game.rejected", reason=shown(reason))  # the server's words: as text
            self._advance()

    def _advance(self) -> None:
        """Whose move is it now: hand the keyboard to a human, or let a bot play."""
        session = self.session
        if self.checking:
            return
        if session.over:
            self.options = []
            self._show()
            self._schedule(self._finish, 2 * self.bot_delay)
            return
        humans = session.humans_to_act()
        if humans:
            seat = humans[0]
            private = self.presenter.hidden_info  # a game with nothing to hide needs no privacy
            if seat != self.viewer and len(session.human_seats()) > 1 and private:
                self.viewer, self.options = SPECTATOR, []
                self._show()
                from .privacy import PassScreen

                self.app.push_screen(localized(PassScreen)(self.names[seat]), lambda _: self._take_seat(seat))
            else:
                self._take_seat(seat)
        else:
            self.options = []
            self._show()
        if session.bot_to_act() is not None and not self._bot_pending:
            self._bot_pending = True
            self._schedule(self._bot_step, self.bot_delay)

    def _schedule(self, callback, delay: float) -> None:
        if delay > 0:
            # Not set_timer: a one-shot Textual timer whose task starts later than its delay (a
            # busy machine) skips its only tick, and the bot would never move.
            from asyncio import get_running_loop

            get_running_loop().call_later(delay, self.call_later, callback)
        else:
            self.call_later(callback)

    def _take_seat(self, seat: int) -> None:
        self.viewer = seat
        if self._answer_alone(seat):
            return
        options = self.table.legal_actions(seat)
        view = self.table.game.view(self.table.state, seat)
        numbered = sorted(zip(self.presenter.numbers(view, seat, options), options), key=lambda pair: pair[0])
        self.numbers = [number for number, _ in numbered]  # option i is chosen with slot key numbers[i] + 1
        self.options = [option for _, option in numbered]
        self.selected = None if self._slots() else 0
        self._show()

    def _answer_alone(self, seat: int) -> bool:
        """A question with one possible answer (put so that the others learn nothing from it) is
        answered at once for a player alone at this screen; rolling stays the player's own.
        With several humans at one keyboard it is asked, as the others would see the pause."""
        from parlour.rules.answers import only_action

        if len(self.session.human_seats()) != 1:
            return False
        action = only_action(self.table.game, self.table.state, seat)
        if action is None or action == self.presenter.roll:
            return False
        self.options = []
        self.call_later(self._submit, action)
        return True

    def _slots(self) -> bool:
        """True when the digits play the cards in the hand (else they pick from the options)."""
        return bool(self.options) and self.presenter.uses_slots(self.options)

    def _bot_step(self) -> None:
        self._bot_pending = False
        if not self.is_attached:
            return
        try:
            self.session.step_bot()  # its events come back through _follow
        except Rejected as error:  # a bot bug must not end the game for the humans
            self.notify(shown(t("game.rejected", reason=error.reason)), severity="error", markup=False)

    def _finish(self) -> None:
        if self.is_attached and self.app.screen is self:
            from .results import ResultsScreen

            self.app.push_screen(localized(ResultsScreen)(self.session))

    # ---- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Show the game again (after something outside the events changed, such as presence)."""
        self._show()

    def _show(self) -> None:
        ascii_only = self.ascii_only
        game, state = self.table.game, self.table.state
        view = game.view(state, self.viewer)
        self.query_one("#board").show(view, last_dice(self.table.events))
        self.table_view = view
        turn = self.table.to_act()[0] if self.table.to_act() else None
        stats = [self.words.player_stats(view, seat, ascii_only) for seat in range(len(self.names))]
        away = self.session.away  # seats whose remote player has dropped
        names = [t("lobby.away_seat", name=n) if seat in away else n for seat, n in enumerate(self.names)]
        self.seated = (names, self.marks, self.colours, stats, turn, ">" if ascii_only else t("game.turn_marker"))
        self._show_hand(view)
        self._show_prompt(view)
        self._refresh_footer()

    def on_loop_board_refitted(self) -> None:
        """The board grew or shrank: what is told beside it may change (a shorter legend)."""
        if self.table_view is not None:
            self._show_hand(self.table_view)

    def _refresh_footer(self) -> None:
        """Repaint the footer only when the set of live keys changed (it is most of a key's bytes)."""
        from textual.actions import parse

        bindings = [b for bs in self._bindings.key_to_bindings.values() for b in bs]
        live = tuple(bool(self.check_action(*parse(b.action)[1:])) for b in bindings)
        self.live_keys = live + (self.app.has_something_to_save(),)  # a change refreshes the footer

    def _show_hand(self, view) -> None:
        extra = self.presenter.aside(self.words, view, self.viewer, self.ascii_only, self.query_one("#board"))
        if self.presenter.legend_keys:  # the game's keys, named as the keymap has them
            keys = with_keys(self.app, t(self.presenter.legend_keys), self.presenter.bindings())
            extra = f"{extra}\n\n{keys}" if extra else keys
        if self.words.hand(view, 0) is None:  # a game without hands
            self.holding = (extra or "", None, "", None)
            return
        if self.viewer == SPECTATOR:
            hidden = t("game.hand_hidden")
            self.holding = (f"{extra}\n{hidden}" if extra else hidden, None, "", None)
            return
        cards = self.words.hand(view, self.viewer)
        held = [self.words.card_label(card) for card in cards]
        chosen = None
        if self.selected is not None and self._slots():
            action = self.options[self.selected]
            chosen = next(
                (i for i in range(len(held)) if self.presenter.slot_action(view, self.viewer, i, [action])), None
            )
        title = t("game.hand_count", title=t("game.hand", name=self.names[self.viewer]), n=len(held))
        # Digits play cards by their place in the hand: those hands are listed card by card;
        # any other hand shows equal cards once, "Harry ×3" (the count is the number of cards).
        numbered = self.presenter.has_slots
        self.holding = (
            f"{extra}\n{title}" if extra else title,
            held if numbered else grouped(held),
            t("game.no_cards"),
            chosen,
            numbered,
            slot_keys(self.app) if numbered else None,
        )

    def _show_prompt(self, view) -> None:
        result = self.table.result()
        if result is not None:
            self.asked = (listed("game.over", "winners", [self.names[w] for w in result.winners]), [], None)
            return
        if self.checking:
            self.asked = (t("game.checking"), [], None)
            return
        if not self.options:
            waiting = [s for s in self.table.to_act() if s is not None]
            name = ", ".join(self.names[s] for s in waiting)
            bot = any(s in self.session.bots for s in waiting)
            note = self.note or (t("game.last_turn", line=self.last_turn) if self.last_turn else "")
            self.asked = (t("game.bot_thinking" if bot else "game.waiting", name=name), [], None, note)
            return
        turn = getattr(view, "turn", self.viewer)
        # A question put during another player's turn (a Smurf cat, a filmisbyte) is a decision,
        # and says whose turn it is.
        head = (
            t("game.your_turn", name=self.names[self.viewer])
            if turn in (self.viewer, -1, None)
            else t("game.your_decision", name=self.names[self.viewer], turn=self.names[turn])
        )
        question = f"{head} {self.words.question(view, self.viewer, self.names)}"
        keys = self._key_names()
        if self._slots():  # the digits play cards: show the roll, or the card being chosen
            if self.selected is not None:
                chosen = self.words.describe(self.options[self.selected], view, self.viewer, self.names)
                self.asked = (question, [], None, t("game.confirm_keys", choice=chosen, **keys))
            else:
                roll = self.presenter.roll_action(self.options)
                labels = [(keys["roll"], self.words.describe(roll, view, self.viewer, self.names))] if roll else []
                hint = self.note or t("game.slots_hint", **keys)
                self.asked = (question, labels, None, hint)
            return
        slots = slot_keys(self.app)  # option i is chosen with slot key numbers[i]
        numbers = self.numbers if len(self.numbers) == len(self.options) else range(len(self.options))
        labels = [
            (slots[n] if n < len(slots) else "", self.words.describe(a, view, self.viewer, self.names))
            for n, a in zip(numbers, self.options)
        ]
        self.asked = (question, labels, self.selected, self.note or t("game.choose_keys", **keys))

    def _key_names(self) -> dict[str, str]:
        """The keys the prompt names, as the keymap has them now (the roll key once: it labels
        an option)."""
        return {**keys_named(self.app), "roll": key_names(self.app, "roll", "space,r")}

    # ---- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("help", "log", "log_start", "log_end"):
            return True
        if action == "hint":  # on this computer; at a served table if its creator turned hints on
            return bool(self.options) and getattr(self.session, "hints", False) and not self.checking
        if action == "undo":  # a served table has no undo (tui/remote.py); the help says so
            return hasattr(self.session, "can_undo") and self.session.can_undo()
        if action == "undo_refused":
            return (
                hasattr(self.session, "undo")
                and not self.session.over
                and not self.checking
                and not self.session.can_undo()
            )
        if not self.options:
            return False
        if action == "roll":
            return self.presenter.roll_action(self.options) is not None
        if action == "back":
            return self.selected is not None and self._slots()
        if action == "move":
            return not self._slots()
        if action == "shortcut":
            return self.presenter.shortcut(parameters[0], self.options) is not None
        return True

    def _submit(self, action) -> None:
        try:
            events = self.session.submit(self.viewer, action)  # its events come back through _follow
        except Rejected as error:
            self.note = t("game.rejected", reason=error.reason)
            self._show()
            return
        if events is None:  # a served table: the events arrive later, from the server
            self.options = []
            self._show()

    def action_roll(self) -> None:
        roll = self.presenter.roll_action(self.options)
        if roll is not None:
            self._submit(roll)

    def action_confirm(self) -> None:
        if self.selected is not None and self.selected < len(self.options):
            self._submit(self.options[self.selected])
        elif self.presenter.roll_action(self.options) is not None:
            self._submit(self.presenter.roll_action(self.options))

    def action_move(self, step: int) -> None:
        if self.options and not self._slots():
            self.selected = ((self.selected or 0) + step) % len(self.options)
            self.note = ""
            self._show()

    def action_slot(self, number: int) -> None:
        if self._slots():
            view = self.table.game.view(self.table.state, self.viewer)
            action = self.presenter.slot_action(view, self.viewer, number - 1, self.options)
            if action is None:
                self.note = self.words.slot_note(view, self.viewer, number - 1)
            else:
                self.selected, self.note = self.options.index(action), ""
        else:
            numbers = self.numbers if len(self.numbers) == len(self.options) else list(range(len(self.options)))
            if number - 1 in numbers:
                self.selected, self.note = numbers.index(number - 1), ""
        self._show()

    def action_shortcut(self, name: str) -> None:
        action = self.presenter.shortcut(name, self.options)
        if action is not None:
            self._submit(action)

    def action_back(self) -> None:
        if self._slots():
            self.selected, self.note = None, ""
            self._show()

    def action_undo(self) -> None:
        """Take back the last move made at this keyboard (rules/undo.py says how far), then tell
        the shorter game again from its start."""
        why = self.session.undo()
        if not why:
            self.query_one(GameLog).clear()
            self._tell_all()
        problem = self.session.save_problem
        self.selected = None
        self.note = t("game.save_failed", problem=problem) if problem else t(f"undo.{why or 'done'}")
        self._advance()

    def action_hint(self) -> None:
        """What the bot would choose in the player's place, and each option's chance to win,
        from the player's own view (parlour/hint.py), worked out in a thread: keys keep working."""
        if not self.options or self.viewer == SPECTATOR:
            return
        if any(w.group == "hint" and not w.is_finished for w in self.workers):
            return  # one at a time: a thread is not stopped by cancelling (a served app shares the CPU)
        self.note = t("hint.thinking")
        self._show()
        game, state, seat = self.table.game, self.table.state, self.viewer
        view = game.view(state, seat)  # the hint is handed the player's view only
        events = len(self.table.events)
        self.run_worker(
            lambda: self._work_hint(game, view, seat, events),
            thread=True,
            group="hint",
            exclusive=True,
            exit_on_error=False,
        )

    def _work_hint(self, game, view, seat: int, events: int) -> None:
        from parlour.hint import hint, hint_line

        found = hint(game, view, seat, seed=events)
        line = hint_line(found, self.words, view, seat, self.names) if found else t("hint.not_now")
        self.app.call_from_thread(self._show_hint, line, events)

    def _show_hint(self, line: str, events: int) -> None:
        if self.is_attached and len(self.table.events) == events:  # still the same question
            self.note = line
            self._show()

    def action_undo_refused(self) -> None:
        self.action_undo()  # it says why not

    def action_log(self, step: int) -> None:
        self.query_one(GameLog).page(step)

    def action_log_start(self) -> None:
        self.query_one(GameLog).to_start()

    def action_log_end(self) -> None:
        self.query_one(GameLog).to_end()

    def action_help(self) -> None:
        from .help import HelpScreen

        undo = t("undo.help_local" if hasattr(self.session, "undo") else "undo.help_served")
        if getattr(self.session, "hints", False):
            undo += "\n\n" + t("hint.help", hint=key_names(self.app, "hint", "i"))
        self.app.push_screen(
            localized(HelpScreen)(
                self.table.game.title, f"{t(self.words.help_key).strip()}\n\n{undo}", self.presenter.bindings()
            )
        )
