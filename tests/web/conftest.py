"""Browser tests need Debian's Chromium and Playwright. A developer without them gets a skip;
`.ci/run` sets PARLOUR_BROWSER_TESTS=required, which turns that skip into a failure."""

from __future__ import annotations

import os

import pytest

from .harness import browser_missing


@pytest.fixture
def browser_ready():
    why = browser_missing()
    if why:
        if os.environ.get("PARLOUR_BROWSER_TESTS") == "required":
            pytest.fail(f"browser tests are required here but cannot run: {why}")
        pytest.skip(why)


@pytest.fixture
def parlour_env(tmp_path):
    """The environment for `parlour web`: its own data and config folders."""
    env = dict(os.environ, PARLOUR_DATA_DIR=str(tmp_path / "data"), PARLOUR_CONFIG_DIR=str(tmp_path / "config"))
    env.pop("PARLOUR_BROWSER_TESTS", None)
    return env
