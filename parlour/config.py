"""Where Parlour keeps things (saves, keymap), and the user's keymap file.

PARLOUR_DATA_DIR and PARLOUR_CONFIG_DIR override the platform's folders (for tests, or to
keep Parlour on a USB stick)."""

from __future__ import annotations

import os
import tomllib
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


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], str | None]:
    """The [keys] table of the keymap file (binding id -> keys, e.g. roll = "space,r"), and a
    warning when the file is there but cannot be used. A missing file is no keymap."""
    path = path or keymap_path()
    try:
        with path.open("rb") as file:
            data = tomllib.load(file)
    except FileNotFoundError:
        return {}, None
    except (OSError, tomllib.TOMLDecodeError) as error:
        return {}, f"keymap {path} ignored: {error}"
    keys = data.get("keys", {})
    if not isinstance(keys, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in keys.items()):
        return {}, f'keymap {path} ignored: expected a [keys] table of id = "keys"'
    return keys, None


def new_save_path(game: str) -> Path:
    """A fresh file in the saves folder for a new game (the folder is made if need be)."""
    from datetime import datetime

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    from . import saves

    return saves.new_path(folder, f"{datetime.now().strftime('%Y%m%d-%H%M%S')}-{game}")
