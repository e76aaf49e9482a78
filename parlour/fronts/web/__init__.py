"""`parlour web`: the same app in a browser tab. textual-serve runs one `parlour` process per tab
(a player at the keyboard, exactly as in a terminal) and relays its screen and keys over a
WebSocket; our own page template loads nothing from outside, so it works with no internet."""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .page import is_loopback

if TYPE_CHECKING:
    import argparse


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    public: bool = False
    app_options: list[str] = field(default_factory=list)  # passed on to each tab's `parlour`


def exposure(settings: Settings) -> str:
    """What listening beyond loopback gives away, said before it happens."""
    return (
        f"http://{settings.host}:{settings.port}/ has no password and no encryption: anyone who "
        f"can reach it can play, start games, read and resume every save in Parlour's data "
        f"folder, and each open tab starts a `parlour` process on this machine."
    )


def app_options(args: argparse.Namespace) -> list[str]:
    """The display options and `--bot`s given to `parlour web`, as flags for each tab's `parlour`."""
    options = ["--bot-delay", str(max(0.0, args.bot_delay))]
    options += ["--ascii"] if args.ascii else []
    options += ["--no-animations"] if args.no_animations else []
    options += ["--lang", args.lang] if args.lang else []
    # Only the programs `parlour web --bot` itself allowed: each tab's set-up offers them to anyone.
    options += [word for spec in args.bot for word in ("--bot", spec)]
    return options


def app_command(options: list[str]) -> str:
    """The shell command textual-serve starts for each tab: this Python, this Parlour (`exec`, so
    no shell stays behind beside each player)."""
    return "exec " + shlex.join([sys.executable, "-m", "parlour", *options])


def run(settings: Settings) -> int:
    if not is_loopback(settings.host) and not settings.public:
        print(
            f"parlour web: refusing to listen on {settings.host}, beyond this machine. "
            f"{exposure(settings)} Add --public if that is what you want.",
            file=sys.stderr,
        )
        return 2
    from .web_server import WebServer

    if settings.public and not is_loopback(settings.host):
        print(f"parlour web: warning: {exposure(settings)}", file=sys.stderr)
    server = WebServer(app_command(settings.app_options), settings.host, settings.port)
    try:
        server.serve()
    except OSError as error:  # the port is taken, or the address is not this machine's
        print(
            f"parlour web: cannot listen on {settings.host}:{settings.port}: {error.strerror or error}", file=sys.stderr
        )
        return 1
    return 0
