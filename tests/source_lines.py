"""The lines of the repository's tracked Python files, for tests that search the code itself
(private names, old package names)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def python_lines(skip: tuple[str, ...] = ()) -> Iterator[tuple[str, int, str]]:
    """(path, line number, line) of every tracked .py file whose path starts with none of `skip`."""
    files = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for name in files:
        if not (skip and name.startswith(skip)):
            for n, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1):
                yield name, n, line


def folders_of_tests() -> tuple[str, ...]:
    """The folders of tests, not of the product: tests/ and each game's own (parlour/games/<id>/tests/)."""
    games = sorted(p.parent.relative_to(ROOT).as_posix() + "/" for p in ROOT.glob("parlour/games/*/tests/__init__.py"))
    return ("tests/", *games)
