"""The rules core and the engine never load Textual (checked in a clean interpreter)."""

import subprocess
import sys

CHECK = """
import sys
import rules, rules.table, rules.log, rules.bots, rules.registry, parlour.engine, parlour.cli
for game in rules.registry.available():
    rules.registry.get(game)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(",".join(loaded))
"""


def test_rules_and_engine_import_without_textual():
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == ""
