"""One installed top-level package, `parlour` (issues 31 and 40), laid out in the checkout as it
installs: every tool (mypy, ruff, import-linter, pytest, coverage, an editor) reads parlour/ as it
is, with nothing mapped. rules/, tui/ and styles/ at the top are links into it, for reading, and
no code imports those folders by their own top-level names."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.source_lines import python_lines

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
LINKED = ("rules", "tui", "styles")  # the design card's top-level folders that are parts of parlour


def test_every_package_is_found_under_parlour_and_nothing_is_mapped():
    assert "package-dir" not in SETUPTOOLS
    assert SETUPTOOLS["packages"] == {
        "find": {"include": ["parlour", "parlour.*"], "exclude": ["parlour.games.*.tests"]}
    }  # a game's own tests stay behind


def test_the_top_level_folders_are_links_into_parlour():
    for name in LINKED:
        assert (ROOT / name).is_symlink(), f"{name}/ is a link to parlour/{name}"
        assert (ROOT / name).resolve() == ROOT / "parlour" / name


OLDER = "# an older checkout"  # a tool that measures old code side by side may import it as it was


def test_nothing_imports_a_linked_folder_by_its_own_name():
    tops = "|".join(LINKED)
    pattern = re.compile(rf"^\s*(from ({tops})(\.[\w.]+)? import |import ({tops})\b)")
    found = [
        f"{name}:{n}: {line.strip()}"
        for name, n, line in python_lines()
        if pattern.match(line) and not line.rstrip().endswith(OLDER)
    ]
    assert found == [], "import these as parlour.<name>:\n" + "\n".join(found)
