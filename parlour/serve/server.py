"""The SSH server: authentication, limits, and one Parlour UI process per session in a PTY.

A session can only play: shell, exec and subsystem requests all start nothing but the game UI
(an exec or subsystem request, which has no terminal, is told so and closed); port forwarding,
agent and X11 forwarding are off. The UI process gets the client's window size (and follows
its resizes), its TERM/COLORTERM, and a language and ASCII mode from its locale; it talks to the
lobby over a socket pair with JSON lines (parlour/wire.py), never through the player's terminal.
"""

from __future__ import annotations

import asyncio
import fcntl
import hmac
import ipaddress
import logging
import os
import pty
import signal
import socket
import struct
import sys
import termios
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from .. import wire
from .tables import Lobby, Member

log = logging.getLogger("parlour.serve")

READ_SIZE = 4096  # bytes taken from a client per read
MAX_BACKLOG = 64 * 1024  # keystrokes waiting for the UI beyond this are dropped (a huge paste)
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


@dataclass
class Settings:
    host: str = "127.0.0.1"
    port: int = 2222
    password_file: Path | None = None
    authorized_keys: Path | None = None
    max_connections: int = 64
    idle_timeout: float = 30 * 60
    login_timeout: float = 30
    bot_delay: float = 0.6
    save: bool = True


