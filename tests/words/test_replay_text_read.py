"""Issue 39: `parlour replay FILE --text` (and `--text --analysis`) read as words, over seeded
games of every game in English and Swedish: the language is the one `--lang` or the locale
names; no escape sequence of the game's own text shows (tests/words_read.py); the one person
of a game against bots is "you" in the story, as the full screen tells it; in Swedish no word
of the English catalogue appears (names excepted).

PARLOUR_REPLAY_GAMES=20 reads that many games per game and language (default 2)."""

from __future__ import annotations

import os

import pytest

from parlour.cli import main
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.seats import Seat, bot_names, seats_meta
from parlour.services.table_driver import TableDriver
from parlour.services.words.i18n import set_language

from .. import words_read

GAMES_PER = int(os.environ.get("PARLOUR_REPLAY_GAMES", "2"))
GAMES = ("garfield", "filmis", "smurf")


def _saved(tmp_path, game: str, seed: int):
    """A seeded game of Ann (a person, played here by a bot) against bots, saved to its end."""
    players = (2, 3, 4)[seed % 3]
    seats = [Seat("Ann", None, "red")] + [Seat(n, "smart", "blue") for n in bot_names(game)[: players - 1]]
    table = Table.new(game, [s.name for s in seats], seed=seed, meta={"seats": seats_meta(seats)})
    TableDriver(table, {s: make("smart", f"{seed}/{s}") for s in range(players)}).play_bots()
    assert table.result() is not None
    path = tmp_path / f"{game}-{seed}.jsonl"
    saves.write(path, table.header, table.events)
    return path, table.players


def _read(game: str, lang: str, lines: list[str], names) -> list[str]:
    found = words_read.escapes(lines) + words_read.not_you(lines, game, "Ann")
    return found + (words_read.english(lines, names) if lang == "sv" else [])


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_replay_text_reads_right_in_the_language_asked(game, lang, tmp_path, capsys):
    failures: dict[str, None] = {}
    for seed in range(GAMES_PER):
        path, names = _saved(tmp_path, game, seed)
        assert main(["replay", str(path), "--text", "--lang", lang]) == 0
        lines = capsys.readouterr().out.splitlines()
        for problem in _read(game, lang, lines, names):
            failures.setdefault(f"{game}/{lang} seed {seed}: {problem}", None)
    assert not failures, "\n".join(list(failures)[:30])


@pytest.mark.parametrize("game", GAMES)
def test_replay_text_and_its_analysis_follow_the_locale(game, tmp_path, capsys, monkeypatch):
    from parlour.services import analysis

    monkeypatch.setattr(analysis, "games_on", lambda game_id: 4)  # few games per turn: words, not numbers
    monkeypatch.setattr(analysis, "MOST_POINTS", 6)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    path, names = _saved(tmp_path, game, 1)
    failures = []
    for extra in ([], ["--analysis"]):
        assert main(["replay", str(path), "--text", *extra]) == 0
        lines = capsys.readouterr().out.splitlines()
        failures += [f"{game} {extra}: {p}" for p in _read(game, "sv", lines, names)]
    assert not failures, "\n".join(failures[:30])
