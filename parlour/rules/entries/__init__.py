"""The manifests of Parlour's own games, one module per game, each an `ENTRY` that pyproject.toml's
entry point group `parlour.games` names, as an installed game's own package does (the registry
reads them without importing any rules)."""
