"""The Smurf table worth a picture, as (app, keys to press) pairs: used by the snapshot tests
(tests/tui/test_snapshots_smurf.py) and by tools/screenshots.py. Each scene sets its language
itself, so the scenes may run in any order in one process."""

from __future__ import annotations

from parlour.services.seats import Seat
from parlour.services.words import i18n
from parlour.tui.app import make_app

TRIO = [Seat("Ann", None, "red"), Seat("Papa Smurf", "random", "blue"), Seat("Smurfette", "random", "green")]

# Opening: Ann 6, the bots 2 and 1. Ann rolls 5 into the Acorn area; Papa Smurf rolls 6 and goes in
# too; Smurfette (a random bot, seeded) turns wheel 1; Ann turns wheel 1 with its key (w); Papa
# Smurf rolls 5 out to 1; Smurfette turns wheel 1 again; Ann rolls 3 and is asked which way.
DICE = [6, 2, 1, 5, 6, 5, 3]
KEYS = ["space", "w", "space"]


def _app(**kw):
    return make_app(start="play", game="smurf", seats=TRIO, seed=7, bot_delay=0, animations=False, autosave=False, **kw)


def _rig():
    from parlour.rules.chance import Rig

    return Rig(dice=list(DICE))


def smurf(ascii_only: bool = False, lang: str = "en"):
    i18n.set_language(lang)
    return _app(rig=_rig(), ascii_only=ascii_only), list(KEYS)


def smurf_ascii():
    return smurf(ascii_only=True)


def smurf_sv():
    return smurf(lang="sv")


SCENES = {"smurf": smurf, "smurf-ascii": smurf_ascii, "smurf-sv": smurf_sv}
SIZES = {"smurf": [(80, 24), (120, 40)], "smurf-sv": [(80, 24)], "smurf-ascii": [(80, 24)]}
