"""The import circles inside a package, and its largest modules (issue 40: serve/ as its own small house).

    python tools/import_circles.py                       # parlour.fronts.serve
    python tools/import_circles.py parlour               # every circle in parlour
    python tools/import_circles.py --root /tmp/old parlour.fronts.serve   # another checkout

A circle is a set of modules each reaching the others through imports (a strongly connected
component of grimp's graph, with at least two modules): imports inside functions and under
TYPE_CHECKING count, as in the acyclic_siblings contract pyproject.toml gives import-linter. A
package counts as its __init__.py. grimp comes with import-linter (the test extra).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def circles(graph: object, prefix: str) -> list[list[str]]:
    """Each strongly connected component of two or more modules under `prefix` (Tarjan's, by loop)."""
    modules = sorted(m for m in graph.modules if m == prefix or m.startswith(prefix + "."))  # type: ignore[attr-defined]
    inside = set(modules)

    def after(module: str) -> list[str]:
        return sorted(set(graph.find_modules_directly_imported_by(module)) & inside)  # type: ignore[attr-defined]

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(after(root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(after(step))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("package", nargs="?", default="parlour.fronts.serve")
    parser.add_argument("--root", type=Path, help="the checkout to read (default: the one imported)")
    parser.add_argument("--largest", type=int, default=5, help="the largest modules to list")
    args = parser.parse_args()
    if args.root is not None:
        sys.path.insert(0, str(args.root.resolve()))
    import grimp

    graph = grimp.build_graph(args.package.split(".")[0], cache_dir=None)
    found = circles(graph, args.package)
    for component in found:
        print(f"circle of {len(component)}: " + " <-> ".join(m.removeprefix(args.package + ".") for m in component))
    print(f"{len(found)} import circles in {args.package}")
    top = __import__(args.package.split(".")[0])
    assert top.__file__ is not None  # a package of files, not a namespace
    folder = Path(top.__file__).parent.joinpath(*args.package.split(".")[1:])
    sizes = sorted(
        ((len(p.read_text(encoding="utf-8").splitlines()), p.name) for p in folder.glob("*.py")), reverse=True
    )
    print(f"largest modules of {folder}: " + ", ".join(f"{name} {lines}" for lines, name in sizes[: args.largest]))


if __name__ == "__main__":
    main()