class ServeError(Exception):
    """A setting the server cannot start with; the message is for the person starting it."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def read_passwords(path: Path) -> dict[str | None, str]:
    """`name:password` lines bind a password to a name; a line without a colon is a password
    anyone may use (with any name). Blank lines and # comments are skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ServeError(f"cannot read the password file {path}: {error}") from None
    passwords: dict[str | None, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, password = line.partition(":")
        if sep and name and password:
            passwords[name.casefold()] = password
        else:
            passwords[None] = line
    if not passwords:
        raise ServeError(f"the password file {path} holds no password")
    return passwords


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made on first run, kept (owner-only) in the config folder."""
    path = folder / "ssh_host_ed25519_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    os.replace(tmp, path)
    return key


class Hub:
    """The running server: settings, credentials, the lobby and the live connections."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.passwords = read_passwords(settings.password_file) if settings.password_file else None
        self.keys = None
        if settings.authorized_keys:
            try:
                self.keys = asyncssh.read_authorized_keys(str(settings.authorized_keys))
            except (OSError, ValueError) as error:
                raise ServeError(f"cannot read the authorized keys {settings.authorized_keys}: {error}") from None
        if self.passwords is None and self.keys is None and not is_loopback(settings.host):
            raise ServeError(f"without --password-file or --authorized-keys Parlour only listens on "
                             f"loopback (127.0.0.1 or ::1), not on {settings.host}")
        self.lobby = Lobby(bot_delay=settings.bot_delay, save=settings.save)
        self.connections = 0
        self.sessions: set[asyncio.Task] = set()
        self.children: set[int] = set()
        self.acceptor = None
        self.port = settings.port

    @property
    def open(self) -> bool:
        return self.passwords is None and self.keys is None

    async def start(self, host_key_folder: Path) -> None:
        key = host_key(host_key_folder)
        self.acceptor = await asyncssh.create_server(
            lambda: _Server(self), self.settings.host, self.settings.port,
            server_host_keys=[key], process_factory=self._session, encoding=None,
            line_editor=False, agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            sftp_factory=None, login_timeout=self.settings.login_timeout, keepalive_interval=60,
            server_version="Parlour")
        self.port = self.acceptor.get_port()
        self.fingerprint = key.get_fingerprint()

    async def close(self) -> None:
        if self.acceptor is not None:
            self.acceptor.close()
            await self.acceptor.wait_closed()
        for pid in list(self.children):
            _kill(pid)
        for task in list(self.sessions):
            task.cancel()
        if self.sessions:
            await asyncio.wait(self.sessions, timeout=5)

    # ---- one session ---------------------------------------------------------------------------

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        task = asyncio.current_task()
        self.sessions.add(task)
        name = process.get_extra_info("username") or ""
        try:
            await self._play(process, name)
        except (asyncio.CancelledError, asyncssh.Error, ConnectionError, BrokenPipeError):
            pass
        except Exception:  # never a traceback to the client: it goes to the server log
            log.exception("session of %s failed", name)
            _say(process, "\r\nSorry, something went wrong on the server. It has been logged.\r\n")
        finally:
            self.sessions.discard(task)
            try:
                process.exit(0)
            except Exception:
                pass

    async def _play(self, process: asyncssh.SSHServerProcess, name: str) -> None:
        if process.command is not None or process.subsystem is not None:
            _say(process, "This server only plays Parlour: connect with `ssh -t` and no command.\r\n")
            return
        term = process.get_terminal_type()
        if not term:
            _say(process, "Parlour needs a terminal: connect with `ssh -t`.\r\n")
            return
        if not name or len(name) > 24 or not set(name) <= NAME_CHARS:
            _say(process, "Your user name is your name at the table: 1 to 24 letters, digits, "
                          "'.', '-' or '_'. Connect as ssh -p PORT NAME@HOST.\r\n")
            return
        cred = process.get_extra_info("parlour_cred") or "open"
        env = dict(process.env or {})
        width, height, _, _ = process.get_terminal_size()
        lang, ascii_only = client_locale(env)
        ascii_only = ascii_only or term_needs_ascii(term)  # the same rule as a local game (parlour/charset.py)
        log.info("%s connected from %s (%s, %dx%d, %s%s)", name, _peer(process), term, width, height,
                 lang, ", ascii" if ascii_only else "")
        master, slave = pty.openpty()
        set_size(master, width, height)
        ui_end, server_end = socket.socketpair()
        child_env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "COLORTERM", "NO_COLOR"))}
        child_env.update(TERM=term, LANG="C.UTF-8", PYTHONUNBUFFERED="1")
        for key in ("COLORTERM", "NO_COLOR"):
            if key in env:
                child_env[key] = str(env[key])[:64]
        args = [sys.executable, "-m", "parlour.serve.ui", "--fd", str(ui_end.fileno()), "--lang", lang]
        if ascii_only:
            args.append("--ascii")
        try:
            child = await asyncio.create_subprocess_exec(
                *args, stdin=slave, stdout=slave, stderr=slave, pass_fds=(ui_end.fileno(),),
                start_new_session=True, env=child_env)
        finally:
            os.close(slave)
            ui_end.close()
        self.children.add(child.pid)
        reader, writer = await asyncio.open_connection(sock=server_end, limit=wire.MAX_TO_SERVER)
        member = Member(name, cred, lambda message: _send(writer, message))
        os.set_blocking(master, False)
        tasks = [asyncio.create_task(self._keys_in(process, master, member)),
                 asyncio.create_task(_screen_out(process, master)),
                 asyncio.create_task(self._link(reader, member)),
                 asyncio.create_task(child.wait())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            self.lobby.leave(member)
            log.info("%s left", name)
            _kill(child.pid)
            self.children.discard(child.pid)
            writer.close()
            loop = asyncio.get_running_loop()
            loop.remove_reader(master)
            loop.remove_writer(master)
            os.close(master)
            try:
                await asyncio.wait_for(child.wait(), 5)
            except (asyncio.TimeoutError, ProcessLookupError):
                _kill(child.pid, signal.SIGKILL)

    async def _keys_in(self, process, master: int, member: Member) -> None:
        """The client's keystrokes into the PTY; resizes follow the client's window."""
        loop = asyncio.get_running_loop()
        backlog = bytearray()
        dropped = False

        def flush() -> None:
            try:
                written = os.write(master, backlog)
            except BlockingIOError:
                return
            except OSError:
                backlog.clear()
                written = 0
            del backlog[:written]
            if not backlog:
                loop.remove_writer(master)

        while True:
            try:
                data = await asyncio.wait_for(process.stdin.read(READ_SIZE), self.settings.idle_timeout)
            except asyncssh.TerminalSizeChanged as change:
                set_size(master, change.width, change.height)
                continue
            except asyncio.TimeoutError:
                log.info("%s was idle for %d s: disconnected", member.name, self.settings.idle_timeout)
                _say(process, "\r\nIdle for too long: disconnected. Your seat is kept.\r\n")
                return
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            if len(backlog) + len(data) > MAX_BACKLOG:
                if not dropped:
                    log.info("%s sent more than %d bytes at once: the rest is dropped", member.name, MAX_BACKLOG)
                    dropped = True
                data = data[: max(0, MAX_BACKLOG - len(backlog))]
            else:
                dropped = False
            if not data:
                continue
            idle = not backlog
            backlog.extend(data)
            if idle:
                flush()
                if backlog:
                    loop.add_writer(master, flush)

    async def _link(self, reader: asyncio.StreamReader, member: Member) -> None:
        """Requests from the UI process, handed to the lobby."""
        while True:
            try:
                message = await wire.read(reader)
            except wire.ProtocolError as error:
                log.warning("%s's UI sent a bad message (%s): disconnected", member.name, error)
                return
            if message is None:
                return
            self.lobby.handle(member, message)


class _Server(asyncssh.SSHServer):
    def __init__(self, hub: Hub):
        self.hub = hub
        self.conn = None
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        if self.hub.connections >= self.hub.settings.max_connections:
            log.warning("refused a connection from %s: the server is full", conn.get_extra_info("peername"))
            conn.set_extra_info(parlour_full=True)
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, "the Parlour server is full; try later")
            return
        self.hub.connections += 1
        self.counted = True
        self.hub.lobby.poke()

    def connection_lost(self, exc) -> None:
        if self.counted:
            self.hub.connections -= 1
            self.counted = False
            self.hub.lobby.poke()

    def begin_auth(self, username: str) -> bool:
        if self.hub.open:
            self.conn.set_extra_info(parlour_cred="open")
            return False
        return True

    def password_auth_supported(self) -> bool:
        return self.hub.passwords is not None

    def validate_password(self, username: str, password: str) -> bool:
        passwords = self.hub.passwords or {}
        expected = passwords.get(username.casefold(), passwords.get(None))
        ok = expected is not None and hmac.compare_digest(expected.encode(), password.encode())
        if ok:
            bound = username.casefold() in passwords
            self.conn.set_extra_info(parlour_cred=f"password:{username.casefold()}" if bound else "password")
        else:
            log.info("refused %s from %s: wrong password", username, self.conn.get_extra_info("peername"))
        return ok

    def public_key_auth_supported(self) -> bool:
        return self.hub.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        host, port = (self.conn.get_extra_info("peername") or ("", 0))[:2]
        ok = self.hub.keys.validate(key, host, host) is not None
        if ok:
            self.conn.set_extra_info(parlour_cred=f"key:{key.get_fingerprint()}")
        else:
            log.info("refused %s from %s: unknown key", username, host)
        return ok


