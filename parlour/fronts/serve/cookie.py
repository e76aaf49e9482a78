"""The web door's login: a signed cookie naming the player and the credential they logged in with.

The cookie is `payload.signature`: the payload (name, credential, expiry, a random login id) in
URL-safe base64 JSON, the signature an HMAC-SHA256 of it under the server's secret (kept
owner-only in the config folder, so logins outlive a restart) mixed with the credential's current
password: changing a password in the password file ends every browser login made with it. A
logout revokes the login id until its cookie would have expired anyway."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from pathlib import Path

from .files import check_private, write_private

NAME = "parlour_login"
LIFETIME = 24 * 3600  # seconds a browser login lasts
MAX_COOKIE = 512  # characters; anything longer is not ours
MAX_REVOKED = 10_000  # logouts remembered at once (the soonest to expire are forgotten first)


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
    if it no longer exists: its cookies are then refused)."""

    def __init__(self, key: bytes, password_of, clock=time.time):
        self.key, self.password_of, self.clock = key, password_of, clock
        self.revoked: dict[str, float] = {}  # login id -> when its cookie expires

    def _sign(self, payload: str, cred: str) -> str | None:
        password = self.password_of(cred)
        if password is None:
            return None
        key = hmac.new(
            self.key, hashlib.sha256(password.encode("utf-8", "surrogatepass")).digest(), hashlib.sha256
        ).digest()
        return _b64(hmac.new(key, payload.encode("ascii"), hashlib.sha256).digest())

    def make(self, name: str, cred: str) -> str:
        payload = _b64(json.dumps([name, cred, int(self.clock()) + LIFETIME, secrets.token_urlsafe(12)]).encode())
        return f"{payload}.{self._sign(payload, cred)}"

    def check(self, cookie: str | None) -> tuple[str, str, str] | None:
        """(name, credential, login id) of a valid, unexpired, unrevoked cookie; else None. The
        cookie is the client's: anything may be in it."""
        if not cookie or len(cookie) > MAX_COOKIE or cookie.count(".") != 1:
            return None
        payload, signature = cookie.split(".")
        try:
            name, cred, expiry, login = json.loads(_unb64(payload))
        except (ValueError, TypeError):  # not base64, not JSON, not four things
            return None
        if not (isinstance(name, str) and isinstance(cred, str) and type(expiry) is int and isinstance(login, str)):
            return None
        good = self._sign(payload, cred)
        if good is None or not hmac.compare_digest(good, signature):
            return None
        if expiry < self.clock() or login in self.revoked:
            return None
        return name, cred, login

    def revoke(self, cookie: str | None) -> None:
        checked = self.check(cookie)
        if cookie is None or checked is None:  # (check passes no None cookie)
            return
        payload = json.loads(_unb64(cookie.split(".")[0]))
        now = self.clock()
        for login, expiry in list(self.revoked.items()):
            if expiry < now:
                del self.revoked[login]
        if len(self.revoked) >= MAX_REVOKED:
            del self.revoked[min(self.revoked, key=self.revoked.__getitem__)]
        self.revoked[checked[2]] = payload[2]
