"""tools/layout_move.py (issue 30) on a small checkout of the old layout: modules moved to
parlour/services/ and parlour/fronts/, every kind of reference rewritten, a module it does not
know placed by its rule, the import-linter contracts split by layer, and a second run changes
nothing."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "layout_move.py"

PYPROJECT = """[tool.ruff.lint.isort]
combine-as-imports = true

[tool.setuptools]
package-dir = { "parlour" = "parlour", "parlour.tui" = "tui", "parlour.styles" = "styles" }
packages = [
    "parlour",
]

[tool.setuptools.package-data]
parlour = ["words/locale/*/*.toml"]

[[tool.mypy.overrides]]
module = ["parlour.serve.server", "parlour.driver"]
disable_error_code = ["arg-type"]

# The layers (an old note)
[tool.importlinter]
root_packages = ["parlour"]

[[tool.importlinter.contracts]]
name = "Layers"
type = "layers"
layers = [
    "parlour.cli : parlour.__main__",
    "parlour.serve",
    "parlour.tui | parlour.engine",
    "parlour.referee",
    "parlour.driver",
    "parlour.saves : parlour.words",
    "parlour.rules",
]

[[tool.importlinter.contracts]]
name = "Pure"
type = "forbidden"
source_modules = ["parlour.rules"]
forbidden_modules = ["textual", "parlour.driver"]

