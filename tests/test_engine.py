"""The engine protocol: the documented sessions run as written, and bad input is answered."""

import json
import re
import subprocess
import sys
from pathlib import Path

from parlour.fronts.engine import EngineSession

DOC = Path(__file__).parent.parent / "docs" / "PROTOCOL.md"


def doc_session() -> list[tuple[str, str]]:
    """(sent, expected answer) pairs of every example in docs/PROTOCOL.md, in order."""
    blocks = re.findall(r"```jsonl\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    pairs, sent = [], None
    for line in "".join(blocks).splitlines():
        if line.startswith("> "):
            sent = line[2:]
        elif line.startswith("< "):
            pairs.append((sent, line[2:]))
    return pairs


def test_the_protocol_doc_has_examples_for_every_game():
    sent = " ".join(s for s, _ in doc_session())
    for game in ("garfield", "filmis", "smurf"):
        assert f'"game": "{game}"' in sent, f"docs/PROTOCOL.md has no {game} example"


def test_every_documented_answer_is_what_the_engine_answers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = EngineSession()
    for sent, expected in doc_session():
        assert json.loads(session.reply(sent)) == json.loads(expected), sent


def test_the_documented_one_liner_runs_in_a_real_engine_process(tmp_path):
    pairs = doc_session()
    stdin = "".join(sent + "\n" for sent, _ in pairs)
    run = subprocess.run(
        [sys.executable, "-m", "parlour", "engine"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert run.returncode == 0 and run.stderr == ""
    answers = run.stdout.splitlines()
    assert [json.loads(a) for a in answers] == [json.loads(e) for _, e in pairs]


def test_garbage_gets_error_lines_and_the_session_goes_on():
    session = EngineSession()
    garbage = [
        "{",
        "[]",
        "42",
        '{"cmd": 7}',
        '{"cmd": "act"}',
        "\x00\x01",
        '{"cmd": "new", "game": "garfield", "players": "Ann"}',
        '{"cmd": "new", "game": "garfield", "players": ["Ann", "Bob"], "seed": "x"}',
        '{"cmd": "new", "game": "garfield", "players": ["Ann", "Bob"], "rig": {"dice": [0]}}',
        '{"cmd": "new", "game": "garfield", "players": ["Ann", "ann"]}',
        "x" * 70_000,
    ]
    for line in garbage:
        answer = json.loads(session.reply(line))
        assert answer["ok"] is False and answer["message"], line
    ok = json.loads(session.reply('{"cmd": "new", "game": "garfield", "players": ["Ann", "Bob"], "seed": 5}'))
    assert ok["ok"] and ok["to_act"] in ([0], [1])
    seat = ok["to_act"][0]
    for line in [
        '{"cmd": "act", "seat": 9, "action": {"type": "FollowGarfield"}}',
        f'{{"cmd": "act", "seat": {seat}, "action": {{"type": "Teleport"}}}}',
        f'{{"cmd": "act", "seat": {seat}, "action": {{"type": "Lasagna", "play": "yes"}}}}',
        f'{{"cmd": "act", "seat": {seat}, "action": {{"type": "Lasagna", "play": true}}}}',
        '{"cmd": "events", "since": -1}',
        '{"cmd": "view", "seat": "0"}',
        '{"cmd": "save", "path": ""}',
        '{"cmd": "save", "path": "/nonexistent-dir/x/y.jsonl"}',
    ]:
        answer = json.loads(session.reply(line))
        assert answer["ok"] is False, line
    assert json.loads(session.reply('{"cmd": "state"}'))["state"]["positions"] == [0, 0]


def test_a_scripted_game_plays_to_the_end_over_the_protocol():
    session = EngineSession()
    ask = lambda **request: json.loads(session.reply(json.dumps(request)))  # noqa: E731
    answer = ask(cmd="new", game="garfield", players=["Ann", "Bob", "Cid"], seed=11)
    result, moves = None, 0
    while result is None:
        seat = answer["to_act"][0]
        actions = ask(cmd="legal", seat=seat)["actions"]
        answer = ask(cmd="act", seat=seat, action=actions[moves % len(actions)])
        assert answer["ok"], answer
        result, moves = answer["result"], moves + 1
        assert moves < 3000
    assert len(result["winners"]) == 1 and max(result["scores"]) == 3
    assert len(ask(cmd="events")["events"]) == answer["events"][-1]["seq"]
