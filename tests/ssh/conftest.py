"""Each test: its own data and config folders (saves, host key, logs), English, and a server on
a free loopback port."""

import os

import pytest


@pytest.fixture(autouse=True)
def parlour_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def broker_url(tmp_path):
    """A real Redis server (Debian's redis-server) on a free loopback port, in a temp folder, for
    the tests of many workers; skipped without the binary, unless PARLOUR_BROKER_TESTS=required
    (as .ci/run sets it) turns the skip into a failure."""
    from .broker import redis_missing, redis_server

    why = redis_missing()
    if why:
        if os.environ.get("PARLOUR_BROKER_TESTS") == "required":
            pytest.fail(f"broker tests are required here but cannot run: {why}")
        pytest.skip(why)
    with redis_server(tmp_path / "redis") as url:
        yield url
