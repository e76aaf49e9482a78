"""The served lobby's boxes (the leaderboard `l`, your own history `h`) at 80×24 with more lines
than fit: their keys stay on the screen and every line can be scrolled to by keys."""

from __future__ import annotations

from textual.app import App

from parlour.tui.screens.own_history import OwnHistoryScreen

from .reading import screen_rows


def screen_text(app: App[None]) -> str:
    return "\n".join(screen_rows(app))


class FiftyGames(OwnHistoryScreen):
    def lines(self) -> list[str]:
        return ["Your finished games here, newest first", "", *[f"game row {i}." for i in range(1, 51)]]


class BoxApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(FiftyGames("Ann"))


async def test_a_long_box_keeps_its_keys_on_screen_and_scrolls_to_its_last_line():
    app = BoxApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if "game row 1." in screen_text(app):
                break
        first = screen_text(app)
        assert "game row 1." in first and "game row 50." not in first
        assert "Esc back" in first  # the box's keys, under its lines
        for _ in range(10):
            await pilot.press("pagedown")
        await pilot.pause()
        last = screen_text(app)
        assert "game row 50." in last and "Esc back" in last
