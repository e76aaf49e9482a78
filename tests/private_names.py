"""The private names (`obj._name`) of other people's code that the repository's code reaches
into, found by reading the code (ast), not from a list of names already known
(tests/test_compat.py keeps them all inside parlour/compat/).

A private name is the project's own where the project defines it (a function, a class, an
attribute or a variable assigned, a slot, a parameter) and the object it is read from may not be
a library's that defines it too:
- on `self` or `cls`, no library class the class derives from defines it: `self._app` in a
  subclass of Textual's Driver is the Driver's, and `self._process` set in a subclass of
  textual-serve's AppService is the AppService's, though some class of ours has a `_process`;
- on anything else, no library class the file imports or derives from defines it:
  `service._open_app_process()` beside an import of AppService is AppService's. (A name of ours
  that such a class also has is then renamed, so it does not read as the library's.)
A library's private module (`textual._xterm_parser`) or name imported counts too."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Documented names that happen to begin with "_": a named tuple's methods and fields, os._exit.
DOCUMENTED = {"_replace", "_fields", "_make", "_asdict", "_field_defaults", "_exit"}
REFLECTION = ("getattr", "setattr", "hasattr", "delattr")  # `getattr(x, "_name")` reads `x._name`


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) and name not in DOCUMENTED


def defined(tree: ast.AST) -> set[str]:
    """The private names a piece of code defines."""
    names: set[str] = set()
    for node in ast.walk(tree):
        names |= defined_here(node)
    return {name for name in names if is_private(name)}


def defined_here(node: ast.AST) -> set[str]:
    """The names one node of code defines (all, private or not)."""
    names: set[str] = set()
    if True:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            names |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return names


# In a library's source: the lines a top-level class starts on, and what a class's code assigns to
# an attribute of its own (`self._x = ...`, `self._x: T = ...`, `cls._x = ...`). Read as text: the
# libraries' modules are large, and parsing them took most of this scan's time.
_CLASS = re.compile(r"^class (\w+)", re.M)
_TOP = re.compile(r"^(?:class|def|async def) ", re.M)
_ASSIGNED = re.compile(r"\b(?:self|cls)\.(_\w+)\s*(?::[^=\n]*)?=(?!=)")


@cache
def _module_classes(module: str) -> dict[str, str]:
    """A library module's top-level classes by name, each as its source text (none without source)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return {}
    text = Path(spec.origin).read_text(encoding="utf-8")
    starts = [m.start() for m in _TOP.finditer(text)] + [len(text)]
    return {m.group(1): text[m.start() : next(s for s in starts if s > m.start())] for m in _CLASS.finditer(text)}


@cache
def _class_attributes(module: str, name: str) -> frozenset[str]:
    """The private attributes a library class's code assigns (`self._x = ...` in a method)."""
    return frozenset(_ASSIGNED.findall(_module_classes(module).get(name, "")))


