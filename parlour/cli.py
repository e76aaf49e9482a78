"""The `parlour` command. Each subcommand imports only what it needs, so `parlour engine` starts
without loading Textual."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .services.replay import Replay
    from .services.words.base import Words
    from .tui.app import ParlourApp


def _display_options(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """Options for the app, accepted before or after the subcommand."""
    default = (lambda value: value) if top else (lambda value: argparse.SUPPRESS)
    parser.add_argument(
        "--ascii", action="store_true", default=default(False), help="plain ASCII: no box drawing, no emoji"
    )
    parser.add_argument("--no-animations", action="store_true", default=default(False), help="switch animations off")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=default(0.6),
        metavar="SECONDS",
        help="pause before each bot move (default 0.6)",
    )
    parser.add_argument(
        "--lang", choices=("en", "sv"), default=default(None), help="language (default: from the locale)"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        default=default(False),
        help="plain mode: the game told line by line, answered by number "
        "(for screen readers, braille displays, dumb terminals)",
    )
    parser.add_argument(
        "--color", action="store_true", default=default(False), help="plain mode: show player names in their colours"
    )


def _bot_option(parser: argparse.ArgumentParser, top: bool = False, web: bool = False) -> None:
    """`--bot NAME=COMMAND`: a program the person at this terminal allows; the set-up offers NAME."""
    where = (
        "every tab's set-up offers NAME for a bot seat, so anyone who reaches the page may start it "
        "(tabs get no program unless given here)"
        if web
        else "the set-up offers NAME for a bot seat"
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[] if top else argparse.SUPPRESS,
        metavar="NAME=COMMAND",
        help=f"a program of yours that may play a seat (docs/PROTOCOL.md, Write a bot): {where}; may be repeated",
    )


def _play(play: argparse.ArgumentParser) -> None:
    from parlour.rules import registry

    play.add_argument("game", help=registry.ids_listed())
    play.add_argument(
        "--seats", help='who plays, in seat order: a name is a human, "bot" (or bot:LEVEL) a bot; e.g. "Ann,bot,bot"'
    )
    play.add_argument("--seed", type=int, help="seed the dice and decks (the same seed deals the same game)")
    _bot_option(play)
    _display_options(play)


def _resume(resume: argparse.ArgumentParser) -> None:
    resume.add_argument("save", nargs="?", type=Path, help="a save file (default: choose from a list)")
    _display_options(resume)


def _replay(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("save", type=Path, help="a save file")
    replay.add_argument(
        "--text", action="store_true", help="print the whole game as narrated lines instead of showing it"
    )
    replay.add_argument(
        "--seat", type=int, metavar="N", help="as player N (1 = first) saw it; an unfinished game needs it with --text"
    )
    replay.add_argument(
        "--analysis",
        action="store_true",
        help="with --text: each player's chance to win, turn by turn, split into luck and decisions, and the key moments",
    )
    _display_options(replay)


def _engine(engine: argparse.ArgumentParser) -> None:
    pass


def _serve(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument(
        "--password-file",
        type=Path,
        metavar="FILE",
        help='passwords: "name:password" lines, or one line any name may use',
    )
    serve.add_argument("--authorized-keys", type=Path, metavar="FILE", help="public keys that may log in")
    serve.add_argument("--max-connections", type=int, default=64, metavar="N", help="default 64")
    serve.add_argument(
        "--idle-timeout",
        type=float,
        default=1800,
        metavar="SECONDS",
        help="disconnect a client silent this long (default 1800; its seat is kept)",
    )
    serve.add_argument(
        "--abandon-after",
        type=float,
        default=1800,
        metavar="SECONDS",
        help="close (and keep saved) a table whose players have all been away this long "
        "(default 1800); it reopens when one of them comes back",
    )
    serve.add_argument(
        "--quota",
        action="append",
        default=[],
        metavar="[shared.]WHAT=N",
        help="what one key or personal password may hold (shared.WHAT: all the shared "
        "password's players together); WHAT is connections, tables, tables_per_hour, "
        "names or names_per_hour (defaults in docs/serve.md); may be repeated",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=argparse.SUPPRESS,
        metavar="SECONDS",
        help="pause before each bot move (default 0.6)",
    )
    serve.add_argument(
        "--web-port",
        type=int,
        metavar="PORT",
        help="also let browsers join the same tables, on this port (docs/serve.md)",
    )
    serve.add_argument("--web-host", metavar="HOST", help="address of the web door (default: --host)")
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front of the web door: its X-Forwarded-For is believed (docs/serve.md); may be repeated",
    )
    serve.add_argument(
        "--web-name",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name browsers reach the web door by (its reverse proxy's; repeatable): "
        "a request naming any other is refused",
    )
    serve.add_argument(
        "--memory-limit",
        type=float,
        metavar="MB",
        help="the memory the server may use: past it, the next players are told it is full "
        "(default: the limit of the cgroup it runs in, if any; docs/serve.md)",
    )
    serve.add_argument(
        "--session-memory",
        type=float,
        default=6,
        metavar="MB",
        help="the memory counted for each player's session against --memory-limit (default 6)",
    )
    serve.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="a program of yours that may play a seat (docs/PROTOCOL.md, Write a bot): the new-table "
        "form offers NAME; may be repeated",
    )
    serve.add_argument(
        "--log-max-mb",
        type=float,
        default=50,
        metavar="MB",
        help="serve.log and its rotated parts hold at most this many MB in all (default 50)",
    )
    serve.add_argument(
        "--broker",
        metavar="URL",
        help="a Redis server the workers and hosts share the lobby through, e.g. redis://127.0.0.1:6379/0 (docs/serve.md)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="worker processes sharing the ports (default: one per core with --broker, else 1)",
    )


def _web(web: argparse.ArgumentParser) -> None:
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    web.add_argument(
        "--public",
        action="store_true",
        help="allow an address beyond this machine (no password: anyone who reaches it plays)",
    )
    _bot_option(web, web=True)
    _display_options(web)


def _simulate(simulate: argparse.ArgumentParser) -> None:
    from .fronts import simulate as module

    module.add_arguments(simulate)


def _history(history: argparse.ArgumentParser) -> None:
    from parlour.rules import registry

    history.add_argument("--game", help=f"only this game: {registry.ids_listed()}")
    history.add_argument("--player", metavar="NAME", help="only games this player sat at (any case)")
    history.add_argument("--open", type=int, metavar="N", help="watch game N of the list again (the replay viewer)")
    history.add_argument(
        "--analysis",
        action="store_true",
        help="with --open: print the game's analysis (each player's chances, luck and decisions) instead",
    )
    _display_options(history)


def _ratings(ratings: argparse.ArgumentParser) -> None:
    from parlour.rules import registry

    ratings.add_argument("--game", help=f"only this game: {registry.ids_listed()}")
    ratings.add_argument("--json", action="store_true", help="print machine-readable JSON")
    _display_options(ratings)


def _arena(arena: argparse.ArgumentParser) -> None:
    from .fronts import arena as module

    module.add_arguments(arena)


# Each subcommand: its help line, and the function that adds its own options.
COMMANDS = {
    "play": ("set up a game, or start at once with --seats", _play),
    "resume": ("continue a saved game", _resume),
    "replay": ("watch a saved game again (or print it with --text)", _replay),
    "engine": ("drive games headless over JSON Lines on stdin/stdout (docs/PROTOCOL.md)", _engine),
    "serve": ("let friends play over SSH: ssh -p PORT NAME@HOST", _serve),
    "web": ("play in a browser: each tab is a player (http://127.0.0.1:8000/)", _web),
    "simulate": ("play many bot games headless and compare bots", _simulate),
    "history": ("list your finished games, newest first, and watch any again", _history),
    "ratings": ("the ratings of the players at served tables, per game (docs/ratings.md)", _ratings),
    "arena": ("rate bots (built-in and your own programs) against each other, every one at every seat", _arena),
}


class _Help(argparse.HelpFormatter):
    """argparse's own help, as wide as the terminal as ever, the width read as shutil reads it:
    argparse imports shutil for it at every option added (to check its metavar), and shutil loads
    the compressors (bz2, lzma), a cost at every start."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_columns() - 2)


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size gives it: $COLUMNS, else stdout's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="parlour", description="Classic family board games in the terminal.", formatter_class=_Help
    )
    _display_options(parser, top=True)
    _bot_option(parser, top=True)
    sub = parser.add_subparsers(dest="command")
    # Only the subcommand named in argv gets its options: building every one's costs a start-up
    # (argparse formats each option as it is added), and `parlour --help` lists the commands only.
    chosen = None if argv is None else next((word for word in argv if word in COMMANDS), "")
    for name, (text, add_options) in COMMANDS.items():
        command = sub.add_parser(name, help=text, formatter_class=_Help)
        if chosen is None or name == chosen:
            add_options(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `parlour simulate ... | head`: the reader left; nothing to report
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # the terminal was closed (SIGHUP, then EIO): nobody to tell
        if error.errno != errno.EIO:
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stderr.fileno())
        return 129  # as SIGHUP ends a process: 128 + 1


