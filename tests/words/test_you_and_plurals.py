"""The player at the keyboard is "you", counts have real plural forms, ASCII is complete, and
the terminal's charset comes from the locale the player set (issue 16)."""

import pytest

from parlour.charset import wants_ascii
from parlour.words import i18n
from parlour.words.i18n import You, asciify, t


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_you_is_addressed_as_you_and_others_by_name():
    assert t("game.your_turn", name=You("You")) == "Your turn."
    assert t("game.hand", name=You("Ann")) == "Your hand"
    assert t("garfield.log.plays", name=You("You"), card="Nap attack") == "You play Nap attack."
    assert t("garfield.log.plays", name="Bob", card="Nap attack") == "Bob plays Nap attack."
    assert t("garfield.log.turn", name="Bob") == "— Bob's turn —"
    i18n.set_language("sv")
    assert t("game.your_turn", name=You("Du")) == "Din tur."
    assert t("garfield.log.turn", name=You("Du")) == "— Din tur —"


def test_counts_have_plural_forms():
    assert t("game.cards", n=1) == "1 card" and t("game.cards", n=2) == "2 cards"
    assert t("game.rings_count", n=1) == "1 ring" and t("game.rings_count", n=0) == "0 rings"
    assert t("garfield.log.drew_hidden", name="Bob", n=1) == "Bob took 1 Player card."
    i18n.set_language("sv")
    assert t("game.rings_count", n=1) == "1 ring" and t("game.rings_count", n=3) == "3 ringar"


def test_ascii_is_sign_for_sign():
    text = "Jönssonligan — ▶ 3×, ↑↓ ⏎"
    plain = asciify(text)
    assert plain.isascii() and len(plain) == len(text) and plain.startswith("Jonssonligan - >")


@pytest.mark.parametrize("env, ascii_only", [
    ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True),  # Python's coercion put LC_CTYPE there
    ({"LANG": "C", "LC_ALL": "C"}, True),
    ({"LANG": "sv_SE.UTF-8", "LC_ALL": "C"}, True),  # LC_ALL wins
    ({"LANG": "sv_SE.UTF-8", "LC_CTYPE": "C.UTF-8"}, False),
    ({"LANG": "en_GB.UTF-8"}, False),
    ({"LANG": "en_GB.ISO-8859-1"}, True),
    ({"LANG": "en_GB.UTF-8", "TERM": "linux"}, True),
    ({}, True),  # no locale at all is C
])
def test_ascii_comes_from_the_locale_the_player_set(env, ascii_only):
    assert wants_ascii(env) is ascii_only
