"""Each test: its own data and config folders (saves, host key, logs), English, and a server on
a free loopback port."""

import pytest


@pytest.fixture(autouse=True)
def parlour_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path
