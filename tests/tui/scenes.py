"""The screens worth a picture, as (app, keys to press) pairs: used by the snapshot tests and by
tools/screenshots.py, so the README's pictures are the tested screens."""

from __future__ import annotations

from parlour.services.seats import Seat
from parlour.tui.app import make_app

TRIO = [Seat("Ann", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]


def _app(**kw):
    return make_app(bot_delay=0, animations=False, autosave=False, **kw)


def title():
    return _app(), []


def setup():
    return _app(start="setup", game="garfield", seats=None), []


def garfield(ascii_only: bool = False):
    app = _app(start="play", game="garfield", seats=TRIO, seed=4, ascii_only=ascii_only)
    return app, ["enter", "enter", "enter", "enter"]


def garfield_ascii():
    return garfield(ascii_only=True)


def garfield_swedish():
    app = _app(start="play", game="garfield", seats=TRIO, seed=4, lang="sv")
    return app, ["enter", "enter", "enter", "enter"]


def help_screen():
    app, keys = garfield()
    return app, keys + ["question_mark"]


SCENES = {
    "title": title,
    "setup": setup,
    "garfield": garfield,
    "garfield-ascii": garfield_ascii,
    "help": help_screen,
    "garfield-sv": garfield_swedish,
}
SIZES = {"garfield": [(80, 24), (120, 40)]}  # for tools/screenshots.py; 80x24 unless said
