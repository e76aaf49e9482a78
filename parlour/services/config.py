"""Where Parlour keeps things (saves, keymap), and the user's keymap file.

PARLOUR_DATA_DIR and PARLOUR_CONFIG_DIR override the platform's folders (for tests, or to
keep Parlour on a USB stick)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    override = os.environ.get("PARLOUR_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("parlour", appauthor=False))


def config_dir() -> Path:
    override = os.environ.get("PARLOUR_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("parlour", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def keymap_path() -> Path:
    return config_dir() / "keymap.toml"


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], dict[str, int], list[str]]:
    """The [keys] table of the keymap file (binding id -> keys, e.g. roll = "space,r"), the line
    each entry is on, and a warning for each thing that cannot be used. A bad entry is left out
    and the others kept; a file that is not TOML at all is ignored. A missing file is no keymap."""
    path = path or keymap_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}, {}, []
    except OSError as error:
        return {}, {}, [f"keymap {path} ignored: {error}"]
    import tomllib  # only when there is a keymap to read: most starts have none

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, {}, [f"keymap {path} ignored: {error}"]
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        return {}, {}, [f'keymap {path} ignored: expected a [keys] table of id = "keys"']
    lines = _entry_lines(raw.decode("utf-8"))
    good: dict[str, str] = {}
    warnings = []
    for name, value in keys.items():
        if isinstance(value, str) and value.strip():
            good[name] = value.replace(" ", "")
        else:
            warnings.append(
                f"keymap {path}, line {lines.get(name, '?')}: {name} ignored: expected keys "
                f'in quotes, such as {name} = "x"'
            )
    return good, lines, warnings


def _entry_lines(text: str) -> dict[str, int]:
    """The line number of each `name = ...` entry in the [keys] table (for warnings)."""
    import re

    found: dict[str, int] = {}
    in_keys = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            in_keys = stripped.replace(" ", "") == "[keys]"
            continue
        match = re.match(r"""^["']?([A-Za-z0-9_.-]+)["']?\s*=""", stripped)
        if in_keys and match:
            found.setdefault(match.group(1), number)
    return found


def new_save_path(game: str) -> Path:
    """A fresh file in the saves folder for a new game (the folder is made if need be). Never
    raises: a folder that cannot be made or written (PARLOUR_DATA_DIR naming a file, a read-only
    disk) still gives the path, and the save's Writer says what is wrong, as it does for a full
    disk, and keeps trying."""
    import time  # the local time as datetime.now() gives it, without importing datetime

    folder = saves_dir()
    from . import saves

    return saves.new_path(folder, f"{time.strftime('%Y%m%d-%H%M%S')}-{game}")
