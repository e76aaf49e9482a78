"""The table: the board, the players, the viewer's hand, the log and the prompt bar, for any
game. The screen only draws: what it shows and what happens next come from the table controller
(parlour/services/controller.py) as a typed view model (parlour/services/seatview.py). Keys become intents sent to
the controller; the screen follows every batch of events the session tells it about (its own, a
bot's, a remote player's) and supplies the clock for the bots' pauses."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var

from parlour import styles
from parlour.compat.textual import own_bindings
from parlour.rules.records import Event
from parlour.services.controller import TOLD_BATCHES as TOLD_BATCHES, KeyNames, Next, Session, TableController
from parlour.services.seatview import Asked, Holding, Seated
from parlour.services.words.i18n import t

from ..games import Presenter
from ..keymap import key_names, keys_named, slot_keys, with_keys
from ..localized import localized
from ..widgets.board import LineBoard
from ..widgets.keybar import KeyBar
from ..widgets.log import GameLog
from ..widgets.panels import HandPanel, PlayersPanel, PromptBar
from .base import ParlourScreen

if TYPE_CHECKING:
    from ..app import ParlourApp


def key_names_of(app: ParlourApp, presenter: Presenter) -> KeyNames:
    """The keys the prompt and the hand name, as the keymap has them now (the roll key once: it
    labels an option)."""
    legend = with_keys(app, t(presenter.legend_keys), presenter.bindings()) if presenter.legend_keys else ""
    named = {**keys_named(app), "roll": key_names(app, "roll", "space,r")}
    from textual.actions import parse

    actions = [parse(binding.action) for binding in presenter.bindings()]
    shortcuts = tuple(str(params[0]) for _, name, params in actions if name == "shortcut" and params)
    return KeyNames(named, tuple(slot_keys(app)), legend, shortcuts)


class GameScreen(ParlourScreen):
    CSS_PATH: ClassVar[list[str | PurePath]] = [*styles.TABLE]
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    # What the table shows, as reactive state the panels bind to (data_bind in compose): each
    # panel renders itself when its part of the seat's view model changes.
    seated: var[Seated | None] = var(None)  # the players panel: names, marks, colours, stats, turn
    holding: var[Holding | None] = var(None)  # the hand panel: title, cards, empty text, selection
    asked: var[Asked | None] = var(None)  # the prompt: question, options, selection, note
    table_view: var[Any] = var(None)  # the seat's view of the game: a game's own panels (Garfield's piles)
    live_keys: var[tuple] = var(tuple, bindings=True)  # a change refreshes the footer (not the screen)

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("space,r", "do('roll')", t("keys.roll"), id="roll"),
            Binding("enter", "do('confirm')", t("keys.confirm"), id="confirm"),
            Binding("down,right,j,l,tab", "move(1)", t("keys.next"), id="next", show=False),
            Binding("up,left,k,h,shift+tab", "move(-1)", t("keys.previous"), id="previous", show=False),
            Binding("escape", "do('back')", t("keys.back"), id="back"),
            Binding("question_mark", "do('help')", t("keys.help"), id="help"),
            # One key, two actions: shown while a move can be taken back, else it tells why not.
            Binding("u", "do('undo')", t("undo.key"), id="undo"),
            Binding("u", "undo_refused", t("undo.key"), id="undo", show=False),
            Binding("i", "do('hint')", t("hint.key"), id="hint"),
            *[
                Binding(str(n), f"slot({n})", t("keys.play_card"), id=f"slot_{n}")  # the bar names the live ones as one
                for n in range(1, 10)
            ],
            # The log's keys: none of them is a game key in any game.
            Binding("pageup", "log(-1)", t("keys.log_up"), id="log_up", show=False),
            Binding("pagedown", "log(1)", t("keys.log_down"), id="log_down", show=False),
            Binding("home", "log('start')", t("keys.log_start"), id="log_start", show=False),
            Binding("end", "log('end')", t("keys.log_end"), id="log_end", show=False),
        ]

    def __init__(self, session: Session, bot_delay: float = 0.6):
        super().__init__()
        self.session = session
        self.table = session.table
        self.presenter = Presenter.of(self.table.game.id)
        self.app_ = self.app  # (the app this screen is made in: its keymap, ASCII mode)
        self.control = TableController(
            session,
            self.presenter,
            self.presenter.words,
            ascii_only=self.app_.ascii_only,
            bot_delay=bot_delay,
            keys=lambda: key_names_of(self.app_, self.presenter),
            aside=lambda view, seat: (
                self.presenter.aside(self.presenter.words, view, seat, self.app_.ascii_only, self.query_one("#board"))
                or ""
            ),
        )
        self._check_started = False

    def compose(self) -> ComposeResult:
        control = self.control
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.presenter.board(
                    list(control.marks), list(control.colours), self.app_.ascii_only, control.names, id="board"
                )
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
        """Tell the game so far in the log and move on. A resumed save still being checked is
        drawn, and checked once the table is drawn in full (on_game_log_laid_out): no action
        until then, the prompt says so. If it cannot even be drawn, it is checked at once.
        Nothing if the screen is no longer in its app (a served player logged in elsewhere
        while this screen was being made: its app is closing and takes its widgets down)."""
        if not self.is_attached:
            return
        try:
            self._run(self.control.start())
        except Exception:
            if not self.control.checking:
                raise  # a good save that cannot be drawn: a bug, not the save's
            while (done := self.control.check_step()) is False:
                pass
            if done is True:
                raise
            if self.app.is_running:  # the save is refused: the list of saves is shown, saying why
                self.app_.refuse_save(str(done))
            return
        self.session.listen(self._follow)

    def on_game_log_laid_out(self) -> None:
        """The table is drawn in full: check the save now (once), after that frame."""
        if self.control.checking and not self._check_started:
            self._check_started = True
            self.call_after_refresh(self.run_worker, self._check_save(), exclusive=True)

    async def _check_save(self) -> None:
        """Run the save's check between frames (keys, the log's scrolling and the first frames go
        on meanwhile); then the game goes on, or the save is refused (the list of saves says why)."""
        from asyncio import sleep

        while (done := self.control.check_step()) is False:
            await sleep(0)
        if not (self.is_attached and self.app.is_running):  # (not while the app shuts down)
            return
        if done is True:
            self._run(self.control.advance())
        else:
            self.app_.refuse_save(str(done))

    def on_unmount(self) -> None:
        self.session.unlisten(self._follow)
        if self.session.driver is not None:  # a game played here: its save is let go
            self.session.driver.close()

    # ---- following the game ------------------------------------------------------------------

    def _follow(self, events: list[Event]) -> None:
        """A new batch of events (ours, a bot's, a remote player's): the controller says what next."""
        if self.is_attached:
            self._run(self.control.follow(events))

    def refused(self, reason: str) -> None:
        """An action sent elsewhere was refused: say why and offer the choices again."""
        if self.is_attached:
            self._run(self.control.refused(reason))

    def tell_aside(self, line: str) -> None:
        """A line from outside the game's events (a served player away or back), in the log."""
        found = self.query(GameLog)
        if found:
            found.first().tell([line], self.app_.ascii_only)

    def _run(self, step: Next) -> None:
        """Carry out what the controller says: the log, the drawing, the privacy screen, the
        answer given alone, the clock of a bot's move or of the results, a hint's work."""
        found = self.query(GameLog)  # events can arrive while the screen is still being built or torn down
        if found and step.retell:
            found.first().clear()
        if found and step.lines:
            found.first().tell(list(step.lines), self.app_.ascii_only)
        if step.view is not None:
            self.redraw(step)
        if step.pass_to is not None:
            from .privacy import PassScreen

            seat = step.pass_to
            self.app.push_screen(
                localized(PassScreen)(self.control.names[seat]), lambda _: self._run(self.control.take_seat(seat))
            )
        if step.answer is not None:
            self.call_later(self._due, "answer", step.answer)
        for kind, delay in (("bot", step.bot.delay if step.bot else None), ("finish", step.finish_after)):
            if delay is None:
                continue
            if delay > 0:
                # Not set_timer: a one-shot Textual timer whose task starts later than its delay (a
                # busy machine) skips its only tick, and the bot would never move.
                from asyncio import get_running_loop

                get_running_loop().call_later(delay, self.call_later, self._due, kind)
            else:
                self.call_later(self._due, kind)
        if step.error:
            self.notify(step.error, severity="error", markup=False)
        if step.hint is not None and not any(w.group == "hint" and not w.is_finished for w in self.workers):
            # one at a time: a thread is not stopped by cancelling (a served app shares the CPU)
            from parlour.services.controller import work_hint

            job, words, names = step.hint, self.presenter.words, self.control.names
            self.run_worker(
                lambda: self.app.call_from_thread(self._due, "hinted", work_hint(job, words, names), job),
                thread=True,
                group="hint",
                exclusive=True,
                exit_on_error=False,
            )

    def _due(self, kind: str, *args: Any) -> None:
        """A clock the controller asked for has run (a bot's move, the results), an answer given
        alone is due, or a hint is worked out."""
        if not self.is_attached:
            return
        if kind == "bot":
            self._run(self.control.bot_step())  # its events come back through _follow
        elif kind == "answer":
            self._run(self.control.submit(*args))
        elif kind == "hinted":
            self._run(self.control.hinted(*args))
        elif kind == "finish" and self.app.screen is self:
            from .results import ResultsScreen

            self.app.push_screen(localized(ResultsScreen)(self.session))

    # ---- drawing -----------------------------------------------------------------------------

    def redraw(self, step: Next | None = None) -> None:
        """Draw the seat's view model (after something outside the events changed, such as
        presence, a new one)."""
        seat = step.view if step is not None and step.view is not None else self.control.seat_view(again=True)
        self.query_one("#board", LineBoard).show(seat.view, seat.dice)
        self.table_view = seat.view
        self.seated, self.holding, self.asked = seat.seated, seat.holding, seat.asked
        # Repaint the footer only when the set of live keys changed (it is most of a key's bytes).
        from textual.actions import parse

        live = tuple(bool(self.check_action(*parse(b.action)[1:])) for b in own_bindings(self))
        self.live_keys = live + (self.app_.has_something_to_save(),)

    def on_loop_board_refitted(self) -> None:
        """The board grew or shrank: what is told beside it may change (a shorter legend)."""
        if self.table_view is not None:
            self.holding = self.control.holding(self.table_view, self.control.keys())

    # ---- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "do":
            action, parameters = parameters[0], parameters[1:]
        return self.control.live(action, *parameters)

    def action_do(self, intent: str) -> None:
        if intent == "help":
            from .help import HelpScreen

            session, words = self.session, self.presenter.words
            undo = t("undo.help_local" if session.takes_back else "undo.help_served")
            if session.hints:
                undo += "\n\n" + t("hint.help", hint=key_names(self.app, "hint", "i"))
            text = f"{t(words.help_key).strip()}\n\n{undo}\n\n{t('help.table_keys')}"  # (the keys named as mapped)
            self.app.push_screen(localized(HelpScreen)(self.table.game.title, text, self.presenter.bindings()))
        else:
            self._run(self.control.key(intent))

    def action_move(self, step: int) -> None:
        self._run(self.control.key("move", step))

    def action_slot(self, number: int) -> None:
        self._run(self.control.key("slot", number))

    def action_shortcut(self, name: str) -> None:
        self._run(self.control.key("shortcut", name))

    def action_undo_refused(self) -> None:
        self._run(self.control.key("undo_refused"))  # it says why not

    def action_log(self, step: int | str) -> None:
        log = self.query_one(GameLog)
        if step == "start":
            log.to_start()
        elif step == "end":
            log.to_end()
        else:
            log.page(int(step))
