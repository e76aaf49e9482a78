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


CONFIG_MAX_BYTES = 64 * 1024  # a keymap is a few hundred bytes; anything near this is not one
KEYMAP_MAX_ENTRIES = 256  # more than every binding id there is, many times over


class ConfigError(ValueError):
    """A config file that is not read; the message says why, for a one-line warning."""


def read_config(path: Path, limit: int = CONFIG_MAX_BYTES) -> bytes | None:
    """The bytes of a config file, read only if it is a regular file of at most `limit` bytes
    (measured before anything is read, and again while reading: a file that grows is refused
    too); None when there is no such file. Never waits on a FIFO or reads a device: a link to
    /dev/zero or /dev/urandom is refused by what it is, not read until memory runs out.
    Raises ConfigError saying why a file is not read."""
    from .regular import NotRegular, TooLarge, open_regular

    try:
        fd = open_regular(path, limit)
    except FileNotFoundError:
        return None
    except NotRegular:
        raise ConfigError("not a regular file") from None
    except TooLarge:
        raise ConfigError(f"larger than {limit // 1024} KB") from None
    except (OSError, ValueError) as error:
        raise ConfigError((error.strerror if isinstance(error, OSError) else None) or str(error)) from None
    try:
        data = b""
        while len(data) <= limit and (chunk := os.read(fd, limit + 1 - len(data))):
            data += chunk
    except OSError as error:
        raise ConfigError(error.strerror or str(error)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ConfigError(f"larger than {limit // 1024} KB")
    return data


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], dict[str, int], list[str]]:
    """The [keys] table of the keymap file (binding id -> keys, e.g. roll = "space,r"), the line
    each entry is on, and a warning for each thing that cannot be used. A bad entry is left out
    and the others kept; a file that is not TOML at all, or is not a keymap's size or shape (not
    a regular file, over CONFIG_MAX_BYTES, nested too deep, over KEYMAP_MAX_ENTRIES entries), is
    ignored with one warning. A missing file is no keymap."""
    path = path or keymap_path()
    try:
        raw = read_config(path)
    except ConfigError as error:
        return {}, {}, [f"keymap {path} ignored: {error}"]
    if raw is None:
        return {}, {}, []
    import tomllib  # only when there is a keymap to read: most starts have none

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, {}, [f"keymap {path} ignored: {error}"]
    except RecursionError:  # arrays or inline tables nested thousands deep: the parser recurses
        return {}, {}, [f"keymap {path} ignored: nested too deeply"]
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        return {}, {}, [f'keymap {path} ignored: expected a [keys] table of id = "keys"']
    if len(keys) > KEYMAP_MAX_ENTRIES:
        return {}, {}, [f"keymap {path} ignored: {len(keys)} entries, more than {KEYMAP_MAX_ENTRIES}"]
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
