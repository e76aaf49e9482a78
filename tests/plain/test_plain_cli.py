"""`parlour play --plain` as a separate process: through pipes (no terminal) and through a PTY,
a whole game of each game to the end, and never an escape sequence unless --color asked."""

from __future__ import annotations

import os
import pty
import random
import subprocess
import sys

import pytest

from parlour.services import saves

from .conversation import play

# (game, table seed, the random player's seed): whole games that end in a few hundred answers.
GAMES = (("garfield", 5, 1), ("filmis", 2, 2), ("smurf", 1, 1))


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "parlour", *args]


def environment(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "TERM", "COLORTERM"))}
    env.update(
        PARLOUR_DATA_DIR=str(tmp_path / "data"),
        PARLOUR_CONFIG_DIR=str(tmp_path / "config"),
        LANG="en_GB.UTF-8",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


def run_piped(args, env, seed: int) -> tuple[str, int]:
    process = subprocess.Popen(
        command(*args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
    )

    def write(data: bytes) -> None:
        process.stdin.write(data)
        process.stdin.flush()

    try:
        text = play(process.stdout.fileno(), write, random.Random(seed))
    finally:
        process.stdin.close()
        process.stdout.close()
        code = process.wait(timeout=30)
    return text, code


def run_in_pty(args, env, seed: int) -> tuple[str, int]:
    master, slave = pty.openpty()
    process = subprocess.Popen(command(*args), stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        text = play(master, lambda data: os.write(master, data), random.Random(seed))
    finally:
        code = process.wait(timeout=30)
        os.close(master)
    return text, code


@pytest.mark.parametrize("game,seed,player", GAMES)
def test_a_whole_game_through_pipes(tmp_path, game, seed, player):
    text, code = run_piped(
        ["play", game, "--plain", "--seats", "Ann,bot:random", "--seed", str(seed), "--bot-delay", "0"],
        environment(tmp_path),
        seed=player,
    )
    assert code == 0, text[-2000:]
    assert "Game over" in text and "Your turn." in text
    assert "\x1b" not in text  # no escape sequence: no colour, no cursor movement
    saved = list((tmp_path / "data" / "saves").glob("*.jsonl"))
    assert len(saved) == 1 and saves.read(saved[0]).state is not None  # autosaved to the end


@pytest.mark.parametrize("game,seed,player", GAMES)
def test_a_whole_game_in_a_terminal_with_line_editing(tmp_path, game, seed, player):
    text, code = run_in_pty(
        ["play", game, "--plain", "--seats", "Ann,bot:random", "--seed", str(seed), "--bot-delay", "0"],
        environment(tmp_path, TERM="xterm-256color"),
        seed=player,
    )
    assert code == 0, text[-2000:]
    assert "Game over" in text and "Your turn." in text
    assert "\x1b" not in text


def test_colours_only_when_asked(tmp_path):
    text, code = run_piped(
        ["play", "smurf", "--plain", "--color", "--seats", "Ann,bot:random", "--seed", "5", "--bot-delay", "0"],
        environment(tmp_path),
        seed=1,
    )
    assert code == 0
    assert "\x1b[31mAnn\x1b[0m" in text  # Ann's seat is red
    assert "\x1b[" not in text.replace("\x1b[31m", "").replace("\x1b[34m", "").replace("\x1b[0m", "")


def test_ascii_when_the_locale_is_not_utf8(tmp_path):
    env = environment(tmp_path)
    env["LANG"] = "sv_SE.ISO-8859-1"
    text, code = run_piped(
        ["play", "garfield", "--plain", "--lang", "sv", "--seats", "Åsa,bot:random", "--seed", "5", "--bot-delay", "0"],
        env,
        seed=1,
    )
    assert code == 0
    assert "Din tur." in text and text.isascii()


def test_set_up_by_asking_then_resume_from_the_list(tmp_path):
    env = environment(tmp_path)
    first = subprocess.run(
        command("play", "smurf", "--plain", "--seed", "3", "--bot-delay", "0"),
        input="Ann,Bob,Cid,Dot,Eve\nAnn,bot:random\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert first.returncode == 0, first.stderr
    assert "Who plays?" in first.stdout and "Name from 2 to 4 players." in first.stdout
    # said as it was started here (python -m parlour), so that it works when typed again (issue 29)
    assert "Your turn." in first.stdout and "Saved. Resume it with: " in first.stdout
    assert " -m parlour resume --plain" in first.stdout
    again = subprocess.run(
        command("resume", "--plain"), input="1\nboard\nquit\n", capture_output=True, text=True, env=env, timeout=60
    )
    assert again.returncode == 0, again.stderr
    assert "1. The Smurf Game: Ann, Papa Smurf" in again.stdout
    assert "Resumed. The last moves:" in again.stdout and "Ann: HOME" in again.stdout
