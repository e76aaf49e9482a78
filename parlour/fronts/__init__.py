"""The ways to play besides the Textual app (parlour.tui, in tui/): plain mode, `parlour engine`,
`parlour simulate`, `parlour serve` (SSH and the web door) and `parlour web`. Each renders the
services' tables (parlour.services); the command line (parlour/cli.py) starts them."""
