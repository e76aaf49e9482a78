"""The docs (README.md, docs/*.md) name only what is there: every path of the repository they
name exists, and every `module.NAME` is defined in that module (a module named by its file's name,
`channel.MAX_BACKLOG`, or in full, `parlour.fronts.serve.server.serve`). Read from the code (ast),
nothing imported: a doc that names a constant after it moved fails here, not a reader."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "parlour" / "games").glob("*/*.md"))]

# A path in the repository: from a top-level folder, as far as it goes in file-name characters.
TOPS = "parlour|rules|tui|styles|tests|tools|docs|screenshots|\\.ci"
PATH = re.compile(rf"(?<![\w/.~-])((?:{TOPS})/[\w./-]*[\w/])")
CODE = re.compile(r"`([^`\n]+)`")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
FILE = re.compile(r"[\w-]+\.py")


@cache
def tracked() -> tuple[str, ...]:
    return tuple(
        subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    )


@cache
def modules() -> dict[str, list[Path]]:
    """Our modules by their last name (`channel`, `web` for a package's __init__.py)."""
    found: dict[str, list[Path]] = {}
    for name in tracked():
        if name.endswith(".py") and not name.startswith(("tests/", "tools/")) and "/tests/" not in name:
            path = Path(name)
            found.setdefault(path.parent.name if path.name == "__init__.py" else path.stem, []).append(ROOT / path)
    return found


@cache
def defined(path: Path) -> frozenset[str]:
    """What a module defines at its top, and what its classes define (for `Class.name`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()

    def top(body: list[ast.stmt], prefix: str = "") -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(prefix + node.name)
                if isinstance(node, ast.ClassDef):
                    top(node.body, f"{prefix}{node.name}.")
                    stores = (
                        n for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
                    )
                    names.update(f"{prefix}{node.name}.{n.attr}" for n in stores)
            elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(prefix + n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names.update(prefix + (a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.If | ast.Try):  # TYPE_CHECKING, a fallback import
                top(node.body, prefix)
                top(getattr(node, "orelse", []), prefix)

    top(tree.body)
    return frozenset(names)


def module_file(dotted: str) -> Path | None:
    """The file of a module named in full (`parlour.fronts.serve.server`), without importing it."""
    try:
        spec = importlib.util.find_spec(dotted)
    except (ImportError, ValueError):
        return None
    return Path(spec.origin) if spec is not None and spec.origin and spec.origin.endswith(".py") else None


def wrong_name(dotted: str) -> str | None:
    """Why `dotted` names nothing, or None when it names something. Checked: a name in a module
    named in full (`parlour.fronts.serve.server.serve`), and a constant or a class in a module
    named by its file's name (`channel.MAX_BACKLOG`, `driver.ChannelDriver`); a lower-case name
    after a short one (`turn.chance`, `game.id`) is as often a variable's field, and is left."""
    parts = dotted.split(".")
    if parts[0] == "parlour" and module_file(".".join(parts[:2])) is not None:
        for cut in range(len(parts), 1, -1):  # the longest module named in full
            path = module_file(".".join(parts[:cut]))
            if path is not None:
                rest = ".".join(parts[cut:])
                return None if not rest or _in(path, rest) else f"{rest} is not in {'.'.join(parts[:cut])}"
    first, rest = parts[0], ".".join(parts[1:])
    if not (first.islower() and parts[1][:1].isupper()):
        return None
    if first not in modules():
        return None if module_file(first) or importlib.util.find_spec(first) else f"there is no module {first}"
    paths = modules()[first]
    return None if any(_in(path, rest) for path in paths) else f"{rest} is not in {first} ({_where(paths)})"


def _in(path: Path, rest: str) -> bool:
    """Whether `rest` (a name, or a class's) is defined in the module at `path`."""
    names = defined(path)
    parts = rest.split(".")
    return rest in names or ".".join(parts[:2]) in names or (parts[0] in names and not parts[0][:1].isupper())


def _where(paths: list[Path]) -> str:
    return ", ".join(str(p.relative_to(ROOT)) for p in paths)


def test_every_path_and_module_name_the_docs_name_is_there():
    missing = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in PATH.finditer(text):
            named = match.group(1).rstrip(".")
            if not (ROOT / named).exists() and not any(name.startswith(named) for name in tracked()):  # `test_*.py`
                missing.append(f"{doc.relative_to(ROOT)}: {match.group(1)}")
        for code in CODE.findall(text):
            if FILE.fullmatch(code) and not any(Path(name).name == code for name in tracked()):
                missing.append(f"{doc.relative_to(ROOT)}: {code}")
            for dotted in DOTTED.findall(code):
                why = None if FILE.fullmatch(dotted) or "/" in code else wrong_name(dotted)
                if why is not None:
                    missing.append(f"{doc.relative_to(ROOT)}: `{dotted}`: {why}")
    assert missing == [], "\n".join(missing)


def test_the_architecture_maps_every_folder_and_every_module_of_serve():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    folders = {str(Path(name).parent) for name in tracked() if name.endswith(".py") and "/" in name}
    product = {f for f in folders if not f.startswith(("tests/", "tools/"))} | {
        "tests",
        "tools",
        "docs",
        "screenshots",
        ".ci",
    }
    unmapped = sorted(f for f in product if f"`{f}/`" not in text)
    assert unmapped == [], f"docs/architecture.md does not say what these folders hold: {unmapped}"
    serve = sorted(
        Path(name).name for name in tracked() if name.startswith("parlour/fronts/serve/") and name.endswith(".py")
    )
    assert [m for m in serve if f"`{m}`" not in text] == []
    assert f"{len(serve) - 1} modules beside its `__init__.py`" in text


def test_the_readme_says_what_parlour_is_and_shows_it_before_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_screen = readme[: readme.index("\n## ")]
    picture = first_screen.index("![")
    spans = CODE.findall(first_screen)
    install = next(s for s in spans if "pip install -e ." in s)
    tests = next(s for s in spans if "-m pytest" in s)
    assert "board games" in first_screen[:picture] and "`" not in first_screen[:picture]  # what it is, in words
    assert first_screen.index(install) > picture and spans[0] == install and install.endswith('--seats "You,bot,bot"')
    assert spans.index(tests) > spans.index(install)
    # .ci/run installs what the README installs and runs exactly its test command
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    pip, pytest = (part.strip() for part in tests.split("&&"))
    assert run[-1] == pytest
    assert run[-2].replace(" --quiet --disable-pip-version-check", "") == pip
