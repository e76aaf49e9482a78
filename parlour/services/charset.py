"""Whether the player's terminal can show more than ASCII, decided from the environment they set.

Python hides the answer: in the C locale it "coerces" the locale at start-up (PEP 538), setting
LC_CTYPE=C.UTF-8 in os.environ before any of our code runs, and `LC_ALL=C` turns on its UTF-8
mode (PEP 540), so `locale.getpreferredencoding()` says UTF-8 either way. So we read the
variables ourselves, in the order the C library does (LC_ALL, then LC_CTYPE, then LANG), and
skip an LC_CTYPE that only the coercion can have put there (a C.UTF-8 name while LANG, the next
in line, is unset or C/POSIX). The Linux console (TERM=linux) draws few signs beyond ASCII.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

_COERCED = {"C.UTF-8", "C.utf8", "UTF-8"}  # what CPython may set LC_CTYPE to (Python/pylifecycle.c)
_PLAIN = {"", "C", "POSIX"}


def is_utf8(locale_name: str) -> bool:
    """True for a locale whose charset is UTF-8 ("sv_SE.UTF-8", "C.utf8")."""
    charset = locale_name.partition(".")[2].partition("@")[0].lower().replace("-", "")
    return charset == "utf8" or locale_name.lower().replace("-", "") == "utf8"


def term_needs_ascii(term: str | None) -> bool:
    """The Linux console (and a dumb terminal) show box lines and arrows badly or not at all."""
    return (term or "") in ("linux", "dumb", "vt100", "vt220")


def wants_ascii(env: Mapping[str, str] | None = None) -> bool:
    """True when the player's own locale (before Python's coercion) is not UTF-8, or the
    terminal is the Linux console."""
    env = os.environ if env is None else env
    if term_needs_ascii(env.get("TERM")):
        return True
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name, "")
        if (
            name == "LC_CTYPE"
            and value in _COERCED
            and env.get("LANG", "") in _PLAIN
            and env.get("PYTHONCOERCECLOCALE") != "0"
        ):
            continue  # put there by Python's C-locale coercion, not by the player
        if value:
            return not is_utf8(value)
    return True  # no locale at all is the C locale: ASCII
