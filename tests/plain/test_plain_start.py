"""Plain mode's start loads only what its first prompt needs (issue 44: its first prompt within
0.5 s at a quarter of one core, where every import is paid for). Checked in a clean interpreter
at the moment the first prompt is read: nothing of the full-screen app, the servers, the hint or
another game, and none of the standard library's heavier modules it has no use for yet."""

from __future__ import annotations

import subprocess
import sys

# What plain mode's first prompt must not have loaded (a module, or a package and all under it).
NOT_NEEDED = (
    "textual",
    "rich",
    "asyncssh",
    "aiohttp",
    "asyncio",
    "parlour.tui",
    "parlour.fronts.serve",
    "parlour.fronts.web",
    "parlour.services.hint",
    "parlour.services.playouts",
    "parlour.services.analysis",
    "parlour.games.filmis.rules",
    "parlour.games.smurf.rules",
    "socket",  # the save lock's host name is uname's node name
    "textwrap",  # only a board's legend is wrapped
    "multiprocessing",
    "shutil",  # (and with it bz2 and lzma): only to find `parlour` on PATH, for a message
    "tempfile",  # the save's temporary file is made as mkstemp makes it (services/saves.py)
)

# The first read of a line (stdin is not a terminal, so plain mode reads with readline) lists the
# modules loaded by then; the input then ends, and the game is saved and left.
CHECK = """
import sys

class FirstPrompt:
    told = False

    def isatty(self):
        return False

    def readline(self):
        if not self.told:
            self.told = True
            print("LOADED:" + ",".join(sorted(sys.modules)), file=sys.stderr, flush=True)
        return ""

sys.stdin = FirstPrompt()
from parlour.cli import main
sys.exit(main(["--plain", "play", "garfield", "--seats", "You,bot,bot", "--seed", "2", "--bot-delay", "600"]))
"""


def test_the_first_prompt_loads_only_what_it_needs(tmp_path):
    env = {"PARLOUR_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, env=env)
    assert run.returncode == 0, run.stderr
    assert "1. Roll (follow Garfield)" in run.stdout  # the first prompt was asked
    listed = next(line for line in run.stderr.splitlines() if line.startswith("LOADED:"))
    loaded = set(listed.removeprefix("LOADED:").split(","))
    assert "parlour.games.garfield.rules" in loaded  # (the list is the real one)
    unneeded = sorted(m for m in loaded if any(m == name or m.startswith(name + ".") for name in NOT_NEEDED))
    assert unneeded == []
