"""Replay mode: a saved game watched again with the table's own board, panels and log, and a
replay bar. The game at each point comes from parlour/services/replay.py (snapshots: any seek is instant);
this screen only shows it. Playing on by itself is a timer whose step is `tick()`."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import RichLog

from parlour import styles
from parlour.services.cadence import Cadence
from parlour.services.controller import marked_turn, pawn_marks
from parlour.services.replay import Replay
from parlour.services.seatview import Holding, Seated
from parlour.services.shown import shown
from parlour.services.words.i18n import asciify, t

from ..games import Presenter
from ..keymap import t_keys
from ..widgets.board import LineBoard
from ..widgets.chances_chart import ChancesChart
from ..widgets.keybar import KeyBar
from ..widgets.panels import HandPanel, PlayersPanel
from ..widgets.replay_bar import ReplayBar
from .base import ParlourScreen

if TYPE_CHECKING:
    from textual.timer import Timer


LOG_BATCHES = 20  # actions told in the log after a seek (the log keeps the recent story)
LOG_LINES = 50  # of which the last lines are shown: more than a tall terminal's log holds
SPEEDS = (0.5, 1, 2, 4, 8)  # actions per second when playing on
FOLLOW_EVERY = 1.0  # seconds between looks at a save another window plays


class ReplayScreen(ParlourScreen):
    CSS_PATH: ClassVar[list[str | PurePath]] = [*styles.TABLE]
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py
    table_view = var(None)  # the game at this stop as the eyes saw it: a game's own panels bind to it

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("left,h", "step(-1)", t("replay.key_back"), id="replay_back", key_display="←→"),
            Binding("right,l", "step(1)", t("replay.key_forward"), id="replay_forward", show=False),
            Binding("pageup", "turn(-1)", t("replay.key_turn_back"), id="replay_turn_back", key_display="PgUp/Dn"),
            Binding("pagedown", "turn(1)", t("replay.key_turn_forward"), id="replay_turn_forward", show=False),
            Binding("home", "edge(0)", t("replay.key_start"), id="replay_start", show=False),
            Binding("end", "edge(1)", t("replay.key_end"), id="replay_end", show=False),
            Binding("g", "goto", t("replay.key_goto"), id="replay_goto"),
            *[Binding(str(n), f"digit({n})", show=False, id=f"replay_digit_{n}") for n in range(10)],
            Binding("enter", "goto_done", show=False, id="replay_goto_done"),
            Binding("space", "play", t("replay.key_play"), id="replay_play"),
            Binding("plus,equals_sign", "speed(1)", t("replay.key_faster"), id="replay_faster", show=False),
            Binding("minus", "speed(-1)", t("replay.key_slower"), id="replay_slower", show=False),
            Binding("v", "eyes", t("replay.key_eyes"), id="replay_eyes"),
            Binding("c", "chart", t("replay.key_chart"), id="replay_chart"),
            Binding("escape,q", "close", t("replay.key_close"), id="replay_close"),
        ]

    def __init__(
        self, replay: Replay, eyes: int | None = None, colours: list[str] | None = None, follow: PurePath | None = None
    ):
        """`follow`: the save of a game another window plays, read again as it grows."""
        super().__init__()
        self.replay = replay
        self.followed = follow
        self.presenter = Presenter.of(replay.game.id)
        self.words = self.presenter.words
        self.names = tuple(map(shown, replay.names))  # names as text (a You stays one)
        self.marks = pawn_marks(self.names)
        self.colours = colours or ["red", "blue", "green", "yellow"][: len(self.names)]
        choices = replay.eyes()
        self.eyes = eyes if eyes in choices else choices[0]  # unfinished: a seat, never all
        self.stop = len(replay.stops) - 1 if follow is not None else 0  # followed: from where it is now
        self.playing = False
        self.speed = 2  # an index into SPEEDS
        self.goto_digits: str | None = None  # "g" pressed: the turn number typed so far
        self._timer: Timer | None = None
        self._cadence = Cadence(SPEEDS[self.speed])  # playing on keeps its pace (parlour/services/cadence.py)
        self._told: tuple | None = None  # the (stop, eyes) the log tells up to
        self._analysed_eyes: int | None = None  # whose view the chart's analysis plays on from
        self.chart_big = False  # `c`: the chart in the board's and the log's place, as tall as they are

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.presenter.board(self.marks, self.colours, self.ascii_only, id="board")
                yield ChancesChart(self.names, self.marks, self.colours, self.ascii_only, id="chances")
                log = RichLog(id="log", max_lines=500, wrap=True, markup=False, min_width=20)
                log.can_focus = False
                yield log
                for panel in self.presenter.panels():
                    yield panel.data_bind(table_view=ReplayScreen.table_view)
            with Vertical(id="side"):
                yield PlayersPanel(id="players")
                yield HandPanel(id="hand")
        yield ReplayBar(id="replay-bar")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_stop()
        self._analyse()
        if self.followed is not None:
            from parlour.services.follow import Follow

            self._following = Follow(self.followed)
            self._following.poll()  # (as it was just read)
            self.notify(t("held.watching", name=shown(self.followed.name)), markup=False)
            self._follow_timer = self.set_interval(FOLLOW_EVERY, self.follow_save)

    def follow_save(self) -> None:
        """The followed save read again when it grew: shown at its new end if this was at the end."""
        from parlour.services import saves

        gone = self._following.let_go()  # asked first: what was written before it left is read below
        try:
            loaded = self._following.poll()
        except saves.SaveError:
            return  # caught being rewritten: the next look reads it whole
        if loaded is not None and loaded.events:
            at_end = self.stop == self.last
            self.replay = Replay(loaded)
            self.stop = self.last if at_end else min(self.stop, self.last)
            self._told = None
            self.show_stop()
            self._analyse()
        if gone:
            self.followed = None
            self.notify(t("held.let_go"), markup=False)
            self._follow_timer.stop()

    def on_resize(self) -> None:
        self._place_chart()

    def _place_chart(self) -> None:
        """Under the board (five rows, up to ten in a tall terminal), or, on `c`, alone in the
        board's and the log's place. Below 30 rows it is not under the board: four rows of
        letters there are unreadable, so it shows only on `c`."""
        chart, small = self.query_one(ChancesChart), self.size.height < 30
        chart.display = self.chart_big or not small
        chart.styles.height = "1fr" if self.chart_big else 5 if small else min(10, self.size.height // 4)
        self.query_one("#board").display = not self.chart_big
        self.query_one("#log").display = not self.chart_big

    def action_chart(self) -> None:
        self.chart_big = not self.chart_big
        self._place_chart()

    # ---- the chances chart (parlour/services/analysis.py, worked out in a thread) --------------------

    def analysis_eyes(self) -> int | None:
        """A finished game is played on from the whole state; one in progress only from what
        the seat watched could see."""
        return None if self.replay.finished else self.eyes

    def _analyse(self) -> None:
        """Work the chart out in a thread (even finding the points to work out reads the whole game)."""
        eyes = self.analysis_eyes()
        self._analysed_eyes = eyes
        chart = self.query_one(ChancesChart)
        chart.start(0, len(self.replay.turns) + (1 if self.replay.finished else 0))
        self.run_worker(
            lambda: self._work_analysis(eyes, chart),
            thread=True,
            group="analysis",
            exclusive=True,
            exit_on_error=False,
        )

    def _work_analysis(self, eyes: int | None, chart: ChancesChart) -> None:
        """Each turn's start to the chart as it is worked out, then the key moments."""
        from textual.worker import get_current_worker

        from parlour.services.analysis import Analysis, chart_games, key_moments, steps

        worker = get_current_worker()
        # in this process, and fewer games than `--text --analysis`: a served table works the
        # chart out for each viewer (resources per session)
        analysis = Analysis(self.replay, eyes, games=chart_games(self.replay.game.id))
        starts = sum(1 for _, _, start in analysis.stops if start) + (1 if self.replay.finished else 0)
        self.app.call_from_thread(chart.start, starts, len(self.replay.turns) + (1 if self.replay.finished else 0))
        points = []
        for point in analysis.run():
            if worker.is_cancelled:
                return
            points.append(point)
            if point.turn_start or point.end:
                self.app.call_from_thread(chart.add, point.shown())
        moments = [(m.step.start.turn, m.kind) for m in key_moments(steps(points))]
        if not worker.is_cancelled:
            self.app.call_from_thread(chart.finish, moments)

    def chart_turn(self) -> int:
        """The turn the chart marks: past the last turn once a finished game has ended."""
        if self.replay.finished and self.stop == self.last:
            return len(self.replay.turns) + 1
        return max(1, self.replay.turn_of(self.stop))

    @property
    def ascii_only(self) -> bool:
        return self.app.ascii_only

    # ---- moving ----------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.replay.stops) - 1

    def seek(self, stop: int) -> None:
        self.stop = min(max(stop, 0), self.last)
        self.show_stop()

    def action_step(self, by: int) -> None:
        self.seek(self.stop + by)

    def action_turn(self, by: int) -> None:
        turn = self.replay.turn_of(self.stop)
        if by < 0 and self.replay.turn_start(turn) < self.stop:
            turn += 1  # back to the start of this turn first
        self.seek(self.replay.turn_start(turn + by) if turn + by >= 1 else 0)

    def action_edge(self, end: int) -> None:
        self.seek(self.last if end else 0)

    def action_goto(self) -> None:
        self.goto_digits = ""
        self.show_stop()

    def action_digit(self, digit: int) -> None:
        if self.goto_digits is not None and len(self.goto_digits) < 6:
            self.goto_digits += str(digit)
            self.show_stop()

    def action_goto_done(self) -> None:
        if self.goto_digits:
            number, self.goto_digits = int(self.goto_digits), None
            self.seek(self.replay.turn_start(number))
        else:
            self.goto_digits = None
            self.show_stop()

    def action_play(self) -> None:
        self.playing = not self.playing and self.stop < self.last
        self._restart_timer()
        self.show_stop()

    def action_speed(self, by: int) -> None:
        self.speed = min(max(self.speed + by, 0), len(SPEEDS) - 1)
        self._restart_timer()
        self.show_stop()

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._cadence = Cadence(SPEEDS[self.speed])
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self.tick)

    def tick(self) -> None:
        """Playing on: the next action (or the one due by now, after a late tick: the frames
        between are skipped), or stop at the end."""
        if self.stop >= self.last:
            self.playing = False
            self._restart_timer()
            self.show_stop()
        else:
            self.seek(min(self.last, self.stop + self._cadence.steps()))

    def action_eyes(self) -> None:
        choices = self.replay.eyes()
        self.eyes = choices[(choices.index(self.eyes) + 1) % len(choices)]
        self.show_stop()
        if self.analysis_eyes() != self._analysed_eyes:  # a game in progress: as this seat saw it
            self._analyse()

    def action_close(self) -> None:
        if self.goto_digits is not None:
            self.goto_digits = None
            self.show_stop()
        else:
            self.app.close_replay()

    # ---- drawing ---------------------------------------------------------------------------

    def view(self) -> Any:
        """What the screen shows now: the game at this stop as the chosen eyes saw it."""
        return self.replay.view_at(self.stop, self.eyes)

    def show_stop(self) -> None:
        replay, ascii_only = self.replay, self.ascii_only
        state = replay.state_at(self.stop)
        view = replay.game.view(state, self.eyes)
        self.query_one("#board", LineBoard).show(view, replay.dice_at(self.stop))
        self.table_view = view
        turn = marked_turn(replay.game.to_act(state))
        stats = [self.words.player_stats(view, seat, ascii_only) for seat in range(len(self.names))]
        marker = ">" if ascii_only else t("game.turn_marker")
        self.query_one(PlayersPanel).seated = Seated(
            self.names, tuple(self.marks), tuple(self.colours), tuple(stats), turn, marker
        )
        self._show_hands(view)
        self._show_log()
        self._show_bar()
        self.query_one(ChancesChart).show_turn(self.chart_turn())

    def _show_log(self) -> None:
        """The story up to this stop: one step on adds its lines; anything else tells the recent
        story again, written at once (a RichLog write per line costs about a millisecond)."""
        log, told = self.query_one("#log", RichLog), (self.stop, self.eyes)
        if self._told == (self.stop - 1, self.eyes):
            lines = self.replay.story_at(self.stop, self.eyes, self.words, 1)
        else:
            log.clear()
            lines = self.replay.story_at(self.stop, self.eyes, self.words, LOG_BATCHES)[-LOG_LINES:]
        self._told = told
        if lines:
            text = "\n".join(lines)
            log.write(asciify(text) if self.ascii_only else text)

    def on_loop_board_refitted(self) -> None:
        """The board grew or shrank: what is told beside it may change (a shorter legend)."""
        if self.table_view is not None:
            self._show_hands(self.table_view)

    def _show_hands(self, view: Any) -> None:
        panel = self.query_one(HandPanel)
        extra = (
            self.presenter.aside(self.words, view, self.eyes, self.ascii_only, self.query_one("#board"))
            if self.eyes is not None
            else None
        )
        if self.words.hand(view, 0) is None:  # a game without hands
            panel.holding = Holding(extra or "", None)
        elif self.eyes is None:  # every hand open
            lines = [
                f"{name}: {', '.join(self.words.card_label(c) for c in self.words.hand(view, seat) or ()) or '-'}"
                for seat, name in enumerate(self.names)
            ]
            panel.holding = Holding("\n".join([t("replay.eyes_all"), *lines]), None)
        else:
            cards = tuple(self.words.card_label(card) for card in self.words.hand(view, self.eyes) or ())
            title = t("game.hand_count", title=t("game.hand", name=self.names[self.eyes]), n=len(cards))
            panel.holding = Holding(f"{extra}\n{title}" if extra else title, cards, t("game.no_cards"))

    def _show_bar(self) -> None:
        replay = self.replay
        position = t(
            "replay.position",
            at=self.stop + 1,
            total=self.last + 1,
            turn=replay.turn_of(self.stop),
            turns=len(replay.turns),
        )
        eyes = t("replay.eyes_all") if self.eyes is None else t("replay.eyes_seat", name=self.names[self.eyes])
        state = t("replay.playing", speed=SPEEDS[self.speed]) if self.playing else t("replay.paused")
        hint = (
            t("replay.goto", number=self.goto_digits)
            if self.goto_digits is not None
            else t_keys(self.app, "replay.hint", self.bindings())
        )
        self.query_one(ReplayBar).show_bar(position, eyes, state, hint)
