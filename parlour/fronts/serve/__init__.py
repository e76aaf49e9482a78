"""`parlour serve`: play with friends over SSH (and in a browser).

The server process (server.py) holds the one authoritative table per game (tables.py); each
session gets its own Parlour app in the same process (ui.py), which follows its seat's view from
the redacted events the lobby hands it (the typed messages of parlour/services/wire.py)."""
