"""Garfield in the shared state machine: 10 rings, 17 Player cards and 15 Garfield cards, each in
exactly one place after every event; no view shows another seat's hand or a deck order."""

from collections import Counter

from parlour.rules.records import HIDDEN
from tests.properties.machine import GameMachine, machine_case

from ..rules import cards


def check_conserved(state) -> None:
    """10 rings, 17 Player cards and 15 Garfield cards, each in exactly one place."""
    assert all(0 <= r <= cards.RINGS_TO_WIN for r in state.rings) and state.centre >= 0
    assert state.centre + sum(state.rings) == cards.RINGS
    player = Counter(state.player_deck.pile + state.player_deck.discard)
    for hand in state.hands:
        player.update(hand)
    assert player == Counter(cards.PLAYER_DECK)
    face_up = (state.face_up,) if state.face_up else ()
    assert Counter(state.garfield.pile + state.garfield.discard + face_up) == Counter(cards.GARFIELD_DECK)


class Garfield(GameMachine):
    game_id = "garfield"

    def check_event(self, before, event, after):
        if before.turn < 0:  # still being set up: the cards are not all dealt out yet
            return
        check_conserved(after)
        for seat in range(len(after.players)):
            seen = self.game.view(after, seat)
            for other, hand in enumerate(seen.hands):
                assert other == seat or set(hand) <= {HIDDEN}
            assert set(seen.player_deck.pile + seen.player_deck.discard + seen.garfield.pile) <= {HIDDEN}

    def check_state(self):
        result = self.game.result(self.state)
        if result is not None:
            assert len(result.winners) == 1 and self.state.rings[result.winners[0]] == cards.RINGS_TO_WIN


TestGarfield = machine_case(Garfield)