def _main(argv: list[str] | None) -> int:
    args = _parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
    if args.command == "engine":
        from .fronts.engine import run as run_engine

        return run_engine()
    if args.command == "serve":
        from .fronts.serve.quotas import parse
        from .fronts.serve.server import Settings as ServeSettings, run as run_server
        from .services.outside_bot import listed

        try:
            quotas = parse(args.quota)
            outside = listed(args.bot)
        except ValueError as error:
            print(f"parlour serve: {error}", file=sys.stderr)
            return 2
        from .fronts.serve.workers import how_many

        workers = how_many(args.workers, args.broker)
        if isinstance(workers, str):
            print(f"parlour serve: {workers}", file=sys.stderr)
            return 2
        return run_server(
            ServeSettings(
                host=args.host,
                port=args.port,
                password_file=args.password_file,
                authorized_keys=args.authorized_keys,
                max_connections=max(1, args.max_connections),
                idle_timeout=max(1.0, args.idle_timeout),
                bot_delay=max(0.0, args.bot_delay),
                abandon_after=max(1.0, args.abandon_after),
                quotas=quotas,
                log_max_bytes=int(max(0.1, args.log_max_mb) * 1024 * 1024),
                web_port=args.web_port,
                web_host=args.web_host,
                trusted_proxies=tuple(args.trusted_proxy),
                web_names=tuple(args.web_name),
                memory_limit=None if args.memory_limit is None else int(max(1.0, args.memory_limit) * 1024 * 1024),
                session_memory=int(max(0.1, args.session_memory) * 1024 * 1024),
                bots=outside,
                broker=args.broker,
            ),
            workers=workers,
        )
    if args.command == "web":
        from .fronts.web import Settings as WebSettings, app_options, run as run_web
        from .services.outside_bot import listed

        try:
            listed(args.bot)
        except ValueError as error:
            print(f"parlour web: {error}", file=sys.stderr)
            return 2

        return run_web(WebSettings(host=args.host, port=args.port, public=args.public, app_options=app_options(args)))
    if args.command == "replay" and args.text:
        from .services import stops
        from .services.words import i18n

        i18n.set_language(args.lang or i18n.default_language())  # the lines in the reader's language
        try:
            with stops.raising():  # a signal ends it as Ctrl+C would: the progress bar gives the cursor back
                return _replay_text(args.save, args.seat, args.analysis)
        except stops.Stopped as stop:
            return stop.exit_code
    if args.command == "simulate":
        from .fronts import simulate

        return simulate.run(args)
    if args.command == "history":
        return _history_run(args)
    if args.command == "ratings":
        return _ratings_run(args)
    if args.command == "arena":
        from .fronts import arena

        return arena.run(args)
    return _run_app(args)