[[tool.importlinter.contracts]]
name = "Mine"
type = "forbidden"
source_modules = ["parlour.tui.keymap"]
forbidden_modules = ["parlour.tui.app"]
"""

FILES = {
    "parlour/__init__.py": "",
    "parlour/__main__.py": "from .cli import main\n\nmain()\n",
    "parlour/cli.py": (
        "from . import saves\nfrom .engine import run\n\n\ndef main():\n"
        "    from parlour.serve.server import serve\n\n    return run, saves, serve\n"
    ),
    "parlour/driver.py": "from parlour import saves\n\n\nclass TableDriver:\n    saves = saves\n",
    "parlour/saves.py": '"""Saves."""\n',
    "parlour/engine.py": "from . import saves\n\n\ndef run():\n    return saves\n",
    "parlour/words/__init__.py": "",
    "parlour/words/locale/en/app.toml": 'hello = "Hello"\n',
    "parlour/referee.py": "from parlour.driver import TableDriver\n\nREFEREE = TableDriver\n",
    "parlour/gadget.py": "def show():\n    from parlour.tui import app\n\n    return app\n",
    "parlour/serve/__init__.py": "",
    "parlour/serve/driver.py": '"""A Textual driver on an SSH channel (parlour/serve/driver.py)."""\n\n\nclass ChannelDriver:\n    pass\n',
    "parlour/serve/server.py": (
        "from ..driver import TableDriver\nfrom .driver import ChannelDriver\n\n\n"
        "def serve():\n    return TableDriver, ChannelDriver\n"
    ),
    "tui/__init__.py": "",
    "tui/app.py": "from parlour import saves, styles\n\nTHINGS = saves, styles\n",
    "styles/__init__.py": "",
    "tests/test_x.py": (
        "from parlour.driver import TableDriver  # noqa: E402\n"
        "from parlour.serve import driver as driver_module, server\n\n"
        'TARGET = "parlour.serve.driver.ChannelDriver"\nTHINGS = TableDriver, driver_module, server\n'
        'CODE = "import sys; from parlour import engine, saves; engine.run()"\n'
    ),
    "README.md": (
        "The table driver (`parlour/driver.py`) and `parlour.serve.server.serve`; "
        "the keymap is ~/.config/parlour/keymap.toml.\n"
    ),
    "pyproject.toml": PYPROJECT,
}


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), str(root), *args], capture_output=True, text=True, timeout=120)


def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    for args in (["init", "-q"], ["add", "-A"]):
        subprocess.run(["git", *args], cwd=root, check=True)
    return root


def read(root: Path, name: str) -> str:
    return (root / name).read_text(encoding="utf-8")


def test_the_layout_is_moved_and_every_reference_follows(tmp_path):
    root = checkout(tmp_path)
    assert run(root, "--check").returncode == 1  # something to move

    done = run(root)
    assert done.returncode == 0, done.stderr
    for gone in ("parlour/driver.py", "parlour/saves.py", "parlour/engine.py", "parlour/serve", "parlour/words"):
        assert not (root / gone).exists(), gone
    for made in (
        "parlour/services/__init__.py",
        "parlour/services/table_driver.py",
        "parlour/services/saves.py",
        "parlour/services/referee.py",  # not in the script's table: moved by the rule
        "parlour/services/words/locale/en/app.toml",
        "parlour/fronts/__init__.py",
        "parlour/fronts/engine.py",
        "parlour/fronts/serve/channel.py",  # renamed: no second driver.py
        "parlour/fronts/serve/server.py",
        "parlour/gadget.py",  # it imports the Textual app: left where it is, and said so
        "parlour/cli.py",
    ):
        assert (root / made).is_file(), made
    assert "parlour.gadget: not in PLACES; left in parlour/ (it imports parlour.tui" in done.stdout
    assert "parlour.referee: not in PLACES; to services/" in done.stdout

    cli = read(root, "parlour/cli.py")
    assert "from .services import saves" in cli and "from .fronts.engine import run" in cli
    assert "from parlour.fronts.serve.server import serve" in cli
    server = read(root, "parlour/fronts/serve/server.py")
    assert "from parlour.services.table_driver import TableDriver" in server  # ..driver is no longer there
    assert "from .channel import ChannelDriver" in server
    assert "from parlour.services import saves" in read(root, "parlour/services/table_driver.py")
    assert "from .services.table_driver import TableDriver" not in read(root, "parlour/services/referee.py")
    app = read(root, "tui/app.py")
    assert "from parlour import styles" in app and "from parlour.services import saves" in app
    test = read(root, "tests/test_x.py")
    assert "from parlour.services.table_driver import TableDriver  # noqa: E402" in test
    assert "from parlour.fronts.serve import channel as driver_module, server" in test
    assert '"parlour.fronts.serve.channel.ChannelDriver"' in test
    assert (
        'CODE = "import sys; from parlour.fronts import engine; from parlour.services import saves; engine.run()"'
        in test
    )
    assert read(root, "parlour/fronts/serve/channel.py").startswith(
        '"""A Textual driver on an SSH channel (parlour/fronts/serve/channel.py)."""'
    )
    readme = read(root, "README.md")
    assert "`parlour/services/table_driver.py`" in readme and "`parlour.fronts.serve.server.serve`" in readme
    assert "~/.config/parlour/keymap.toml" in readme  # a folder of the player's, not a module
    for path in root.rglob("*.py"):
        ast.parse(path.read_text(encoding="utf-8"))

    config = tomllib.loads(read(root, "pyproject.toml"))
    assert "parlour.services.words" in config["tool"]["setuptools"]["packages"]
    assert config["tool"]["setuptools"]["package-data"]["parlour"] == ["services/words/locale/*/*.toml"]
    assert config["tool"]["mypy"]["overrides"][0]["module"] == [
        "parlour.fronts.serve.server",
        "parlour.services.table_driver",
    ]
    layers = {c["name"]: c.get("layers") for c in config["tool"]["importlinter"]["contracts"]}
    main = next(v for k, v in layers.items() if k.startswith("Layers: rules"))
    assert main == [
        "parlour.cli : parlour.__main__",
        "parlour.fronts",
        "parlour.tui",
        "parlour.services | parlour.compat",
        "parlour.rules",
    ]
    inside = [v for k, v in layers.items() if k.startswith("Inside")]
    assert inside == [
        [
            "parlour.services.referee",
            "parlour.services.table_driver",
            "parlour.services.saves : parlour.services.words",
        ],
        ["parlour.fronts.serve", "parlour.fronts.engine"],
    ]  # the old order, inside each folder
    assert "Mine" in layers and "Pure" not in layers  # another contract kept; the pure one in the new terms

    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    status = subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True).stdout
    again = run(root)
    assert again.returncode == 0 and "0 moves, 0 files rewritten" in again.stdout, again.stdout
    assert subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True).stdout == status
    assert run(root, "--check").returncode == 0


def test_a_module_merged_in_later_with_old_names_is_moved_and_rewritten(tmp_path):
    root = checkout(tmp_path)
    assert run(root).returncode == 0
    (root / "parlour" / "serve").mkdir()
    (root / "parlour" / "serve" / "late.py").write_text("from parlour.driver import TableDriver\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    again = run(root)
    assert again.returncode == 0, again.stderr
    assert not (root / "parlour" / "serve" / "late.py").exists()
    late = read(root, "parlour/fronts/serve/late.py")
    assert late == "from parlour.services.table_driver import TableDriver\n"


def test_a_new_service_in_no_layer_gets_one_above_what_it_imports(tmp_path):
    root = checkout(tmp_path)
    assert run(root).returncode == 0
    (root / "parlour" / "services" / "umpire.py").write_text("from parlour.saves import x\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    again = run(root)
    assert "parlour.services.umpire placed in a layer of its own" in again.stdout, again.stdout
    contracts = tomllib.loads(read(root, "pyproject.toml"))["tool"]["importlinter"]["contracts"]
    assert next(c["layers"] for c in contracts if c["name"].startswith("Inside the shared")) == [
        "parlour.services.referee",
        "parlour.services.table_driver",
        "parlour.services.umpire",
        "parlour.services.saves : parlour.services.words",
    ]
    assert read(root, "parlour/services/umpire.py") == "from parlour.services.saves import x\n"
