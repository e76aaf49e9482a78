"""Test helpers shared by every game's tests: rigged tables, random play, common invariants."""

from __future__ import annotations

import random

from parlour.rules import log
from parlour.rules.chance import Rig
from parlour.rules.codec import decode, encode
from parlour.rules.records import Action, Event
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver


def rigged(
    game: str, players=("Ann", "Bob"), *, dice=(), coins=(), decks=None, picks=(), seed: int = 0, options=None
) -> Table:
    """A table whose chance is forced: dice faces, coin flips (True = face up), deck orders
    (deck name -> top cards, top first; the rest shuffled by the seed) and blind picks."""
    rig = Rig(list(dice), list(coins), {name: [list(order)] for name, order in (decks or {}).items()}, list(picks))
    return Table.new(game, list(players), seed=seed, rig=rig, options=options)


def round_trips(game, record) -> bool:
    """The record survives encode -> JSON -> decode unchanged."""
    base = Event if isinstance(record, Event) else Action
    return decode(encode(record), game.kinds, base) == record


def check_common(table: Table) -> None:
    """Invariants every game keeps: the fold of the log is the live state; every event and
    every legal action round-trips through the codec."""
    assert log.fold(table.game, table.header, table.events) == table.state
    for event in table.events[-50:]:
        assert round_trips(table.game, event), event
    for seat in table.to_act():
        for action in table.legal_actions(seat):
            assert round_trips(table.game, action), action


class RandomPlayer:
    """A player for any seat that picks a legal action with one shared generator."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game, view, seat: int) -> Action:
        return self.rng.choice(game.legal_actions(view, seat))


def play_random(table: Table, rng: random.Random, max_actions: int = 100_000, after=None) -> int:
    """Play random legal actions until the game ends (or max_actions); calls after(table) after
    each action. Returns the number of actions taken."""
    player = RandomPlayer(rng)
    driver = TableDriver(table, {seat: player for seat in range(len(table.players))})
    if after:
        driver.listen(lambda events: after(table))
    return driver.play_bots(max_actions)
