"""What both halves of `parlour web` read (the command in __init__.py, the server in web_server.py):
the page's templates and title, and whether an address is this machine's alone."""

from __future__ import annotations

import ipaddress
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "templates"


def page_title() -> str:
    from parlour.services.words.i18n import games_title

    return games_title()


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to anything, so it is not loopback
        return False
