"""The Garfield cards (15) and the Player cards (17), as parlour/games/garfield/README.md reads the rulebook."""

from __future__ import annotations

G_ADVANCE_7 = "G_ADVANCE_7"
G_ONE_DIE = "G_ONE_DIE"
G_ROLL_TWICE = "G_ROLL_TWICE"
G_SWAP = "G_SWAP"
G_GIVE_OR_LOSE = "G_GIVE_OR_LOSE"
G_PLUS_2 = "G_PLUS_2"
G_MINUS_2 = "G_MINUS_2"
G_LOSE_TURN = "G_LOSE_TURN"
G_TAKE_THEN_ROLL = "G_TAKE_THEN_ROLL"
G_BACKWARD = "G_BACKWARD"
G_DOUBLES_AGAIN = "G_DOUBLES_AGAIN"
G_HIGHER_DIE = "G_HIGHER_DIE"
G_GIVE_LEFT = "G_GIVE_LEFT"
G_NAPPING = "G_NAPPING"

GARFIELD_TEXT = {
    G_ADVANCE_7: "A chance to advance 7 spaces for a piece of lasagna.",
    G_ONE_DIE: "Never trust a smiling cat. Roll one die until I change my mind.",
    G_ROLL_TWICE: "For a portion of lasagna I'd be willing to do anything, like closing my eyes as you roll twice.",
    G_SWAP: "You're in luck! Change places (and rings) with another player but don't roll.",
    G_GIVE_OR_LOSE: "You give up a card or you lose a turn.",
    G_PLUS_2: "Add 2 to your roll.",
    G_MINUS_2: "Subtract 2 from your roll.",
    G_LOSE_TURN: "Lose a turn.",
    G_TAKE_THEN_ROLL: "Take a Player Card, then roll.",
    G_BACKWARD: "Roll one die and move backward.",
    G_DOUBLES_AGAIN: "Roll doubles and roll again (once).",
    G_HIGHER_DIE: "Move only the higher die.",
    G_GIVE_LEFT: "Give a Player Card of your choice to the player on your left, then roll.",
    G_NAPPING: "Garfield is napping: roll and move.",
}

GARFIELD_DECK: tuple[str, ...] = tuple(GARFIELD_TEXT) + (G_NAPPING,)  # napping twice: 15 cards

JUST_FOR_YOU = frozenset({G_SWAP, G_GIVE_OR_LOSE, G_LOSE_TURN, G_BACKWARD})

LASAGNA = "LASAGNA"
NAP_ATTACK = "NAP_ATTACK"
BLINDFOLD = "BLINDFOLD"
PUT_ONE_OVER_SWAP = "PUT_ONE_OVER_SWAP"
PUT_ONE_OVER_TEN = "PUT_ONE_OVER_TEN"
PUT_ONE_OVER_TWICE = "PUT_ONE_OVER_TWICE"
PUT_ONE_OVER = frozenset({PUT_ONE_OVER_SWAP, PUT_ONE_OVER_TEN, PUT_ONE_OVER_TWICE})

PLAYER_COUNTS = {
    LASAGNA: 6,
    NAP_ATTACK: 3,
    BLINDFOLD: 2,
    PUT_ONE_OVER_SWAP: 2,
    PUT_ONE_OVER_TEN: 2,
    PUT_ONE_OVER_TWICE: 2,
}
PLAYER_DECK: tuple[str, ...] = tuple(card for card, n in PLAYER_COUNTS.items() for _ in range(n))

HAND_SIZE = 3
RINGS = 10
RINGS_TO_WIN = 3
