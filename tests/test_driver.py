"""The table driver (parlour/services/table_driver.py): the one way an action is carried out, saved and told,
and bots are played on the caller's schedule."""

from __future__ import annotations

import pytest

from parlour.rules.bots import make
from parlour.rules.records import Rejected
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver


def table() -> Table:
    return Table.new("garfield", ["Ann", "Bob", "Cid"], seed=4)


def test_an_action_is_saved_then_told_to_every_listener(tmp_path):
    t = table()
    driver = TableDriver(t, writer=saves.Writer(tmp_path / "g.jsonl", t.header, t.events))
    heard, saved_when_heard = [], []
    driver.listen(heard.append)
    driver.listen(lambda events: saved_when_heard.append(len(saves.read(tmp_path / "g.jsonl").events)))
    (seat,) = t.to_act()
    events = driver.submit(seat, t.legal_actions(seat)[0])
    assert heard == [events] and events
    assert saved_when_heard == [len(t.events)]  # on disk before anyone is told


def test_a_rejected_action_changes_nothing_and_tells_nobody(tmp_path):
    t = table()
    driver = TableDriver(t, writer=saves.Writer(tmp_path / "g.jsonl", t.header, t.events))
    heard = []
    driver.listen(heard.append)
    (seat,) = t.to_act()
    before = (list(t.events), t.state, (tmp_path / "g.jsonl").read_bytes())
    with pytest.raises(Rejected):
        driver.submit((seat + 1) % 3, t.legal_actions(seat)[0])  # not that seat's turn
    assert (t.events, t.state, (tmp_path / "g.jsonl").read_bytes()) == before and heard == []


def test_bots_move_only_when_the_caller_steps_them_and_stop_for_a_person():
    t = table()
    driver = TableDriver(t, {1: make("random", 1), 2: make("random", 2)})  # seat 0 is a person
    while driver.bot_to_act() is not None:  # nothing moves by itself: the caller steps
        assert driver.step_bot()
    assert 0 in t.to_act() and driver.step_bot() is None
    while 0 in t.to_act() and not driver.over:  # the person plays their turn out
        driver.submit(0, t.legal_actions(0)[0])
    made = driver.play_bots()
    assert (made > 0 or driver.over) and (0 in t.to_act() or driver.over)


def test_a_listener_that_leaves_hears_no_more():
    t = table()
    driver = TableDriver(t, {seat: make("random", seat) for seat in range(3)})
    heard = []
    driver.listen(heard.append)
    driver.step_bot()
    driver.unlisten(heard.append)
    driver.play_bots(5)
    assert len(heard) == 1


def test_all_bots_play_a_game_to_its_end_at_once():
    t = table()
    driver = TableDriver(t, {seat: make("random", seat) for seat in range(3)})
    driver.play_bots()
    assert driver.over and driver.bot_to_act() is None and t.result() is not None


def test_a_failed_save_goes_to_the_callers_handler(tmp_path):
    t = table()
    writer = saves.Writer(tmp_path / "g.jsonl", t.header, t.events)
    (tmp_path / "g.jsonl").unlink()
    (tmp_path / "g.jsonl").mkdir()  # appending now fails
    failures = []
    driver = TableDriver(t, {seat: make("random", seat) for seat in range(3)}, writer, failures.append)
    driver.step_bot()
    assert len(failures) == 1 and isinstance(failures[0], str) and len(t.events) > 1
    quiet = TableDriver(t, {seat: make("random", seat) for seat in range(3)}, writer)
    quiet.step_bot()  # without a handler the problem is kept for the caller to show, not raised
    assert quiet.save_problem == writer.problem and writer.problem


def test_a_bot_that_picks_among_the_legal_actions_is_handed_exactly_its_views_list():
    """The random bot needs no view: the driver hands it the seat's legal actions, which must be
    what the seat's own view gives (nothing the seat may not know goes into the list)."""
    t = table()
    handed = []

    class Picker:
        def pick(self, actions):
            (seat,) = t.to_act()
            assert actions == t.game.legal_actions(t.game.view(t.state, seat), seat)
            handed.append(actions)
            return actions[-1]

        def choose(self, game, view, seat):  # never asked: the driver prefers pick
            raise AssertionError("a picking bot was handed a view")

    driver = TableDriver(t, {seat: Picker() for seat in range(3)})
    assert driver.play_bots(60) == 60 and len(handed) == 60


def test_a_bot_of_ones_own_with_notes_and_a_close_is_heard_and_closed_as_a_program_is():
    """The capabilities the driver asks of a bot (parlour/rules/bots: `Notes`, `Closes`) are
    Protocols: any bot that has the methods gets them, not only a program's (OutsideBot)."""
    t = table()
    said, closed = [], []

    class Talker:
        level = "talker"

        def choose(self, game, view, seat):
            said.append(seat)
            return game.legal_actions(view, seat)[0]

        def take_note(self):
            return f"move {len(said)}" if len(said) == 1 else None  # one line, after its first move

        def close(self):
            closed.append(True)

    driver = TableDriver(t, {seat: Talker() for seat in range(3)})
    assert driver.play_bots(5) == 5
    assert driver.take_notes() == ["move 1"] and driver.take_notes() == []
    driver.close()
    assert closed == [True, True, True]
