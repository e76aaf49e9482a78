"""aiohttp's module-level setting that Parlour changes (aiohttp comes with textual-serve; its
server answers `parlour serve --web-port`). Checked by tests/ssh/test_web_door_holds.py."""

from __future__ import annotations


def name_the_server(name: str) -> None:
    """Every answer of aiohttp's server in this process says `Server: <name>`, not aiohttp's and
    Python's versions: its own error answers too (a malformed request is answered before any
    application, middleware or signal sees it). aiohttp fills the header from
    `web_response.SERVER_SOFTWARE` into any response that has none. Public stand-in: none."""
    from aiohttp import web_response

    web_response.SERVER_SOFTWARE = name
