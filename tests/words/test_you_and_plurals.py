"""The player at the keyboard is "you", counts have real plural forms, ASCII is complete, and
the terminal's charset comes from the locale the player set (issue 16)."""

import pytest

from parlour.services.charset import wants_ascii
from parlour.services.words import i18n
from parlour.services.words.i18n import You, asciify, t


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


@pytest.mark.parametrize(
    "env, ascii_only",
    [
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True),  # Python's coercion put LC_CTYPE there
        ({"LANG": "C", "LC_ALL": "C"}, True),
        ({"LANG": "sv_SE.UTF-8", "LC_ALL": "C"}, True),  # LC_ALL wins
        ({"LANG": "sv_SE.UTF-8", "LC_CTYPE": "C.UTF-8"}, False),
        ({"LANG": "en_GB.UTF-8"}, False),
        ({"LANG": "en_GB.ISO-8859-1"}, True),
        ({"LANG": "en_GB.UTF-8", "TERM": "linux"}, True),
        ({}, True),  # no locale at all is C
    ],
)
def test_ascii_comes_from_the_locale_the_player_set(env, ascii_only):
    assert wants_ascii(env) is ascii_only


# Log lines whose `name` is never the reader: a draw told hidden is always someone else's.
NEVER_THE_READER = {"garfield.log.drew_hidden", "filmis.log.drew_hidden"}
PEOPLE = ("name", "other", "owner", "giver")  # the placeholders that hold a seat's name


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_log_line_about_a_player_has_a_form_for_you(lang):
    import re

    messages = i18n.catalogue(lang)
    heads = {key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key for key in messages}
    missing = []
    for key in sorted(heads):
        if ".log." not in key or key.endswith("_you") or key in NEVER_THE_READER:
            continue
        text = messages.get(key) or messages[f"{key}.other"]
        for field in set(re.findall(r"\{(\w+)\}", text)) & set(PEOPLE):
            form = f"{key}_you" if field == "name" else f"{key}_{field}_you"
            if form not in heads:
                missing.append(form)
    assert missing == []


def test_the_reader_is_you_as_the_object_too():
    assert t("garfield.log.gave", name="Odie", card="Lasagna", other=You("Ann")) == "Odie gave you Lasagna."
    assert t("garfield.log.swapped", name="Odie", other=You("Ann")) == "Odie changed places with you."
    assert t("garfield.log.gave", name=You("Ann"), card="Lasagna", other="Odie") == "You gave Lasagna to Odie."
    assert t("filmis.log.tip_taken", name=You("You")) == "Another pawn is already at this arrow tip: no cards for you."
    assert t("filmis.log.took_hand", name="Odie", card="Harry", giver=You("Ann")) == "Odie took Harry from you."
    assert (
        t("filmis.log.taken_home", name="Odie", owner=You("Ann"), card="Harry")
        == "Odie stopped in your nest and took a card blind from your home pile: Harry."
    )
    i18n.set_language("sv")
    assert t("garfield.log.gave", name="Odie", card="Lasagne", other=You("Ann")) == "Odie gav dig Lasagne."
    assert t("filmis.log.raid", name=You("Ann")).startswith("RAZZIA! Du blåste")


def test_a_list_of_players_names_you_as_you():
    from parlour.services.words.i18n import listed

    assert listed("game.over", "winners", [You("Ann")]) == "Game over: you won."
    assert listed("game.over", "winners", ["Odie", You("Ann")]) == "Game over: you and Odie won."
    assert listed("game.over", "winners", ["Odie", "Bob"]) == "Game over: Odie, Bob won."
    assert listed("results.winners", "names", [You("Ann"), "Odie"]) == "You share the win with Odie!"
    assert listed("smurf.log.cat", "names", [You("Ann")], square=12) == "A cat appears on 12, under your pawn!"
    assert listed("smurf.option.wheel_catches", "names", ["Odie"], n=1) == "Turn wheel 1: a cat for Odie!"
    assert listed("filmis.status.skips", "names", [You("Ann")]) == "You skip the next turn."
    assert listed("filmis.status.swap", "names", [You("Ann"), "Odie"]) == "Filmisbyte! Still choosing: you, Odie"
    i18n.set_language("sv")
    assert (
        listed("smurf.option.wheel_catches", "names", [You("Ann"), "Odie"], n=2)
        == "Vrid hjul 2: katt för dig och Odie!"
    )


def test_the_log_says_you_when_another_takes_from_you():
    """Told from the table: a Filmisbyte where Odie takes from the one at the keyboard."""
    from parlour.games.filmis.rules.records import SwapDone, Take
    from parlour.games.filmis.words import FilmisNarrator

    narrator = FilmisNarrator((You("Ann"), "Odie"))
    lines = narrator.tell(SwapDone((Take(1, 0, False, "HARRY"), Take(0, 1, True, "SICKAN"))), None)
    assert lines[0].startswith("Odie took ") and lines[0].endswith(" from you.")
    assert lines[1].startswith("You took ") and lines[1].endswith(" from Odie's home pile.")
