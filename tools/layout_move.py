#!/usr/bin/env python3
"""Issue 30: parlour/ in folders that say which layer each module is in. Idempotent: run it on
any checkout of Parlour, again after merging more branches; it moves and rewrites only what still
needs it.

    python3 tools/layout_move.py [CHECKOUT] [--place NAME=services|fronts|stay] [--check]

The layout it makes (rules/, tui/ and styles/ stay at the top and install as parlour.rules,
parlour.tui and parlour.styles):
  parlour/cli.py, __main__.py   the `parlour` command
  parlour/fronts/               the ways to play other than the Textual app: plain mode, the engine,
                                simulate, `parlour serve` (SSH and the web door), `parlour web`
  parlour/services/             below the Textual app and every front: the table driver, saves,
                                seats, config, the wire, the words, replay, analysis, hints
  parlour/compat/               the private APIs of Textual and asyncssh
and no two modules share a name for different things: parlour/driver.py (the table driver) is
services/table_driver.py, parlour/serve/driver.py (a Textual driver on an SSH channel) is
fronts/serve/channel.py; serve/web.py (the web door) is web_door.py beside fronts/web/ (`parlour
web`), whose server.py is web_server.py; serve/plain.py (plain mode's served session) is
plain_session.py beside fronts/plain/.

What it does, in the checkout's tracked files:
  1. `git mv` each module of parlour/ to its place (PLACES, RENAMED). A module of parlour/ it does
     not know goes by a rule: to services/ when none of its files imports Textual, parlour.tui,
     a front or the command line, else it stays where it is; either way it is reported
     (--place NAME=GROUP decides for it).
  2. Python: every import of a moved module (absolute, relative, `from parlour import saves`),
     dotted module names anywhere (strings, mock targets, f"parlour.words.{game}"), and
     parlour/... paths in comments and docstrings. A relative import stays relative while it
     still reaches its module from the new place, else it becomes absolute.
  3. README.md, docs/, .ci/ and other text: dotted names and parlour/... paths.
  4. pyproject.toml: the package list (made from the folders), the package data, mypy's module
     names, and import-linter's contracts: the one over the whole package becomes
     cli > fronts > tui > services | compat > rules, and the order inside the old layers becomes
     one contract for the services and one for the fronts.
  5. ruff (import order, format) on the files it changed, when ruff is installed.
Then follow the steps printed at the end.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

# parlour/<name>.py or parlour/<name>/ -> its place under parlour
PLACES = {
    # the shared services: below the Textual app and every front
    "analysis": "services.analysis",
    "analysis_text": "services.analysis_text",
    "charset": "services.charset",
    "collector": "services.collector",
    "command": "services.command",
    "config": "services.config",
    "controller": "services.controller",
    "driver": "services.table_driver",
    "hint": "services.hint",
    "replay": "services.replay",
    "saves": "services.saves",
    "seats": "services.seats",
    "seatview": "services.seatview",
    "shown": "services.shown",
    "wire": "services.wire",
    "words": "services.words",
    # the fronts other than the Textual app
    "engine": "fronts.engine",
    "plain": "fronts.plain",
    "serve": "fronts.serve",
    "simulate": "fronts.simulate",
    "web": "fronts.web",
}
# modules that change their name inside a moved package (their old name: another module's)
RENAMED = {
    "fronts.serve.driver": "fronts.serve.channel",
    "fronts.serve.web": "fronts.serve.web_door",
    "fronts.serve.plain": "fronts.serve.plain_session",
    "fronts.web.server": "fronts.web.web_server",
}
STAY = {"__init__", "__main__", "cli", "compat", "services", "fronts"}
GROUPS = ("services", "fronts", "stay")
MAPPED = {"rules": "rules", "tui": "tui", "styles": "styles"}  # pyproject's package-dir: parlour.<key> is <folder>/

INITS = {
    "services": '''"""The shared services, below the Textual app (parlour.tui) and every front (parlour.fronts):
the table driver and the table controller, saves, seats, config, the wire, every game's words,
replay, analysis and hints. Nothing here imports Textual (pyproject.toml's import-linter
contracts keep it so)."""
''',
    "fronts": '''"""The ways to play besides the Textual app (parlour.tui, in tui/): plain mode, `parlour engine`,
