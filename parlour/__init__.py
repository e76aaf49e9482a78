"""Parlour: the command line (cli.py) and, in folders that say which layer they are, the rules
core (rules/), the shared services (services/), the Textual app and its styles (tui/, styles/)
and the fronts besides the Textual app (fronts/)."""
