"""The `parlour` command. Each subcommand imports only what it needs, so `parlour engine` starts
without loading Textual."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _display_options(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """Options for the app, accepted before or after the subcommand."""
    default = (lambda value: value) if top else (lambda value: argparse.SUPPRESS)
    parser.add_argument("--ascii", action="store_true", default=default(False),
                        help="plain ASCII: no box drawing, no emoji")
    parser.add_argument("--no-animations", action="store_true", default=default(False),
                        help="switch animations off")
    parser.add_argument("--bot-delay", type=float, default=default(0.6), metavar="SECONDS",
                        help="pause before each bot move (default 0.6)")
    parser.add_argument("--lang", choices=("en", "sv"), default=default(None),
                        help="language (default: from the locale)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parlour", description="Classic family board games in the terminal.")
    _display_options(parser, top=True)
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="set up a game, or start at once with --seats")
    play.add_argument("game", help="garfield, filmis or smurf")
    play.add_argument("--seats", help='who plays, in seat order: a name is a human, "bot" (or bot:LEVEL) a bot; '
                                      'e.g. "Ann,bot,bot"')
    play.add_argument("--seed", type=int, help="seed the dice and decks (the same seed deals the same game)")
    _display_options(play)
    resume = sub.add_parser("resume", help="continue a saved game")
    resume.add_argument("save", nargs="?", type=Path, help="a save file (default: choose from a list)")
    _display_options(resume)
    sub.add_parser("engine", help="drive games headless over JSON Lines on stdin/stdout (docs/PROTOCOL.md)")
    serve = sub.add_parser("serve", help="let friends play over SSH: ssh -p PORT NAME@HOST")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument("--password-file", type=Path, metavar="FILE",
                       help='passwords: "name:password" lines, or one line any name may use')
    serve.add_argument("--authorized-keys", type=Path, metavar="FILE", help="public keys that may log in")
    serve.add_argument("--max-connections", type=int, default=64, metavar="N", help="default 64")
    serve.add_argument("--idle-timeout", type=float, default=1800, metavar="SECONDS",
                       help="disconnect a client silent this long (default 1800; its seat is kept)")
    serve.add_argument("--abandon-after", type=float, default=1800, metavar="SECONDS",
                       help="close (and keep saved) a table whose players have all been away this long "
                            "(default 1800); it reopens when one of them comes back")
    serve.add_argument("--bot-delay", type=float, default=argparse.SUPPRESS, metavar="SECONDS",
                       help="pause before each bot move (default 0.6)")
    web = sub.add_parser("web", help="play in a browser: each tab is a player (http://127.0.0.1:8000/)")
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    web.add_argument("--public", action="store_true",
                     help="allow an address beyond this machine (no password: anyone who reaches it plays)")
    _display_options(web)
    try:
        from . import simulate
    except ImportError:
        simulate = None
    if simulate is not None:
        simulate.add_arguments(sub.add_parser("simulate", help="play many bot games headless and compare bots"))
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `parlour simulate ... | head`: the reader left; nothing to report
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "engine":
        from .engine import run

        return run()
    if args.command == "serve":
        from .serve.server import Settings, run

        return run(Settings(host=args.host, port=args.port, password_file=args.password_file,
                            authorized_keys=args.authorized_keys, max_connections=max(1, args.max_connections),
                            idle_timeout=max(1.0, args.idle_timeout), bot_delay=max(0.0, args.bot_delay),
                            abandon_after=max(1.0, args.abandon_after)))
    if args.command == "web":
        from .web import Settings, app_options, run

        return run(Settings(host=args.host, port=args.port, public=args.public, app_options=app_options(args)))
    if args.command == "simulate":
        from . import simulate

        return simulate.run(args)
    return _run_app(args)


def _run_app(args) -> int:
    from rules import registry
    from parlour.words import i18n

    options = {"bot_delay": max(0.0, args.bot_delay), "ascii_only": args.ascii,
               "animations": not args.no_animations}
    if args.command == "play":
        if args.game not in registry.available():
            print(f"parlour: unknown game {args.game!r} (known: {', '.join(registry.available())})", file=sys.stderr)
            return 2
        options.update(game=args.game, seed=args.seed, start="setup")
        if args.seats:
            from parlour.seats import parse_seats

            try:
                options.update(seats=parse_seats(args.game, args.seats), start="play")
            except ValueError as error:
                print(f"parlour: {error}", file=sys.stderr)
                return 2
    elif args.command == "resume":
        options.update(start="resume", resume=args.save)
    from tui.app import make_app

    app = make_app(args.lang or i18n.default_language(), **options)
    app.run()
    if app.exit_message:
        print(app.exit_message)
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
