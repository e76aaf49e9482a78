"""`parlour serve`: play with friends over SSH.

The server process (server.py) holds the one authoritative table per game (tables.py); each SSH
session gets its own Parlour UI process in a pseudo-terminal (ui.py), which follows its seat's
view from the redacted events the server sends it over a socket (parlour/wire.py, JSON Lines)."""
