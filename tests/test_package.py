"""One installed top-level package, `parlour` (issue 31): every folder that installs as a part of
it is listed in pyproject.toml, and no code imports those folders by their own top-level names."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.source_lines import python_lines

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
MAPPED = {package: folder for package, folder in SETUPTOOLS["package-dir"].items() if package}


def test_the_top_level_folders_install_inside_parlour():
    assert MAPPED == {"parlour": "parlour", "parlour.rules": "rules", "parlour.tui": "tui", "parlour.styles": "styles"}
    assert all(package == "parlour" or package.startswith("parlour.") for package in SETUPTOOLS["packages"])


def test_every_package_folder_is_listed():
    found = set()
    for package, folder in MAPPED.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            if "__pycache__" not in init.parts:
                found.add(".".join([package, *init.parent.relative_to(ROOT / folder).parts]))
    assert sorted(found) == sorted(SETUPTOOLS["packages"]), "list each package in pyproject.toml [tool.setuptools]"


OLDER = "# an older checkout"  # a tool that measures old code side by side may import it as it was


def test_nothing_imports_a_mapped_folder_by_its_own_name():
    tops = "|".join(folder for package, folder in MAPPED.items() if package != folder)
    pattern = re.compile(rf"^\s*(from ({tops})(\.[\w.]+)? import |import ({tops})\b)")
    found = [
        f"{name}:{n}: {line.strip()}"
        for name, n, line in python_lines()
        if pattern.match(line) and not line.rstrip().endswith(OLDER)
    ]
    assert found == [], "import these as parlour.<name>:\n" + "\n".join(found)
