"""The served lobby's leaderboard (`l`): each game's best players at served tables and your own
line (parlour/services/standings.py), read in a thread so that the server's other players never
wait for it."""

from __future__ import annotations

from parlour.services.words.i18n import t

from .told_box import ToldBox

TOP = 10  # players shown per game (your own line too, further down)


class LeaderboardScreen(ToldBox):
    DEFAULT_CSS = """
    LeaderboardScreen { align: center middle; }
    LeaderboardScreen #leaderboard { width: 72; height: auto; max-height: 90%; border: round $accent;
                                     padding: 1 2; background: $surface; }
    LeaderboardScreen.ascii #leaderboard { border: ascii $accent; }
    """
    BOX, HEADING, KEY = "leaderboard", "ratings.heading", "l"

    def lines(self) -> list[str]:
        from parlour.services.config import saves_dir
        from parlour.services.standings import board_lines, standings

        return [t("ratings.heading"), "", *board_lines(standings(saves_dir()), self.me, TOP)]
