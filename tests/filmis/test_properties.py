"""Invariants checked after every event of random games (Hypothesis picks the games)."""

from collections import Counter

from hypothesis import given, strategies as st

from parlour.driver import TableDriver
from rules import log
from rules.bots import make
from rules.codec import encode
from rules.filmis import GAME, cards
from rules.filmis.records import CardTaken, Raid, SwapBegan, SwapDone
from rules.records import HIDDEN, Acted
from rules.table import Table
from tests.helpers import round_trips

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


def _check_state(state) -> None:
    """60 cards conserved: the deck, the hands and the home piles hold exactly the 60."""
    held = Counter(state.deck.pile) + Counter(state.deck.discard)
    for pile in state.hands + state.homes:
        held.update(pile)
    assert held == Counter(cards.DECK)


def _check_views(state, event, before) -> None:
    """No view shows another seat's hand or home pile (until the cards are laid down) or the
    deck order; what a swap shows is public, the choices are not; legal actions agree; and a
    seat that folds the events as it sees them into its view keeps exactly its view (so a remote
    player can follow the game from redacted events alone)."""
    for seat in range(len(state.players)):
        seen = GAME.view(state, seat)
        assert GAME.view(GAME.evolve(GAME.view(before, seat), GAME.redact(event, seat)), seat) == seen
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
        assert GAME.legal_actions(seen, seat) == GAME.legal_actions(state, seat)
        assert GAME.to_act(seen) == GAME.to_act(state)


def _check_redaction(event) -> None:
    """A redacted event shows card ids only to those entitled: their own cards, the owner of a
    taken card, what a swap reveals to everyone, and the cards laid down at the raid."""
    for seat in range(4):
        ids = _card_ids(encode(GAME.redact(event, seat)))
        if not ids or isinstance(event, (SwapBegan, SwapDone, Raid)):
            continue
        own = getattr(event, "seat", None) == seat
        owner = isinstance(event, CardTaken) and event.owner == seat
        assert own or owner, (event, seat)


@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4))
def test_invariants_after_every_event(seed, players):
    table = Table.new("filmis", ["Ann", "Bob", "Cid", "Dag"][:players], seed=seed)
    driver = TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)})
    state = GAME.initial(table.header.players, table.header.options)
    checked = 0
    while True:
        for event in table.events[checked:]:
            before, state = state, GAME.evolve(state, event)  # replaying event by event...
            _check_state(state)
            _check_views(state, event, before)
            _check_redaction(event)
            assert round_trips(GAME, event), event
            if isinstance(event, Acted) and event.action is not None:
                assert round_trips(GAME, event.action)
        checked = len(table.events)
        assert state == table.state  # ...gives the live state
        assert log.fold(GAME, table.header, table.events) == table.state
        if table.result() is not None:
            break
        for seat in table.to_act():
            for action in table.legal_actions(seat):
                assert round_trips(GAME, action)
        driver.step_bot()
    assert log.loads(log.dumps(table.header, table.events)).state == table.state
