"""How many passwords one address can try against `parlour serve` in a minute.

    .venv/bin/python tools/ssh_guesses.py [--seconds 60] [--connections 4]

Starts a server on loopback (password file with one name-bound password, temporary folders),
then guesses wrong passwords for `--seconds` from 127.0.0.1 over `--connections` connections at
once, each offering guesses until the server stops asking or closes it, then reconnecting. It
prints the guesses the server judged, scaled to one minute. Works against older servers too
(only Hub, Settings and setup_logging are used)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh


class Guesser(asyncssh.SSHClient):
    def __init__(self, counter: list[int], stop: float):
        self.counter, self.stop = counter, stop

    def password_auth_requested(self) -> str | None:
        if time.monotonic() >= self.stop:
            return None
        self.counter[0] += 1
        return f"wrong-{self.counter[0]}"


async def attacker(port: int, counter: list[int], stop: float) -> None:
    while time.monotonic() < stop:
        try:
            await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1",
                    port,
                    username="ann",
                    known_hosts=None,
                    client_keys=None,
                    agent_path=None,
                    preferred_auth="password",
                    client_factory=lambda: Guesser(counter, stop),
                ),
                max(0.1, stop - time.monotonic()),
            )
        except (TimeoutError, asyncssh.Error, OSError):
            pass


async def main(seconds: float, connections: int) -> None:
    from parlour.fronts.serve.server import Hub, Settings, setup_logging
    from parlour.services.config import config_dir, data_dir

    folder = Path(os.environ["PARLOUR_DATA_DIR"]).parent
    passwords = folder / "passwords"
    passwords.write_text("ann:the-right-one\n")
    passwords.chmod(0o600)
    setup_logging(data_dir(), stderr=False)
    hub = Hub(Settings(host="127.0.0.1", port=0, password_file=passwords, save=False))
    await hub.start(config_dir())
    judged = [0]
    if hasattr(hub, "check_password"):  # the server after issue 13 (its log is rate-limited)
        check = hub.check_password

        def counted(*args: Any) -> Any:
            judged[0] += 1
            return check(*args)

        hub.check_password = counted  # type: ignore[method-assign, assignment]  # counts, then judges as before
    counter = [0]
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(attacker(hub.port, counter, stop) for _ in range(connections)))
    took = time.monotonic() - start
    await hub.close()
    log = (data_dir() / "serve.log").stat().st_size
    if not hasattr(hub, "check_password"):  # before issue 13 every judged guess wrote a line
        judged[0] = (data_dir() / "serve.log").read_text().count("wrong password")
    print(
        f"{judged[0]} guesses judged ({counter[0]} offered) in {took:.1f} s from one address, "
        f"{connections} connections at a time: {judged[0] * 60 / took:,.0f} guesses per minute; "
        f"serve.log {log:,} bytes"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PARLOUR_DATA_DIR"] = f"{tmp}/data"
        os.environ["PARLOUR_CONFIG_DIR"] = f"{tmp}/config"
        sys.exit(asyncio.run(main(args.seconds, args.connections)))
