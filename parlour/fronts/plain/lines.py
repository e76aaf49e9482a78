"""Writing plain mode's lines: each one whole, never a cursor movement; ASCII when the reader's
locale is not UTF-8; colours (player names in their seat colour) only when asked for. Control
characters in a line (a name could hold an escape sequence) are dropped before writing, so what
is written holds no escape sequence unless colours were asked for."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from parlour.services.words.i18n import asciify

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
COERCED = ("C.UTF-8", "C.utf8", "UTF-8")  # what Python sets LC_CTYPE to in the C locale
SGR = {"red": "31", "blue": "34", "green": "32", "yellow": "33", "magenta": "35", "cyan": "36"}


def utf8_locale(env: dict, fallback_encoding: str = "utf-8") -> bool:
    """True when the locale (LC_ALL, LC_CTYPE, LANG, the first one set) names UTF-8; the C and
    POSIX locales do not. With none set, `fallback_encoding` (the stream's) decides."""
    names = ["LC_ALL", "LC_CTYPE", "LANG"]
    if env.get("LC_CTYPE") in COERCED and not env.get("LC_ALL"):
        names.remove("LC_CTYPE")  # Python's own C.UTF-8 (PEP 538) for a C or unknown locale:
        fallback_encoding = "ascii"  # LANG tells what the terminal speaks, and none means C
    ctype = next((str(env[name]) for name in names if env.get(name)), "")
    charset = ctype.partition(".")[2].partition("@")[0] if ctype else fallback_encoding or ""
    return charset.lower().replace("-", "").replace("_", "") == "utf8"


def to_ascii(text: str) -> str:
    """`text` in plain ASCII: signs as their ASCII look-alikes, å ä ö as a a o, the rest as '?'."""
    folded = unicodedata.normalize("NFKD", asciify(text))
    return "".join(c for c in folded if not unicodedata.combining(c)).encode("ascii", "replace").decode("ascii")


class Lines:
    """Where plain mode's lines go: `write(text)` takes a whole chunk (newlines included)."""

    def __init__(
        self, write: Callable[[str], None], *, ascii_only: bool = False, colours: dict[str, str] | None = None
    ):
        self._write = write
        self.ascii_only = ascii_only
        self.colour(colours or {})

    def colour(self, colours: dict[str, str]) -> None:
        """Show each name in `colours` in its colour (red, blue, ...) from now on."""
        self.colours = {name: SGR[c] for name, c in colours.items() if c in SGR and name}
        self._names = (
            re.compile("|".join(re.escape(n) for n in sorted(self.colours, key=len, reverse=True)))
            if self.colours
            else None
        )

    def clean(self, text: str) -> str:
        text = CONTROL.sub("", text.replace("\t", " "))
        return to_ascii(text) if self.ascii_only else text

    def paint(self, text: str) -> str:
        if self._names is None:
            return text
        return self._names.sub(lambda m: f"\x1b[{self.colours[m.group(0)]}m{m.group(0)}\x1b[0m", text)

    def say(self, *lines: str) -> None:
        """Write lines (a line may hold several, split at its newlines)."""
        out = [self.paint(self.clean(part)) for line in lines for part in str(line).split("\n")]
        if out:
            self._write("\n".join(out) + "\n")

    def prompt(self, text: str) -> str:
        """A prompt, cleaned the same way (written by whoever reads the answer)."""
        return self.paint(self.clean(text))
