"""Filmis in the shared state machine: the 60 cards conserved after every event; no view shows
another seat's hand or home pile (until the raid lays them down) or the deck order; what a swap
shows is public, the choices are not; redacted events name only the cards a seat may know."""

from collections import Counter

from parlour.rules.codec import encode
from parlour.rules.records import HIDDEN
from tests.properties.machine import GameMachine, machine_case

from ..rules import cards
from ..rules.records import CardTaken, Raid, SwapBegan, SwapDone

CARD_IDS = frozenset(cards.COUNTS)


def _card_ids(value) -> list[str]:
    """Every card id anywhere in an encoded record."""
    if isinstance(value, str):
        return [value] if value in CARD_IDS else []
    if isinstance(value, list):
        return [c for item in value for c in _card_ids(item)]
    if isinstance(value, dict):
        return [c for key, item in value.items() if key != "type" for c in _card_ids(item)]
    return []


class Filmis(GameMachine):
    game_id = "filmis"

    def check_event(self, before, event, after):
        held = Counter(after.deck.pile) + Counter(after.deck.discard)
        for pile in after.hands + after.homes:
            held.update(pile)
        assert held == Counter(cards.DECK)
        self._check_views(after)
        self._check_redaction(event)

    def _check_views(self, state):
        for seat in range(len(state.players)):
            seen = self.game.view(state, seat)
            assert set(seen.deck.pile) <= {HIDDEN} and len(seen.deck.pile) == len(state.deck.pile)
            for other in range(len(state.players)):
                if other == seat or state.over:
                    assert seen.hands[other] == state.hands[other] and seen.homes[other] == state.homes[other]
                else:
                    assert seen.hands[other] == (HIDDEN,) * len(state.hands[other])
                    assert seen.homes[other] == (HIDDEN,) * len(state.homes[other])
            if state.swap is not None:
                assert seen.swap.shown == state.swap.shown  # revealed by the swap
                for shown, chosen, real in zip(seen.swap.shown, seen.swap.chosen, state.swap.chosen):
                    assert chosen == (real if shown.seat == seat or real is None else HIDDEN)

    def _check_redaction(self, event):
        """A redacted event shows card ids only to those entitled: their own cards, the owner of
        a taken card, what a swap reveals to everyone, and the cards laid down at the raid."""
        for seat in range(4):
            ids = _card_ids(encode(self.game.redact(event, seat)))
            if not ids or isinstance(event, (SwapBegan, SwapDone, Raid)):
                continue
            own = getattr(event, "seat", None) == seat
            owner = isinstance(event, CardTaken) and event.owner == seat
            assert own or owner, (event, seat)


TestFilmis = machine_case(Filmis)
