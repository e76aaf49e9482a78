"""A bot from outside (`cmd:PROGRAM`, parlour/services/outside_bot.py): a program plays one seat
through JSON Lines, sees only that seat's view and redacted events, is replaced by `smart` when
it is late, ends or answers wrongly (and the log says so), and is stopped with its game."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path

import pytest

from parlour.fronts import simulate
from parlour.rules.codec import encode
from parlour.rules.table import Table
from parlour.services.outside_bot import OutsideBot, command_of, name_of
from parlour.services.seats import parse_seats, seats_from_meta, seats_meta
from parlour.services.table_driver import TableDriver

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot.py"


def program(tmp_path: Path, name: str, body: str) -> str:
    """`cmd:` for a Python program of the given body (it reads `messages`, a line iterator)."""
    path = tmp_path / f"{name}.py"
    path.write_text("import json, os, sys, time\nmessages = (json.loads(line) for line in sys.stdin)\n" + body)
    return f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(path))}"


# Answers each act with its first legal action, and writes every message it gets to a file.
RECORDER = """
out = open(sys.argv[1], "a")
for message in messages:
    out.write(json.dumps(message) + "\\n"); out.flush()
    if message["cmd"] == "act":
        print(json.dumps({"action": message["legal"][0]}), flush=True)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_program_sees_only_its_seats_view_and_redacted_events(tmp_path):
    """Garfield, four seats, the recorder in seat 1: every message it got holds exactly the view
    of seat 1 at that moment and the log's events as seat 1 may see them, and no more."""
    record = tmp_path / "record.jsonl"
    level = program(tmp_path, "recorder", RECORDER) + f" {shlex.quote(str(record))}"
    table = Table.new("garfield", ["Ann", "Rec", "Cid", "Dee"], seed=4)
    game = table.game
    bots = {seat: simulate_bot(level if seat == 1 else "smart", seat, table) for seat in range(4)}
    driver = TableDriver(table, bots)
    views = []  # seat 1's view each time it was asked, as the rules make it
    original = bots[1].choose

    def choose(game_, view, seat):
        views.append(encode(game.view(table.state, 1)))
        return original(game_, view, seat)

    bots[1].choose = choose
    try:
        driver.play_bots(3000)
    finally:
        driver.close()
    messages = [json.loads(line) for line in record.read_text().splitlines()]
    assert messages[0] == {"cmd": "new", "game": "garfield", "players": list(table.players), "seat": 1, "seconds": 5.0}
    acts = [m for m in messages if m["cmd"] == "act"]
    assert len(acts) == len(views) > 10
    assert all(set(m) == {"cmd", "seat", "events", "view", "legal"} for m in acts)
    assert [m["view"] for m in acts] == views
    told = [numbered for m in acts for numbered in m["events"]]
    assert [n["seq"] for n in told] == list(range(1, len(told) + 1))
    assert [n["event"] for n in told] == [encode(game.redact(e, 1)) for e in table.events[: len(told)]]
    # the check has teeth: the others' cards were drawn, and seat 1 saw them only as "?"
    hidden = [encode(e) for e in table.events[: len(told)] if encode(e) != encode(game.redact(e, 1))]
    assert hidden and all(event not in [n["event"] for n in told] for event in hidden)
    assert messages[-1] == {"cmd": "quit"}


def simulate_bot(level: str, seat: int, table: Table):
    from parlour.services.outside_bot import make

    return make(level, f"test/{seat}", table.events, table.players)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_the_example_bot_plays_whole_games_headless(game):
    """docs/examples/bot.py against smart, to the end, never replaced."""
    level = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))} 1"
    one = simulate.play_one(game, [level, "smart"], seed=3, index=0)
    assert one["finished"] and one["replaced"] == [] and one["notes"] == []
    assert one["actions"] > 10


