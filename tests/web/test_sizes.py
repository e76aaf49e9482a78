"""Finding 4 of issue 28: a tab's screen size is bounded however a page asks for it (the
WebSocket's query and its `resize` messages), before any process is told of it. No browser."""

from __future__ import annotations

from textual_serve.app_service import AppService

from parlour.fronts.web.web_server import TabService


class NoSpare:
    async def take(self):
        return None


async def test_a_tab_never_gets_a_screen_larger_than_a_screen_can_use(monkeypatch):
    opened, resized = [], []

    async def open_process(self, width=80, height=24):
        opened.append((width, height))

    async def send_meta(self, data):
        resized.append((data["width"], data["height"]))

    monkeypatch.setattr(AppService, "_open_app_process", open_process)
    monkeypatch.setattr(AppService, "send_meta", send_meta)
    service = TabService(NoSpare(), "true", write_bytes=None, write_str=None, close=None, download_manager=None)
    await service._open_app_process(100_000, 100_000)  # /ws?width=100000&height=100000
    for width, height in ((3000, 3000), (-5, 0), ("90", "30"), (1e300, float("nan")), ([1], {"a": 2}), (True, 7)):
        await service.set_terminal_size(width, height)  # {"type": "resize", ...} as the page sent it
    assert opened == [(500, 200)]
    assert resized == [(500, 200), (1, 1), (90, 30), (500, 24), (80, 24), (1, 7)]
