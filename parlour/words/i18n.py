"""Message catalogues: every text Parlour shows lives in parlour/words/locale/<lang>/*.toml (one
file for the app, one per game), not in widgets.

`t("key", name="Ann")` looks a key up in the active language (falling back to English) and
fills in its {placeholders}. A missing key shows as the key itself, so it is easy to spot."""

from __future__ import annotations

import locale
import os
import tomllib
from functools import lru_cache
from pathlib import Path

LANGUAGES = ("en", "sv")
_DIR = Path(__file__).parent / "locale"
_active = "en"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """A language's messages as a flat dict of dotted keys, from all its files."""
    messages: dict[str, str] = {}
    for path in sorted((_DIR / lang).glob("*.toml")):
        with path.open("rb") as file:
            messages.update(_flatten(tomllib.load(file)))
    return messages


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
    global _active
    _active = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _active


def has(key: str) -> bool:
    return key in catalogue(_active) or key in catalogue("en")


def t(key: str, **values) -> str:
    text = catalogue(_active).get(key) or catalogue("en").get(key)
    if text is None:
        return key
    return text.format(**values) if values else text


# For --ascii: the few non-ASCII signs the catalogues use, each as one ASCII sign (one for one,
# so styled spans keep their places).
_ASCII = str.maketrans({"—": "-", "–": "-", "·": "|", "…": ".", "×": "x", "▶": ">", "↑": "^",
                        "↓": "v", "⏎": "<", "●": "o", "○": "-"})


def asciify(text: str) -> str:
    """`text` with its arrows, dashes and dots in plain ASCII, sign for sign (letters are left
    alone)."""
    return text.translate(_ASCII)
