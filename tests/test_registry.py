"""The registry's own note of each game's player count agrees with the game's rules."""

from parlour.rules import registry


def test_each_entry_says_how_many_may_play_as_its_rules_do():
    for game_id, entry in registry.GAMES.items():
        game = registry.get(game_id)
        assert entry.players == (game.min_players, game.max_players), game_id