def _history_run(args: argparse.Namespace) -> int:
    """`parlour history`: the finished games, newest first, numbered; `--open N` watches one
    again in the replay viewer (`--analysis`: its analysis as text)."""
    from parlour.rules import registry

    from .services.config import saves_dir
    from .services.history import finished, told
    from .services.words import i18n
    from .services.words.i18n import t

    i18n.set_language(args.lang or i18n.default_language())
    if args.game is not None and args.game not in registry.available():
        print(f"parlour: unknown game {args.game!r} (known: {', '.join(registry.available())})", file=sys.stderr)
        return 2
    rows = finished(saves_dir(), args.game, args.player)
    if args.open is None:
        print(t("history.heading") if rows else t("history.none"))
        width = len(str(len(rows)))
        for number, row in enumerate(rows, 1):
            print(f"{number:>{width}}. {told(row)}")
        return 0
    if not 1 <= args.open <= len(rows):
        print(f"parlour: {t('history.no_such', n=args.open, count=len(rows))}", file=sys.stderr)
        return 2
    path = rows[args.open - 1].path
    if args.analysis:
        from .services import stops

        try:
            with stops.raising():
                return _replay_text(path, None, analysis=True)
        except stops.Stopped as stop:
            return stop.exit_code
    args.command, args.save, args.seat = "replay", path, None
    return _run_app(args)


