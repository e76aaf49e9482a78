"""Parlour's own games, one folder each, laid out as a game installed from outside is
(docs/adding-a-game.md): `__init__.py` holds its manifest `ENTRY` and nothing else, which
pyproject.toml's entry point group `parlour.games` names; `rules/` (pure), `bots.py` or `bots/`,
`words.py`, `locale/<lang>/<id>.toml`, `table.py` or `table/` (the Textual table), `<id>.tcss`,
`README.md` (its rules written down) and `tests/`."""
