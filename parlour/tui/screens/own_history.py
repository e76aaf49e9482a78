"""The served lobby's history (`h`): the finished games of the server's saves folder at which
you sat, newest first (parlour/services/history.py `own`, at most `OWN_ROWS`), read in a thread
(tui/screens/told_box.py). Only your own: the list is chosen by the name you were served under,
and tells no save's path."""

from __future__ import annotations

from parlour.services.words.i18n import t

from .told_box import ToldBox


class OwnHistoryScreen(ToldBox):
    DEFAULT_CSS = """
    OwnHistoryScreen { align: center middle; }
    OwnHistoryScreen #own-history { width: 90%; max-width: 110; height: auto; max-height: 90%;
                                    border: round $accent; padding: 1 2; background: $surface; }
    OwnHistoryScreen.ascii #own-history { border: ascii $accent; }
    """
    BOX, HEADING, KEY = "own-history", "history.own_heading", "h"

    def lines(self) -> list[str]:
        from parlour.services.config import saves_dir
        from parlour.services.history import own, told

        rows = [told(row) for row in own(saves_dir(), self.me)] if self.me else []
        return [t("history.own_heading"), "", *(rows or [t("history.none")])]
