"""Fuzzing that stays: the engine driven in-process with generated hostile lines (bytes and JSON),
generated play (legal, mutated, out of turn) for all three games, and generated save corruptions.

The normal run takes a few seconds. The long run (100,000 lines, 2,000 games per game) is
`PARLOUR_FUZZ=long .venv/bin/python -m pytest tests/fuzz -m fuzz_long -q` (see README, Testing)."""

from __future__ import annotations

import io
import json
import os
import random
import resource
import time
from dataclasses import dataclass

import pytest
from hypothesis import given, settings, strategies as st

from parlour.fronts import engine
from parlour.fronts.engine import EngineSession as Session
from parlour.rules import log, registry
from parlour.rules.codec import encode
from parlour.services import saves

from .progress import lean

LONG = os.environ.get("PARLOUR_FUZZ") == "long"
KINDS = {"bad-json", "bad-command", "no-game", "bad-action", "rejected", "bad-save", "io"}
GAMES = ("garfield", "filmis", "smurf")
MOST_LEGAL = 12  # no seat is offered more at once: a choice is a few small decisions (finding 12)
WHOLE_GAME = 200_000  # attempts: a guard, far beyond any game the leaning player plays (< 2,000)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["cmd", "game", "players", "seed", "rig", "options", "seat", "action", "as", "since", "path"]
commands = st.fixed_dictionaries(
    {"cmd": st.sampled_from(["games", "new", "legal", "view", "state", "act", "events", "help", "x"])},
    optional={name: json_values for name in FIELDS[1:-1]},
)


def answered(session: Session, line) -> dict:
    """The one answer to a line, checked to be of a documented kind and UTF-8 JSON."""
    text = session.reply(line)
    text.encode("utf-8")  # never a lone surrogate
    answer = json.loads(text)
    assert answer["ok"] is True or answer["error"] in KINDS, answer
    return answer


def started(game: str, seed: int) -> Session:
    session = Session()
    players = ["Ann", "Bob", "Cid"][: registry.get(game).min_players + seed % 2]
    assert answered(session, json.dumps({"cmd": "new", "game": game, "players": players, "seed": seed}))["ok"]
    return session


@given(st.binary(max_size=300))
def test_random_bytes_always_get_a_documented_answer(data):
    out = io.BytesIO()
    engine.run(io.BytesIO(data + b"\n"), out)
    for line in out.getvalue().decode("utf-8").splitlines():
        answer = json.loads(line)
        assert answer["ok"] is True or answer["error"] in KINDS


@given(st.sampled_from(GAMES), commands)
def test_generated_commands_get_a_documented_answer(game, request):
    answered(started(game, 1), json.dumps(request))


def mutate(rnd: random.Random, action: dict) -> dict:
    action = dict(action)
    choice = rnd.randrange(4)
    if choice == 0 and len(action) > 1:
        action.pop(rnd.choice([k for k in action if k != "type"]))
    elif choice == 1:
        action[rnd.choice(list(action))] = rnd.choice([None, 7, -1, "X", [], {}, True, "\u00e9"])
    elif choice == 2:
        action["extra"] = 1
    else:
        action["type"] = rnd.choice(["Roll", "Move", "PlayCard", "GiveUp", "Start", "Acted"])
    return action


@dataclass
class Played:
    done: int = 0  # actions carried out
    tried: int = 0  # act lines sent
    widest: int = 0  # the most legal actions any seat was offered at once (finding 12)


def play(game: str, seed: int, steps: int | None) -> Played:
    """Random play mixing legal, mutated and out-of-turn actions; checks each answer, and that no
    seat is ever offered more than MOST_LEGAL actions. `steps` caps the attempts; None plays the
    game to its end."""
    rnd, session = random.Random(seed), started(game, seed)
    played = Played()
    for _ in range(steps or WHOLE_GAME):
        table = session.table
        if table.result() is not None:
            break
        offered = [table.legal_actions(s) for s in range(len(table.players))]
        played.widest = max(played.widest, *map(len, offered))
        assert played.widest <= MOST_LEGAL, (game, seed, offered)
        waiting = [s for s in table.to_act() if s is not None]
        seat = rnd.choice(waiting) if rnd.random() < 0.8 else rnd.randrange(len(table.players))
        if rnd.random() < 0.05:  # the engine's own answer for that seat, as a client sees it
            answer = answered(session, json.dumps({"cmd": "legal", "seat": seat}))
            assert answer["actions"] == [encode(a) for a in offered[seat]]
        legal = offered[seat]
        action = encode(lean(game, table.state, seat, legal, rnd)) if legal else {"type": "Roll"}
        legit = seat in waiting and bool(legal)
        if rnd.random() < 0.25:
            action, legit = mutate(rnd, action), False
        before = len(table.events)
        answer = answered(session, json.dumps({"cmd": "act", "seat": seat, "action": action}))
        if legit:
            assert answer["ok"], answer
        if not answer["ok"]:
            assert len(table.events) == before  # a refusal changes nothing
        played.done += answer["ok"]
        played.tried += 1
    if steps is None:
        assert session.table.result() is not None, f"{game} seed {seed}: no end in {WHOLE_GAME} attempts"
    saved = log.loads(log.dumps(session.table.header, session.table.events))  # once a game: it is O(game)
    assert saved.events == session.table.events and saved.state == session.table.state
    return played


