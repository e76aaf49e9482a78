"""Issue 39: plain mode's words, read over seeded games (every game x en/sv), one person (Ann)
against bots, played in-process to the end by a seeded reader who answers the numbered
options, types each command word once at the start and then now and then. Every line said is read (tests/words_read.py):
no escape sequence of the game's text, Ann is "you" as on the full screen, no English in
Swedish; `help` names every command the full screen has (undo, hint, rules, board, quit) and
no command it offers answers "not understood" or "this game has none".

PARLOUR_PLAIN_GAMES=20 plays that many games per game and language (default 2)."""

from __future__ import annotations

import os
import random
import re

import pytest

from parlour.fronts.plain.lines import Lines
from parlour.fronts.plain.local import PlainTable
from parlour.rules.table import Table
from parlour.services.seats import Seat, bot_names
from parlour.services.words.i18n import set_language, t

from .. import words_read

GAMES_PER = int(os.environ.get("PARLOUR_PLAIN_GAMES", "2"))
OPTION = re.compile(r"^(\d+)\. ", re.M)
FULL_SCREEN = ("undo", "hint", "rules", "board", "quit")  # the table's own commands (tui/screens/game.py)
TYPED = ("help", "board", "hand", "log", "options", "undo", "rules")  # typed first, then now and then
MAX_ANSWERS = 4000


class Reader:
    """A seeded player: answers an offered option, or now and then a command word; keeps what
    was said, and what each command word was answered."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.said: list[str] = []
        self.lines = Lines(self.said.append)
        self.replies: list[tuple[str, str]] = []  # (command typed, what it was answered)
        self.typed: str | None = None
        self.mark = 0
        self.answers = 0
        self.hinted = seed % 2 == 1  # one game in two asks for a hint once (it takes a moment)

    def read(self, prompt: str) -> str | None:
        told = "".join(self.said[self.mark :])
        if self.typed is not None:
            self.replies.append((self.typed, told))
        self.mark, self.typed = len(self.said), None
        self.answers += 1
        if self.answers <= len(TYPED):  # each command word once, first (help first)
            self.typed = TYPED[self.answers - 1]
        elif self.answers > MAX_ANSWERS:
            return None
        elif not self.hinted and OPTION.search(told):
            self.hinted, self.typed = True, "hint"
        elif self.rng.random() < 0.08:
            self.typed = self.rng.choice(TYPED)
        if self.typed is not None:
            return t(f"plain.word.{self.typed}")
        options = OPTION.findall(told)
        if not options:
            return ""
        return options[0] if self.rng.random() < 0.6 else self.rng.choice(options)

    @property
    def text(self) -> str:
        return "".join(self.said)


def _seats(game: str, seed: int) -> list[Seat]:
    players = (2, 3, 2, 4)[seed % 4]
    level = "smart" if game == "smurf" or seed % 3 == 2 else "random"  # (random Smurfs play for ever)
    return [Seat("Ann", None, "red")] + [Seat(name, level, "blue") for name in bot_names(game)[: players - 1]]


def play_one(game: str, lang: str, seed: int) -> tuple[Reader, Table]:
    set_language(lang)
    seats = _seats(game, seed)
    table = Table.new(game, [s.name for s in seats], seed=seed)
    reader = Reader(seed)
    PlainTable(table, seats, reader.lines, reader.read).play()
    return reader, table


def problems_of(game: str, lang: str, reader: Reader, table: Table) -> list[str]:
    lines = reader.text.splitlines()
    found = words_read.escapes(lines) + words_read.not_you(lines, game, "Ann")
    if lang == "sv":
        found += words_read.english(lines, table.players)
    helped = next(told for typed, told in reader.replies if typed == "help")
    for command in FULL_SCREEN:
        word = t(f"plain.word.{command}")
        if not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", helped):
            found.append(f"help does not name {word!r} ({command}): {helped!r}")
    refusals = (t("plain.not_understood", answer="\0", n=0).split("\0")[0], t("plain.no_hand"), t("plain.no_board"))
    for typed, told in reader.replies:
        word = t(f"plain.word.{typed}")
        offered = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", helped)
        if offered and any(told.startswith(refusal) for refusal in refusals):
            found.append(f"help offers {word!r} but it answers {told.strip()!r}")
    if table.result() is None and reader.answers <= MAX_ANSWERS:
        found.append("the game stopped before its end")
    return found


CASES = [(game, lang) for game in ("garfield", "filmis", "smurf") for lang in ("en", "sv")]


@pytest.mark.parametrize("game,lang", CASES)
def test_plain_mode_reads_right_over_seeded_games(game, lang):
    failures: dict[str, None] = {}
    try:
        for seed in range(GAMES_PER):
            reader, table = play_one(game, lang, seed)
            for problem in problems_of(game, lang, reader, table):
                failures.setdefault(f"{game}/{lang} seed {seed}: {problem}", None)
    finally:
        set_language("en")
    assert not failures, "\n".join(list(failures)[:30])
