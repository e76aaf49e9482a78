"""What a client sends before its game starts (user name, TERM, COLORTERM, the locale, the
window size), checked before any of it is used; and the client's keystrokes, decoded from its
declared charset into the UTF-8 the UI reads."""

from __future__ import annotations

import codecs
import os
import re
import unicodedata

MAX_NAME = 24
# A window larger than this is drawn at this size: each frame costs CPU and bytes for every
# cell, and a 4K screen in a small font is about 480 columns by 135 rows.
MAX_COLUMNS, MAX_ROWS = 500, 200
TERM_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
LOCALE_RE = re.compile(r"[A-Za-z0-9_.@=+,-]{1,64}")
NAME_PUNCTUATION = set("_-.")
# zero-width, joiners and bidirectional controls are format characters (Cf) and refused with them
NAME_RULE = "Your user name is your name at the table: 1 to 24 letters, digits, '.', '-' or '_'."
SSH_NAME_ADVICE = "Connect as ssh -p PORT NAME@HOST."  # what an SSH player does about it (a browser: the form)


class BadClient(ValueError):
    """Something the client sent that cannot be used; the message is for the player."""


def check_name(name: str, advice: str = SSH_NAME_ADVICE) -> str:
    """The name, in its NFKC form, if it is 1..24 letters (any script), digits, '.', '-' or '_'; control,
    format (zero-width, bidi override), combining-only, space and symbol characters are refused,
    and so are invisible letters, overlay marks and mixed scripts (parlour/fronts/serve/lookalike.py).
    A refusal says why and ends with `advice`, what the player does about it at their door."""
    rule = f"{NAME_RULE} {advice}".strip()
    name = unicodedata.normalize("NFKC", name or "")  # one form: full-width "Ａｎｎ" is "Ann"
    if not 1 <= len(name) <= MAX_NAME:
        raise BadClient(rule)
    for ch in name:
        category = unicodedata.category(ch)
        if not (ch in NAME_PUNCTUATION or category[0] == "L" or category == "Nd" or category in ("Mn", "Mc")):
            raise BadClient(rule)
    if unicodedata.category(name[0])[0] == "M":
        raise BadClient(rule)
    from . import lookalike

    if lookalike.hidden_character(name):
        raise BadClient(
            "Your user name has a character that is drawn as nothing or only changes the "
            "look of the letter before it; others could not tell it from another name. " + rule
        )
    if lookalike.mixed_scripts(name):
        raise BadClient(
            "Your user name mixes the letters of different scripts (such as Latin and "
            "Cyrillic), so it could pass for someone else's name; use one script. " + rule
        )
    return name


def check_term(term: str | None) -> str:
    if not term:
        raise BadClient("Parlour needs a terminal: connect with `ssh -t`.")
    if not TERM_RE.fullmatch(term):
        raise BadClient("Your TERM is not a terminal name Parlour knows how to use; try TERM=xterm.")
    return term


def check_env(env: dict) -> dict[str, str]:
    """The client's environment reduced to the variables Parlour uses, each checked; the rest,
    and any that fail their check, are dropped (a locale that cannot be read means English)."""
    out = {}
    for key in ("LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES"):
        value = env.get(key)
        if isinstance(value, (str, bytes)):
            value = value.decode("ascii", "replace") if isinstance(value, bytes) else value
            if LOCALE_RE.fullmatch(value):
                out[key] = value
    colorterm = env.get("COLORTERM")
    if isinstance(colorterm, str) and TERM_RE.fullmatch(colorterm):
        out["COLORTERM"] = colorterm
    if "NO_COLOR" in env:
        out["NO_COLOR"] = "1"
    return out


def check_size(width: object, height: object) -> tuple[int, int]:
    """A window size within 1..MAX_COLUMNS by 1..MAX_ROWS; 0 or nonsense means 80x24."""

    def one(value: object, most: int, default: int) -> int:
        return max(1, min(value, most)) if type(value) is int and value > 0 else default

    return one(width, MAX_COLUMNS, 80), one(height, MAX_ROWS, 24)


def client_locale(env: dict) -> tuple[str, bool, str]:
    """The language, ASCII mode and input charset for a client's (checked) locale. A client that
    sends no locale is taken to speak English in UTF-8; one that names a non-UTF-8 charset (or
    the C/POSIX locale) gets ASCII mode, and its keystrokes are read in that charset."""

    def get(*names: str) -> str:
        return next((str(env[n]) for n in names if env.get(n)), "")

    messages = get("LC_ALL", "LC_MESSAGES", "LANG")
    ctype = get("LC_ALL", "LC_CTYPE", "LANG")
    code = messages.split("_")[0].split(".")[0].lower()
    lang = code if code in ("en", "sv") else "en"
    charset = ctype.partition(".")[2].partition("@")[0]
    ascii_only = bool(ctype) and charset.lower().replace("-", "") != "utf8"
    encoding = "utf-8"
    if charset:
        try:
            encoding = codecs.lookup(charset).name
        except LookupError:
            encoding = "latin-1" if ascii_only else "utf-8"
    elif ascii_only:  # C or POSIX: bytes above 127 still arrive (Alt keys); read them as Latin-1
        encoding = "latin-1"
    return lang, ascii_only, encoding


class KeyDecoder:
    """The client's bytes in its charset, out as UTF-8; bytes that are not valid, and C1 control
    characters (which a Latin-1 reading makes of 0x80-0x9F), become U+FFFD (a sequence split
    across two reads is kept until it is whole). Never raises."""

    def __init__(self, encoding: str = "utf-8"):
        try:
            self.decoder = codecs.getincrementaldecoder(encoding)("replace")
        except LookupError:
            self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def text(self, data: bytes) -> str:
        return self.decoder.decode(data).translate(C1_TO_REPLACEMENT)

    def feed(self, data: bytes) -> bytes:
        return self.text(data).encode("utf-8", "replace")


C1_TO_REPLACEMENT = {code: 0xFFFD for code in range(0x80, 0xA0)}


def terminal_environ(term: str, env: dict[str, str]) -> dict[str, str]:
    """The environment a session's app reads its terminal's colours from: the server's, with the
    client's TERM, COLORTERM and NO_COLOR instead of the server's (and no locale)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "COLORTERM", "NO_COLOR"))}
    environ.update(TERM=term)
    environ.update({k: env[k] for k in ("COLORTERM", "NO_COLOR") if k in env})
    return environ
