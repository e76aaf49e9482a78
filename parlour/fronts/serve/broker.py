"""What the workers of `parlour serve --workers N --broker redis://…` share, kept in Redis: the
lobby's lines, the routing of a table's messages, names, connections per credential and a
lease per save. Imported only when a broker is given (redis-py, the `broker` extra).

Keys (all under PREFIX):
- `worker:ID` (expires): the worker is alive; renewed every HEARTBEAT seconds by its Heartbeat
  thread while its event loop has run within HUNG seconds ("TIME LATE": when, and the seconds
  since its loop last ran).
- `workers` (set): the workers that have said they exist (a dead one is dropped once its
  `worker:` key is gone).
- `lines:ID` (hash, expires with its worker): the lobby lines of the tables that worker holds.
- `conns:ID` (hash, expires with its worker): its logged-in connections per credential.
- `names`, `looks`, `name_counts`, `names_hour:CRED`: the name book (parlour/fronts/serve/names.py).
- `playing` (hash): which worker plays each name now (a newer login elsewhere closes it there).
- `numbers`: the tables' numbers, handed out in blocks.
- `lease:PATH` (expires): which worker writes a save; `saves` (hash): every leased save and its
  worker, so a save whose lease lapsed (its worker died or hangs) is found and reopened.
- channels `to:ID` (one worker's messages), `lobby` (the lines changed) and `guard` (login
  failures and tries, shared_guard.py).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

PREFIX = "parlour:"
HEARTBEAT = 1.0  # seconds between a worker's renewals
# Seconds a worker's liveness and its saves' leases last without a renewal: five beats, so that a
# worker whose loop is held up for a moment (a busy machine) is not taken for dead.
LEASE = 5.0
# Seconds an event loop may go without running before its worker is taken for hung. A crowd
# logging in holds a worker's loop for seconds at a time (key exchanges, app starts): that worker
# is busy, and stopping it would throw its players and tables out. A loop that has not run for
# this long is stuck (an endless loop); a stopped or dead process stops beating at once.
HUNG = 30.0
NUMBERS = 100  # table numbers taken at once
POOL = 64  # connections to the broker a worker uses at most (a crowd's calls wait their turn)

log = logging.getLogger("parlour.fronts.serve")

# A new name is bound atomically, with the checks of names.NameBook.refusal (which words the
# answers): its owner, a look-alike, the book full, the credential's names and its names an hour.
_CLAIM = """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if owner then
  if owner == ARGV[3] then return 'ok' end
  return 'owned'
end
local twin = redis.call('HGET', KEYS[2], ARGV[2])
if twin then return 'look:' .. twin end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 'full' end
if tonumber(redis.call('HGET', KEYS[3], ARGV[3]) or '0') >= tonumber(ARGV[5]) then return 'names' end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', tonumber(ARGV[7]) - 3600)
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[6]) then return 'hour' end
redis.call('ZADD', KEYS[4], ARGV[7], ARGV[1])
redis.call('EXPIRE', KEYS[4], 3600)
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
return 'ok'
"""

# A lease renewed only by its holder (a lapsed one taken by another stays theirs).
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""

# A lease given back only by its holder.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('HDEL', KEYS[2], ARGV[2])
end
return 0
"""


# Who plays a name now: KEYS[1] the `playing` hash, KEYS[2] the key prefix of living workers;
# ARGV: the name's form, this worker, the login (a browser's login id, or ""), shared ("1" or "").
# 'ok' (it is this worker's now), 'busy' (a shared credential's player elsewhere keeps it) or
# 'kick:WORKER' (a newer login with the same player's credential: the older one there is closed).
_PLAYING = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
local mine = ARGV[2] .. ' ' .. ARGV[3]
if old and old ~= mine then
  local worker, login = string.match(old, '^(%S+) ?(.*)$')
  if worker ~= ARGV[2] and redis.call('EXISTS', KEYS[2] .. worker) == 1 then
    if ARGV[4] == '1' and (ARGV[3] == '' or login ~= ARGV[3]) then return 'busy' end
    redis.call('HSET', KEYS[1], ARGV[1], mine)
    return 'kick:' .. worker
  end
end
redis.call('HSET', KEYS[1], ARGV[1], mine)
return 'ok'
"""

# A name let go by the worker playing it (a newer login elsewhere keeps it).
_LET_GO = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and string.match(old, '^(%S+)') == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
"""


