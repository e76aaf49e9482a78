"""Saves name the version of the game's rules they were played under; rules/versions.py decides,
in one place, that a save from other rules is refused with a message naming the versions."""

import json
from pathlib import Path

import pytest

from parlour.games.filmis.rules.records import Roll
from parlour.rules import log, registry
from parlour.rules.table import Table

OLD_FILMIS = Path(__file__).parent / "data" / "filmis-board-v1.jsonl"


def test_a_new_save_names_its_rules_version():
    for game_id in registry.available():
        table = Table.new(game_id, ["Ann", "Bob"], seed=1)
        header = json.loads(log.dumps(table.header, table.events).split("\n")[0])
        assert header["rules_version"] == registry.get(game_id).rules_version
        assert log.loads(log.dumps(table.header, table.events)).header.rules_version == header["rules_version"]


def test_a_filmis_save_from_the_old_board_is_refused_naming_the_versions():
    # Made on the first board (no rules_version in its header, so version 1): Ann's last roll
    # lands on square 10, plain then, an extra roll now.
    with pytest.raises(log.LogError) as refused:
        log.loads(OLD_FILMIS.read_text())
    message = str(refused.value)
    assert "Filmis" in message and "version 1" in message and "version 2" in message
    assert "board" in message


def test_the_old_save_could_not_be_replayed_under_the_new_board():
    # Why it is refused rather than replayed: the new rules give Ann an extra roll there.
    lines = OLD_FILMIS.read_text().split("\n")
    header = json.loads(lines[0])
    header["rules_version"] = registry.get("filmis").rules_version
    loaded = log.loads("\n".join([json.dumps(header)] + lines[1:]))
    # Under the new rules Ann's last roll needs a further die the save never recorded: the
    # replay would silently drop her last move.
    assert loaded.warnings and len(loaded.events) < len(lines) - 2


def test_a_save_from_newer_rules_asks_for_a_newer_parlour():
    table = Table.new("filmis", ["Ann", "Bob"], seed=1)
    table.submit(table.to_act()[0], Roll())
    lines = log.dumps(table.header, table.events).split("\n")
    header = json.loads(lines[0])
    header["rules_version"] = 99
    with pytest.raises(log.LogError, match="version 99.*update Parlour"):
        log.loads("\n".join([json.dumps(header)] + lines[1:]))


@pytest.mark.parametrize("bad", ["2", 0, 1.5, None])
def test_a_bad_rules_version_is_refused(bad):
    table = Table.new("smurf", ["Ann", "Bob"], seed=1)
    lines = log.dumps(table.header, table.events).split("\n")
    header = json.loads(lines[0])
    header["rules_version"] = bad
    with pytest.raises(log.LogError, match="rules_version"):
        log.loads("\n".join([json.dumps(header)] + lines[1:]))
