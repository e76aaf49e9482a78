"""The text of the screen as the app composed it (what a player would read), for Pilot tests."""

from __future__ import annotations

from textual.strip import Strip


def screen_text(app, strip: bool = True) -> str:
    """Every line the app's top screen draws now (a modal dialog over the screen below it);
    `strip`: without the spaces that end each line."""
    strips = app.screen._compositor.render_update(full=True).strips
    return "\n".join(Strip.join(line).text.rstrip() if strip else Strip.join(line).text for line in strips)


def terminal_widths(app) -> set[int]:
    """The width of each line of the screen as a terminal counts cells (wcwidth), whatever
    Textual thought: a line whose text a terminal draws wider or narrower breaks its borders.
    A character a terminal cannot draw at all counts -1000."""
    from wcwidth import wcwidth

    return {
        sum(w if (w := wcwidth(ch)) >= 0 else -1000 for ch in line)
        for line in screen_text(app, strip=False).split("\n")
    }


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
