"""Reading what a player reads, as words: the rules a person would check by eye in plain mode's
lines, `parlour replay --text` and a served seat, each a function from text to the problems it
finds (sentences; none: it reads right). The full screen's own reading is tests/tui/reading.py.

- `escapes`: no escape sequence of the game's own text (`\\x0a`, `\\u00e9`) is shown for it.
- `not_you`: the one person at the keyboard is "you" in every line said of them, as the full
  screen says it ("— Your turn —", "Your turn."), never by name ("— Ann's turn —").
- `english`: in Swedish, no word of the English catalogue that the Swedish catalogue lacks
  (names are the exceptions: the players', the bots' and the bots' levels, which every
  language shows by their ids, as `--seats` takes them).
- `last_turn`: "Your last turn: …" tells a line of a batch the seat itself began (its log, as
  told to it, is the record of what its actions led to).
"""

from __future__ import annotations

import re
from functools import cache

from parlour.services.words.i18n import You, catalogue, t

ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[nrt](?![a-z]))")
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def escapes(lines: list[str]) -> list[str]:
    return [f"an escape sequence shown: {line!r}" for line in lines if ESCAPE.search(line)]


def not_you(lines: list[str], game: str, name: str) -> list[str]:
    """Lines that name the one person at the keyboard where the full screen says "you"."""
    wrong = {t(f"{game}.log.turn", name=name), t(f"{game}.log.starts", name=name)}
    said = {t(f"{game}.log.turn", name=You(name)), t(f"{game}.log.starts", name=You(name))}
    asked = t("game.your_turn", name=name)
    return [
        f"said by name, not as you: {line!r}"
        for line in lines
        if (line.strip() in wrong - said) or (asked != t("game.your_turn", name=You(name)) and line.startswith(asked))
    ]


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    words: set[str] = set()
    for text in catalogue(lang).values():
        words.update(w.casefold() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return frozenset(words)


def english_only() -> frozenset[str]:
    """The English catalogue's words (three letters or more) that the Swedish one never uses."""
    return frozenset(w for w in _vocabulary("en") - _vocabulary("sv") if len(w) >= 3)


def english(lines: list[str], names) -> list[str]:
    """In Swedish text: the lines holding an English word (a name's words excepted)."""
    from parlour.rules import bots

    allowed = {w.casefold() for name in [*names, *bots.levels(None), "expert"] for w in WORD.findall(str(name))}
    found = []
    for line in lines:
        foreign = sorted({w for w in WORD.findall(line) if w.casefold() in english_only() - allowed})
        if foreign:
            found.append(f"English words {foreign} in {line!r}")
    return found


def last_turn(shown: str, own_lines: list[str]) -> list[str]:
    """`shown` is what follows "Your last turn:" on the screen; `own_lines` the lines of the
    batches the seat began (what its own actions led to)."""
    told = " ".join(shown.split())
    if not told or any(" ".join(line.split()).startswith(told.rstrip("…. ")) for line in own_lines):
        return []
    return [f"'your last turn' tells what the seat did not do: {shown!r}"]