@given(st.sampled_from(GAMES), st.integers(0, 2**16))
@settings(max_examples=12)
def test_generated_play_is_judged_right_and_round_trips(game, seed):
    play(game, seed, 120)


def corrupt(rnd: random.Random, data: bytes) -> bytes:
    at = rnd.randrange(len(data))
    kind = rnd.randrange(5)
    if kind == 0:
        return data[:at] + bytes([data[at] ^ (1 << rnd.randrange(8))]) + data[at + 1 :]
    if kind == 1:
        return data[:at]  # torn
    if kind == 2:
        return data[:at] + data[at + 1 :]
    if kind == 3:
        return data[:at] + rnd.choice([b"\n", b"\xff", b"\x00", b"{", b"\r\n", b" "]) + data[at:]
    return b"\xef\xbb\xbf" + data.replace(b"\n", b"  \r\n") + b"\n"  # what an editor does


@given(st.integers(0, 2**16))
@settings(max_examples=25)
def test_corrupted_saves_load_or_are_refused_naming_the_line(tmp_path_factory, seed):
    rnd = random.Random(seed)
    session = started(rnd.choice(GAMES), seed)
    play_table = session.table
    text = log.dumps(play_table.header, play_table.events).encode()
    path = tmp_path_factory.mktemp("saves") / "c.jsonl"
    path.write_bytes(corrupt(rnd, text))
    try:
        loaded = saves.read(path)
    except saves.SaveError as error:
        assert "line " in str(error) or "empty" in str(error), error
    else:  # what loads is a prefix of the game, and it goes on
        assert loaded.events == play_table.events[: len(loaded.events)]


# ---- the long run ----------------------------------------------------------------------------


@pytest.mark.fuzz_long
@pytest.mark.skipif(not LONG, reason="the long fuzz run: PARLOUR_FUZZ=long")
def test_long_run_engine_lines():
    lines = int(os.environ.get("PARLOUR_FUZZ_LINES", 100_000))
    rnd = random.Random(15)
    session = started("garfield", 1)
    rss = []
    for n in range(lines):
        kind = n % 4
        if kind == 0:
            line = bytes(rnd.randrange(256) for _ in range(rnd.randrange(120)))
        elif kind == 1:
            line = json.dumps(_random_command(rnd))
        elif kind == 2:
            depth = rnd.choice([10, 40, 2000])
            line = '{"cmd":"new","game":"smurf","players":["A","B"],"seed":' + "[" * depth + "1" + "]" * depth + "}"
        else:
            seat, low, as_ = (
                rnd.randrange(-1, 4),
                rnd.randrange(0x800, 0xFFF),
                rnd.choice(['"0"', "0", "null", "1e400"]),
            )
            line = f'{{"cmd":"act","seat":{seat},"action":{{"type":"PlayCard","card":"\\ud{low:03x}"}},"as":{as_}}}'
        answered(session, line)
        if n % 10_000 == 0:
            rss.append(rss_kb())
    print(f"\nlong run: {lines} lines; RSS (kB) every 10,000 lines: {rss}")
    assert rss[-1] - rss[1 if len(rss) > 2 else 0] < 20_000  # no growth beyond noise (20 MB)


def _random_command(rnd: random.Random) -> dict:
    values = [None, True, 0, -1, 7, 2**70, 1.5, "", "x" * rnd.randrange(50), [], {}, ["A", "B"], {"type": "Roll"}]
    request = {"cmd": rnd.choice(["new", "legal", "view", "act", "events", "save", "load", "state"])}
    for name in rnd.sample(FIELDS[1:], rnd.randrange(4)):
        request[name] = rnd.choice(values)
    if request.get("path") is not None:
        request["path"] = rnd.choice(["/", ".", "/dev/null", "/nonexistent/x", 5])
    return request


@pytest.mark.fuzz_long
@pytest.mark.skipif(not LONG, reason="the long fuzz run: PARLOUR_FUZZ=long")
@pytest.mark.parametrize("game", GAMES)
def test_long_run_games(game):
    """Whole games (PARLOUR_FUZZ_STEPS caps the attempts per game, for a quicker look)."""
    games = int(os.environ.get("PARLOUR_FUZZ_GAMES", 2_000))
    steps = int(os.environ["PARLOUR_FUZZ_STEPS"]) if os.environ.get("PARLOUR_FUZZ_STEPS") else None
    done = tried = widest = 0
    rss, started_at = [], time.process_time()
    for seed in range(games):
        played = play(game, seed, steps)
        done, tried, widest = done + played.done, tried + played.tried, max(widest, played.widest)
        if seed % max(1, games // 10) == 0:
            rss.append(rss_kb())
    print(
        f"\nlong run: {games} {game} games to {'the end' if steps is None else f'{steps} attempts'}, "
        f"{tried} act lines, {done} actions carried out, at most {widest} legal actions offered; "
        f"{time.process_time() - started_at:.0f} s CPU; RSS (kB) every {max(1, games // 10)} games: {rss}"
    )
    assert rss[-1] - rss[1 if len(rss) > 2 else 0] < 20_000


def rss_kb() -> int:
    """The process's resident memory now (kB): growth shows here, unlike in the peak."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:  # not Linux: the peak will do
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
