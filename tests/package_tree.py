"""The checkout as its package installs: pyproject.toml's package-dir maps folders at the top of
the checkout (rules/, tui/, styles/) into the one package `parlour`. Python finds them from the
checkout too (parlour/__init__.py), but mypy and import-linter read the folders: they are run in
a tree of links laid out as the wheel is (build/tree/, rebuilt each time; build/ is ignored)."""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_tree() -> Path:
    """Where to run a checker: the checkout itself while nothing is mapped, else build/tree/."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-dir"]
    if set(mapping) <= {""}:
        return ROOT
    tree = ROOT / "build" / "tree"
    shutil.rmtree(tree, ignore_errors=True)
    for package, folder in mapping.items():  # the folders are apart: parlour/ holds no rules/
        for source in (ROOT / folder).rglob("*.py"):
            if "__pycache__" not in source.parts:
                link = tree.joinpath(*package.split("."), source.relative_to(ROOT / folder))
                link.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(source, link)
    return tree
