"""What the players read: English and Swedish names of the food kinds, the squares and the
wheels. Data only; the rules never look at these."""

from __future__ import annotations

from . import board, wheels

LANGUAGES = ("en", "sv")

TITLE = {"en": "The Smurf Game", "sv": "Smurfspelet"}

KIND = {
    "en": {board.ACORN: "acorn", board.STRAWBERRY: "strawberry", board.APPLE: "apple", board.GRAPE: "grape"},
    "sv": {board.ACORN: "ekollon", board.STRAWBERRY: "jordgubbe", board.APPLE: "äpple", board.GRAPE: "vindruva"},
}

FOOD_AREA = {
    "en": {board.ACORN: "Acorn area", board.STRAWBERRY: "Strawberry area", board.APPLE: "Apple area",
           board.GRAPE: "Grape area"},
    "sv": {board.ACORN: "Ekollonplatsen", board.STRAWBERRY: "Jordgubbsplatsen", board.APPLE: "Äppelplatsen",
           board.GRAPE: "Vindruvsplatsen"},
}

SQUARE = {
    "en": {"home": "HOME", "path": "path square {n}", "hole": "cat hole {n}", "entry": "{area} entry ({n})"},
    "sv": {"home": "HEM", "path": "stigruta {n}", "hole": "katthål {n}", "entry": "ingång till {area} ({n})"},
}

WHEEL = {
    "en": {1: "Wheel 1 (7 cats, under the bridge)", 2: "Wheel 2 (6 cats, under the mountains)"},
    "sv": {1: "Hjul 1 (7 katter, under bron)", 2: "Hjul 2 (6 katter, under bergen)"},
}

BOARD_NOTE = {"en": "board layout reconstructed", "sv": "spelplanen är rekonstruerad"}


def square_name(square: int, lang: str = "en") -> str:
    """A square as the players call it: HOME, a food area entry, a cat hole or a path square."""
    words = SQUARE[lang]
    if square == board.HOME:
        return words["home"]
    if square in board.FOOD_AT:
        return words["entry"].format(area=FOOD_AREA[lang][board.FOOD_AT[square]], n=square)
    if square in wheels.HOLE_SQUARES:
        return words["hole"].format(n=square)
    return words["path"].format(n=square)
