#!/usr/bin/env python3
"""Issue 31: install and import rules/, tui/ and styles/ as parlour.rules, parlour.tui and
parlour.styles (the folders stay at the top of the repository). Idempotent: run it on any
checkout of Parlour, again after merging more branches; it rewrites only what still needs it.

    python3 tools/package_rename.py /path/to/checkout

What it does, in the checkout's tracked files:
  1. Python: `from rules... import` / `import styles` / `import tui.x` -> the parlour.* names;
     string module paths ("rules.garfield", f"tui.games.{g}", ByGame("tui.games")) and
     `from rules.x import` quoted in comments and docs; the tests' "is tui loaded" checks.
  2. docs/*.md and README.md: dotted module names (rules.bots.LEVELS -> parlour.rules.bots.LEVELS).
  3. pyproject.toml: the package-dir mapping and the package list (made from the folders), the
     package data, import-linter's root package and contracts, mypy's files and module names,
     ruff's first-party list.
Then (unless --no-tools) it reinstalls nothing; run the steps printed at the end.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

MOVED = ("rules", "tui", "styles")  # top-level folders that install as parlour.<name>
NAMES = "|".join(MOVED)


def tracked(root: Path, *patterns: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z", *patterns], cwd=root, capture_output=True, check=True).stdout
    itself = Path(__file__).resolve()  # its own patterns name the old packages: left as they are
    return [root / name for name in out.decode().split("\0") if name and (root / name).resolve() != itself]


def rewrite(path: Path, change: Callable[[str], str]) -> bool:
    text = path.read_text(encoding="utf-8")
    new = change(text)
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


# ---- 1. Python ----------------------------------------------------------------------------------

FROM = re.compile(rf"(?m)^(\s*)from ({NAMES})(\.[\w.]+)? import ")
IMPORT_BARE = re.compile(rf"(?m)^(\s*)import ({NAMES})(\s*(?:#.*)?)$")  # import styles
IMPORT_DOTTED = re.compile(rf"(?m)^(\s*)import ({NAMES})\.([\w.]+)(\s*(?:#.*)?)$")  # import tui.remote
# "rules.garfield", 'tui.games', f"tui.games.{g}" (a string that starts with a moved package's name)
STRING = re.compile(rf"""(?<![\w.])((?:f|rf|fr)?["'])({NAMES})\.(?=[a-z_{{])""")
QUOTED_FROM = re.compile(rf"`from ({NAMES})\.")  # `from rules.x import Y` in a comment or docstring


def python(text: str) -> str:
    text = FROM.sub(lambda m: f"{m[1]}from parlour.{m[2]}{m[3] or ''} import ", text)
    text = IMPORT_BARE.sub(lambda m: f"{m[1]}from parlour import {m[2]}{m[3]}", text)

    for m in IMPORT_DOTTED.finditer(text):  # `import tui.remote` ... `tui.remote.x`: parlour.tui.remote.x
        text = re.sub(rf"(?<![\w.]){re.escape(m[2] + '.' + m[3])}\b", f"parlour.{m[2]}.{m[3]}", text)
    text = re.sub(r"(?m)^(\s*)import parlour\.parlour\.", r"\1import parlour.", text)
    text = STRING.sub(lambda m: f"{m[1]}parlour.{m[2]}.", text)
    text = QUOTED_FROM.sub(lambda m: f"`from parlour.{m[1]}.", text)
    # tests/test_imports.py: `import rules, rules.table, ...` and its uses
    text = re.sub(
        r"(?m)^import rules, rules\.table, rules\.log, rules\.bots, rules\.registry, ",
        "import parlour.rules, parlour.rules.table, parlour.rules.log, parlour.rules.bots, parlour.rules.registry, ",
        text,
    )
    text = re.sub(r"(?<![\w.])rules\.registry\.(available|get)\(", r"parlour.rules.registry.\1(", text)
    # "is the TUI loaded" checks read the first part of a module's name: tui is parlour.tui now
    text = text.replace(
        'm.split(".")[0] in ("textual", "rich", "tui")',
        'm.split(".")[0] in ("textual", "rich") or m.startswith("parlour.tui")',
    )
    return text


# ---- 2. docs ------------------------------------------------------------------------------------

DOTTED = re.compile(r"(?<![\w./-])(rules|tui)\.(?=[a-z_]+[.\w]*\b)(?!md\b|py\b|toml\b|json\b|tcss\b)")


def docs(text: str) -> str:
    text = re.sub(
        rf"(?m)^(\s*)from ({NAMES})(\.[\w.]+)? import ",
        lambda m: f"{m[1]}from parlour.{m[2]}{m[3] or ''} import ",
        text,
    )
    return DOTTED.sub(lambda m: f"parlour.{m[1]}.", text)


# ---- 3. pyproject.toml --------------------------------------------------------------------------


def packages(root: Path) -> list[str]:
    """Every package the wheel holds, from the folders (a folder with an __init__.py)."""
    names = []
    for top in ("parlour", *MOVED):
        for init in sorted((root / top).rglob("__init__.py")):
            parts = init.parent.relative_to(root).parts
            if "__pycache__" in parts:
                continue
            names.append(".".join(parts) if top == "parlour" else "parlour." + ".".join(parts))
    return sorted(names)


SETUPTOOLS = """# The folders rules/, tui/ and styles/ sit at the top of the checkout and install as
# parlour.rules, parlour.tui and parlour.styles: one top-level package, nothing generic in
# site-packages. Every package is listed (tests/test_package.py holds the list to the folders).
# In a checkout parlour/__init__.py finds them beside it, so a development install is
# `pip install -e . --config-settings editable_mode=compat`: the checkout on sys.path by a plain
# .pth line, instead of setuptools' import finder, which cost every start (even `python -c pass`)
# about 18 ms (a plain `pip install -e .` works too, with that finder).
[tool.setuptools]
package-dir = {{ "parlour" = "parlour", "parlour.rules" = "rules", "parlour.tui" = "tui", "parlour.styles" = "styles" }}
packages = [
{packages}]
"""


def pyproject(root: Path, text: str) -> str:
    listed = "".join(f'    "{name}",\n' for name in packages(root))
    block = re.compile(
        r"(?ms)^# The (?:packages sit at the top of the checkout|folders rules/).*?^\[tool\.setuptools\]\n"
        r".*?(?=^\[tool\.setuptools\.package-data\])"
    )
    assert block.search(text), "pyproject.toml: the [tool.setuptools] block is not where it was"
    text = block.sub(lambda m: SETUPTOOLS.format(packages=listed) + "\n", text, count=1)
    text = text.replace('styles = ["*.tcss"]', '"parlour.styles" = ["*.tcss"]')
    # ruff, mypy
    text = text.replace('known-first-party = ["rules", "tui", "parlour", "styles"]', 'known-first-party = ["parlour"]')
    text = re.sub(r'(?m)^files = \["rules", "tui", "parlour"\]$', 'packages = ["parlour"]', text)
    text = re.sub(
        r"(?m)^(module = \[.*\])$",
        lambda m: re.sub(rf'"({NAMES})(\.[\w.*]+)?"', lambda n: f'"parlour.{n[1]}{n[2] or ""}"', m[1]),
        text,
    )
    # import-linter
    text = text.replace('root_packages = ["rules", "tui", "parlour"]', 'root_packages = ["parlour"]')
    text = re.sub(r'(?m)^(\s*)"tui \| ', r'\1"parlour.tui | ', text)
    text = re.sub(r'(?m)^(\s*)"rules",$', r'\1"parlour.rules",', text)
    text = text.replace('source_modules = ["rules"]', 'source_modules = ["parlour.rules"]')
    above = sorted(f"parlour.{p.stem}" for p in (root / "parlour").glob("*.py") if p.stem != "__init__")
    above += sorted(f"parlour.{p.parent.name}" for p in (root / "parlour").glob("*/__init__.py"))
    forbidden = ", ".join(f'"{m}"' for m in ["textual", "rich", "asyncssh", "platformdirs", "parlour.tui", *above])
    text = re.sub(
        r'(?m)^forbidden_modules = \["textual", "rich", "asyncssh", "platformdirs", "tui", "parlour"[^\]]*\]$',
        f"forbidden_modules = [{forbidden}]",
        text,
    )
    text = re.sub(
        r'(?m)^forbidden_modules = \["textual", "rich", "asyncssh", "platformdirs", "parlour\.tui", "parlour\.[^\]]*\]$',
        f"forbidden_modules = [{forbidden}]",
        text,
    )
    text = text.replace(
        'forbidden_modules = ["textual", "asyncssh", "tui"]',
        'forbidden_modules = ["textual", "asyncssh", "parlour.tui"]',
    )
    text = text.replace(
        "#   tui | parlour.engine | parlour.simulate   the interfaces",
        "#   parlour.tui | parlour.engine | parlour.simulate   the interfaces",
    )
    text = text.replace(
        "#   rules                            the pure rules core",
        "#   parlour.rules                    the pure rules core",
    )
    return text


INIT_MARK = "# In a source checkout rules/, tui/ and styles/ sit beside this folder"
INIT = f"""
import os as _os

{INIT_MARK} (pyproject.toml's
# package-dir maps them into the package; installed, they are in it): find them there too, at the
# cost of two stat calls, so `python -m parlour` and the tests run from a checkout as installed.
_checkout = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(__path__[0], "rules")) and _os.path.isdir(_os.path.join(_checkout, "rules")):
    __path__.append(_checkout)
"""


def init(text: str) -> str:
    return text if INIT_MARK in text else text.rstrip("\n") + "\n" + INIT


def install(text: str) -> str:
    """The development install's command: the checkout on sys.path by a plain .pth line."""
    return re.sub(
        r"pip install((?: --[\w-]+)*) -e (\.|'\.\[test\]')(?! --config-settings)",
        r"pip install\1 -e \2 --config-settings editable_mode=compat",
        text,
    )


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    changed = [p for p in tracked(root, "*.py") if rewrite(p, python)]
    changed += [p for p in tracked(root, "README.md", "docs/*.md") if rewrite(p, docs)]
    if rewrite(root / "pyproject.toml", lambda text: pyproject(root, text)):
        changed.append(root / "pyproject.toml")
    if rewrite(root / "parlour" / "__init__.py", init):
        changed.append(root / "parlour" / "__init__.py")
    changed += [p for p in tracked(root, "README.md", ".ci/run") if rewrite(p, install)]
    for path in changed:
        print("rewrote", path.relative_to(root))
    print(f"{len(changed)} files rewritten")


if __name__ == "__main__":
    main()
