"""parlour/services/collector.py: rarer cyclic collections inside a block, the caller's thresholds after."""

from __future__ import annotations

import gc

import pytest

from parlour.services import saves
from parlour.services.collector import collections_every


def test_the_threshold_holds_inside_and_is_put_back_after_an_error():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError):
        with collections_every(0):
            assert gc.get_threshold() == (0, *before[1:])  # 0: no automatic collection
            raise RuntimeError
    assert gc.get_threshold() == before


def test_a_save_loads_without_cyclic_collections(tmp_path, monkeypatch):
    seen = []
    monkeypatch.setattr(saves.log, "load_lines", lambda lines, *a, **k: seen.append(gc.get_threshold()[0]) or 1)
    path = tmp_path / "a.jsonl"
    path.write_text("{}\n")
    saves.read(path)
    assert seen == [0] and gc.get_threshold()[0] != 0