def test_simulate_takes_a_program_seat(capsys):
    level = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))}"
    code = simulate.main(["smurf", "--seats", f"{level},random", "--games", "2", "--seed", "1", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and summary["finished"] == 2 and "replaced" not in summary
    assert summary["seats"][0] == level


SLEEPER = """
for message in messages:
    if message["cmd"] == "act":
        time.sleep(60)
"""
QUITTER = """
for message in messages:
    if message["cmd"] == "act":
        sys.exit(3)
"""
CHEATER = """
for message in messages:
    if message["cmd"] == "act":
        print(json.dumps({"action": {"type": "Roll", "cheat": True}}), flush=True)
"""
CHATTERER = """
for message in messages:
    if message["cmd"] == "act":
        print("I think I will roll", flush=True)
"""


@pytest.mark.parametrize(
    ("body", "why", "words"),
    [
        (SLEEPER, "late", "did not answer within 0.3 s"),
        (QUITTER, "ended", "it ended (exit status 3)"),
        (CHEATER, "bad_action", "does not read"),
        (CHATTERER, "not_json", "not a JSON line"),
    ],
)
def test_a_failing_program_is_replaced_by_smart_and_the_log_says_so(tmp_path, monkeypatch, body, why, words):
    monkeypatch.setenv("PARLOUR_BOT_SECONDS", "0.3")
    level = program(tmp_path, "failing", body)
    table = Table.new("smurf", ["Ann", "failing"], seed=2)
    bot = simulate_bot(level, 1, table)
    driver = TableDriver(table, {0: simulate_bot("smart", 0, table), 1: bot})
    started = time.monotonic()
    try:
        driver.play_bots(5000)
    finally:
        driver.close()
    assert table.result() is not None, "smart played the seat on to the end"
    assert bot.trouble == why
    (note,) = driver.take_notes()
    assert note.startswith("failing's program (") and words in note and "smart bot plays failing" in note
    assert time.monotonic() - started < 20
    assert bot._process is not None and bot._process.poll() is not None


def test_an_illegal_action_is_refused_and_replaced(tmp_path):
    body = """
for message in messages:
    if message["cmd"] == "act":
        print(json.dumps({"action": {"type": "Move", "direction": 1, "food": None}}), flush=True)
"""
    table = Table.new("smurf", ["Ann", "wheel"], seed=1)
    bot = simulate_bot(program(tmp_path, "wheel", body), 1, table)
    driver = TableDriver(table, {0: simulate_bot("smart", 0, table), 1: bot})
    try:
        driver.play_bots(5000)
    finally:
        driver.close()
    # a move before the roll: not among the legal actions at a turn's start
    assert table.result() is not None and bot.trouble == "illegal"
    (note,) = driver.take_notes()
    assert 'it chose {"type": "Move", "direction": 1, "food": null}, which is not one of the legal actions' in note


def test_a_program_and_what_it_started_are_stopped_with_the_game(tmp_path):
    pids = tmp_path / "pids"
    body = f"""
import subprocess
child = subprocess.Popen(["sleep", "300"])
open({str(pids)!r}, "w").write(f"{{os.getpid()}} {{child.pid}}")
for message in messages:
    if message["cmd"] == "act":
        print(json.dumps({{"action": message["legal"][0]}}), flush=True)
    elif message["cmd"] == "quit":
        time.sleep(60)  # deaf to quit: it is made to stop
"""
    table = Table.new("smurf", ["Ann", "stubborn"], seed=1)
    bot = simulate_bot(program(tmp_path, "stubborn", body), 1, table)
    driver = TableDriver(table, {0: simulate_bot("smart", 0, table), 1: bot})
    driver.play_bots(6)  # a few moves, the game not over: the window is closed
    bot_pid, child_pid = map(int, pids.read_text().split())
    assert alive(bot_pid) and alive(child_pid)
    started = time.monotonic()
    driver.close()
    assert time.monotonic() - started < 5
    for _ in range(50):  # the child is reparented to init, which reaps it soon after the kill
        if not alive(child_pid):
            break
        time.sleep(0.05)
    assert not alive(child_pid)
    assert bot._process.poll() is not None


def test_a_program_that_cannot_start_is_replaced(tmp_path):
    table = Table.new("smurf", ["Ann", "ghost"], seed=1)
    bot = OutsideBot(f"cmd:{tmp_path / 'no-such-program'}", table.events, table.players, 1)
    driver = TableDriver(table, {0: simulate_bot("smart", 0, table), 1: bot})
    driver.play_bots(5000)
    driver.close()
    assert table.result() is not None and bot.trouble == "no_start"


def test_seats_name_a_program_after_its_file_and_a_save_never_runs_it():
    seats = parse_seats("smurf", "Ann,cmd:./bots/deep.py --fast,cmd:./bots/deep.py")
    assert [(s.name, s.bot) for s in seats] == [
        ("Ann", None),
        ("deep", "cmd:./bots/deep.py --fast"),
        ("deep 2", "cmd:./bots/deep.py"),
    ]
    assert command_of("cmd:python3 'my bot.py' 7") == ["python3", "my bot.py", "7"]
    assert name_of("cmd:./b") == "b"
    assert name_of("cmd:python3.11 -u bots/deep.py 7") == "deep"
    with pytest.raises(ValueError, match="names no program"):
        parse_seats("smurf", "Ann,cmd:")
    # a resumed game plays a program's seat with the default bot: a save may come from anyone
    again = seats_from_meta(("Ann", "deep", "deep 2"), {"seats": seats_meta(seats)})
    assert [s.bot for s in again] == [None, "smart", "smart"]


# ---- the fronts: the Textual table (Pilot) and plain mode ----------------------------------------


async def test_the_example_bot_plays_a_seat_at_the_textual_table():
    from parlour.rules.records import Acted
    from parlour.services.seats import Seat
    from tests.tui.driving import app_for, settle

    level = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))} 2"
    app = app_for([Seat("Ann", None, "red"), Seat("bot", level, "blue")], game="smurf", seed=5, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        bot = session.bots[1]
        for _ in range(60):
            if sum(type(e) is Acted and e.seat == 1 for e in session.table.events) >= 3:
                break
            await pilot.press("space", "enter")
            await settle(pilot)
        assert sum(type(e) is Acted and e.seat == 1 for e in session.table.events) >= 3
        assert bot.trouble is None and bot._process.poll() is None
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert bot._process.poll() is not None  # stopped with the game


def test_the_example_bot_plays_in_plain_mode(tmp_path):
    """`parlour play smurf --plain --seats "cmd:...,bot"`: the program plays it to the end."""
    import subprocess

    level = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))}"
    env = {**os.environ, "PARLOUR_DATA_DIR": str(tmp_path / "d"), "PARLOUR_CONFIG_DIR": str(tmp_path / "c")}
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "smurf", "--plain", "--bot-delay", "0", "--seed", "3", "--lang", "en"]
        + ["--seats", f"{level} 1,bot"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("The Smurf Game: bot (bot), ")
    assert "bot rolled" in done.stdout and "wins!" in done.stdout
    assert "replaced" not in done.stdout


async def test_the_textual_log_says_a_late_program_was_replaced(tmp_path, monkeypatch):
    from parlour.rules.records import Acted
    from parlour.services.seats import Seat
    from parlour.tui.widgets.log import GameLog
    from tests.tui.driving import app_for, settle

    monkeypatch.setenv("PARLOUR_BOT_SECONDS", "0.2")
    level = program(tmp_path, "sleepy", SLEEPER)
    app = app_for([Seat("Ann", None, "red"), Seat("sleepy", level, "blue")], game="smurf", seed=5, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.session.table
        for _ in range(60):
            if any(type(e) is Acted and e.seat == 1 for e in table.events):
                break
            await pilot.press("space", "enter")
            await settle(pilot)
        await settle(pilot)
        told = app.screen.query_one(GameLog).texts
        (note,) = [line for line in told if "program" in line]
        assert "sleepy's program" in note and "did not answer within 0.2 s" in note
        assert any(type(e) is Acted and e.seat == 1 for e in table.events), "smart played the seat"


def test_the_example_bot_plays_through_parlour_engine():
    """The messages are the engine's own answers: a relay asks `parlour engine` (in process) for
    seat 1's events (`"as": 1`), view and legal actions, hands them to docs/examples/bot.py as
    an `act` line, and submits its answer with the engine's `act`. Seat 0 takes its first legal
    action. The game ends, every answer accepted."""
    import subprocess

    from parlour.fronts.engine import EngineSession

    engine = EngineSession()

    def ask(**request):
        answer = json.loads(engine.reply(json.dumps(request)))
        assert answer["ok"], answer
        return answer

    new = ask(cmd="new", game="garfield", players=["Ann", "example"], seed=8)
    bot = subprocess.Popen(
        [sys.executable, str(EXAMPLE), "3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    bot.stdin.write(json.dumps({"cmd": "new", "game": "garfield", "players": new["players"], "seat": 1}) + "\n")
    told, to_act, moves = 0, new["to_act"], 0
    try:
        while to_act and moves < 3000:
            seat = to_act[0]
            legal = ask(cmd="legal", seat=seat)["actions"]
            if seat == 1:
                events = ask(cmd="events", since=told, **{"as": 1})["events"]
                told += len(events)
                view = ask(cmd="view", seat=1)["view"]
                bot.stdin.write(
                    json.dumps({"cmd": "act", "seat": 1, "events": events, "view": view, "legal": legal}) + "\n"
                )
                bot.stdin.flush()
                action = json.loads(bot.stdout.readline())["action"]
                assert action in legal
            else:
                action = legal[0]
            to_act = ask(cmd="act", seat=seat, action=action)["to_act"]
            moves += 1
        assert ask(cmd="view", seat=0) and not to_act and moves > 10
    finally:
        bot.stdin.close()
        assert bot.wait(5) == 0  # it ends when its input does
        bot.stdout.close()


def test_the_protocol_doc_shows_the_example_bot_whole_in_under_60_lines():
    import re

    doc = (EXAMPLE.parents[1] / "PROTOCOL.md").read_text(encoding="utf-8")
    section = doc.split("## Write a bot", 1)[1].split("\n## ", 1)[0]
    (shown,) = re.findall(r"```python\n(.*?)```", section, re.S)
    assert shown == EXAMPLE.read_text(encoding="utf-8")
    assert len(shown.splitlines()) < 60
