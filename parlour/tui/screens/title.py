"""The title screen: the registry's games (one whose rules are not in yet is shown as coming)."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour import styles
from parlour.rules import registry
from parlour.services.words.i18n import has, t

from ..games import playable
from ..keymap import t_keys, with_keys
from ..widgets.keybar import KeyBar
from .base import ParlourScreen


class TitleScreen(ParlourScreen):
    CSS_PATH = styles.LISTS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("r", "resume", t("keys.resume"), id="title_resume"),
            Binding("f", "history", t("keys.history"), id="title_history"),
            Binding("question_mark", "help", t("keys.help"), id="title_help"),
            Binding("j", "cursor(1)", show=False, id="title_down"),
            Binding("k", "cursor(-1)", show=False, id="title_up"),
        ]

    def compose(self) -> ComposeResult:
        ready = playable()
        options = []
        for game_id, entry in registry.GAMES.items():
            name = t(f"games.{game_id}")
            if game_id in ready:
                low, high = entry.players  # the rules themselves are imported when chosen
                players = t("title.players", low=low, high=high)
                head = with_keys(self.app, f"{name} · {players}")
                blurb = with_keys(self.app, t(f"games.{game_id}_blurb"))
                # the blurb indented as a block: a wrapped line keeps the indent
                options.append(Option(Group(Text(head), Padding(Text(blurb), (0, 0, 0, 2))), id=game_id))
            else:
                options.append(Option(with_keys(self.app, f"{name} · {t('title.coming')}"), id=game_id, disabled=True))
        with Middle():
            with Center():
                with Vertical(id="title-box"):
                    yield Static(with_keys(self.app, f"{t('app.title')} — {t('app.subtitle')}"), id="title-name")
                    yield Static(with_keys(self.app, t("title.heading")), id="title-heading")
                    yield OptionList(*options, id="games")
                    # ↑↓ and Enter are the game list's own keys (OptionList), not in the keymap: fixed.
                    yield Static(t_keys(self.app, "title.hint", self.bindings()), id="title-hint", markup=False)
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # (every game's option has its id)
            self.app.show_setup(event.option.id)

    def action_help(self) -> None:
        from ..localized import localized
        from .help import HelpScreen

        # The help's ↑↓ and Enter are the game list's own keys, as in the hint: fixed.
        self.app.push_screen(
            localized(HelpScreen)(t("app.title"), f"{games_named()}\n\n{t('title.help')}", self.bindings())
        )

    def action_resume(self) -> None:
        self.app.show_resume()

    def action_history(self) -> None:
        self.app.show_history()

    def action_cursor(self, step: int) -> None:
        games = self.query_one("#games", OptionList)
        games.action_cursor_down() if step > 0 else games.action_cursor_up()


def games_named() -> str:
    """The sentence that names the games (the title's help begins with it)."""
    names = [t(f"games.{g}_in_text") if has(f"games.{g}_in_text") else t(f"games.{g}") for g in registry.GAMES]
    listed = names[-1] if len(names) < 2 else f"{', '.join(names[:-1])} {t('title.and')} {names[-1]}"
    counts = [word.strip() for word in t("title.counts").split(",")]
    count = counts[len(names)] if len(names) < len(counts) else str(len(names))
    return t("title.games", count=count, names=listed)
