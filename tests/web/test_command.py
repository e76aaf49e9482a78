"""`parlour web`'s command line, without a browser: loopback unless --public, and a clear
message (no traceback) when it cannot listen."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from parlour.cli import main
from parlour.fronts.web import app_command, is_loopback


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("127.0.0.1", True),
        ("127.3.4.5", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("example.org", False),
    ],
)
def test_only_loopback_addresses_count_as_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_listening_beyond_loopback_is_refused_without_public_and_says_what_it_would_expose(capsys):
    assert main(["web", "--host", "0.0.0.0", "--port", "8123"]) == 2
    error = capsys.readouterr().err
    assert "refusing" in error and "--public" in error
    assert "no password" in error and "every save" in error


def test_each_tab_runs_this_parlour_with_the_display_options():
    command = app_command(["--bot-delay", "0", "--lang", "sv"])
    assert command.startswith("exec ") and sys.executable in command
    assert command.endswith("-m parlour --bot-delay 0 --lang sv")


def test_a_taken_port_gets_a_message_not_a_traceback(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "parlour", "web", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={"PARLOUR_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )
    assert done.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


async def test_only_a_loopback_name_and_this_servers_own_page_are_served(parlour_env):
    """Issue 42: a site a local browser visits can neither reach `parlour web` under a name of its
    own (DNS rebinding) nor open its WebSocket from its own page (cross-site WebSocket hijacking)."""
    import aiohttp

    from .harness import web_server

    with web_server(parlour_env) as (url, _pid):
        port = url.rsplit(":", 1)[1].strip("/")
        async with aiohttp.ClientSession() as browser:
            assert (await browser.get(url)).status == 200
            assert (await browser.get(url, headers={"Host": f"evil.example:{port}"})).status == 403
            ws_url = f"ws://127.0.0.1:{port}/ws"
            for origin in ("http://evil.example", f"http://evil.example:{port}", "null"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await browser.ws_connect(ws_url, headers={"Origin": origin})
                assert refused.value.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # a rebound page: its own Origin and Host
                await browser.ws_connect(
                    ws_url, headers={"Origin": f"http://evil.example:{port}", "Host": f"evil.example:{port}"}
                )
            assert refused.value.status == 403
            ws = await browser.ws_connect(ws_url, headers={"Origin": f"http://127.0.0.1:{port}"})
            assert (await ws.receive(timeout=60)).type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
            await ws.close()