# A worker that ended (its supervisor says so, workers.py): its keys, its saves' leases and the
# names it played. KEYS[1] the prefix; ARGV[1] the worker.
_FORGET = """
local p, w = KEYS[1], ARGV[1]
redis.call('DEL', p .. 'worker:' .. w, p .. 'lines:' .. w, p .. 'conns:' .. w)
redis.call('SREM', p .. 'workers', w)
local saves = redis.call('HGETALL', p .. 'saves')
for i = 1, #saves, 2 do
  if saves[i + 1] == w and redis.call('GET', p .. 'lease:' .. saves[i]) == w then
    redis.call('DEL', p .. 'lease:' .. saves[i])
  end
end
local playing = redis.call('HGETALL', p .. 'playing')
for i = 1, #playing, 2 do
  if string.match(playing[i + 1], '^(%S+)') == w then redis.call('HDEL', p .. 'playing', playing[i]) end
end
return 0
"""


def forget_worker(client: Any, worker: str) -> None:
    """Let go of what an ended worker held (`client`: a synchronous redis-py client)."""
    client.eval(_FORGET, 1, PREFIX, worker)


class BrokerError(Exception):
    """The broker cannot be used; the message is for the person starting the server."""


def check_url(url: str) -> str:
    """A broker URL the server can use: redis://HOST[:PORT][/DB] (or rediss://, unix://)."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss", "unix") or not (parts.hostname or parts.path):
        raise BrokerError(f"--broker takes a Redis URL such as redis://127.0.0.1:6379/0, not {url!r}")
    return url


class Broker:
    """One worker's link to the broker: its id, a client, and the calls the workers share."""

    def __init__(self, url: str, worker: str | None = None):
        self.url = check_url(url)
        self.id = worker or secrets.token_hex(6)
        self.redis: Any = None
        self.pubsub: Any = None
        self._claim: Any = None
        self._playing: Any = None
        self._let_go: Any = None
        self._release: Any = None

    async def connect(self) -> None:
        import redis.asyncio as redis  # (the broker extra: only a server given --broker needs it)

        try:
            # A blocking pool: a crowd's calls past POOL wait for a connection (redis-py's default
            # pool refuses them: "Too many connections", and those players were told the server
            # cannot check names).
            pool = redis.BlockingConnectionPool.from_url(
                self.url, decode_responses=True, health_check_interval=10, max_connections=POOL, timeout=20
            )
            self.redis = redis.Redis.from_pool(pool)
            await self.redis.ping()
        except (redis.RedisError, OSError, ValueError) as error:
            raise BrokerError(f"cannot reach the broker at {self.url}: {error}") from None
        self._claim = self.redis.register_script(_CLAIM)
        self._playing = self.redis.register_script(_PLAYING)
        self._let_go = self.redis.register_script(_LET_GO)
        self._release = self.redis.register_script(_RELEASE)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(self.channel(self.id), PREFIX + "lobby", PREFIX + "guard")
        await self.redis.sadd(PREFIX + "workers", self.id)
        await self.alive()

    async def close(self) -> None:
        if self.redis is None:
            return
        try:
            await self.redis.delete(
                PREFIX + f"worker:{self.id}", PREFIX + f"lines:{self.id}", PREFIX + f"conns:{self.id}"
            )
            await self.redis.srem(PREFIX + "workers", self.id)
            await self.pubsub.aclose()
        finally:
            await self.redis.aclose()

    @staticmethod
    def channel(worker: str) -> str:
        return PREFIX + f"to:{worker}"

    # ---- liveness -------------------------------------------------------------------------------
    # (Heartbeat, below, renews the worker's key and its leases from a thread; `alive` is the
    # first beat, when the worker joins.)

    async def alive(self) -> None:
        ms = int(LEASE * 1000)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(PREFIX + f"worker:{self.id}", str(time.time()), px=ms)
            pipe.pexpire(PREFIX + f"lines:{self.id}", ms)
            pipe.pexpire(PREFIX + f"conns:{self.id}", ms)
            await pipe.execute()

    async def living(self) -> set[str]:
        """The workers alive now (those whose heartbeat lapsed are forgotten)."""
        known = sorted(await self.redis.smembers(PREFIX + "workers"))
        if not known:
            return set()
        flags = await self.redis.mget([PREFIX + f"worker:{w}" for w in known])
        dead = [w for w, flag in zip(known, flags) if flag is None]
        if dead:
            await self.redis.srem(PREFIX + "workers", *dead)
        return {w for w, flag in zip(known, flags) if flag is not None}

    # ---- the lobby ------------------------------------------------------------------------------

    async def put_lines(self, lines: dict[int, str]) -> None:
        """This worker's tables' lines (JSON each), replacing what it said before; others are told."""
        key = PREFIX + f"lines:{self.id}"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(key)
            if lines:
                pipe.hset(key, mapping={str(k): v for k, v in lines.items()})
                pipe.pexpire(key, int(LEASE * 1000))
            pipe.publish(PREFIX + "lobby", self.id)
            await pipe.execute()

    async def lines(self, workers: set[str]) -> dict[str, dict[str, str]]:
        """Every other living worker's lines: {worker: {table number: JSON}}."""
        others = sorted(workers - {self.id})
        if not others:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for worker in others:
                pipe.hgetall(PREFIX + f"lines:{worker}")
            found = await pipe.execute()
        return dict(zip(others, found))

    async def numbers(self) -> range:
        """A block of table numbers no other worker or host will use."""
        end = await self.redis.incrby(PREFIX + "numbers", NUMBERS)
        return range(end - NUMBERS + 1, end + 1)

    async def send(self, messages: list[tuple[str, str]]) -> None:
        """(worker, JSON) messages, published in order (worker "*": to every worker's guard)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for worker, text in messages:
                pipe.publish(PREFIX + "guard" if worker == "*" else self.channel(worker), text)
            await pipe.execute()

    # ---- names and connections ------------------------------------------------------------------

    async def claim_name(self, key: str, look: str, cred: str, max_names: int, names: int, per_hour: int) -> str:
        """'ok', 'owned', 'look:FORM', 'full', 'names' or 'hour' (see _CLAIM)."""
        keys = [PREFIX + "names", PREFIX + "looks", PREFIX + "name_counts", PREFIX + f"names_hour:{cred}"]
        return str(await self._claim(keys=keys, args=[key, look, cred, max_names, names, per_hour, time.time()]))

    async def import_names(self, owners: dict[str, str]) -> None:
        """A name book kept before the broker: each name stays with its owner."""
        from .lookalike import skeleton

        for key, cred in owners.items():
            if await self.redis.hsetnx(PREFIX + "names", key, cred):
                await self.redis.hsetnx(PREFIX + "looks", skeleton(key), key)
                await self.redis.hincrby(PREFIX + "name_counts", cred, 1)

    async def play(self, key: str, login: str, shared: bool) -> str:
        """This worker plays the name `key` now: 'ok', 'busy' or 'kick:WORKER' (see _PLAYING)."""
        keys = [PREFIX + "playing", PREFIX + "worker:"]
        return str(await self._playing(keys=keys, args=[key, self.id, login, "1" if shared else ""]))

    async def let_go(self, key: str) -> None:
        await self._let_go(keys=[PREFIX + "playing"], args=[key, self.id])

    async def put_connections(self, by_cred: dict[str, int]) -> None:
        key = PREFIX + f"conns:{self.id}"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(key)
            if by_cred:
                pipe.hset(key, mapping={k: str(v) for k, v in by_cred.items()})
                pipe.pexpire(key, int(LEASE * 1000))
            await pipe.execute()

    async def connections(self, workers: set[str]) -> dict[str, int]:
        """The other living workers' logged-in connections per credential, added up."""
        others = sorted(workers - {self.id})
        total: dict[str, int] = {}
        if not others:
            return total
        async with self.redis.pipeline(transaction=False) as pipe:
            for worker in others:
                pipe.hgetall(PREFIX + f"conns:{worker}")
            for found in await pipe.execute():
                for cred, n in found.items():
                    total[cred] = total.get(cred, 0) + int(n)
        return total

    # ---- leases ---------------------------------------------------------------------------------

    async def take_lease(self, save: str) -> bool:
        """This worker writes `save` from now on, unless another living one does."""
        taken = await self.redis.set(PREFIX + f"lease:{save}", self.id, nx=True, px=int(LEASE * 1000))
        if taken:
            await self.redis.hset(PREFIX + "saves", save, self.id)
        return bool(taken)

    async def renew_leases(self, saves: list[str]) -> list[str]:
        """Renew this worker's leases; returns the saves whose lease it lost (lapsed, taken)."""
        ms = int(LEASE * 1000)
        async with self.redis.pipeline(transaction=False) as pipe:
            for save in saves:
                pipe.eval(_RENEW, 1, PREFIX + f"lease:{save}", self.id, ms)
            kept = await pipe.execute()
        return [save for save, ok in zip(saves, kept) if not ok]

    async def release_lease(self, save: str) -> None:
        await self._release(keys=[PREFIX + f"lease:{save}", PREFIX + "saves"], args=[self.id, save])

    async def lapsed(self) -> list[str]:
        """Saves leased once whose lease lapsed: their worker died or hangs."""
        saves = sorted(await self.redis.hkeys(PREFIX + "saves"))
        if not saves:
            return []
        held = await self.redis.mget([PREFIX + f"lease:{s}" for s in saves])
        return [s for s, holder in zip(saves, held) if holder is None]

    async def forget_save(self, save: str) -> None:
        """A save no longer played (finished, or gone): nobody needs to reopen it."""
        await self.redis.hdel(PREFIX + "saves", save)


