"""Parlour: the command line (cli.py) and, in folders that say which layer they are, the shared
services (services/) and the fronts besides the Textual app (fronts/); the rules core, the Textual
app and its styles are parlour.rules, parlour.tui and parlour.styles (rules/, tui/, styles/)."""

import os as _os

# In a source checkout rules/, tui/ and styles/ sit beside this folder (pyproject.toml's
# package-dir maps them into the package; installed, they are in it): find them there too, at the
# cost of two stat calls, so `python -m parlour` and the tests run from a checkout as installed.
_checkout = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(__path__[0], "rules")) and _os.path.isdir(_os.path.join(_checkout, "rules")):
    __path__.append(_checkout)