# ---- helpers ----------------------------------------------------------------------------------


from parlour.charset import term_needs_ascii  # noqa: E402 (kept beside its one use)


def client_locale(env: dict) -> tuple[str, bool]:
    """The language and ASCII mode for a client's locale (LC_ALL, LC_CTYPE/LC_MESSAGES, LANG).
    A client that sends no locale is taken to speak English in UTF-8; one that names a non-UTF-8
    charset (or the C/POSIX locale) gets ASCII mode."""
    def get(*names):
        return next((str(env[n]) for n in names if env.get(n)), "")

    messages = get("LC_ALL", "LC_MESSAGES", "LANG")
    ctype = get("LC_ALL", "LC_CTYPE", "LANG")
    code = messages.split("_")[0].split(".")[0].lower()
    lang = code if code in ("en", "sv") else "en"
    charset = ctype.partition(".")[2].partition("@")[0].lower().replace("-", "")
    ascii_only = bool(ctype) and charset != "utf8"
    return lang, ascii_only


def set_size(fd: int, width: int, height: int) -> None:
    width, height = max(1, min(int(width or 80), 1000)), max(1, min(int(height or 24), 1000))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


async def _screen_out(process, master: int) -> None:
    """The UI's output to the client, with flow control: a client that does not read stalls only
    its own UI."""
    loop = asyncio.get_running_loop()
    while True:
        ready = loop.create_future()
        loop.add_reader(master, lambda: ready.done() or ready.set_result(None))
        try:
            await ready
        finally:
            loop.remove_reader(master)
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            continue
        except OSError:  # EIO: the UI process has gone
            return
        if not data:
            return
        process.stdout.write(data)
        await process.stdout.drain()


def _send(writer: asyncio.StreamWriter, message: dict) -> None:
    if not writer.is_closing():
        writer.write(wire.dump(message))


def _say(process, text: str) -> None:
    try:
        process.stdout.write(text.encode("utf-8"))
    except Exception:
        pass


def _peer(process) -> str:
    peer = process.get_extra_info("peername")
    return str(peer[0]) if peer else "?"


def _kill(pid: int, sig: int = signal.SIGHUP) -> None:
    try:
        os.killpg(pid, sig)  # the UI runs in its own session: its whole group
    except (ProcessLookupError, PermissionError):
        pass


# ---- the command -----------------------------------------------------------------------------


def setup_logging(folder: Path, stderr: bool = True) -> Path:
    """Joins, leaves and refusals to `folder`/serve.log (and stderr)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "serve.log"
    logger = logging.getLogger("parlour.serve")
    for handler in list(logger.handlers):  # a second server in one process logs to its own folder
        logger.removeHandler(handler)
        handler.close()
    logger.setLevel(logging.INFO)
    logger.propagate = False
    formatter = logging.Formatter("%(asctime)s %(levelname)s %(message)s")
    handlers = [logging.FileHandler(path, encoding="utf-8")] + ([logging.StreamHandler(sys.stderr)] if stderr else [])
    for handler in handlers:
        handler.setFormatter(formatter)
        logger.addHandler(handler)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return path


def run(settings: Settings) -> int:
    """`parlour serve`: run until Ctrl+C."""
    from parlour.config import config_dir, data_dir

    try:
        hub = Hub(settings)
    except ServeError as error:
        print(f"parlour serve: {error}", file=sys.stderr)
        return 2
    log_path = setup_logging(data_dir())

    async def main() -> None:
        await hub.start(config_dir())
        where = settings.host if settings.host not in ("0.0.0.0", "::", "") else "THIS-HOST"
        print(f"Parlour serves on {settings.host} port {hub.port}; players join with: "
              f"ssh -p {hub.port} NAME@{where}", file=sys.stderr)
        print(f"Host key {hub.fingerprint}; log in {log_path}", file=sys.stderr)
        if hub.open:
            print("No --password-file or --authorized-keys: listening on loopback only, and anyone "
                  "on this machine may join under any name.", file=sys.stderr)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        print("Parlour serve: stopping.", file=sys.stderr)
        await hub.close()

    try:
        asyncio.run(main())
    except OSError as error:
        print(f"parlour serve: cannot listen on {settings.host} port {settings.port}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    return 0
