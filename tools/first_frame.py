"""CPU time from the interpreter's start to the app's first frame, headless (80x24).

    python tools/first_frame.py                       # the title screen (cold start)
    python tools/first_frame.py --resume SAVE.jsonl   # a saved game's screen
    python tools/first_frame.py --hello               # a bare Textual hello app, to compare
    python tools/first_frame.py --command [--resume SAVE]   # the app as `parlour [resume SAVE]` starts it

Each screen update Textual composes is noted with the CPU time when it is handed to the driver
and what the screen shows then (text and colours); the noting's own CPU time is left out.
Printed: the *first* frame (the first update of a screen that shows something: the app's empty
default screen does not count); the *full* frame (the first update showing the screen as it
stays: for a resumed save, as it stays while its save is being checked, so the prompt's options
offered once the check is done do not count); and the CPU time once the app is idle (a resumed
save has been checked by then). One process per figure (imports count): run each several
times, alternated, and take medians. Copied into an older checkout, it measures that code.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.style import Style
    from textual.app import App

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def build(args: argparse.Namespace) -> Any:
    if args.hello:
        from textual.app import App
        from textual.widgets import Static

        class Hello(App):
            def compose(self) -> Iterator[Static]:
                yield Static("Hello")

        return Hello()
    if args.command:  # as the command line starts it (parlour/cli.py `app_of`)
        from parlour import cli

        argv = ["resume", str(args.resume)] if args.resume else []
        return cli.app_of(cli._parser(argv).parse_args(argv))
    from parlour.tui.app import ParlourApp

    if args.resume:
        return ParlourApp(start="resume", resume=args.resume, autosave=False)
    return ParlourApp()


class Frames:
    """The app's screen updates: (CPU time, screen name, the screen's text), the noting's own
    CPU time taken out; `settled` marks where a resumed save's check ended."""

    def __init__(self, app: Any) -> None:
        self.app, self.spent = app, 0.0
        self.frames: list[tuple[float, str, list[tuple[str, Style | None]]]] = []  # the text: its segments
        self.settled: int | None = None
        display = app._display

        def noted(screen: Any, renderable: object) -> Any:
            if renderable is not None and screen.children:
                now = time.process_time()
                text = [
                    (segment.text, segment.style) for strip in screen._compositor.render_strips() for segment in strip
                ]
                self.frames.append((now - self.spent, type(screen).__name__, text))
                self.spent += time.process_time() - now
            return display(screen, renderable)

        app._display = noted

    def watch_check(self) -> None:
        from parlour.tui.local_game import LocalGame

        check_some, frames = getattr(LocalGame, "check_some", None), self
        if check_some is None:  # an older checkout: the save was checked before the screen
            return

        def noted(session: Any) -> Any:
            done = check_some(session)
            if done and frames.settled is None:
                frames.settled = len(frames.frames)
            return done

        LocalGame.check_some = noted  # type: ignore[method-assign, assignment]  # noted, then as before

    def report(self, idle: float) -> str:
        shown = self.frames[: self.settled] if self.settled else self.frames
        full = next(f for f in shown if f[2] == shown[-1][2])
        return (
            f"{self.frames[0][0]:.3f} s CPU to the first frame ({self.frames[0][1]}), {full[0]:.3f} s to "
            f"the full frame, {idle - self.spent:.3f} s then idle"
        )


async def run(app: App[Any], frames: Frames) -> float:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the first screen mounted and painted, and the app quiet again
        return time.process_time()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resume", type=Path)
    parser.add_argument("--hello", action="store_true")
    parser.add_argument("--command", action="store_true", help="start the app as the `parlour` command does")
    args = parser.parse_args()
    app = build(args)
    frames = Frames(app)
    if args.resume:
        frames.watch_check()
    idle = asyncio.run(run(app, frames))
    what = "hello app" if args.hello else f"resume {args.resume.name}" if args.resume else "title"
    print(f"{what}: {frames.report(idle)}")


if __name__ == "__main__":
    main()