def _ratings_run(args: argparse.Namespace) -> int:
    """`parlour ratings`: each game's board of the players at served tables, best first."""
    import json

    from parlour.rules import registry

    from .services.config import saves_dir
    from .services.standings import board_lines, standings
    from .services.words import i18n

    i18n.set_language(args.lang or i18n.default_language())
    if args.game is not None and args.game not in registry.available():
        print(f"parlour: unknown game {args.game!r} (known: {', '.join(registry.available())})", file=sys.stderr)
        return 2
    games = {game: rows for game, rows in standings(saves_dir()).items() if args.game in (None, game)}
    if args.json:
        print(json.dumps(games, indent=2))
        return 0
    for line in board_lines(games):
        print(line)
    return 0


def _replay_text(path: Path, seat: int | None, analysis: bool = False) -> int:
    """`parlour replay FILE --text`: the game told line by line, as the log tells it (no Textual)."""
    from .services import saves
    from .services.replay import Replay, text_header, text_ranking
    from .services.shown import shown
    from .services.words.base import Words
    from .services.words.i18n import t

    try:
        replay = Replay(saves.read(path))
    except saves.SaveError as error:
        print(f"parlour: {shown(str(error))}", file=sys.stderr)
        return 1
    eyes = None if seat is None else seat - 1
    if eyes not in replay.eyes():
        if seat is None:
            print(f"parlour: {t('replay.text_needs_seat', n=len(replay.names))}", file=sys.stderr)
        else:
            print(f"parlour: {t('replay.text_bad_seat', n=len(replay.names))}", file=sys.stderr)
        return 2
    words = Words.of(replay.game.id)
    # The names from the save are made text where the replay reads them (`shown`): the lines
    # keep the game's own line breaks.
    for line in text_header(replay, path.stat().st_mtime):
        print(line)
    for warning in replay.warnings:
        print(f"({shown(warning)})")
    if analysis:
        return _analysis_text(replay, eyes, words)
    for line in replay.story_at(len(replay.stops) - 1, eyes, words) if replay.stops else []:
        print(line)
    for line in text_ranking(replay, words):
        print(line)
    return 0


def _analysis_text(replay: Replay, eyes: int | None, words: Words) -> int:
    """`parlour replay FILE --text --analysis`: the chances turn by turn, each choice and the luck
    of what followed, the key moments and a summary per player, a progress bar on stderr while
    they are worked out (on a terminal), one process per core."""
    from .fronts.progress import progress
    from .services.analysis import Analysis, default_workers
    from .services.analysis_text import tell
    from .services.words.i18n import t

    analysis = Analysis(replay, eyes, workers=default_workers())
    with progress(t("analysis.progress"), len(analysis)) as steps:
        points = list(analysis.run(lambda done, total: steps.done(done)))
    for line in tell(analysis, points, words):
        print(line)  # (the replay's names are text already)
    return 0


