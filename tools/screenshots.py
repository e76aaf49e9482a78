"""Make the SVG screenshots in screenshots/ (shown in the README):

    python tools/screenshots.py [SCENE ...]

Each picture is one of the scenes the snapshot tests check, at 80x24 and 120x40 (with SCENEs,
only those: `replay-chart`)."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    Scene = Callable[[], tuple[App[Any], Sequence[str]]]  # the snapshot tests' scene: an app, the keys pressed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def scenes() -> dict[str, tuple[Scene, list[tuple[int, int]]]]:
    """name -> (make the scene, sizes to shoot) from every scene module of the snapshot tests
    (tests/tui/scenes*.py: the app's own scenes, then each game's and the other screens')."""
    import importlib

    found: dict[str, tuple[Scene, list[tuple[int, int]]]] = {}
    for path in sorted((ROOT / "tests" / "tui").glob("scenes*.py"), key=lambda p: (p.stem != "scenes", p.stem)):
        module = importlib.import_module(f"tests.tui.{path.stem}")
        for scene, make in module.SCENES.items():
            found[scene] = (make, module.SIZES.get(scene, [(80, 24)]))
    return found


async def shoot(name: str, make: Scene, size: tuple[int, int], folder: Path) -> Path:
    app, keys = make()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await app.workers.wait_for_complete()  # the replay's chances chart, worked out in a thread
        await pilot.pause()
        path = folder / f"{name}-{size[0]}x{size[1]}.svg"
        app.save_screenshot(str(path))
    return path


def main() -> None:
    from parlour.services.words import i18n

    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("PARLOUR_CONFIG_DIR", tempfile.mkdtemp())
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    wanted = set(sys.argv[1:])
    for name, (make, sizes) in scenes().items():
        if wanted and name not in wanted:
            continue
        for size in sizes:
            print(asyncio.run(shoot(name, make, size, folder)).relative_to(ROOT))
            i18n.set_language("en")  # a scene may have switched to Swedish


if __name__ == "__main__":
    main()
