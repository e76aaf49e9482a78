"""The text of the screen as the app composed it (what a player would read), for Pilot tests."""

from __future__ import annotations

from textual.strip import Strip


def screen_text(app) -> str:
    """Every line the app's top screen draws now (a modal dialog over the screen below it)."""
    strips = app.screen._compositor.render_update(full=True).strips
    return "\n".join(Strip.join(line).text.rstrip() for line in strips)


async def read_screen(pilot, most: int = 20) -> str:
    """The screen's text once it stops changing (a dialog's height is set after its first
    frame): messages are let run until two readings agree, at most `most` times."""
    text = None
    for _ in range(most):
        await pilot.pause()
        now = screen_text(pilot.app)
        if now == text:
            break
        text = now
    return text


def flat(text: str) -> str:
    """The screen's words in reading order, borders left out and every run of spaces and line
    ends one space: a sentence wrapped over two lines of a box reads whole again."""
    return " ".join("".join(" " if "\u2500" <= ch <= "\u257f" else ch for ch in text).split())
