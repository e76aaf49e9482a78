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
