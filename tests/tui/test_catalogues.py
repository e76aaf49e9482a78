"""Every text exists in every language: the catalogues have the same keys and placeholders."""

import re

import pytest

from parlour.services.words import i18n

PLACEHOLDER = re.compile(r"{(\w+)}")


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_each_catalogue_has_the_same_keys_as_english(lang):
    english, other = i18n.catalogue("en"), i18n.catalogue(lang)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}"
    assert sorted(set(other) - set(english)) == [], f"only in {lang}"
    for key, text in english.items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(other[key])), key


def test_the_language_comes_from_the_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert i18n.default_language() == "sv"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.default_language() == "en"


def test_a_text_in_swedish_and_back():
    try:
        i18n.set_language("sv")
        assert i18n.t("game.your_turn", name="Ann") == "Ann, din tur."
    finally:
        i18n.set_language("en")
    assert i18n.t("game.your_turn", name="Ann") == "Ann, your turn."
