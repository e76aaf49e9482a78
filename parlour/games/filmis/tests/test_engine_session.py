"""Filmis through `parlour engine`: the session shown in parlour/games/filmis/README.md runs as written."""

import json
import re
from pathlib import Path

from parlour.fronts.engine import EngineSession

DOC = Path(__file__).parents[4] / "parlour" / "games" / "filmis" / "README.md"


def test_documented_engine_session(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    block = re.search(r"```jsonl\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    session, sent = EngineSession(), None
    pairs = []
    for line in block.splitlines():
        if line.startswith("> "):
            sent = line[2:]
        elif line.startswith("< "):
            pairs.append((sent, line[2:]))
    assert len(pairs) == 15
    for sent, expected in pairs:
        assert json.loads(session.reply(sent)) == json.loads(expected), sent
    assert json.loads(pairs[-1][1])["result"] == {"winners": [1], "scores": [0, 5], "reason": "Ann called a raid"}
