"""A game is its own files and one entry point: no other source file names every game.

A file that names them all (a list of ids, a dict keyed by game, a title that lists them) is a
registry in disguise, and a new game would have to be added there too. This scans the checkout's
source files (tracked and new) for the games' ids as words, case-insensitively, and fails on any
file that names every registered game. It does not scan:

- a game's own files: any path with the game's id as a part of a name (parlour/games/smurf/rules/...,
  parlour/games/smurf/bots/smart.py, parlour/games/smurf/locale/en/smurf.toml, tests/tui/test_smurf_table.py);
- prose (*.md: the README and docs/ describe the games by name) and pictures (*.svg, *.png);
- tests/: tests pin each game's behaviour (seeded games, hashes, fixed examples) and a new game
  brings its own, so cross-game tests may list the games they were written for;
- pyproject.toml: its entry points name Parlour's own games (the registry reads them from the
  installed metadata), and mypy's per-module overrides name the modules they still excuse.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from parlour.rules import registry

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = ("tests/", ".venv/", "screenshots/")
SKIPPED_FILES = {"pyproject.toml"}
SKIPPED_SUFFIXES = {".md", ".svg", ".png", ".jpg", ".gif", ".ico"}


def source_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout")
    return sorted(set(listed))


def own_file(path: str, game_ids: list[str]) -> bool:
    """The path is one of a game's own: the game's id is a part of one of its names."""
    parts = set(re.split(r"[/_.\-]", path.lower()))
    return any(game_id in parts for game_id in game_ids)


def naming_every_game(path: str, game_ids: list[str]) -> bool:
    try:
        text = (ROOT / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return all(re.search(rf"\b{re.escape(game_id)}\b", text, re.I) for game_id in game_ids)


def scanned(path: str, game_ids: list[str]) -> bool:
    return not (
        path.startswith(SKIPPED_DIRS)
        or path in SKIPPED_FILES
        or Path(path).suffix.lower() in SKIPPED_SUFFIXES
        or own_file(path, game_ids)
    )


def test_no_file_but_the_registry_names_every_game():
    game_ids = list(registry.GAMES)
    assert len(game_ids) >= 3
    found = [p for p in source_files() if scanned(p, game_ids) and naming_every_game(p, game_ids)]
    assert found == [], f"these files name every game; read the registry instead: {found}"


def test_the_scan_would_see_a_file_that_lists_the_games(tmp_path):
    game_ids = list(registry.GAMES)
    listing = tmp_path / "games.py"
    listing.write_text(f"GAMES = {game_ids!r}\n", encoding="utf-8")
    assert naming_every_game(str(listing), game_ids) and not naming_every_game("parlour/cli.py", game_ids)
    assert scanned("parlour/cli.py", game_ids) and scanned("parlour/rules/registry.py", game_ids)
    assert not scanned("pyproject.toml", game_ids)
    assert not scanned("parlour/games/smurf/bots/smart.py", game_ids) and not scanned(
        "parlour/games/garfield/table/piles.py", game_ids
    )
