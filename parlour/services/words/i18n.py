"""Message catalogues: every text Parlour shows lives in parlour/services/words/locale/<lang>/*.toml (one
file for the app, one per game; a game may keep its own in its folder: the registry's
`catalogues`), not in widgets.

`t("key", name="Ann")` looks a key up in the active language (falling back to English) and
fills in its {placeholders}. A missing key shows as the key itself, so it is easy to spot.

Plurals: a key may be a table of forms, `cards = { one = "{n} card", other = "{n} cards" }`;
`t("game.cards", n=1)` picks the form for n (English and Swedish: one for 1, other otherwise).

The player at the keyboard: when one person plays, the screen calls them "you". Their name is
passed as `You(name)`; a key with a `<key>_you` form ("Your turn.", "You play {card}.") is told
in that form when `name` is a You, one with a `<key>_<field>_you` form when another placeholder
is ("{name} gave you {card}." for `other`), and any other key shows the plain name. A list of
names goes through `listed` ("Game over: you and Odie won.")."""

from __future__ import annotations

import json
import locale
import os
import sys
import zlib
from collections.abc import Sequence
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from parlour.rules import registry

LANGUAGES = ("en", "sv")
_DIR = Path(__file__).parent / "locale"
# The language is per context: `parlour serve` runs one app per player in one process, each in its
# own asyncio task (tasks copy their context), each in the player's language. A context that never
# chose one (a new thread starts with an empty context) has the one set last, as before.
_active: ContextVar[str] = ContextVar("parlour_language")
_last = "en"


def catalogue(lang: str) -> dict[str, str]:
    """A language's messages as a flat dict of dotted keys, from all its files and the files of
    the games whose catalogues live in their own folders (the registry's `catalogues`)."""
    return _catalogue(lang, registry.CATALOGUES)


@cache
def _catalogue(lang: str, folders: tuple[str, ...]) -> dict[str, str]:
    messages = load(_DIR / lang)
    for folder in folders:
        if (Path(folder) / lang).is_dir():
            messages = {**messages, **load(Path(folder) / lang)}
    return messages


def load(folder: Path, cache: Path | None = None) -> dict[str, str]:
    """The messages of the *.toml files in `folder`, through a cache file (default: in the user's
    cache folder, never in the install, which may be a source checkout or read-only).

    Reading TOML is slow next to the rest of start-up (the parser is pure Python, and importing
    it compiles its patterns), so the flattened messages are kept as JSON, as Python keeps
    bytecode: used only while every file's name, size and modification time match, and written
    only when Python writes bytecode (not under -B or PYTHONDONTWRITEBYTECODE)."""
    paths = sorted(folder.glob("*.toml"))
    stamp = [[path.name, stat.st_size, stat.st_mtime_ns] for path, stat in ((p, p.stat()) for p in paths)]
    if cache is None:
        cache = _cache_file(folder)
    try:
        kept = json.loads(cache.read_bytes())
        if kept["stamp"] == stamp and all(isinstance(text, str) for text in kept["messages"].values()):
            return kept["messages"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass  # no cache yet, or an old or damaged one: read the files
    import tomllib

    messages: dict[str, str] = {}
    for path in paths:
        with path.open("rb") as file:
            messages.update(_flatten(tomllib.load(file)))
    if not sys.dont_write_bytecode:
        _keep(cache, {"stamp": stamp, "messages": messages})
    return messages


def _cache_file(folder: Path) -> Path:
    """The user's cache folder (platformdirs' user_cache_dir; on Linux and the BSDs worked out here,
    as platformdirs does, without its import: 15 ms at every start), one file per catalogue folder
    (several installs may share the cache folder)."""
    if sys.platform in ("win32", "darwin"):
        import platformdirs

        root = Path(platformdirs.user_cache_dir("parlour", appauthor=False))
    else:
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        root = Path(xdg if os.path.isabs(xdg) else os.path.expanduser("~/.cache")) / "parlour"
    return root / f"messages-{folder.name}-{zlib.crc32(os.fsencode(folder)):08x}.json"


def _keep(cache: Path, data: dict) -> None:
    """Write the cache whole or not at all (another process may be reading it)."""
    temporary = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, cache)
    except OSError:  # no cache folder to write in: read the TOML each time
        temporary.unlink(missing_ok=True)


def _flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    flat = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def default_language() -> str:
    """The language from the environment's locale, if Parlour speaks it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    return code if code in LANGUAGES else "en"


def set_language(lang: str) -> None:
    global _last
    _last = lang if lang in LANGUAGES else "en"
    _active.set(_last)


def language() -> str:
    return _active.get(_last)


def has(key: str) -> bool:
    return key in catalogue(language()) or key in catalogue("en")


def games_title() -> str:
    """A page's title naming every registered game, in English: "Parlour: Garfield, Filmis, ..."."""
    english = catalogue("en")
    return "Parlour: " + ", ".join(english.get(f"games.{g}", g) for g in registry.GAMES)


class You(str):
    """A seat's name that stands for the one person at the keyboard (see the module's note)."""


def _lookup(key: str) -> str | None:
    return catalogue(language()).get(key) or catalogue("en").get(key)


def t(key: str, **values: Any) -> str:
    forms = [
        f"{key}_you" if field == "name" else f"{key}_{field}_you"
        for field, value in values.items()
        if isinstance(value, You)
    ] + [key]
    for form in forms:
        text = _lookup(form)
        if text is None and "n" in values:  # a key with plural forms
            text = _lookup(f"{form}.{plural(values['n'])}")
        if text is not None:
            return text.format(**values) if values else text
    return key


def listed(key: str, field: str, names: Sequence[str], **values: Any) -> str:
    """A line about several players (`names`, joined into `field`) said to the reader when the
    one at the keyboard is among them: `<key>_you` when they alone are named, `<key>_you_and`
    with the rest as {others} ("Game over: you and Odie won."), else `key` with every name."""
    others = [name for name in names if not isinstance(name, You)]
    if len(others) < len(names):
        form = f"{key}_you_and" if others else f"{key}_you"
        if has(form):
            return t(form, others=", ".join(others), **values)
    return t(key, **{field: ", ".join(names)}, **values)


def plural(n: int) -> str:
    """The plural form for a count (English and Swedish have the same two forms)."""
    return "one" if n == 1 else "other"


# For --ascii: the few non-ASCII signs the catalogues use, each as one ASCII sign (one for one,
# so styled spans keep their places).
_ASCII = str.maketrans(
    {
        "—": "-",
        "–": "-",
        "·": "|",
        "…": ".",
        "×": "x",
        "▶": ">",
        "↑": "^",
        "↓": "v",
        "⏎": "<",
        "●": "o",
        "○": "-",
        "←": "<",
        "→": ">",
        "◀": "<",
        "★": "*",
        "✓": "v",
        "•": "*",
        "│": "|",
        "─": "-",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "\u00a0": " ",
        "±": "~",
    }
)


def asciify(text: str) -> str:
    """`text` in plain ASCII, sign for sign: arrows, dashes and dots by the table above, accented
    letters without their accents (ö -> o), anything else as "?"."""
    text = text.translate(_ASCII)
    return text if text.isascii() else "".join(map(_ascii_char, text))


@lru_cache(maxsize=256)
def _ascii_char(char: str) -> str:
    if char.isascii():
        return char
    import unicodedata

    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return base if len(base) == 1 and base.isascii() else "?"
