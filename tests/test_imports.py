"""The rules core and the engine never load Textual (checked in a clean interpreter)."""

import subprocess
import sys

CHECK = """
import sys
import parlour.rules, parlour.rules.table, parlour.rules.log, parlour.rules.bots, parlour.rules.registry, parlour.fronts.engine, parlour.cli
for game in parlour.rules.registry.available():
    parlour.rules.registry.get(game)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(",".join(loaded))
"""


def test_rules_and_engine_import_without_textual():
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == ""


PLAIN = """
import sys
from parlour.cli import main
code = main(["play", "garfield", "--plain", "--seats", "Ann,bot", "--seed", "1", "--bot-delay", "0"])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich") or m.startswith("parlour.tui") or m == "parlour.fronts.simulate")
print("LOADED:" + ",".join(loaded), code)
"""


def test_plain_mode_plays_without_textual(tmp_path):
    env = {"PARLOUR_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    run = subprocess.run(
        [sys.executable, "-c", PLAIN], input="board\nquit\n", capture_output=True, text=True, timeout=60, env=env
    )
    assert run.returncode == 0, run.stderr
    assert "Your turn." in run.stdout and run.stdout.strip().endswith("LOADED: 0")
