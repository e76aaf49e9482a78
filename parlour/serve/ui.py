"""The UI process of one SSH session: `python -m parlour.serve.ui --fd N --lang en [--ascii]`.

It runs in a PTY the server made for the session (its controlling terminal, so resizes reach
it) and talks to the lobby over the socket `--fd`. Errors go to the data folder's
serve-ui.log, never to the player's terminal."""

from __future__ import annotations

import argparse
import fcntl
import sys
import termios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour-serve-ui")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--lang", choices=("en", "sv"), default="en")
    parser.add_argument("--ascii", action="store_true")
    args = parser.parse_args(argv)
    from parlour.config import data_dir

    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    errors = open(folder / "serve-ui.log", "a", encoding="utf-8", buffering=1)
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


if __name__ == "__main__":
    sys.exit(main())
