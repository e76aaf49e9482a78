"""The README's picture of the web door: a Garfield table of `parlour serve --web-port` in Debian's
Chromium (1280x800), the browser player Bob facing Ann, who plays over SSH; saved as a PNG.

    .venv/bin/python tools/web_door_screenshot.py [screenshots/web-door-mixed-table.png]
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def shoot(target: Path, folder: Path) -> None:
    from tests.ssh.harness import connect, server, write
    from tests.ssh.test_serve import rigged_table
    from tests.web.test_door import browser, log_in, play_one

    passwords = write(folder / "passwords", "ann:ann-secret\nbob:bob-secret\n")
    async with server(password_file=passwords, web_port=0) as hub, browser() as chromium:
        table = rigged_table(hub)
        ann = await connect(hub, "Ann", password="ann-secret")
        await ann.wait_for(f"#{table.id} Garfield")
        ann.press("enter")
        await ann.wait_for("You have a seat")
        bob = await log_in(chromium, f"http://127.0.0.1:{hub.web.port}/", "Bob", "bob-secret")
        await bob.wait_for(f"#{table.id} Garfield · Ann")
        await bob.press("Enter")
        await bob.wait_for("Your hand")
        for _ in range(3):
            await play_one(hub, table, {"Ann": ann, "Bob": bob})
        await asyncio.sleep(0.5)  # the last frame painted by xterm.js
        await bob.page.screenshot(path=str(target))
        await ann.close()
    print(f"wrote {target}")


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots" / "web-door-mixed-table.png"
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")

        asyncio.run(asyncio.wait_for(shoot(target.resolve(), Path(folder)), 300))


if __name__ == "__main__":
    main()