`parlour simulate`, `parlour serve` (SSH and the web door) and `parlour web`. Each renders the
services' tables (parlour.services); the command line (parlour/cli.py) starts them."""
''',
}

TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".sh", ".tcss", ".html", ".yml", ".yaml"}


# ---- where things are ----------------------------------------------------------------------------


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout


def tracked(root: Path) -> list[Path]:
    # itself, its test's checkout and the earlier rename's script name the old modules on purpose
    skip = {(root / name).resolve() for name in ("tools/layout_move.py", "tests/test_layout_move.py")}
    skip |= {Path(__file__).resolve(), (root / "tools" / "package_rename.py").resolve()}
    names = git(root, "ls-files", "-z").split("\0")
    return [
        root / name
        for name in names
        if name
        and (Path(name).suffix in TEXT_SUFFIXES or name.startswith(".ci/"))
        and (root / name).is_file()
        and (root / name).resolve() not in skip
    ]


def module_path(root: Path, dotted: str) -> Path | None:
    """The file of module `dotted` in the checkout (a package's __init__.py), or None."""
    parts = dotted.split(".")
    if parts[0] != "parlour":
        return None
    if len(parts) > 1 and parts[1] in MAPPED:
        base = root / MAPPED[parts[1]]
        parts = parts[2:]
    else:
        base = root / "parlour"
        parts = parts[1:]
    place = base.joinpath(*parts)
    for candidate in (place.with_suffix(".py") if parts else None, place / "__init__.py"):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def module_of(root: Path, path: Path) -> tuple[str, bool] | None:
    """(dotted name, is a package) of a Python file of the package, or None."""
    rel = path.relative_to(root)
    top = rel.parts[0]
    if top == "parlour":
        parts = list(rel.with_suffix("").parts)
    elif top in MAPPED.values():
        parts = ["parlour", *rel.with_suffix("").parts]
    else:
        return None
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


class Names:
    """Old dotted module names -> new ones, by the longest known prefix."""

    def __init__(self, places: dict[str, str]):
        self.map = {f"parlour.{old}": f"parlour.{new}" for old, new in places.items()}
        for new_old, new in RENAMED.items():
            package, name = new_old.rsplit(".", 1)
            old_package = next((o for o, n in places.items() if n == package), None)
            if old_package:
                self.map[f"parlour.{old_package}.{name}"] = f"parlour.{new}"
            self.map[f"parlour.{new_old}"] = f"parlour.{new}"

    def __call__(self, dotted: str) -> str:
        parts = dotted.split(".")
        for i in range(len(parts), 1, -1):
            new = self.map.get(".".join(parts[:i]))
            if new:
                return ".".join([new, *parts[i:]])
        return dotted


# ---- 1. the plan and the moves -------------------------------------------------------------------


def imports_of(root: Path, entry: Path) -> set[str]:
    """Every module the files of `entry` (a module or a package folder) import, lazily or not."""
    files = [entry] if entry.is_file() else sorted(entry.rglob("*.py"))
    found = set()
    for path in files:
        here = module_of(root, path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = resolved(here, node.level, node.module) if node.level else node.module
                if base:
                    found.add(base)
                    found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def resolved(here: tuple[str, bool] | None, level: int, module: str | None) -> str | None:
    """The absolute name of a relative import's module, from the module `here` it is in."""
    if here is None:
        return None
    name, package = here
    parts = name.split(".") if package else name.split(".")[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([module] if module else []))


def plan(root: Path, chosen: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """Every entry of parlour/ -> its place, and what to report about the ones not in PLACES."""
    places, said = dict(PLACES), []
    base = Names(PLACES)
    for entry in sorted((root / "parlour").iterdir()):
        name = entry.stem if entry.suffix == ".py" else entry.name
        package = entry.is_dir() and (entry / "__init__.py").is_file()
        if not (entry.suffix == ".py" or package) or name in STAY or name in PLACES:
            continue
        group = chosen.get(name)
        if group is None:
            above = sorted(
                m
                for m in imports_of(root, entry)
                if m.split(".")[0] == "textual"
                or m.startswith("parlour.tui")
                or base(m).startswith(("parlour.fronts", "parlour.cli"))
            )
            group = "stay" if above else "services"
            why = f"it imports {', '.join(above[:3])}" if above else "it imports no Textual, tui, front or cli"
            said.append(f"parlour.{name}: not in PLACES; {'left in parlour/' if above else 'to services/'} ({why})")
        else:
            said.append(f"parlour.{name}: to {group} (--place)")
        if group != "stay":
            places[name] = f"{group}.{name}"
    return places, said


def move(root: Path, source: Path, target: Path, said: list[str]) -> None:
    if not source.exists():
        return
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        git(root, "mv", str(source.relative_to(root)), str(target.relative_to(root)))
    elif source.is_dir() and target.is_dir():  # merged in after an earlier run: file by file
        for name in git(root, "ls-files", "-z", str(source.relative_to(root))).split("\0"):
            if name:
                move(root, root / name, target / (root / name).relative_to(source), said)
    else:
        said.append(f"{source.relative_to(root)}: not moved, {target.relative_to(root)} is there already")


def moves(root: Path, places: dict[str, str], said: list[str]) -> list[str]:
    done = []
    for group, text in INITS.items():
        init = root / "parlour" / group / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text(text, encoding="utf-8")
            git(root, "add", str(init.relative_to(root)))
            done.append(f"made parlour/{group}/__init__.py")
    for name, place in places.items():
        target = root / "parlour" / Path(*place.split("."))
        for source, into in (
            (root / "parlour" / f"{name}.py", target.with_suffix(".py")),
            (root / "parlour" / name, target),
        ):
            package = source.is_dir() and ((source / "__init__.py").exists() or into.is_dir())  # or merged in late
            if source.suffix == ".py" and source.is_file() or package:
                move(root, source, into, said)
                done.append(f"moved {source.relative_to(root)} -> {into.relative_to(root)}")
    for old, new in RENAMED.items():
        source = root / "parlour" / Path(*old.split(".")).with_suffix(".py")
        if source.exists():
            into = root / "parlour" / Path(*new.split(".")).with_suffix(".py")
            move(root, source, into, said)
            done.append(f"moved {source.relative_to(root)} -> {into.relative_to(root)}")
    return done


# ---- 2, 3. code and text --------------------------------------------------------------------------

# a statement of its own line, or one after `;` in a line of code given as a string ("import sys; from ...")
FROM = re.compile(r"""(?m)(^[ \t]*|;[ \t]*)from (\.*[\w.]*) import (\([^)]*\)|[^\n;"']*)""")
DOTTED = re.compile(r"(?<![\w.])parlour(?:\.\w+)+")
PATH = re.compile(r"(?<![\w./-])parlour((?:/\w+)+)")


class Rewriter:
    def __init__(self, root: Path, names: Names):
        self.root, self.names = root, names
        self.hand: list[str] = []  # what to look at by hand

    def is_module(self, dotted: str) -> bool:
        return module_path(self.root, dotted) is not None or module_path(self.root, self.names(dotted)) is not None

    def statement(self, m: re.Match, here: tuple[str, bool] | None, where: str) -> str:
        indent, module, listed = m[1], m[2], m[3]
        dots = len(module) - len(module.lstrip("."))
        if dots:
            base = resolved(here, dots, module[dots:] or None)
            if base is None:
                return m[0]
        else:
            base = module
        if not base.startswith("parlour"):
            return m[0]
        comment = ""
        if listed.startswith("("):
            if "#" in listed:
                body = listed
            else:
                body = listed[1:-1]
        else:
            body, _, comment = listed.partition("#")
            comment = "  #" + comment.rstrip() if comment else ""
        if "#" in body:  # comments inside a parenthesised list: left for a person
            if self.names(base) != base:
                self.hand.append(f"{where}: {m[0].strip()[:60]}... (comments in the list)")
            return m[0]
        groups: dict[str, list[str]] = {}
        for item in (part.strip() for part in body.replace("\n", " ").split(",")):
            if not item:
                continue
            name, _, alias = item.partition(" as ")
            name, alias = name.strip(), alias.strip()
            full = f"{base}.{name}"
            if name != "*" and self.is_module(full):
                parent, last = self.names(full).rsplit(".", 1)
                bound = alias or name
                groups.setdefault(parent, []).append(last if bound == last else f"{last} as {bound}")
            else:
                groups.setdefault(self.names(base), []).append(item)
        lines = [f"from {self.spelled(p, dots, here)} import {', '.join(i)}{comment}" for p, i in groups.items()]
        new = indent + ("; " if indent.startswith(";") else "\n" + indent).join(lines)
        old_items = [p.strip() for p in body.replace("\n", " ").split(",") if p.strip()]
        if len(groups) == 1 and self.spelled(next(iter(groups)), dots, here) == module:
            if next(iter(groups.values())) == old_items:
                return m[0]
        return new

    def spelled(self, parent: str, dots: int, here: tuple[str, bool] | None) -> str:
        """`parent` as the import names it from the module's new place: relative while it can be."""
        if not dots or here is None:
            return parent
        name, package = here
        new = self.names(name)
        parts = new.split(".") if package else new.split(".")[:-1]
        anchor = ".".join(parts[: len(parts) - (dots - 1)])
        if parent == anchor:
            return "." * dots
        if parent.startswith(anchor + "."):
            return "." * dots + parent[len(anchor) + 1 :]
        return parent

    def text(self, text: str, here: tuple[str, bool] | None = None, where: str = "") -> str:
        text = FROM.sub(lambda m: self.statement(m, here, where), text)
        text = DOTTED.sub(lambda m: self.names(m[0]), text)
        return PATH.sub(lambda m: self.path(m), text)

    def path(self, m: re.Match) -> str:
        dotted = "parlour" + m[1].replace("/", ".")
        new = self.names(dotted)
        return m[0] if new == dotted else new.replace(".", "/")


# ---- 4. pyproject.toml ----------------------------------------------------------------------------


def packages(root: Path) -> list[str]:
    """Every package the wheel holds, from the folders (a folder with an __init__.py)."""
    found = []
    for folder, prefix in (("parlour", []), *((f, ["parlour"]) for f in MAPPED.values())):
        for init in (root / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(root).parts
            if "__pycache__" not in parts:
                found.append(".".join([*prefix, *parts]))
    return sorted(found)


LAYERS_NOTE = """# The layers, each importing only the ones below it (tests/test_layers.py runs these contracts):
#   parlour.cli                      the command line (parlour/cli.py)
#   parlour.fronts                   plain mode, the engine, simulate, the SSH server, the browser
#   parlour.tui                      the Textual app (tui/)
#   parlour.services | parlour.compat   shared services (the table driver, saves, seats, config,
#                                    words, wire...); the private APIs of Textual and asyncssh
#   parlour.rules                    the pure rules core (rules/)
# Inside parlour.services and parlour.fronts each module has its own layer (the contracts after
# this one). Lazy imports inside functions count too. A new module must be placed in a layer.
"""

MAIN = """[[tool.importlinter.contracts]]
name = "Layers: rules -> shared services -> the Textual app -> the other fronts -> command line"
type = "layers"
layers = [
    "parlour.cli : parlour.__main__",
    "parlour.fronts",
    "parlour.tui",
    "parlour.services | parlour.compat",
    "parlour.rules",
]
"""

INSIDE = {
    "services": 'name = "Inside the shared services: each layer imports only the ones below it"',
    "fronts": 'name = "Inside the fronts: the servers over the plain mode they serve; the engine and simulate apart"',
}

PURE = """[[tool.importlinter.contracts]]
name = "The rules core is pure: no screen, no network, no files' places, nothing above it"
type = "forbidden"
source_modules = ["parlour.rules"]
forbidden_modules = ["textual", "rich", "asyncssh", "platformdirs", "parlour.tui", "parlour.__main__", "parlour.cli", "parlour.compat", "parlour.fronts", "parlour.services"]
"""

NO_TEXTUAL = """[[tool.importlinter.contracts]]
name = "Shared services, the engine, simulate and plain mode run without Textual (cold start)"
type = "forbidden"
source_modules = ["parlour.services", "parlour.fronts.engine", "parlour.fronts.simulate", "parlour.fronts.plain"]
forbidden_modules = ["textual", "asyncssh", "parlour.tui"]
"""


def layers_block(name_line: str, layers: list[str]) -> str:
    listed = "".join(f'    "{layer}",\n' for layer in layers)
    return f'[[tool.importlinter.contracts]]\n{name_line}\ntype = "layers"\nlayers = [\n{listed}]\n'


def inside(layers: list[str], group: str) -> list[str]:
    """The old layers' order among the modules of one group (parlour.services or parlour.fronts)."""
    kept = []
    for layer in layers:
        sep = " | " if "|" in layer else " : "
        names = [n.strip() for n in re.split(r"[|:]", layer)]
        mine = [n for n in names if n.startswith(f"parlour.{group}.")]
        if mine:
            kept.append(sep.join(mine))
    return kept


def contracts(text: str, said: list[str]) -> str:
    """import-linter's section: the old whole-package contracts in the new layout's terms."""
    start = text.find("[tool.importlinter]")
    if start < 0:
        said.append("pyproject.toml: no [tool.importlinter] section")
        return text
    head = text.rfind("\n\n", 0, start) + 2  # the comment block above the section
    rest = re.search(r"(?m)^\[(?!\[tool\.importlinter\.contracts\])(?!tool\.importlinter\])", text[start + 1 :])
    end = start + 1 + rest.start() if rest else len(text)
    section = text[head:end]
    blocks = re.split(r"(?m)^(?=\[\[tool\.importlinter\.contracts\]\]$)", section)
    out = []
    for block in blocks:
        if not block.startswith("[[tool.importlinter.contracts]]"):
            out.append(block)
            continue
        contract = tomllib.loads(block.replace("[[tool.importlinter.contracts]]", "", 1))
        layers = contract.get("layers", [])
        if (
            contract.get("type") == "layers"
            and layers
            and layers[-1] == "parlour.rules"
            and "containers" not in contract
        ):
            if "parlour.fronts" in layers:
                return text  # the new layout's contracts already
            out.append(MAIN + "\n")
            for group in ("services", "fronts"):
                mine = inside(layers, group)
                if len(mine) > 1:
                    out.append(layers_block(INSIDE[group], mine) + "\n")
            placed = {n.strip() for layer in layers for n in re.split(r"[|:]", layer)}
            for name in sorted(placed - {"parlour.cli", "parlour.__main__", "parlour.tui", "parlour.rules"}):
                if not name.startswith(("parlour.services.", "parlour.fronts.", "parlour.compat")):
                    said.append(f"pyproject.toml: {name} is in no layer of the new contracts: place it by hand")
        elif contract.get("type") == "forbidden" and contract.get("source_modules") == ["parlour.rules"]:
            out.append(PURE + "\n")
        elif contract.get("type") == "forbidden" and contract.get("forbidden_modules") == [
            "textual",
            "asyncssh",
            "parlour.tui",
        ]:
            out.append(NO_TEXTUAL + "\n")
        else:
            out.append(block)
    out[0] = LAYERS_NOTE + out[0][out[0].index("[tool.importlinter]") :]
    new = "".join(out).rstrip("\n") + "\n"
    return text[:head] + new + ("\n" + text[end:] if end < len(text) else "")


def pyproject(root: Path, text: str, names: Names, said: list[str]) -> str:
    listed = "".join(f'    "{name}",\n' for name in packages(root))
    text, count = re.subn(r"(?ms)^(\[tool\.setuptools\]\n.*?^packages = \[\n).*?^\]\n", rf"\g<1>{listed}]\n", text)
    if not count:
        said.append("pyproject.toml: no `packages = [...]` under [tool.setuptools]")

    def data(m: re.Match) -> str:  # package data of parlour itself: paths inside parlour/
        def one(p: re.Match) -> str:
            first, _, rest = p[1].partition("/")
            moved = names(f"parlour.{first}")
            return (
                f'"{moved.removeprefix("parlour.").replace(".", "/")}/{rest}"' if moved != f"parlour.{first}" else p[0]
            )

        return m[1] + re.sub(r'"([^"]+)"', one, m[2])

    text = re.sub(r"(?m)^(parlour = \[)(.*\])$", data, text)
    return contracts(text, said)


def placed_new(root: Path, text: str, said: list[str]) -> str:
    """A module of parlour/services/ or parlour/fronts/ in no layer of its folder's contract (one
    merged in, not in the old contract) gets a layer of its own, just above the highest layer it
    imports from, when every module that imports it is above that; else it is reported."""
    for contract in tomllib.loads(text).get("tool", {}).get("importlinter", {}).get("contracts", []):
        layers = list(contract.get("layers", []))
        group = next((g for g in ("services", "fronts") if layers and layers[-1].startswith(f"parlour.{g}.")), None)
        if group is None:
            continue
        members = [{n.strip() for n in re.split(r"[|:]", layer)} for layer in layers]
        folder = root / "parlour" / group
        on_disk = {f"parlour.{group}.{p.stem}": p for p in folder.glob("*.py") if p.stem != "__init__"}
        on_disk |= {f"parlour.{group}.{p.parent.name}": p.parent for p in folder.glob("*/__init__.py")}

        def uses(path: Path) -> set[str]:  # the modules of this folder it imports
            return {".".join(m.split(".")[:3]) for m in imports_of(root, path) if m.startswith(f"parlour.{group}.")}

        for name in sorted(set(on_disk) - set().union(*members)):
            imported = [i for i, layer in enumerate(members) if layer & uses(on_disk[name])]
            importers = [
                i for i, layer in enumerate(members) for m in layer if m in on_disk and name in uses(on_disk[m])
            ]
            at = min(imported, default=len(layers))
            if importers and max(importers) >= at:
                said.append(f"pyproject.toml: place {name} in a layer of {contract['name']!r} by hand")
                continue
            layers.insert(at, name)
            members.insert(at, {name})
            said.append(f"pyproject.toml: {name} placed in a layer of its own in {contract['name']!r}: check it")
        if layers != contract["layers"]:
            named = re.escape(f'name = "{contract["name"]}"')
            block = re.compile(rf"(?ms)^{named}\n.*?^layers = \[\n.*?^\]\n")
            listed = "".join(f'    "{layer}",\n' for layer in layers)
            text = block.sub(lambda m: m[0][: m[0].index("layers = [")] + f"layers = [\n{listed}]\n", text, count=1)
    return text


# ---- the whole --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", nargs="?", default=".")
    parser.add_argument("--place", action="append", default=[], metavar="NAME=GROUP", help="services, fronts or stay")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything would move")
    args = parser.parse_args(argv)
    root = Path(args.checkout).resolve()
    chosen = {}
    for item in args.place:
        name, _, group = item.partition("=")
        if group not in GROUPS:
            parser.error(f"--place {item}: the group is one of {', '.join(GROUPS)}")
        chosen[name] = group
    places, said = plan(root, chosen)
    names = Names(places)
    to_move = [n for n in places if (root / "parlour" / f"{n}.py").exists() or (root / "parlour" / n).is_dir()]
    to_move += [o for o in RENAMED if (root / "parlour" / Path(*o.split("."))).with_suffix(".py").exists()]
    if args.check:
        for line in said:
            print(line)
        print("to move:", ", ".join(to_move) or "nothing")
        return 1 if to_move else 0

    rewriter = Rewriter(root, names)
    changed = []
    for path in tracked(root):  # before the moves: each file's imports read from where it is
        here = module_of(root, path) if path.suffix == ".py" else None
        where = str(path.relative_to(root))
        text = path.read_text(encoding="utf-8")
        new = rewriter.text(text, here, where)
        if path == root / "pyproject.toml":
            new = pyproject(root, new, names, said)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    done = moves(root, places, said)
    pyproject_path = root / "pyproject.toml"
    text = pyproject_path.read_text(encoding="utf-8")  # the package list again, from the moved folders
    new = placed_new(root, pyproject(root, text, names, said), said)
    if new != text:
        pyproject_path.write_text(new, encoding="utf-8")
        changed.append(pyproject_path)

    py = sorted({str(p.relative_to(root)) for p in changed if p.suffix == ".py"} | set(moved_python(root, done)))
    py = [p for p in py if (root / p).exists()]
    if py:
        ruff = [sys.executable, "-m", "ruff"]
        fixed = subprocess.run(
            [*ruff, "check", "--fix", "--select", "I", *py], cwd=root, capture_output=True, text=True
        )
        if fixed.returncode not in (0, 1):
            said.append("ruff is not installed here: run `ruff check --fix . && ruff format .`")
        else:
            subprocess.run([*ruff, "format", *py], cwd=root, capture_output=True, text=True)

    for line in done:
        print(line)
    for path in sorted(set(changed)):
        print("rewrote", path.relative_to(root))
    for line in said + rewriter.hand:
        print("NOTE", line)
    print(f"{len(done)} moves, {len(set(changed))} files rewritten")
    if done or changed:
        print(
            "next: delete stale caches (find . -name __pycache__ -prune -exec rm -rf {} +; rm -rf .mypy_cache build),"
        )
        print("      reinstall (pip install -e '.[test]' --config-settings editable_mode=compat), run the tests")
    return 0


def moved_python(root: Path, done: list[str]) -> list[str]:
    found = []
    for line in done:
        if line.startswith("moved "):
            target = root / line.split(" -> ")[1]
            files = [target] if target.is_file() else target.rglob("*.py")
            found += [str(p.relative_to(root)) for p in files if p.suffix == ".py"]
    return found


if __name__ == "__main__":
    sys.exit(main())
