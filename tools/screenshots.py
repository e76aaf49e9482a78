"""Make the SVG screenshots in screenshots/ (shown in the README):

    python tools/screenshots.py

Each picture is one of the scenes the snapshot tests check, at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = {"title": [(80, 24)], "setup": [(80, 24)], "garfield": [(80, 24), (120, 40)],
         "garfield-ascii": [(80, 24)], "help": [(80, 24)]}


async def shoot(name: str, size: tuple[int, int], folder: Path) -> Path:
    from tests.tui.scenes import SCENES

    app, keys = SCENES[name]()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        path = folder / f"{name}-{size[0]}x{size[1]}.svg"
        app.save_screenshot(str(path))
    return path


def main() -> None:
    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("PARLOUR_CONFIG_DIR", tempfile.mkdtemp())
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    for name, sizes in SIZES.items():
        for size in sizes:
            print(asyncio.run(shoot(name, size, folder)).relative_to(ROOT))


if __name__ == "__main__":
    main()
