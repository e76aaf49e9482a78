"""The layers of pyproject.toml's [tool.importlinter] hold: no package imports one above it
(lazy imports inside functions included), and every module of parlour/ is placed in a layer."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"


def test_the_import_contracts_are_kept(capsys):
    from importlinter.cli import lint_imports

    code = lint_imports(config_filename=str(CONFIG), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert code == 0, report


def test_every_parlour_module_has_a_layer():
    contracts = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    placed = {name for layer in layers for name in re.split(r"[|:]", layer.replace(" ", ""))}
    modules = {f"parlour.{p.stem}" for p in (ROOT / "parlour").glob("*.py") if p.stem != "__init__"}
    modules |= {f"parlour.{p.parent.name}" for p in (ROOT / "parlour").glob("*/__init__.py")}
    assert modules - placed == set(), "place each parlour module in a layer in pyproject.toml"
