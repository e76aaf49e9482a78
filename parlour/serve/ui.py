"""The UI process of one SSH session: `python -m parlour.serve.ui --fd N --lang en [--ascii]`.

It runs in a PTY the server made for the session (its controlling terminal, so resizes reach
it) and talks to the lobby over the socket `--fd`. Errors go to the data folder's
serve-ui.log, never to the player's terminal."""

from __future__ import annotations

import argparse
import fcntl
import os
import signal
import sys
import termios

PR_SET_PDEATHSIG = 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour-serve-ui")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--lang", choices=("en", "sv"), default="en")
    parser.add_argument("--ascii", action="store_true")
    args = parser.parse_args(argv)
    die_with_the_server()
    from parlour.serve.files import open_private_append
    from parlour.config import data_dir

    errors = open_private_append(data_dir() / "serve-ui.log")
    sys.stderr = errors  # Python's own error output: the log, not the player's screen
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # the PTY becomes our terminal: SIGWINCH on resize
    except OSError:
        pass
    try:
        from rich.console import Console

        from tui.remote import make_remote_app

        app = make_remote_app(args.lang, args.fd, ascii_only=args.ascii)
        app.error_console = Console(file=errors, markup=False, highlight=False)
        app.run(mouse=False)
        return app.return_code or 0
    except BaseException:  # noqa: BLE001 - logged, and the player sees a plain sentence
        import traceback

        traceback.print_exc(file=errors)
        try:
            sys.__stdout__.write("\r\nSorry, something went wrong. It has been logged on the server.\r\n")
            sys.__stdout__.flush()
        except Exception:
            pass
        return 1


def die_with_the_server() -> None:
    """A hang-up ends this process whatever its parent ignored (an ignored signal stays ignored
    across exec), and on Linux so does the server's death: no UI outlives its session."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() == 1:  # the server died before the line above
        sys.exit(1)


if __name__ == "__main__":
    sys.exit(main())
