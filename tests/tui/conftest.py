"""The app under test: saves and keymap in a temporary folder, no bot pause, no animations."""

import pytest


@pytest.fixture(autouse=True)
def english_again():
    """A test may switch the app to Swedish; the next one starts in English."""
    yield
    from parlour.services.words import i18n

    i18n.set_language("en")


@pytest.fixture(autouse=True)
def parlour_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch):
    """The replay's chances chart plays few games on from few points (in a thread) in tests."""
    from parlour.services import analysis

    monkeypatch.setattr(analysis, "games_on", lambda game_id: 4)
    monkeypatch.setattr(analysis, "chart_games", lambda game_id: 6)  # the scenes' chart: key moments to mark
    monkeypatch.setattr(analysis, "MOST_POINTS", 40)


@pytest.fixture(scope="session")
def parlour_games() -> set[str]:
    """The ids of the games Parlour itself installs (its own entry points)."""
    from parlour.rules import registry

    return {game_id for dist, game_id, _ in registry.installed() if dist == "parlour"}


@pytest.fixture(autouse=True)
def parlour_own_games(parlour_games):
    """Parlour's games as it ships them: a game installed beside them (docs/adding-a-game.md) is
    left out of these screens and their pictures, and comes back after."""
    from parlour.rules import registry

    others = [entry for game_id, entry in registry.GAMES.items() if game_id not in parlour_games]
    for entry in others:
        registry.unregister(entry.id)
    yield
    for entry in others:
        registry.register(entry)