def beating(ticked: float, now: float) -> bool:
    """Whether a worker whose event loop last ran at `ticked` still beats at `now` (monotonic
    seconds): a loop late by less than HUNG is busy, not hung."""
    return now - ticked < HUNG


class Heartbeat(threading.Thread):
    """A worker's heartbeat (`worker:ID`, its lobby lines' and connections' expiry) and its saves'
    leases, renewed every HEARTBEAT seconds from a thread with a broker client of its own, for as
    long as the worker's event loop has run (`tick`) within HUNG seconds.

    Why a thread: beaten from the event loop, the beat waited behind whatever the loop was doing.
    A crowd logging in held a loop over LEASE seconds; its heartbeat lapsed, the supervisor
    (workers.Watch) killed the worker as hung, and its tables' leases lapsed too (closed there,
    reopened elsewhere): every player in it thrown out for being busy. The thread beats while
    the loop works; a process stopped (SIGSTOP) or dead stops beating at once, a loop stuck for
    HUNG seconds a moment later, and then its key lapses and it is stopped and replaced."""

    def __init__(
        self, url: str, worker: str, leases: Callable[[], list[str]], clock: Callable[[], float] = time.monotonic
    ):
        super().__init__(name="parlour-heartbeat", daemon=True)
        self.url, self.worker, self.leases, self.clock = url, worker, leases, clock
        self.ticked = clock()  # when the event loop last ran (set from the loop)
        self.stopping = threading.Event()
        self.beats = 0  # beats written, and beats withheld because the loop hangs (tests wait on them)
        self.withheld = 0
        self.changed = threading.Condition()

    def tick(self) -> None:
        """The event loop ran (called from it every HEARTBEAT seconds)."""
        self.ticked = self.clock()

    def stop(self) -> None:
        self.stopping.set()

    def run(self) -> None:
        import redis

        client = redis.Redis.from_url(self.url, decode_responses=True, socket_timeout=2)
        failing = False
        try:
            while not self.stopping.wait(HEARTBEAT):
                now = self.clock()
                late, hung = now - self.ticked, not beating(self.ticked, now)
                if not hung:
                    try:
                        self.beat(client, late)
                        failing = False
                    except (redis.RedisError, OSError) as error:  # (said once until it works again)
                        if not failing:
                            log.warning("cannot reach the broker for the heartbeat: %s", error)
                        failing = True
                        continue
                elif not self.withheld:
                    log.warning("the event loop has not run for %.0f s: no heartbeat (the worker hangs)", HUNG)
                with self.changed:
                    if hung:
                        self.withheld += 1
                    else:
                        self.beats += 1
                    self.changed.notify_all()
        finally:
            client.close()

    def beat(self, client: Any, late: float) -> None:
        """One beat; the key says when, and how long ago the loop last ran (tools/ssh_crowd.py
        reads it: how busy a worker was)."""
        ms = int(LEASE * 1000)
        with client.pipeline(transaction=False) as pipe:
            pipe.set(PREFIX + f"worker:{self.worker}", f"{time.time():.3f} {late:.1f}", px=ms)
            pipe.pexpire(PREFIX + f"lines:{self.worker}", ms)
            pipe.pexpire(PREFIX + f"conns:{self.worker}", ms)
            for save in self.leases():
                pipe.eval(_RENEW, 1, PREFIX + f"lease:{save}", self.worker, ms)
            pipe.execute()
