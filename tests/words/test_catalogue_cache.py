"""The catalogues' cache (parlour/services/words/i18n.py `load`): the same messages as the TOML files, and
never stale: any change to a file is read at once; kept out of the install."""

from __future__ import annotations

import os
import shutil
import sys

from parlour.services.words import i18n


def _copy_english(tmp_path):
    folder = tmp_path / "locale" / "en"
    shutil.copytree(i18n._DIR / "en", folder)
    return folder


def test_the_cache_gives_the_same_messages_and_follows_every_change(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = _copy_english(tmp_path)
    cache = tmp_path / "cache" / "en.json"
    first = i18n.load(folder, cache)
    assert cache.is_file() and first["app.title"] == "Parlour"
    assert i18n.load(folder, cache) == first  # from the cache

    app = folder / "app.toml"
    app.write_text(app.read_text(encoding="utf-8").replace('title = "Parlour"', 'title = "Salon"', 1), encoding="utf-8")
    assert i18n.load(folder, cache)["app.title"] == "Salon"
    (folder / "more.toml").write_text('[extra]\nword = "new"\n', encoding="utf-8")
    assert i18n.load(folder, cache)["extra.word"] == "new"


def test_a_damaged_cache_is_read_past(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = _copy_english(tmp_path)
    cache = tmp_path / "cache" / "en.json"
    expected = i18n.load(folder, cache)
    for damage in (b"{not json", b"[]", b'{"stamp": 1}', b'{"stamp": [], "messages": {"a": 1}}'):
        cache.write_bytes(damage)
        os.utime(cache)
        assert i18n.load(folder, cache) == expected


def test_nothing_is_written_without_bytecode_writing(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    folder = _copy_english(tmp_path)
    assert i18n.load(folder, tmp_path / "cache" / "en.json")["app.title"] == "Parlour"
    assert not (tmp_path / "cache").exists()


def test_the_default_cache_is_in_the_users_cache_folder_not_the_install(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(sys, "platform", "linux")
    folder = _copy_english(tmp_path)
    assert i18n.load(folder)["app.title"] == "Parlour"
    assert [p.parent for p in (tmp_path / "xdg").rglob("*.json")] == [tmp_path / "xdg" / "parlour"]
    assert not (tmp_path / "locale" / "__pycache__").exists()
