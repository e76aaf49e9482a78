"""The Parlour app: title, set-up, the table, resume; small-terminal guard; keymap; ASCII mode."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from parlour import styles
from parlour.services.collector import collect_from_now
from parlour.services.config import keymap_path, load_keymap
from parlour.services.shown import shown
from parlour.services.words.i18n import set_language, t

from .localized import localized
from .screens.small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

if TYPE_CHECKING:
    from textual.events import Resize

    from parlour.rules.chance import Rig
    from parlour.services.table_driver import TableDriver

if TYPE_CHECKING:  # the title comes first: saves, seats and tables are imported when a game is
    from rich.segment import Segments
    from textual.scrollbar import ScrollBarRender

    from parlour.rules.log import Loaded
    from parlour.services.controller import Session
    from parlour.services.seats import Seat

# The stylesheets read at start: the shared one and the first screen's (the others are read as
# their screens are first shown). Any other start (the served app's lobby) reads them all.
FIRST_SHEETS = {
    "title": styles.LISTS,
    "resume": styles.LISTS,
    "setup": styles.SETUP,
    "play": styles.TABLE,
    "replay": styles.LISTS + styles.TABLE,
}


SHOWN_WARNINGS = 3  # keymap warnings shown one by one; the rest are counted in one more


class ParlourApp(App):
    CSS_PATH = styles.EVERY
    TITLE = "Parlour"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        # One key, two labels: "Save & quit" while a game has something to save, "Quit" elsewhere
        # (check_action says which is live; the keymap's "quit" moves both).
        return [
            Binding("ctrl+q", "save_quit", t("keys.quit"), id="quit", priority=True),
            Binding("ctrl+q", "quit_plain", t("keys.quit_plain"), id="quit", priority=True),
        ]

    def __init__(
        self,
        *,
        start: str = "title",
        game: str | None = None,
        seats: list[Seat] | None = None,
        resume: Path | None = None,
        seed: int | None = None,
        rig: Rig | None = None,
        bot_delay: float = 0.6,
        ascii_only: bool = False,
        animations: bool = True,
        autosave: bool = True,
        eyes: int | None = None,
        collect_after_first_frame: bool = False,
        bots: tuple[tuple[str, str], ...] = (),
    ) -> None:
        sheets = styles.TABLE if start == "resume" and resume else FIRST_SHEETS.get(start)
        super().__init__(css_path=styles.SHARED + sheets if sheets else None)
        self.start, self.game_id, self.seats, self.resume_path = start, game, seats, resume
        self.seed, self.rig, self.bot_delay = seed, rig, bot_delay
        self.ascii_only, self.autosave = ascii_only, autosave
        self.eyes = eyes  # `parlour replay --seat N`: whose eyes to watch with
        # (name, command) of the programs `--bot NAME=COMMAND` allows: the set-up offers them by name
        self.bots = bots
        self.session: Session | None = None
        self.exit_message = ""
        if not animations:
            self.animation_level = "none"
        self.keymap_warnings = self._load_keymap()
        # Started with the cyclic garbage collector paused (parlour/cli.py `app_of`): it collects
        # again once the first frame is out.
        self.collect_after_first_frame = collect_after_first_frame

    def _load_keymap(self) -> list[str]:
        """Apply the player's keymap.toml: each entry that cannot be used is left out, with a warning."""
        keymap, lines, warnings = load_keymap()
        if keymap:
            from parlour.compat.textual import normalized_keymap

            from .keymap import checked_keymap
            from .screens import bindings_by_screen

            keymap, more = checked_keymap(
                normalized_keymap(type(self), keymap),
                lines,
                type(self).bindings(),
                bindings_by_screen(),
                where=f"keymap {keymap_path()}",
            )
            warnings += more
            if keymap:
                self.set_keymap(keymap)
        return warnings

    @property
    def keymap_warning(self) -> str:
        return "\n".join(self.keymap_warnings)

    def has_something_to_save(self) -> bool:
        """True while a game on the table has a save file to keep (its first action was made)."""
        session = self.session
        return bool(
            session
            and session.driver is not None
            and session.driver.saved
            and not session.over
            and session.checking is None
        )

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("save_quit", "quit_plain"):
            return self.has_something_to_save() == (action == "save_quit")
        return True

    def get_key_display(self, binding: Binding) -> str:
        if binding.key == "space" and not binding.key_display:  # a word, in the player's language
            from .keymap import key_name

            return key_name("space", self.ascii_only)
        if self.ascii_only and not binding.key_display:  # the footer's glyphs (⏎, ↑) in plain ASCII
            from .keymap import key_name

            return "/".join(key_name(k.strip(), True) for k in binding.key.split(",")[:1])
        if self.ascii_only:  # a display given in code (the replay's "←→")
            from parlour.services.words.i18n import asciify

            return asciify(super().get_key_display(binding))
        return super().get_key_display(binding)

    def on_mount(self) -> None:
        if self.collect_after_first_frame:  # the command paused the collector for its start
            self.call_after_refresh(collect_from_now)
        if self.ascii_only:
            per_app_scrollbars()
            self.add_class("ascii")
            self.screen.add_class("ascii")
        warnings = self.keymap_warnings  # markup off: "[keys]" is shown as written
        for warning in warnings[:SHOWN_WARNINGS]:
            self.notify(warning, severity="warning", timeout=15, markup=False)
        if len(warnings) > SHOWN_WARNINGS:  # a keymap of hundreds of bad lines: not a toast each
            more = f"keymap: {len(warnings) - SHOWN_WARNINGS} more entries ignored"
            self.notify(more, severity="warning", timeout=15, markup=False)
        # (the command line names the game to play or set up, and the save to replay)
        if self.start == "play" and self.seats and self.game_id is not None:
            from parlour.rules.records import Rejected

            try:
                self.start_game(self.game_id, self.seats)
            except Rejected as error:
                self.show_setup(self.game_id)
                self.notify(shown(t("setup.bad", reason=error.reason)), severity="error", markup=False)
        elif self.start == "setup" and self.game_id is not None:
            self.show_setup(self.game_id)
        elif self.start == "replay" and self.resume_path is not None:
            self.show_title()
            self.watch_save(self.resume_path, self.eyes)
        elif self.start == "resume" and self.resume_path:
            self.resume_game(self.resume_path)
        elif self.start == "resume":
            self.show_resume()
        else:
            self.show_title()
        self._check_size(self.size.width, self.size.height)

    # ---- moving between screens ----------------------------------------------------------------

    def _switch(self, screen: Screen[Any]) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if self.ascii_only:
            screen.add_class("ascii")
        self.push_screen(screen)
        self._check_size(self.size.width, self.size.height)

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self._switch(localized(TitleScreen)())

    def show_setup(self, game: str) -> None:
        from .screens.setup import SetupScreen

        # The seats from the command line are for their own game; another game gets its own bots.
        seats = self.seats if self.seats and len(self.seats) > 1 and game == self.game_id else None
        self._switch(localized(SetupScreen)(game, seats, self.bots))

    def show_history(self, game: str | None = None) -> None:
        from .screens.history import HistoryScreen

        self._switch(localized(HistoryScreen)(game))

    def show_resume(self) -> None:
        from .screens.resume import ResumeScreen

        self._switch(localized(ResumeScreen)())

    def start_game(self, game: str, seats: list[Seat]) -> None:
        """Start a game (raises Rejected for seats the rules refuse)."""
        from .local_game import LocalGame

        self.session = LocalGame.start(game, seats, seed=self.seed, rig=self.rig, autosave=self.autosave)
        self._play()

    def resume_game(self, path: Path) -> None:
        from parlour.services import save_lock, saves

        from .local_game import LocalGame
        from .screens.game import TOLD_BATCHES

        try:  # shown at once, checked in full while shown (rules/log.py open_lines: the ruling)
            self.session = game = LocalGame.resume(path, check_later=True, recent=TOLD_BATCHES)
        except save_lock.Held as held:
            self.open_elsewhere(path, str(held))
            return
        except saves.SaveError as error:
            self.refuse_save(str(error))
            return
        self._play()
        if game.dropped:  # (nothing is written before the next action)
            self.notify(game.dropped, severity="warning", timeout=30, markup=False)

    def open_elsewhere(self, path: Path, held: str) -> None:
        """A game open in another window: say so, and watch it as it is played, or go back."""
        from .screens.held import HeldScreen
        from .screens.resume import ResumeScreen

        def answered(watch: bool | None) -> None:
            if not isinstance(self.screen, localized(ResumeScreen)):
                self.show_resume()  # a file named on the command line: the list, below the watching
            if watch:
                self.watch_save(path, follow=True)

        self.session = None
        self.push_screen(HeldScreen(held), answered)

    def refuse_save(self, message: str) -> None:
        """A save that cannot be played: back to the list of saves, saying why."""
        from .screens.resume import ResumeScreen

        self.session = None
        if not isinstance(self.screen, localized(ResumeScreen)):
            self.show_resume()  # a file named on the command line, or a game being checked
        self.notify(shown(message), severity="error", timeout=10, markup=False)

    def watch_save(self, path: Path, eyes: int | None = None, follow: bool = False) -> None:
        """Watch a saved game again (a bad file: the same message as resuming it); `follow`: one
        another window plays, shown as it grows."""
        from parlour.services import saves

        try:
            loaded = saves.read(path)
        except saves.SaveError as error:
            self.notify(shown(str(error)), severity="error", timeout=10, markup=False)
            return
        self.show_replay(loaded, eyes, path if follow else None)

    def show_replay(self, loaded: Loaded, eyes: int | None = None, follow: Path | None = None) -> None:
        """Open replay mode over a loaded game; closing it comes back here."""
        from parlour.services.replay import Replay
        from parlour.services.seats import seats_from_meta

        from .screens.replay import ReplayScreen

        replay = Replay(loaded)
        import gc

        gc.collect()
        gc.freeze()  # the log and its snapshots live on: a full collection then skips them (no 100 ms stall)
        if not replay.stops:
            self.notify(t("replay.empty"), severity="warning")
            return
        seats = seats_from_meta(loaded.header.players, loaded.header.meta)
        if eyes is None and not replay.finished:  # as the (first) person at this keyboard saw it
            eyes = next((i for i, seat in enumerate(seats) if seat.human), 0)
        colours = [seat.colour for seat in seats]
        screen = localized(ReplayScreen)(replay, eyes, colours, follow)
        if self.ascii_only:
            screen.add_class("ascii")
        self.push_screen(screen)
        self._check_size(self.size.width, self.size.height)

    def close_replay(self) -> None:
        if self.start == "replay":  # `parlour replay FILE`: closing it goes back to the shell
            self.exit()
            return
        self.pop_screen()

    def _play(self) -> None:
        from .games import Presenter
        from .screens.game import GameScreen

        session = self.session
        if session is None:  # (never: a game is set on the table first, here or by the served app)
            return
        presenter = Presenter.of(session.table.game.id)
        screen = localized(GameScreen, tuple(presenter.bindings()))
        self._switch(screen(session, self.bot_delay))

    # ---- the terminal ---------------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        screen = self.screen
        if small and isinstance(screen, TooSmallScreen):
            screen.show_size(width, height)
        elif small:
            self.push_screen(TooSmallScreen())
        elif isinstance(screen, TooSmallScreen):
            self.pop_screen()

    def action_quit_plain(self) -> None:
        self.action_save_quit()  # a game just over may still have moves not on disk

    def action_save_quit(self) -> None:
        """Quit, saying "Saved" only when every move is on disk. While saving fails, ask first
        (tui/screens/unsaved.py): try again, write the game elsewhere, or quit losing the moves
        not saved; the game stays as it is until the player decides."""
        from .screens.unsaved import UnsavedScreen

        if isinstance(self.screen, UnsavedScreen):
            return  # already asking
        session = self.session
        driver = session.driver if session is not None else None  # a served game's is the server's
        if session is not None and driver is not None and session.checking is None and driver.unsaved():
            self.push_screen(UnsavedScreen(driver), self._quit_as_answered)
        elif self.has_something_to_save():
            self._quit_as_answered("saved")
        else:
            self.exit()

    def exit_on_signal(self, signum: int) -> None:
        """Told to end by a signal (parlour/services/stops.py: a shutdown, `timeout`, a closed
        terminal): quit as Ctrl+Q does, without asking, for nobody may be there to answer. Every
        move is on disk already unless saving fails; then it is tried once more, and the shell is
        told how many moves are lost. Textual's driver gives the terminal back as it found it."""
        session = self.session
        driver = session.driver if session is not None else None
        if session is not None and driver is not None and session.checking is None and not driver.save_again():
            self.exit_message = quit_message(driver, "lost")
        elif self.has_something_to_save():
            self.exit_message = quit_message(driver, "saved")
        self.exit(return_code=128 + signum)

    def _quit_as_answered(self, answer: str | None) -> None:
        """What the player decided about an unsaved game: None goes back to it."""
        if answer is None or self.session is None:  # (asked only with a local game on the table)
            return
        self.exit_message = quit_message(self.session.driver, answer)
        self.exit()