def _run_app(args: argparse.Namespace) -> int:
    from parlour.rules import registry
    from parlour.services.words import i18n

    if args.command == "play" and args.game not in registry.available():
        print(f"parlour: {registry.UnknownGame(args.game)}", file=sys.stderr)  # an installed one not read: why
        return 2
    from parlour.services.config import saves_dir
    from parlour.services.strays import remove_strays

    remove_strays(saves_dir())  # what a save killed while writing left (one look at the folder)
    if args.plain:  # lines only, and no Textual
        if args.command not in ("play", "resume"):
            print(
                "parlour: plain mode plays a game: parlour play GAME --plain, or parlour resume --plain",
                file=sys.stderr,
            )
            return 2
        if args.bot:  # plain mode's set-up reads --seats' words, where a program is named as cmd:COMMAND
            print(
                'parlour: --bot is for the set-up screen; in plain mode write --seats "Ann,cmd:COMMAND"',
                file=sys.stderr,
            )
            return 2
        import gc

        gc.disable()  # as for the app (app_of); on again at the first prompt (plain.local)
        from parlour.fronts.plain.local import run

        i18n.set_language(args.lang or i18n.default_language())
        try:
            return run(args)
        except ValueError as error:  # bad --seats
            print(f"parlour: {error}", file=sys.stderr)
            return 2

    app = app_of(args)
    if app is None:
        return 2
    import asyncio

    from .services import save_lock, stops

    save_lock.use_front("app")
    # A signal ends the app as Ctrl+Q does (the terminal given back as found), never where it stands.
    stops.remember_terminal()
    with asyncio.Runner() as runner:  # (closed as asyncio.run closes its loop: tasks left cancelled)
        undo = stops.in_loop(runner.get_loop(), app.exit_on_signal)
        try:
            app.run(loop=runner.get_loop())
        finally:
            undo()
    if app.exit_message:
        print(app.exit_message)
    return app.return_code or 0


def app_of(args: argparse.Namespace) -> ParlourApp | None:
    """The app a command runs, or None (having said why) for seats it cannot take. It starts
    without cyclic garbage collection until its first frame: a start imports and builds tens
    of thousands of objects that all live on (Textual, the rules, a resumed game's log), and a
    collection every few hundred of them finds nothing (~20 ms of a start); the app collects
    again from its first frame on (ParlourApp `collect_after_first_frame`). The command's start
    is what `tools/first_frame.py --command` measures."""
    from parlour.services.charset import wants_ascii
    from parlour.services.words import i18n

    options = {
        "bot_delay": max(0.0, args.bot_delay),
        "ascii_only": args.ascii or wants_ascii(),
        "animations": not args.no_animations,
    }
    if args.command in (None, "play") and args.bot:  # programs the set-up may offer (never one typed there)
        from .services.outside_bot import listed

        try:
            options.update(bots=listed(args.bot))
        except ValueError as error:
            print(f"parlour: {error}", file=sys.stderr)
            return None
    if args.command == "play":
        options.update(game=args.game, seed=args.seed, start="setup")
        if args.seats:
            from parlour.services.seats import parse_seats

            try:
                options.update(seats=parse_seats(args.game, args.seats), start="play")
            except ValueError as error:
                print(f"parlour: {error}", file=sys.stderr)
                return None
    elif args.command == "resume":
        options.update(start="resume", resume=args.save)
    elif args.command == "replay":
        options.update(start="replay", resume=args.save, eyes=None if args.seat is None else args.seat - 1)
    import gc

    gc.disable()
    from parlour.tui.app import make_app

    return make_app(args.lang or i18n.default_language(), collect_after_first_frame=True, **options)


if __name__ == "__main__":
    sys.exit(main())
