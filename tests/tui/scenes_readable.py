"""Scenes for issue 16's readability points, as (app, keys) pairs like the other scene modules:
a Filmis result with the longest scoring lines, a 15-card hand, a long log, the saves list, the
title's help and a terminal too small. Used by the snapshot tests and tools/screenshots.py."""

from __future__ import annotations

import os
from dataclasses import replace

from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.services.seats import Seat
from parlour.services.words.i18n import set_language
from parlour.tui.app import ParlourApp, make_app
from parlour.tui.local_game import LocalGame

QUARTET = [
    Seat("Ann", None, "red"),
    Seat("Rocky", "smart", "blue"),
    Seat("Sixten", "smart", "green"),
    Seat("Loket", "smart", "yellow"),
]


def _app(cls=None, **kw):
    set_language("en")
    app = make_app(bot_delay=0, animations=False, autosave=False, **kw)
    if cls is not None:
        app.__class__ = type(cls.__name__, (cls, type(app)), {})
    return app


class _Rigged(ParlourApp):
    """A game whose state is set by the scene (`arrange`) before the table is shown."""

    arrange = staticmethod(lambda state: state)

    def start_game(self, game, seats):
        self.session = LocalGame.start(game, seats, seed=self.seed, autosave=False)
        self.session.table.state = type(self).arrange(self.session.table.state)
        self._play()


def changed(state, **fields):
    """The state with `fields` changed (a dataclass or a NamedTuple state)."""
    return state._replace(**fields) if hasattr(state, "_replace") else replace(state, **fields)


def _filmis_end(state):
    from parlour.games.filmis.rules import cards as F

    every = [F.SICKAN, F.VANHEDEN, F.DORIS, F.HARRY, F.JAMES_DEAN, F.BIFFEN, F.WALL_ENBERG, F.WHISTLE]
    homes = (
        tuple(every) + (F.SICKAN, F.HARRY),
        (F.VANHEDEN, F.DORIS, F.HARRY, F.HARRY, F.WHISTLE),
        (F.JAMES_DEAN, F.SICKAN),
        (),
    )
    hands = (
        (F.DORIS, F.HARRY, F.HARRY),
        (F.JAMES_DEAN, F.SICKAN, F.DORIS, F.HARRY, F.HARRY, F.WHISTLE),
        (),
        (F.BIFFEN,),
    )
    return changed(state, homes=homes, hands=hands, over=True, caller=1)


def filmis_long_result():
    app = _app(_Rigged, start="play", game="filmis", seats=QUARTET, seed=3)
    type(app).arrange = staticmethod(_filmis_end)
    return app, []


def _long_hand(state):
    from parlour.games.garfield.rules import cards as G

    hand = (G.LASAGNA, G.NAP_ATTACK, G.BLINDFOLD, G.PUT_ONE_OVER_TEN, G.PUT_ONE_OVER_TWICE) * 3
    return changed(state, hands=(hand,) + state.hands[1:])


def garfield_long_hand():
    seats = [Seat("You", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]
    app = _app(_Rigged, start="play", game="garfield", seats=seats, seed=2)
    type(app).arrange = staticmethod(_long_hand)
    return app, []


def garfield_long_log():
    seats = [Seat("You", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]
    return _app(start="play", game="garfield", seats=seats, seed=4), ["space", "enter"] * 6


def resume_list():
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for i, (game, players) in enumerate(
        (("garfield", ("You", "Odie", "Nermal")), ("smurf", ("Ann", "Bob")), ("filmis", ("Ann", "Rocky", "Sixten")))
    ):
        table = Table.new(game, list(players), seed=i)
        path = folder / f"2026010{i + 1}-120000-{game}.jsonl"
        saves.write(path, table.header, table.events)
        stamp = 1767268800 + i * 86400  # fixed times: the list shows them, newest first
        os.utime(path, (stamp, stamp))
    return _app(start="resume"), []


def title_help():
    return _app(), ["question_mark"]


def too_small():
    return _app(), []


SCENES = {
    "filmis-long-result": filmis_long_result,
    "garfield-long-hand": garfield_long_hand,
    "garfield-long-log": garfield_long_log,
    "resume": resume_list,
    "title-help": title_help,
    "too-small": too_small,
}
SIZES = {
    "too-small": [(40, 15)],
    "filmis-long-result": [(80, 24), (120, 40)],
    "garfield-long-hand": [(80, 24), (120, 40)],
}  # for tools/screenshots.py
