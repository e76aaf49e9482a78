"""How the player runs Parlour: the command every message names ("Resume it with: … resume").

Said as the player started it, so that it works when typed again in the same shell: `parlour`
when that is what the shell finds on its PATH, else the path they typed (`.venv/bin/parlour`
after the README's install), or `python -m parlour` as they ran it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def command() -> str:
    return command_for(sys.argv[0] if sys.argv else "", sys.executable)


def command_for(
    started: str, python: str, found: Callable[[str], str | None] | None = None, cwd: str | None = None
) -> str:
    """The command for a program started as `started` (sys.argv[0]) by `python`; `found` finds a
    program on PATH (default: shutil.which, imported only here: shutil loads the compressors)."""
    name = os.path.basename(started)
    if started.endswith(os.path.join("parlour", "__main__.py")):  # python -m parlour
        return f"{_short(python, cwd)} -m parlour"
    if name != "parlour":  # a test runner, an embedding program: the installed name
        return "parlour"
    if found is None:
        from shutil import which

        found = which
    on_path = found("parlour")
    if on_path and os.path.realpath(on_path) == os.path.realpath(started):
        return "parlour"
    return _short(started, cwd)


def _short(path: str, cwd: str | None = None) -> str:
    """`path` as the player could type it here: relative to the working folder when inside it
    (`.venv/bin/parlour`), else in full."""
    if not os.path.isabs(path) and os.sep not in path:
        return path
    here = cwd or os.getcwd()
    full = os.path.normpath(os.path.join(here, path))
    if full.startswith(here.rstrip(os.sep) + os.sep):
        return os.path.relpath(full, here)
    return full
