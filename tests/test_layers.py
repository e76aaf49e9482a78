"""The layers of pyproject.toml's [tool.importlinter] hold: no package imports one above it
(lazy imports inside functions included), and every module of parlour/ is placed in a layer."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.package_tree import package_tree

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"


def test_the_import_contracts_are_kept():
    # In a child process: import-linter's run changes logging, which later tests read.
    script = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports(config_filename={str(CONFIG)!r}, no_cache=True, no_logo=True))"
    )
    # In the package as it installs (tests/package_tree.py): import-linter reads the folders.
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=package_tree(), capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_parlour_module_has_a_layer():
    contracts = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    placed = {name for layer in layers for name in re.split(r"[|:]", layer.replace(" ", ""))}
    modules = {f"parlour.{p.stem}" for p in (ROOT / "parlour").glob("*.py") if p.stem != "__init__"}
    modules |= {f"parlour.{p.parent.name}" for p in (ROOT / "parlour").glob("*/__init__.py")}
    assert modules - placed == set(), "place each parlour module in a layer in pyproject.toml"
