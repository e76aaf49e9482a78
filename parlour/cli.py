"""The `parlour` command. Each subcommand imports only what it needs, so `parlour engine` starts
without loading Textual."""

from __future__ import annotations

import argparse
import sys


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parlour", description="Classic family board games in the terminal.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("engine", help="drive games headless over JSON Lines on stdin/stdout (docs/PROTOCOL.md)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "engine":
        from .engine import run

        return run()
    _parser().print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
