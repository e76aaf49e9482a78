"""Names that look alike: the one form that decides who owns a name, and the characters a name
may not hide behind. The form is Unicode TR39's confusable skeleton (after NFKC and case
folding), from the `disarm` library's tables (Unicode's confusables.txt), so "Аnn" (Cyrillic А),
"ANN" and "Ａｎｎ" are all "ann". `disarm` is imported on first use (the server imports it at its
start, `warm_up`): one skeleton then costs about a microsecond."""

from __future__ import annotations

import unicodedata

# Letters that are drawn as nothing (Hangul fillers, Khmer inherent vowels) and marks that change
# nothing visible (variation selectors, the grapheme joiner): refused in a name.
INVISIBLE = {
    0x034F,
    0x115F,
    0x1160,
    0x17B4,
    0x17B5,
    0x3164,
    0xFFA0,
    *range(0x180B, 0x1810),
    *range(0xFE00, 0xFE10),
    *range(0xE0100, 0xE01F0),
}
MAX_MARKS = 2  # combining marks in a row after one letter (scripts that need them need no more)


def warm_up() -> None:
    """Import the confusables tables now (the server's start), not during someone's login."""
    import disarm  # noqa: F401  (importing is the point: the tables load)


def skeleton(name: str) -> str:
    """The form two names share when they look alike (TR39 skeleton of NFKC + case fold)."""
    import disarm  # on first use; after that a look-up in sys.modules

    return disarm.skeleton_key(unicodedata.normalize("NFKC", name).casefold())


def mixed_scripts(name: str) -> bool:
    """True if the name mixes writing systems (Latin with Cyrillic, Greek with Cyrillic...);
    Japanese kana with Han, or Korean Hangul with Han, count as one writing system."""
    import disarm

    return disarm.is_mixed_script(name)


def hidden_character(name: str) -> bool:
    """True if the name holds a character drawn as nothing, a combining mark left over once the
    name is composed (NFC: "Ann" + U+0335 overlay, a mark on nothing), or a pile of marks."""
    run = 0
    for ch in name:
        if ord(ch) in INVISIBLE:
            return True
        if unicodedata.category(ch)[0] == "M":
            run += 1
            # generic marks (U+0300 block and kin: names "COMBINING ...") that NFC did not compose
            # into a letter only overlay or decorate it; a script's own vowel signs are fine
            if run > MAX_MARKS or unicodedata.name(ch, "").startswith("COMBINING"):
                return True
        else:
            run = 0
    return False
