"""Text from outside (a player's name, a file's name, anything read from a save or sent by a
client) made safe to show: every front shows it through `shown`, and as text, never as markup
(the Textual screens give it to widgets with markup off, or as Content).

What `shown` changes is only what could act on the terminal or break a row's layout: control
characters (an escape sequence, a newline), format characters (bidi overrides that reverse what
follows, zero-width ones), unassigned code points (no terminal agrees on their width) and bytes
that are not UTF-8 (a file name's). Each becomes a visible escape (`\\x1b`, `\\u202e`, `\\xfe`),
so the reader can still tell two odd names apart. Letters of every script, wide characters and
combining marks are text and stay; a combining mark with nothing before it to sit on gets the
dotted circle Unicode shows it on, so it cannot sit on a border drawn before it."""

from __future__ import annotations

import os
import unicodedata

_ESCAPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})  # Zs (spaces) are text
_DOTTED_CIRCLE = "\u25cc"


def shown(text: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """`text` as it may be shown: see the module's note. Bytes (and a path's name undecodable in
    the file system's encoding) show each byte that is not UTF-8 as `\\xNN`. A subclass of str
    comes back as one."""
    if isinstance(text, os.PathLike):
        text = os.fspath(text)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    if text.isprintable() and not (text and unicodedata.combining(text[0])):
        return text  # the common case: nothing to change
    kind = type(text) if isinstance(text, str) else str  # a name that is "you" (words' You) stays so
    out = []
    for ch in text:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif unicodedata.category(ch) in _ESCAPED:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        elif not out and unicodedata.combining(ch):
            out.append(_DOTTED_CIRCLE + ch)
        else:
            out.append(ch)
    return kind("".join(out))


def visible_json(text: str) -> str:
    """JSON text (as `json.dumps(..., ensure_ascii=False)` writes it) with every character
    `shown` would escape written as a JSON escape (`\\u202e`): the same JSON value, but a line
    that shows as it is in a terminal (the engine's replies). Outside its strings JSON text is
    ASCII, so only the strings' characters change."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if unicodedata.category(ch) in _ESCAPED:
            if code > 0xFFFF:  # JSON escapes a character beyond the BMP as a surrogate pair
                code -= 0x10000
                out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
