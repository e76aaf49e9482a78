"""Each of Parlour's own games is one folder, parlour/games/<id>/, found as a game installed from
outside is (issue 40, docs/adding-a-game.md): its entry point names the folder's ENTRY, and every
part the entry names, its catalogues, its stylesheet and its tests are in that folder; the places
that held a game's parts before hold none."""

from __future__ import annotations

from pathlib import Path

from parlour.rules import registry

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "parlour" / "games"


def own_games() -> list[tuple[str, str]]:
    """(id, "module:NAME") of each game Parlour's own entry points name."""
    return [(game_id, target) for dist, game_id, target in registry.installed() if dist == "parlour"]


def test_each_own_game_is_one_folder_named_by_its_entry_point():
    found = own_games()
    assert len(found) >= 3, "Parlour installs its games through its entry points"
    for game_id, target in found:
        package, folder = f"parlour.games.{game_id}", GAMES / game_id
        assert target == f"{package}:ENTRY"
        entry = registry.entry(game_id)
        parts = [entry.rules, entry.words, entry.presenter, *([entry.strategy] if entry.strategy else [])]
        assert all(part.startswith(f"{package}.") for part in parts), parts
        assert entry.catalogues is not None and Path(entry.catalogues).resolve() == folder / "locale"
        assert (folder / "locale" / "en" / f"{game_id}.toml").is_file()  # English is required
        assert entry.styles is None or Path(entry.styles).resolve().parent == folder
        assert (folder / "tests" / "__init__.py").is_file() and any((folder / "tests").glob("test_*.py"))
        assert (folder / "README.md").is_file()  # its rules written down


def test_no_part_of_a_game_is_left_where_the_layers_kept_them():
    ids = [game_id for game_id, _ in own_games()]
    parlour = ROOT / "parlour"
    left = [
        path.relative_to(ROOT)
        for game_id in ids
        for path in [
            *parlour.glob(f"rules/{game_id}/*.py"),  # (a folder left with bytecode alone is no part)
            *parlour.glob(f"rules/bots/{game_id}_*.py"),
            *parlour.glob(f"services/words/{game_id}.py"),
            *parlour.glob(f"services/words/locale/*/{game_id}.toml"),
            *parlour.glob(f"tui/games/{game_id}*.py"),
            *parlour.glob(f"styles/{game_id}.tcss"),
            *ROOT.glob(f"docs/{game_id}.md"),
            *ROOT.glob(f"tests/{game_id}/*.py"),
        ]
    ]
    assert left == [], "a game's parts belong in its folder, parlour/games/<id>/"
