"""The README's picture of `parlour web`: Debian's Chromium at 1280×800 on a Garfield table
(you and two bots, set up by keys as a player would), saved as a PNG.

    .venv/bin/python tools/web_screenshot.py [screenshots/web-garfield.png]
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.web_bench import scratch_folders  # noqa: E402


async def shoot(target: Path) -> None:
    from tests.web.harness import PageTerminal, chromium, web_server
    from tests.web.test_browser import ROLL_PROMPT, prompt

    with web_server(dict(os.environ)) as (url, _):
        async with chromium() as context:
            term = await PageTerminal.open(context, url)
            await term.wait_for("Choose a game", "Ctrl+Q quit")
            await term.press("Enter")
            await term.wait_for("Garfield: who plays?", "Remove seat")
            await term.press("Control+s")
            await term.wait_for("Garfield says:", "You's hand", lambda t: ROLL_PROMPT in "".join(prompt(t)))
            await term.page.screenshot(path=str(target))
    print(f"wrote {target}")


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots" / "web-garfield.png"
    with scratch_folders():
        asyncio.run(asyncio.wait_for(shoot(target), 300))


if __name__ == "__main__":
    main()
