"""A save opened to be shown at once (rules/log.py open_lines) and checked afterwards: whatever the
file holds, running its check to the end gives exactly what loading it whole gives, the same game
or the same refusal naming the same line; nothing it shows before then is what a check would
refuse without the check saying so."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from parlour.rules import log, registry
from parlour.rules.bots import make
from parlour.rules.records import Acted
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver
from tests.fuzz.test_fuzz import corrupt


def played(game: str, seed: int, actions: int | None = None) -> Table:
    table = Table.new(game, ["Ann", "Bob", "Cid"], seed=seed)
    TableDriver(table, {s: make("random", f"{seed}/{s}") for s in range(3)}).play_bots(actions)
    return table


def text_of(table: Table) -> str:
    return log.dumps(table.header, table.events)


def loaded_whole(text: bytes):
    try:
        loaded = log.load_lines(text.splitlines(keepends=True))
    except log.LogError as error:
        return "refused", str(error)
    return "loaded", loaded.events, loaded.state, loaded.warnings


def opened_then_checked(text: bytes, recent: int = 3):
    try:
        loaded = log.open_lines(text.splitlines(keepends=True), recent)
        for _ in loaded.check:
            pass
    except log.LogError as error:
        return "refused", str(error)
    return "loaded", loaded.events, loaded.state, loaded.warnings


def edited(table: Table, index: int, change) -> bytes:
    """The log with event `index` (0-based) replaced by change(its JSON)."""
    lines = text_of(table).splitlines(keepends=True)
    data = json.loads(lines[index + 1])
    data["event"] = change(data["event"])
    lines[index + 1] = json.dumps(data) + "\n"
    return "".join(lines).encode()


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_a_good_save_opens_to_the_state_loading_gives_and_its_check_passes(game):
    table = played(game, 4, 300)
    text = text_of(table).encode()
    opened = log.open_lines(text.splitlines(keepends=True), recent=5)
    assert opened.check is not None and opened.events == table.events and opened.state == table.state
    steps = sum(1 for _ in opened.check)  # yields between slices of actions
    assert steps == (sum(isinstance(e, Acted) for e in table.events) - 5) // log.CHECK_SLICE
    index, before = opened.recent  # the state before the last 5 actions, for telling them
    starts = [i for i, event in enumerate(table.events) if isinstance(event, Acted)]
    assert index == starts[-5] and before == log.fold(table.game, table.header, table.events[:index])
    assert opened_then_checked(text) == loaded_whole(text)


def test_more_recent_actions_asked_for_than_the_log_holds_are_all_re_decided_before_showing():
    table = played("filmis", 3, 4)
    text = text_of(table).encode()
    opened = log.open_lines(text.splitlines(keepends=True), recent=50)
    assert opened.recent == (0, table.game.initial(table.players, table.options))
    assert list(opened.check) == [] and opened.state == table.state
    assert opened_then_checked(text, 50) == loaded_whole(text)


def test_a_torn_last_line_and_a_last_action_cut_short_are_dropped_as_loading_drops_them():
    table = played("garfield", 2, 40)
    text = text_of(table).encode()
    torn = text[:-7]
    cut = b"".join(text.splitlines(keepends=True)[:-1])  # the last action's last event is missing
    for broken in (torn, cut):
        result = opened_then_checked(broken)
        assert result == loaded_whole(broken) and result[0] == "loaded" and result[3]


def test_a_save_tampered_in_its_middle_is_shown_but_its_check_refuses_it_naming_the_line():
    table = played("smurf", 5, 400)
    dice = [i for i, e in enumerate(table.events[:-50]) if type(e).__name__ == "DiceRolled" and i > 100]
    text = edited(table, dice[0], lambda e: {**e, "dice": [7 - d for d in e["dice"]]})
    opened = log.open_lines(text.splitlines(keepends=True))  # the events fold: shown at once
    with pytest.raises(log.LogError) as refused:
        for _ in opened.check:
            pass
    assert str(refused.value) == loaded_whole(text)[1]
    assert str(refused.value).startswith("line ") and "does not follow from the rules" in str(refused.value)


def test_an_event_out_of_place_is_shown_as_the_rules_fold_it_and_refused_by_the_check():
    table = played("smurf", 6, 200)
    taken = next(i for i, e in enumerate(table.events) if type(e).__name__ in ("DiscTaken", "WentIn"))
    text = edited(table, taken, lambda e: {**e, "seat": 9})  # no such seat: the fold passes it by
    opened = log.open_lines(text.splitlines(keepends=True))
    with pytest.raises(log.LogError) as refused:
        for _ in opened.check:
            pass
    assert str(refused.value) == loaded_whole(text)[1] == f"line {taken + 2}: this event does not follow from the rules"


def test_events_whose_fold_fails_are_checked_at_once_naming_the_line(monkeypatch):
    table = played("smurf", 6, 200)
    taken = next(i for i, e in enumerate(table.events) if type(e).__name__ in ("DiscTaken", "WentIn"))
    text = edited(table, taken, lambda e: {**e, "seat": 9})
    game = registry.get("smurf")

    def evolve(state, event):  # rules that fail on such an event instead of passing it by
        if getattr(event, "seat", None) == 9:
            raise IndexError("no seat 9")
        return game.evolve(state, event)

    monkeypatch.setattr(log.registry, "get", lambda name: replace(game, evolve=evolve))
    with pytest.raises(log.LogError) as refused:
        log.open_lines(text.splitlines(keepends=True))
    assert str(refused.value) == f"line {taken + 2}: this event does not follow from the rules"


@given(st.integers(0, 2**16))
@settings(max_examples=40, deadline=None)
def test_any_corruption_is_refused_or_loaded_exactly_as_loading_whole_does(seed):
    rnd = random.Random(seed)
    table = played(rnd.choice(["garfield", "filmis", "smurf"]), seed, rnd.randrange(5, 120))
    text = corrupt(rnd, text_of(table).encode())
    assert opened_then_checked(text, rnd.randrange(0, 8)) == loaded_whole(text)


def test_a_save_edited_before_its_last_action_is_refused_naming_the_line_not_crashing():
    # the last action answers a Garfield question whose Pending was edited to a bonus the rules
    # never give: folded unchecked, it reached the re-decided answer as a look-up that failed
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=3)
    driver = TableDriver(table, {s: make("random", f"3/{s}") for s in range(3)})
    while type(table.events[-1]).__name__ != "Asked":
        driver.step_bot()
    asked = len(table.events) - 1
    driver.step_bot()  # the answer: the one action re-decided before showing
    text = edited(table, asked, lambda event: {**event, "pending": {**event["pending"], "bonus": 3}})
    with pytest.raises(log.LogError, match=f"line {asked + 2}"):
        log.open_lines(text.splitlines(keepends=True), recent=1)
    assert loaded_whole(text)[0] == "refused"
