"""The catalogues' cache (parlour/words/i18n.py `load`): the same messages as the TOML files, and
never stale: any change to a file is read at once."""

from __future__ import annotations

import os
import shutil
import sys

from parlour.words import i18n


def _copy_english(tmp_path):
    folder = tmp_path / "locale" / "en"
    shutil.copytree(i18n._DIR / "en", folder)
    return folder


def test_the_cache_gives_the_same_messages_and_follows_every_change(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = _copy_english(tmp_path)
    first = i18n.load(folder)
    cache = tmp_path / "locale" / "__pycache__" / "en.json"
    assert cache.is_file() and first["app.title"] == "Parlour"
    assert i18n.load(folder) == first  # from the cache

    app = folder / "app.toml"
    app.write_text(app.read_text(encoding="utf-8").replace('title = "Parlour"', 'title = "Salon"', 1),
                   encoding="utf-8")
    assert i18n.load(folder)["app.title"] == "Salon"
    (folder / "more.toml").write_text('[extra]\nword = "new"\n', encoding="utf-8")
    assert i18n.load(folder)["extra.word"] == "new"


def test_a_damaged_cache_is_read_past(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = _copy_english(tmp_path)
    expected = i18n.load(folder)
    cache = tmp_path / "locale" / "__pycache__" / "en.json"
    for damage in (b"{not json", b"[]", b'{"stamp": 1}', b'{"stamp": [], "messages": {"a": 1}}'):
        cache.write_bytes(damage)
        os.utime(cache)
        assert i18n.load(folder) == expected


def test_nothing_is_written_without_bytecode_writing(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    folder = _copy_english(tmp_path)
    assert i18n.load(folder)["app.title"] == "Parlour"
    assert not (tmp_path / "locale" / "__pycache__").exists()
