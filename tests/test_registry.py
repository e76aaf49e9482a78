"""The registry: each entry agrees with the game it names (players, parts, keys), and a game can be
added and taken away again."""

from parlour.rules import registry


def test_each_entry_says_how_many_may_play_as_its_rules_do():
    for game_id, entry in registry.GAMES.items():
        game = registry.get(game_id)
        assert entry.players == (game.min_players, game.max_players), game_id


def test_each_entry_names_its_parts_and_its_keys_as_its_presenter_binds_them():
    from parlour.tui.games import Presenter
    from parlour.words.base import Words

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
