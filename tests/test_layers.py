"""The layers of pyproject.toml's [tool.importlinter] hold: no package imports one above it
(lazy imports inside functions included), and every module of parlour/ (and of parlour/services/
and parlour/fronts/, whose order inside has a contract of its own) is placed in a layer."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"


def test_the_import_contracts_are_kept():
    # In a child process: import-linter's run changes logging, which later tests read.
    script = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports(config_filename={str(CONFIG)!r}, no_cache=True, no_logo=True))"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_parlour_module_has_a_layer():
    # parlour/'s own modules, and those of each folder whose modules a layers contract orders
    # (parlour/services/, parlour/fronts/): a new module there must be placed too.
    contracts = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    placed = {
        name
        for contract in contracts
        if contract["type"] == "layers"
        for layer in contract["layers"]
        for name in re.split(r"[|:]", layer.replace(" ", ""))
    }
    # a layers contract over containers (`parlour.games.*`, exhaustive: import-linter checks
    # that each game holds only its layers) places the folder of its containers
    placed |= {c.split(".*")[0] for contract in contracts for c in contract.get("containers", ())}
    folders = {"parlour"} | {name.rsplit(".", 1)[0] for name in placed if name.count(".") == 2}
    unplaced = set()
    for folder in folders:
        where = ROOT.joinpath(*folder.split("."))
        modules = {f"{folder}.{p.stem}" for p in where.glob("*.py") if p.stem != "__init__"}
        modules |= {f"{folder}.{p.parent.name}" for p in where.glob("*/__init__.py")}
        unplaced |= modules - placed
    assert unplaced == set(), "place each module in a layer in pyproject.toml"
