"""The shared services, below the Textual app (parlour.tui) and every front (parlour.fronts):
the table driver and the table controller, saves, seats, config, the wire, every game's words,
replay, analysis and hints. Nothing here imports Textual (pyproject.toml's import-linter
contracts keep it so)."""
