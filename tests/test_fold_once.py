"""Each event is folded once (issue 30): a table someone follows keeps the states its events went
through (`Table.states`), the log's Story tells the events from them, and undo reads the state
before each action since the last draw (`Table.starts`) instead of folding the log again."""

from __future__ import annotations

import dataclasses
import random

import pytest

from parlour.rules.bots import make
from parlour.rules.log import fold
from parlour.rules.table import Table
from parlour.rules.undo import undo_point
from parlour.services.seats import SPECTATOR
from parlour.services.table_driver import TableDriver
from parlour.services.words.base import Story, Words

GAMES = ("garfield", "filmis", "smurf")


def followed(game: str, seed: int, players: int = 3):
    """A seeded table of bots, its driver and the batches a listener heard (with their states)."""
    table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    driver = TableDriver(table, {s: make("random" if s % 2 else "smart", f"{seed}/{s}") for s in range(players)})
    heard: list = []
    driver.listen(lambda events: heard.append((events, table.states(events, None))))
    return table, driver, heard


@pytest.mark.parametrize("game", GAMES)
def test_the_states_kept_are_the_fold_of_the_log(game):
    table, driver, heard = followed(game, seed=3)
    driver.play_bots(max_actions=40)
    start = len(table.events) - sum(len(events) for events, _ in heard)
    for events, states in heard:
        assert states is not None and len(states) == len(events) + 1
        for i in (0, len(events) // 2, len(events)):  # before the first, one inside, after the last
            assert states[i] == fold(table.game, table.header, table.events[: start + i])
        start += len(events)
    assert heard[-1][1][-1] == table.state
    assert table.states(list(heard[-1][0]), None) is None  # only for the batch itself


@pytest.mark.parametrize("game", GAMES)
def test_the_story_tells_from_the_states_as_it_tells_by_folding(game):
    table, driver, heard = followed(game, seed=5)
    initial = table.game.initial(table.players, table.options)
    words, names = Words.of(game), table.players
    for seat in (0, 1, SPECTATOR):
        told = Story(table.game, words, names, seat, initial)
        folded = Story(table.game, words, names, seat, initial)
        told.tell_log(list(table.events))
        folded.tell_log(list(table.events))
        heard.clear()
        driver.play_bots(max_actions=30)
        for events, states in heard:
            assert told.tell(events, states) == folded.tell(events)
            assert told.view == folded.view


def test_a_followed_table_folds_each_event_once():
    table, driver, heard = followed("garfield", seed=2, players=4)
    calls = []
    evolve = table.game.evolve

    def counted(state, event):
        calls.append(event)
        return evolve(state, event)

    table.game = dataclasses.replace(table.game, evolve=counted)
    story = Story(table.game, Words.of("garfield"), table.players, 0, table.state)
    driver.listen(lambda events: story.tell(events, table.states(events, 0)))
    before = len(table.events)
    driver.play_bots(max_actions=25)
    assert len(calls) == len(table.events) - before > 0  # the table's fold only: none to tell them


@pytest.mark.parametrize("game", GAMES)
def test_undo_reads_the_kept_states_as_it_would_fold(game):
    """A followed table: seat 0 a random person. After each of its moves, undo's point is the same
    with the kept states as without, and taking back to it gives the state of the shorter log."""
    checked = 0
    for seed in range(4):
        table, driver, _ = followed(game, seed)
        driver.bots.pop(0)
        person = random.Random(seed)
        for _ in range(150):
            driver.play_bots()
            if driver.over:
                break
            options = table.legal_actions(0)
            driver.submit(0, person.choice(options))
            kept = undo_point(table.game, table.header, table.events, {0}, known=table.starts)
            assert kept == undo_point(table.game, table.header, table.events, {0})
            if kept.to is not None and kept.to in table.starts and person.random() < 0.5:
                table.take_back(kept.to)
                assert table.state == fold(table.game, table.header, table.events)
                checked += 1
    assert checked


@pytest.mark.parametrize("game", GAMES)
def test_a_served_seat_tells_from_the_views_its_table_folded(game):
    """A served seat (tui/remote.py's RemoteTable) folds each redacted batch once; its Story
    tells from the views that fold went through, as a Story folding the batch itself tells it."""
    from parlour.tui.remote import RemoteTable

    table, driver, heard = followed(game, seed=7)
    words, names = Words.of(game), table.players
    for seat in (0, 2, SPECTATOR):
        remote = RemoteTable(game, list(names), dict(table.options), seat)
        initial = table.game.initial(names, table.options)
        told = Story(table.game, words, names, seat, initial)
        folded = Story(table.game, words, names, seat, initial)
        batch = [table.game.redact(event, seat) for event in table.events]
        remote.fold(batch)
        told.tell(batch, remote.states(batch, seat))
        folded.tell(batch)
        heard.clear()
        driver.play_bots(max_actions=30)
        for events, _ in heard:
            batch = [table.game.redact(event, seat) for event in events]
            remote.fold(batch)
            assert remote.states(batch, seat + 1) is None  # another seat's views: not for this reader
            assert told.tell(batch, remote.states(batch, seat)) == folded.tell(batch)
            assert told.view == folded.view
