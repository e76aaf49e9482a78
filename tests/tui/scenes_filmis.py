"""The Filmis screens worth a picture, as (app, keys to press) pairs: used by the Filmis snapshot
tests and by tools/screenshots.py. Each scene sets the language it is shown in (the language is
global in parlour.services.words.i18n), so the scenes do not depend on their order; the tests put English
back."""

from __future__ import annotations

from parlour.games.filmis.rules.cards import DORIS, HARRY, JAMES_DEAN, SICKAN, VANHEDEN, WHISTLE
from parlour.rules.chance import Rig
from parlour.services.seats import Seat
from parlour.services.words.i18n import set_language
from parlour.tui.app import make_app

TRIO = [Seat("Ann", None, "red"), Seat("Rocky", "smart", "blue"), Seat("Biffen", "smart", "green")]

# ---- a rigged hot-seat game, Ann and Bob, to Bob's called raid --------------------------------
#
# Opening: Ann 3+6, Bob 1+1. Ann 2+6 stops at red's arrow tip (5), the 1-3 die gives 3 cards:
# Sickan, Doris, James Dean. Bob 2+6 stops at blue's tip (17): Harry, the Whistle, Vanheden.
# Ann 1+3 lands on the filmisbyte (9): Ann takes Harry from Bob, Bob takes James Dean from Ann.
# Bob 1+3 lands on GO HOME (21): home to 12, banks the Whistle, Vanheden and James Dean, 1+2 on
# to 15. Ann 1+2 stops in Bob's nest (12) and takes a card blind from his home pile: Vanheden
# (pick 1). Bob holds the Whistle and James Dean in his home pile and calls the raid: 10 to 0.

DUO = [Seat("Ann", None, "red"), Seat("Bob", None, "blue")]
DICE = [3, 6, 1, 1, 2, 6, 3, 2, 6, 3, 1, 3, 1, 3, 1, 2, 1, 2]
FACTORY = [SICKAN, DORIS, JAMES_DEAN, HARRY, WHISTLE, VANHEDEN]
PICKS = [1]

# The key presses, step by step ("enter" alone: taking the keyboard behind the privacy screen).
STEPS = {
    "ann_tip": ["enter", "space"],
    "bob_tip": ["enter", "space"],
    "ann_swap": ["enter", "space"],
    "ann_takes": ["1", "enter"],
    "bob_takes": ["enter", "down", "enter"],
    "bob_home": ["space"],
    "ann_nest": ["enter", "space"],
    "bob_raid": ["enter", "w"],
}


def rigged_app(**kw):
    return make_app(
        start="play",
        game="filmis",
        seats=DUO,
        seed=0,
        bot_delay=0,
        animations=False,
        autosave=False,
        rig=Rig(list(DICE), [], {"factory": [list(FACTORY)]}, list(PICKS)),
        **kw,
    )


def _keys(*steps: str) -> list[str]:
    return [key for step in steps for key in STEPS[step]]


# ---- the scenes -------------------------------------------------------------------------------


def _in_progress(lang: str = "en", ascii_only: bool = False):
    set_language(lang)
    app = make_app(
        start="play",
        game="filmis",
        seats=TRIO,
        seed=3,
        bot_delay=0,
        animations=False,
        autosave=False,
        ascii_only=ascii_only,
    )
    return app, ["space", "space", "space", "space"]


def filmis_sv():
    return _in_progress("sv")


def filmis():
    return _in_progress()


def filmis_ascii():
    return _in_progress(ascii_only=True)


def filmis_swap():
    """Bob picks from Ann's shown hand in the filmisbyte (hot-seat)."""
    set_language("en")
    return rigged_app(), _keys("ann_tip", "bob_tip", "ann_swap", "ann_takes") + ["enter"]


def filmis_scoring():
    set_language("en")
    return rigged_app(), _keys(*STEPS)


SCENES = {
    "filmis-sv": filmis_sv,
    "filmis": filmis,
    "filmis-ascii": filmis_ascii,
    "filmis-swap": filmis_swap,
    "filmis-scoring": filmis_scoring,
}
SIZES = {"filmis": [(80, 24), (120, 40)]}  # for tools/screenshots.py; 80x24 unless said