@cache
def library_names(cls: type) -> frozenset[str]:
    """The private names a library class and its bases define: in their namespaces, or in their
    code (`self._x = ...` in a method)."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__ != "builtins":
            names |= set(vars(klass))
            names |= _class_attributes(klass.__module__, klass.__name__)
    return frozenset(name for name in names if is_private(name))


class File:
    """One file of the repository, read in one pass: the private names it defines, the library
    names it imports, its classes, and each use of a private name with the class it is in."""

    def __init__(self, path: str, ours: set[str]):
        self.path = path
        self.tree = tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), path)
        self.ours = ours
        self.imports: dict[str, tuple[str, str | None]] = {}  # local name -> (library module, name in it)
        self.classes: dict[str, ast.ClassDef] = {}
        self.private_imports: list[ast.stmt] = []
        self.our_imports: list[str] = []  # modules of ours imported with `from ... import`
        self.reads: list[tuple[ast.AST, ast.expr, str, ast.ClassDef | None]] = []  # node, object, name, class
        self.defined: set[str] = set()
        self._read(tree, None)
        self.defined = {name for name in self.defined if is_private(name)}

    def _read(self, node: ast.AST, within: ast.ClassDef | None) -> None:
        if isinstance(node, ast.ClassDef):
            self.classes[node.name] = within = node
        if isinstance(node, ast.Import):
            for alias in node.names:
                if self.library(alias.name):
                    top = alias.name.split(".")[0]
                    self.imports[alias.asname or top] = (alias.name if alias.asname else top, None)
                    if any(part.startswith("_") for part in alias.name.split(".")[1:]):
                        self.private_imports.append(node)
        elif isinstance(node, ast.ImportFrom) and node.level:  # ours: made absolute
            package = self.path.split("/")[: -node.level]
            self.our_imports.append(".".join(package + ([node.module] if node.module else [])))
        elif isinstance(node, ast.ImportFrom) and node.module and not self.library(node.module):
            self.our_imports.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level and self.library(node.module):
            for alias in node.names:
                self.imports[alias.asname or alias.name] = (node.module, alias.name)
            if any(p.startswith("_") for p in node.module.split(".")[1:]) or any(
                is_private(a.name) for a in node.names
            ):
                self.private_imports.append(node)
        self.defined |= defined_here(node)
        for on, name in _reads(node):
            self.reads.append((node, on, name, within))
        for child in ast.iter_child_nodes(node):
            self._read(child, within)

    def library(self, module: str) -> bool:
        return module.split(".")[0] not in self.ours

    def resolve(self, expr: ast.expr) -> object:
        """The library object a name or dotted name stands for here (None: not a library's)."""
        parts: list[str] = []
        while isinstance(expr, ast.Attribute):
            parts.insert(0, expr.attr)
            expr = expr.value
        if not isinstance(expr, ast.Name) or expr.id not in self.imports:
            return None
        module, name = self.imports[expr.id]
        try:
            value: object = importlib.import_module(module)
            for part in ([name] if name else []) + parts:
                value = getattr(value, part)
        except (ImportError, AttributeError):
            return None
        return value


class Repository:
    """The repository's files outside `outside`, and the files of ours their classes derive from."""

    def __init__(self, outside: tuple[str, ...]) -> None:
        names = subprocess.run(
            ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        self.ours = {name.split("/")[0].removesuffix(".py") for name in names} | {"parlour"}
        self.files = {name: self._parse(name) for name in names if not name.startswith(outside)}
        self.scanned = list(self.files)
        self.classes: dict[str, list[tuple[File, ast.ClassDef]]] = {}  # our classes by name
        for file in list(self.files.values()):
            self._add_classes(file)

    def _parse(self, name: str) -> File:
        return File(name, self.ours)

    def _add_classes(self, file: File) -> None:
        for name, node in file.classes.items():
            self.classes.setdefault(name, []).append((file, node))
        for module in file.our_imports:  # a base class of ours from a file not scanned (a test's harness)
            path = module.replace(".", "/") + ".py"
            if path not in self.files and (ROOT / path).is_file():
                self.files[path] = self._parse(path)
                self._add_classes(self.files[path])

    def inherited(self, file: File, node: ast.ClassDef, seen: frozenset[str] = frozenset()) -> frozenset[str]:
        """The private names a class of ours takes from the library classes it derives from."""
        names: set[str] = set()
        for base in node.bases:
            value = file.resolve(base)
            if isinstance(value, type):
                names |= library_names(value)
            elif isinstance(base, ast.Name) and base.id not in seen:  # one of ours: its own bases
                for where, parent in self.classes.get(base.id, []):
                    names |= self.inherited(where, parent, seen | {base.id})
        return frozenset(names)

    def reaches(self, file: File, own: set[str]) -> Iterator[tuple[int, str]]:
        """(line, code) of each reach into a library's private name in one file."""
        for node in file.private_imports:
            yield node.lineno, ast.unparse(node)
        used: set[str] = set()  # the private names of the library classes this file uses
        for local in file.imports:
            value = file.resolve(ast.Name(local))
            if isinstance(value, type):
                used |= library_names(value)
        inherited = {name: self.inherited(file, klass) for name, klass in file.classes.items()}
        for names in inherited.values():
            used |= names
        for node, on, name, within in file.reads:
            on_self = isinstance(on, ast.Name) and on.id in ("self", "cls")
            if (
                name not in own
                or (on_self and within is not None and name in inherited[within.name])
                or (name in used and not on_self)
            ):
                yield getattr(node, "lineno", 0), ast.unparse(node)


def _reads(node: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """(object, name) where `node` uses a private name of an object."""
    if isinstance(node, ast.Attribute) and is_private(node.attr):
        yield node.value, node.attr
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in REFLECTION
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
        and is_private(node.args[1].value)
    ):
        yield node.args[0], node.args[1].value


def private_uses(outside: tuple[str, ...]) -> list[str]:
    """ "path:line: code" for every reach into a library's private name, in files not under `outside`."""
    repo = Repository(outside)
    own = set().union(*(file.defined for file in repo.files.values()))
    return [
        f"{path}:{line}: {code}"
        for path in repo.scanned
        for line, code in sorted(set(repo.reaches(repo.files[path], own)))
    ]


def imported_libraries(outside: tuple[str, ...]) -> dict[str, set[str]]:
    """path -> the libraries (top-level modules, not ours) each file outside `outside` imports."""
    names = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    ours = {name.split("/")[0].removesuffix(".py") for name in names} | {"parlour"}
    found: dict[str, set[str]] = {}
    for name in names:
        if not name.startswith(outside):
            tree = ast.parse((ROOT / name).read_text(encoding="utf-8"), name)
            modules = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names] + [
                n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module and not n.level
            ]
            found[name] = {m.split(".")[0] for m in modules} - ours
    return found
