"""The registry: each entry agrees with the game it names (players, parts, keys), and a game can be
added and taken away again."""

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
        assert type(presenter).__module__ == entry.presenter and type(words).__module__ == entry.words
        assert presenter.game_id == words.game_id == game_id
        bound = {b.id: b.key for b in presenter.bindings()}
        assert dict(entry.keys) == bound, game_id  # plain mode names the keys from the entry
        assert len(entry.bot_names) >= entry.players[1], game_id


def test_a_registered_game_comes_and_goes():
    entry = registry.Entry("chess", rules="no.such.module", words="no.such.words", presenter="no.such.presenter")
    registry.register(entry)
    try:
        assert "chess" in registry.GAMES and "chess" not in registry.available()  # listed, its rules not in
        assert registry.ids_listed().endswith("or chess")
    finally:
        registry.unregister("chess")
    assert "chess" not in registry.GAMES and registry.ids_listed() == "garfield, filmis or smurf"


ONE_GAME = """
import asyncio, sys
from parlour.rules import registry
from parlour.services.seats import Seat
from parlour.tui.app import make_app

from parlour.tui.games import playable

listed = playable()  # the title's list: every game found, none imported
print("LISTED:" + ",".join(sorted(m for m in sys.modules if any(g in m.split(".")[-1] for g in listed))))


async def main():
    seats = [Seat("Ann", None, "red"), Seat("Bot", "random", "blue")]
    app = make_app(start="play", game="filmis", seats=seats, seed=1, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print("SCREEN:" + type(app.screen).__name__)

asyncio.run(main())
others = [g for g in registry.GAMES if g != "filmis"]
print("OTHERS:" + ",".join(sorted(m for m in sys.modules if any(g in m.split(".")[-1] for g in others))))
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
