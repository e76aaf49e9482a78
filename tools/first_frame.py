"""CPU time from the interpreter's start to the app's first frame, headless (80x24).

    python tools/first_frame.py                       # the title screen (cold start)
    python tools/first_frame.py --resume SAVE.jsonl   # a saved game's screen
    python tools/first_frame.py --hello               # a bare Textual hello app, to compare

One process per figure (imports count): run each several times, alternated, and take medians.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def build(args):
    if args.hello:
        from textual.app import App
        from textual.widgets import Static

        class Hello(App):
            def compose(self):
                yield Static("Hello")

        return Hello()
    from tui.app import ParlourApp

    if args.resume:
        return ParlourApp(start="resume", resume=args.resume, autosave=False)
    return ParlourApp()


async def first_frame(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the first screen mounted and painted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resume", type=Path)
    parser.add_argument("--hello", action="store_true")
    args = parser.parse_args()
    asyncio.run(first_frame(build(args)))
    what = "hello app" if args.hello else f"resume {args.resume.name}" if args.resume else "title"
    print(f"{what}: {time.process_time():.2f} s CPU to the first frame")


if __name__ == "__main__":
    main()
