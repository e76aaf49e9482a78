"""How far back undo may go (rules/undo.py), per game, and the driver carrying it out: the table
folds the shorter log, the save is replaced atomically and appending then goes on from it."""

from __future__ import annotations

import random

import pytest

from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.rules.undo import undo_point
from parlour.services import saves
from parlour.services.table_driver import TableDriver


def human_moves(game: str, seed: int, players: int = 3, bots: bool = True, limit: int = 400):
    """Play a seeded game, seat 0 a random 'person' (the others bots, or people too); yield the
    driver after each of seat 0's actions, with that action."""
    table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    driver = TableDriver(table, {s: make("random", s) for s in range(1, players)} if bots else {})
    person = random.Random(seed)
    for _ in range(limit):
        driver.play_bots()
        if driver.over:
            return
        seat = table.to_act()[0]
        options = table.legal_actions(seat)
        action = options[0] if len(options) == 1 else person.choice(options)
        driver.submit(seat, action)
        if seat == 0 and len(options) > 1:  # a choice among several (an only answer is passed over)
            yield driver, action


def first(game: str, kind: str, why: str, **kw):
    """The first seat-0 action of type `kind` after which undo_point gives `why` ("" = allowed)."""
    for seed in range(40):
        for driver, action in human_moves(game, seed, **kw):
            t = driver.table
            point = undo_point(t.game, t.header, t.events, {0})
            if type(action).__name__ == kind and point.why == why:
                return driver, action, point
    pytest.fail(f"no {kind} with {why!r} in 40 {game} games")


@pytest.mark.parametrize(
    "game, kind, why",
    [
        ("garfield", "FollowGarfield", "dice"),  # the turn begins with a roll: it stands
        ("garfield", "PlayCard", "coin"),  # Put 1 over: the coin is flipped at once
        ("garfield", "Lasagna", ""),  # a choice: taken back
        ("garfield", "SwapWith", ""),
        ("garfield", "Give", "shown"),  # the card given was seen by its new owner
        ("filmis", "Drop", ""),  # a card play, its card seen only by its player
        ("filmis", "PayFine", ""),
        ("filmis", "Roll", "dice"),
        ("filmis", "SwapTake", "shown"),
        ("smurf", "TurnWheel", ""),
        ("smurf", "Roll", "dice"),
    ],
)
def test_undo_stops_at_chance_and_at_anything_shown(game, kind, why):
    driver, action, point = first(game, kind, why)
    t = driver.table
    if why:
        assert point.to is None
        return
    # the cut is at seat 0's last action: everything after it is the bots' replies
    assert t.events[point.to].seat == 0 and t.events[point.to].action == action
    assert all(getattr(e, "seat", 1) != 0 for e in t.events[point.to + 1 :] if type(e).__name__ == "Acted")


def test_undo_takes_back_the_bots_replies_and_the_state_is_the_fold(tmp_path):
    driver, action, point = first("smurf", "TurnWheel", "")
    t = driver.table
    path = tmp_path / "g.jsonl"
    driver.writer = saves.Writer(path, t.header, t.events)
    kept = list(t.events[: point.to])
    assert driver.undo({0}) == ""
    assert t.events == kept and 0 in t.to_act() and action in t.legal_actions(0)
    loaded = saves.read(path)  # the save follows, whole
    assert loaded.events == kept and loaded.state == t.state
    driver.submit(0, action)  # and appending goes on from the shorter file
    assert saves.read(path).events == t.events


def test_a_refused_undo_changes_nothing(tmp_path):
    driver, _, _ = first("garfield", "FollowGarfield", "dice")
    t = driver.table
    before = (list(t.events), t.state)
    assert driver.undo({0}) == "dice"
    assert (t.events, t.state) == before


def test_hot_seat_takes_back_only_the_current_players_own_moves():
    taken, refused = 0, 0
    for seed in range(6):
        for driver, _action in human_moves("garfield", seed, players=2, bots=False):
            t = driver.table
            if not t.to_act():
                continue
            now = t.to_act()[0]
            point = undo_point(t.game, t.header, t.events, {0, 1}, hot_seat=True, now=now)
            if point.to is not None:  # only the current player's own moves this turn
                taken += 1
                acted = [e for e in t.events[point.to :] if type(e).__name__ == "Acted"]
                assert now == 0 and all(e.seat == 0 for e in acted)
            elif now == 1 and point.why == "not_yours":  # Ann's move, and Bob holds the keyboard now
                refused += 1
    assert taken and refused


def test_nothing_to_take_back_at_the_start():
    t = Table.new("garfield", ["Ann", "Bob"], seed=1)
    assert undo_point(t.game, t.header, t.events, {0, 1}).to is None


def test_a_crash_while_the_save_is_rewritten_leaves_a_whole_save(tmp_path, monkeypatch):
    """The shorter log goes to a temporary file renamed over the save: stopped before the rename
    (kill -9, a full disk) the old save is whole; the Writer then writes the whole log again."""
    import os

    driver, action, point = first("smurf", "TurnWheel", "")
    t = driver.table
    path = tmp_path / "g.jsonl"
    driver.writer = saves.Writer(path, t.header, t.events)
    longer = list(t.events)

    def crash(*args):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        assert driver.undo({0}) == ""
    assert saves.read(path).events == longer  # the old save, whole and loadable
    assert driver.save_problem and not list(tmp_path.glob(".*.tmp"))  # no temporary file left
    driver.submit(0, action)  # the next save writes the whole shorter game
    assert saves.read(path).events == t.events and driver.save_problem is None
