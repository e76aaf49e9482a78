"""The web door's login: a signed cookie naming the player and the credential they logged in with.

The cookie is `payload.signature`: the payload (name, credential, expiry, a random login id, and
how many times the player had logged out when it was made) in URL-safe base64 JSON, the signature
an HMAC-SHA256 of it under the server's secret (kept owner-only in the config folder, so logins
outlive a restart) mixed with the credential's current password: changing a password in the
password file ends every browser login made with it. A logout counts one more logout of its
player (logouts.py, on disk beside the secret): every cookie of that player made before it is
refused from then on, for the rest of its life, across restarts."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from .files import check_private, write_private
from .logouts import Logouts

NAME = "parlour_login"
LIFETIME = 24 * 3600  # seconds a browser login lasts
MAX_COOKIE = 512  # characters; anything longer is not ours


def secret_key(folder: Path) -> bytes:
    """The server's cookie secret: made on first run, kept owner-only, refused if others may read it."""
    path = folder / "web_cookie_key"
    if path.exists():
        check_private(path)
        key = path.read_bytes()
        if len(key) >= 32:
            return key
    key = secrets.token_bytes(32)
    write_private(path, key)
    return key


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Logins:
    """Makes and checks login cookies. `password_of(cred)` is the credential's password now (None
    if it no longer exists: its cookies are then refused); `logouts` the players' logout counts
    (in memory only if not given)."""

    def __init__(
        self,
        key: bytes,
        password_of: Callable[[str], str | None],
        clock: Callable[[], float] = time.time,
        logouts: Logouts | None = None,
    ) -> None:
        self.key, self.password_of, self.clock = key, password_of, clock
        self.logouts = Logouts(None) if logouts is None else logouts

    def _sign(self, payload: str, cred: str) -> str | None:
        password = self.password_of(cred)
        if password is None:
            return None
        key = hmac.new(
            self.key, hashlib.sha256(password.encode("utf-8", "surrogatepass")).digest(), hashlib.sha256
        ).digest()
        return _b64(hmac.new(key, payload.encode("ascii"), hashlib.sha256).digest())

    def make(self, name: str, cred: str) -> str:
        expiry, login = int(self.clock()) + LIFETIME, secrets.token_urlsafe(12)
        payload = _b64(json.dumps([name, cred, expiry, login, self.logouts.count(cred, name)]).encode())
        return f"{payload}.{self._sign(payload, cred)}"

    def check(self, cookie: str | None) -> tuple[str, str, str] | None:
        """(name, credential, login id) of a valid, unexpired cookie made since its player last
        logged out; else None. The cookie is the client's: anything may be in it."""
        if not cookie or len(cookie) > MAX_COOKIE or cookie.count(".") != 1:
            return None
        payload, signature = cookie.split(".")
        try:
            name, cred, expiry, login, logouts = json.loads(_unb64(payload))
        except (ValueError, TypeError):  # not base64, not JSON, not five things
            return None
        if not (isinstance(name, str) and isinstance(cred, str) and isinstance(login, str)):
            return None
        if type(expiry) is not int or type(logouts) is not int:
            return None
        good = self._sign(payload, cred)
        if good is None or not hmac.compare_digest(good, signature):
            return None
        if expiry < self.clock() or logouts != self.logouts.count(cred, name):
            return None
        return name, cred, login

    def revoke(self, cookie: str | None) -> tuple[str, str] | None:
        """Log the cookie's player out: this cookie and every other it holds stop working. The
        player's (name, credential), or None if the cookie was no login."""
        checked = self.check(cookie)
        if checked is None:
            return None
        name, cred, _ = checked
        self.logouts.logged_out(cred, name)
        return name, cred
