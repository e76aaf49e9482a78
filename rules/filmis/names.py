"""Names of the Filmis cards, squares and colours in Swedish (as in the rulebook) and English.
Kept out of the rules: the rules use ids only; screens and help look names up here."""

from __future__ import annotations

from . import board, cards

LANGUAGES = ("sv", "en")

CARDS = {
    cards.JAMES_DEAN: {"sv": "James Dean", "en": "James Dean"},
    cards.SICKAN: {"sv": "Sickan", "en": "Sickan"},
    cards.DORIS: {"sv": "Doris", "en": "Doris"},
    cards.VANHEDEN: {"sv": "Vanheden", "en": "Vanheden"},
    cards.HARRY: {"sv": "Harry", "en": "Harry"},
    cards.BIFFEN: {"sv": "Biffen", "en": "Biffen"},
    cards.WALL_ENBERG: {"sv": "Wall-Enberg J:or", "en": "Wall-Enberg Jr"},
    cards.WHISTLE: {"sv": "Visselpipan", "en": "The Whistle"},
}

SQUARES = {
    board.NEST: {"sv": "Bo", "en": "Nest"},
    board.PLAIN: {"sv": "Vanlig ruta", "en": "Plain square"},
    board.ARROW: {"sv": "Blå pil", "en": "Blue arrow"},
    board.ARROW_TIP: {"sv": "Pilens spets (inne i fabriken)", "en": "Arrow tip (inside the factory)"},
    board.CORNFLAKES: {"sv": "Cornflakespaketet", "en": "Cornflakes package"},
    board.FILMIS: {"sv": "Plocka upp en filmis", "en": "Pick up a filmis"},
    board.GO_HOME: {"sv": "Gå direkt hem", "en": "Go straight home"},
    board.SWAP: {"sv": "Filmisbyte", "en": "Filmis swap"},
    board.FINE_OR_SKIP: {"sv": "Böta en filmis eller stå över", "en": "Pay a filmis fine or skip a turn"},
    board.EXTRA_ROLL: {"sv": "Extra slag", "en": "Extra roll"},
    board.DROP: {"sv": "Tappa en filmis", "en": "Drop a filmis"},
}

SQUARE_TEXT = {
    board.NEST: {
        "sv": "Ditt eget bo: lägg handen i hemmahögen och gör ett nytt drag. "
              "Stannar du i en motspelares bo tar du ett kort ur dennes hemmahög (eller hand).",
        "en": "Your own nest: bank your hand on your home pile and move again. "
              "Stop in an opponent's nest to take a card from their home pile (or hand)."},
    board.PLAIN: {"sv": "Inget händer.", "en": "Nothing happens."},
    board.ARROW: {"sv": "Inget händer; pilen leder in i fabriken.",
                  "en": "Nothing happens; the arrow leads into the factory."},
    board.ARROW_TIP: {
        "sv": "Du stannar här. Är du först här: kasta 1-3-tärningen och ta så många kort.",
        "en": "You stop here. If you are the first pawn here, roll the 1-3 die and take that many cards."},
    board.CORNFLAKES: {
        "sv": "Landar du exakt här får du gå in i fabriken (pilens spets), om den är ledig.",
        "en": "Land exactly here and you may go into the factory (the arrow tip), if it is free."},
    board.FILMIS: {"sv": "Ta ett kort från högen.", "en": "Take one card from the deck."},
    board.GO_HOME: {"sv": "Gå direkt till ditt bo, lägg handen i hemmahögen och gör ett nytt drag.",
                    "en": "Go straight to your nest, bank your hand and move again."},
    board.SWAP: {
        "sv": "Alla visar handen (eller hemmahögen) och tar ett kort från spelaren till vänster.",
        "en": "Everyone shows their hand (or home pile) and takes a card from the player on the left."},
    board.FINE_OR_SKIP: {
        "sv": "Lägg ett kort från handen underst i högen, eller stå över nästa drag.",
        "en": "Put a card from your hand under the deck, or skip your next turn."},
    board.EXTRA_ROLL: {"sv": "Kasta tärningarna igen och flytta vidare.",
                       "en": "Roll the dice again and move on."},
    board.DROP: {"sv": "Lägg ett valfritt kort från handen underst i högen.",
                 "en": "Put a card of your choice from your hand under the deck."},
}

COLOURS = {
    "red": {"sv": "röd", "en": "red"},
    "blue": {"sv": "blå", "en": "blue"},
    "green": {"sv": "grön", "en": "green"},
    "yellow": {"sv": "gul", "en": "yellow"},
}

NEST_OF = {  # whose nest each colour is [book]
    "red": cards.VANHEDEN, "blue": cards.SICKAN, "green": cards.DORIS, "yellow": cards.HARRY,
}

TITLE = {"sv": "Filmis – Jönssonligan i Wall-Entuna", "en": "Filmis – the Jönsson Gang in Wall-Entuna"}
LAYOUT_NOTE = {"sv": "Spelplanens utseende är rekonstruerat.", "en": "Board layout reconstructed."}


def card_name(card: str, lang: str = "en") -> str:
    return CARDS[card][lang]


def square_name(kind: str, lang: str = "en") -> str:
    return SQUARES[kind][lang]
