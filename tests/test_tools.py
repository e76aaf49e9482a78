"""The checkers of pyproject.toml pass: ruff (lint and format) over the checkout, mypy over the
product (strict on the rules core). They run here so the README's test command runs them too."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, where: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=where, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing():
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_formatted():
    result = run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, "run `ruff format .`:\n" + result.stdout + result.stderr


def test_mypy_finds_nothing():
    # Bare, at the root, as anyone runs it: pyproject.toml says what to check, and its cache in
    # .mypy_cache (ignored by git) is the one a bare run leaves, so neither run spoils the other.
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_rules_core_is_checked_in_full():
    # mypy's strict checks hold in every parlour.rules module: no override there turns any off
    # (nor silences a module), so test_mypy_finds_nothing holds the whole rules core.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    silencing = {"disable_error_code", "ignore_errors", "ignore_missing_imports", "follow_imports"}
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        rules = [m for m in modules if m == "parlour.rules" or m.startswith("parlour.rules.")]
        assert not (rules and silencing & set(override)), f"{rules} silenced: {sorted(silencing & set(override))}"
        if rules:  # the strict entry: it turns checks on, none off
            assert all(value is True for key, value in override.items() if key != "module"), override


def test_the_tools_are_checked_in_full():
    # Issue 40: tools/*.py are typed as the package is. The bare run checks them (each a top-level
    # module, as python runs it) and no override silences one; `tools.*` (two tools reach ssh_bench
    # that way) is only not followed, its file being checked as `ssh_bench`.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "tools/*.py" in config["files"], config["files"]
    tools = {path.stem for path in (ROOT / "tools").glob("*.py")}
    silencing = {"disable_error_code", "ignore_errors", "ignore_missing_imports"}
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        named = [m for m in modules if m.split(".")[0] in tools or m.startswith("tools.")]
        assert not (named and silencing & set(override)), f"{named} silenced: {sorted(silencing & set(override))}"
