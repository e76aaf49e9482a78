"""The registry: the games are the installed entry points of the group `parlour.games` (Parlour's
own too), each entry agrees with the game it names (players, parts, keys), a broken installed game
is left out with its reason, and a game can be added and taken away again."""

import importlib.metadata
import sys

from parlour.rules import registry


def test_each_entry_says_how_many_may_play_as_its_rules_do():
    for game_id, entry in registry.GAMES.items():
        game = registry.get(game_id)
        assert entry.players == (game.min_players, game.max_players), game_id


def test_each_entry_names_its_parts_and_its_keys_as_its_presenter_binds_them():
    from parlour.services.words.base import Words
    from parlour.tui.games import Presenter

    for game_id, entry in registry.GAMES.items():
        presenter, words = Presenter.of(game_id), Words.of(game_id)
        assert entry.presenter == f"{type(presenter).__module__}:{type(presenter).__qualname__}"
        assert entry.words == f"{type(words).__module__}:{type(words).__qualname__}"
        assert presenter.game_id == words.game_id == game_id
        bound = {b.id: b.key for b in presenter.bindings()}
        assert dict(entry.keys) == bound, game_id  # plain mode names the keys from the entry
        assert len(entry.bot_names) >= entry.players[1], game_id


def test_a_registered_game_comes_and_goes():
    before = registry.ids_listed()
    entry = registry.Entry("chess", rules="no.such:GAME", words="no.such:Words", presenter="no.such:Presenter")
    registry.register(entry)
    try:
        assert "chess" in registry.GAMES and "chess" not in registry.available()  # listed, its rules not in
        assert registry.ids_listed().endswith("or chess")
    finally:
        registry.unregister("chess")
    assert "chess" not in registry.GAMES and registry.ids_listed() == before


def test_the_games_are_the_installed_entry_points_as_importlib_metadata_finds_them():
    points = importlib.metadata.entry_points(group=registry.GROUP)
    assert sorted((p.name, p.value) for p in points) == sorted((i, target) for _, i, target in registry.installed())
    assert {p.name for p in points if p.dist is not None and p.dist.name == "parlour"} <= set(registry.GAMES)
    assert set(registry.GAMES) == {p.name for p in points} - set(registry.SKIPPED)


def test_without_any_game_installed_the_message_says_to_install_again(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", {})
    assert "install Parlour again (pip install -e .)" in str(registry.UnknownGame("garfield"))


def test_a_broken_installed_game_is_left_out_with_its_reason(tmp_path, monkeypatch, capsys):
    from parlour.cli import main

    info = tmp_path / "parlour_broken-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text("[parlour.games]\nbroken = no_such_package:ENTRY\nodd = json:dumps\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = list(registry.GAMES)
    try:
        registry.discover()
        assert list(registry.GAMES) == before  # the others stay, in their order
        assert "ModuleNotFoundError" in registry.SKIPPED["broken"] and "not the Entry" in registry.SKIPPED["odd"]
        assert main(["play", "broken"]) == 2  # no traceback: the reason, told
        told = capsys.readouterr().err
        assert (
            "unknown game 'broken'" in told and "installed but not read: parlour_broken: no_such_package:ENTRY" in told
        )
    finally:
        monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(tmp_path)])
        registry.SKIPPED.clear()
        registry.discover()


ONE_GAME = """
import asyncio, sys
from parlour.rules import registry
from parlour.services.seats import Seat
from parlour.tui.app import make_app

from parlour.tui.games import playable

manifests = {target.partition(":")[0] for _, _, target in registry.installed()}  # each game's Entry, read to list it


def loaded(games):
    return ",".join(sorted(m for m in sys.modules if m not in manifests and any(g in m.split(".")[-1] for g in games)))


listed = playable()  # the title's list: every game found, none imported
print("LISTED:" + loaded(listed))


async def main():
    seats = [Seat("Ann", None, "red"), Seat("Bot", "random", "blue")]
    app = make_app(start="play", game="filmis", seats=seats, seed=1, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print("SCREEN:" + type(app.screen).__name__)

asyncio.run(main())
others = [g for g in registry.GAMES if g != "filmis"]
print("OTHERS:" + loaded(others))
"""


def test_listing_the_games_imports_none_and_a_table_only_its_own(tmp_path):
    import subprocess
    import sys

    env = {
        "PARLOUR_DATA_DIR": str(tmp_path / "data"),
        "PARLOUR_CONFIG_DIR": str(tmp_path / "config"),
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
    }
    run = subprocess.run([sys.executable, "-c", ONE_GAME], capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "LISTED:" and "SCREEN:GameScreen" in lines, run.stdout
    assert lines[-1] == "OTHERS:", run.stdout  # no module of another game