def quit_message(driver: TableDriver | None, answer: str) -> str:
    """What the terminal is told after the app ends: "saved" (every move on disk), "elsewhere"
    (on disk in the file the player named) or "lost" (quit without saving)."""
    from parlour.services.command import command

    if answer == "lost" and driver is not None:
        return t("app.quit_unsaved", n=driver.unsaved())
    if answer == "elsewhere" and driver is not None and driver.writer is not None:
        return t("app.saved_elsewhere", path=shown(str(driver.writer.path)), command=command())
    return t("app.saved_to", command=command())


def per_app_scrollbars() -> None:
    """Scrollbars drawn with spaces only in an ASCII app (their ends are eighth blocks otherwise).
    Textual's renderer is class-wide: the one installed here asks the app drawing whether it is in
    ASCII mode (Textual's active app is per context), so an ASCII app never changes the
    scrollbars of another app in the same process (`parlour serve`, a test run)."""
    from textual.scrollbar import ScrollBar, ScrollBarRender

    if getattr(ScrollBar.renderer, "per_app", False):  # (getattr: our mark, on a class Textual holds)
        return

    from parlour.compat.textual import active_app

    from .keymap import ascii_only

    ascii_renderer = _ascii_renderer()
    app_now = active_app()

    class PerAppScrollBarRender(ScrollBarRender):
        per_app = True

        @classmethod
        def render_bar(cls, *args: Any, **kwargs: Any) -> Segments:
            return (ascii_renderer if ascii_only(app_now.get(None)) else ScrollBarRender).render_bar(*args, **kwargs)

    ScrollBar.renderer = PerAppScrollBarRender


def _ascii_renderer() -> type[ScrollBarRender]:
    from textual.scrollbar import ScrollBarRender

    class AsciiScrollBarRender(ScrollBarRender):
        VERTICAL_BARS = [" "] * 8
        HORIZONTAL_BARS = [" "] * 8

    return AsciiScrollBarRender


def make_app(lang: str | None = None, **options: Any) -> ParlourApp:
    """The app in `lang` (default: the active language), its keys labelled in it."""
    if lang:
        set_language(lang)
    return localized(ParlourApp)(**options)
