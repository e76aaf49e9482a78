"""The Garfield board: a loop of 40 spaces around Garfield (layout reconstructed: parlour/games/garfield/README.md)."""

from __future__ import annotations

START, PLAIN, TAILEND = "START", "PLAIN", "TAILEND"
CHANGES_MIND, TAKE_1, TAKE_2, BACK_7 = "CHANGES_MIND", "TAKE_1", "TAKE_2", "BACK_7"
LASAGNA_8, RED, GREEN = "LASAGNA_8", "RED", "GREEN"

SIZE = 40
TAILEND_SPACE = 39

# fmt: off
SPACES: tuple[str, ...] = (
    START,        PLAIN,        CHANGES_MIND, BACK_7,       GREEN,         # 0-4
    CHANGES_MIND, RED,          TAKE_1,       CHANGES_MIND, TAKE_1,        # 5-9
    LASAGNA_8,    CHANGES_MIND, PLAIN,        GREEN,        CHANGES_MIND,  # 10-14
    TAKE_2,       RED,          CHANGES_MIND, PLAIN,        BACK_7,        # 15-19
    CHANGES_MIND, TAKE_1,       GREEN,        CHANGES_MIND, LASAGNA_8,     # 20-24
    RED,          CHANGES_MIND, TAKE_1,       PLAIN,        CHANGES_MIND,  # 25-29
    BACK_7,       TAKE_2,       PLAIN,        CHANGES_MIND, LASAGNA_8,     # 30-34
    TAKE_1,       CHANGES_MIND, PLAIN,        PLAIN,        TAILEND,       # 35-39
)
# fmt: on
