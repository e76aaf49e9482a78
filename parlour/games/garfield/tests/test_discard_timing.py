"""parlour/games/garfield/README.md (the rulebook's "A turn"): a played Player card goes onto the discard pile
the moment it is played, so a reshuffle later in the same turn takes it in."""

from parlour.rules.chance import Chance, Rig
from parlour.rules.deck import Deck
from parlour.rules.game import decide
from parlour.rules.records import Shuffled

from ..rules import GAME, cards
from ..rules.records import CardPlayed, CardsDrawn, PlayCard


def test_a_played_card_is_in_the_reshuffle_of_the_same_turn():
    # Ann holds only a Nap Attack; the Player pile and its discards are empty (the other cards
    # are in Bob's hand). She plays it and rolls 7 onto a "take a Player card" space.
    rest = list(cards.PLAYER_DECK)
    rest.remove(cards.NAP_ATTACK)
    state = GAME.initial(("Ann", "Bob"), {})._replace(
        hands=((cards.NAP_ATTACK,), tuple(rest)),
        player_deck=Deck(),
        face_up=cards.G_NAPPING,
        faced=cards.G_NAPPING,
        turn=0,
    )
    chance = Chance(rig=Rig(dice=[6, 1], decks={"player": [[cards.NAP_ATTACK]]}), strict=True)
    events = decide(GAME, state, 0, PlayCard(cards.NAP_ATTACK), chance).events
    assert Shuffled("player", (cards.NAP_ATTACK,)) in events
    assert CardsDrawn(0, (cards.NAP_ATTACK,)) in events  # drawn back by the same player


def test_the_discard_pile_holds_the_card_as_soon_as_it_is_played():
    state = GAME.initial(("Ann", "Bob"), {})._replace(
        hands=((cards.BLINDFOLD,), ()), player_deck=Deck(), face_up=cards.G_NAPPING, turn=0
    )
    state = GAME.evolve(state, CardPlayed(0, cards.BLINDFOLD))
    assert state.player_deck.discard == (cards.BLINDFOLD,)
