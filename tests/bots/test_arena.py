"""`parlour arena`: bots at every seat in turn, rated by openskill's Plackett-Luce (parlour/services/ratings.py);
the same seed gives the same numbers."""

from __future__ import annotations

import json
import math
import shlex
import sys
from collections import Counter
from pathlib import Path

import pytest

from parlour.fronts import arena
from parlour.services.ratings import Board, places

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot.py"


def test_places_put_the_winners_first_and_the_others_by_score():
    assert places([2], [3, 5, 9, 5], 4) == [4, 2, 1, 2]
    assert places([0, 1], [4, 4, 1], 3) == [1, 1, 3]
    assert places([0], [9, 2, 2, 1], 4) == [1, 2, 2, 4]
    assert places([1], None, 3) == [2, 1, 2]


def test_one_game_between_new_players_moves_the_ratings_as_plackett_luce_says():
    """By hand (Weng & Lin 2011, algorithm 4): both start at mu 25, sigma 25/3, beta 25/6, and
    openskill first adds tau = 25/300 to each sigma (sigma^2 + tau^2); c = sqrt(2 sigma^2 + 2
    beta^2); with equal ratings the winner's chance was 1/2, so the winner gains sigma^2 / c *
    (1 - 1/2) and the loser loses as much; both sigmas shrink."""
    board = Board()
    board.game(["Ann", "Bob"], [0], [3, 1])
    sigma, beta = math.sqrt((25 / 3) ** 2 + (25 / 300) ** 2), 25 / 6
    c = math.sqrt(2 * sigma**2 + 2 * beta**2)
    gain = sigma**2 / c * 0.5
    ann, bob = board.rows["Ann"], board.rows["Bob"]
    assert ann.mu == pytest.approx(25 + gain) and bob.mu == pytest.approx(25 - gain)
    assert round(gain, 4) == 2.6354
    assert ann.sigma < sigma and bob.sigma < sigma
    assert (ann.games, ann.wins, bob.wins) == (1, 1, 0)
    assert [r.name for r in board.ranked()] == ["Ann", "Bob"]


def test_every_bot_sits_at_every_seat_equally_often():
    seats = Counter((seat, bot) for index in range(9) for seat, bot in enumerate(arena.seating(3, index)))
    assert set(seats.values()) == {3} and len(seats) == 9
    assert arena.seating(3, 0) == [0, 1, 2] and arena.seating(3, 1) == [2, 0, 1]
    assert arena.labels(["smart", "smart", "cmd:python3 bots/deep.py"]) == ["smart", "smart 2", "deep"]


def test_the_same_seed_gives_the_same_numbers_and_they_fold_the_games_played(capsys):
    def run(seed: int) -> dict:
        assert arena.main(["smurf", "smart", "random", "--games", "6", "--seed", str(seed), "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    first, again, other = run(7), run(7), run(8)
    assert first == again and first != other
    assert first["finished"] == 6 and sum(r["games"] for r in first["ranking"]) == 12
    # the ratings are the games as played, folded in order
    board = Board()
    for index in range(6):
        one = arena.play_game("smurf", ["smart", "random"], ["smart", "random"], 7, index)
        board.game([["smart", "random"][b] for b in one["order"]], one["winners"], one["scores"])
    assert [(r["name"], r["rating"]) for r in first["ranking"]] == [
        (row.name, round(row.mu, 4)) for row in board.ranked()
    ]
    assert first["ranking"][0]["name"] == "smart"  # smart beats random in the Smurf Game


def test_a_program_takes_part_and_the_text_table_names_it(capsys):
    program = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))} 1"
    assert arena.main(["garfield", "random", program, "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 garfield games, seed 1, every bot at every seat in turn")
    assert any(line.split()[1] == "bot" for line in out.splitlines()[3:5])
    assert "replaced" not in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["chess", "smart", "random"], "unknown game"),
        (["smurf", "smart", "genius"], "unknown bot level 'genius' (known: random, smart, expert; or cmd:PROGRAM)"),
        (["smurf", "smart"], "The Smurf Game takes 2 to 4 seats, not 1"),
        (["smurf", "smart", "cmd:"], "names no program"),
        (["smurf", "smart", "random", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_bad_arguments_are_said_and_nothing_is_played(capsys, argv, said):
    assert arena.main(argv) == 2
    assert said in capsys.readouterr().err
