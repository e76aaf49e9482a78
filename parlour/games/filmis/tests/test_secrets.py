"""No seat reads another's cards from the shape of the game (parlour/games/garfield/README.md, "Secrets are kept by
the shape of the game too", for Filmis too): pairs of games that differ only in other seats'
hands and home piles show a seat the same events, and each leak that once was is named below."""

from hypothesis import given, settings, strategies as st

from tests.secrets import check_twins, seen, shared_out

from ..rules import GAME
from ..rules.cards import BIFFEN, DORIS, HARRY, JAMES_DEAN, WHISTLE
from ..rules.records import Asked, CardsDrawn, CardTaken, Drop, PassTurn, Raid, Roll, SwapBegan
from .arrange import act, arrange


def reveals(events_a, events_b, observer) -> bool:
    """The rules show the observer cards that may differ: a swap shows every hand, a raid lays
    them down, a blind pick from another's nest shows the card taken, and a draw may reach a card
    another seat put under the deck."""
    if any(
        isinstance(e, (SwapBegan, Raid)) or isinstance(e, CardTaken) and e.seat == observer for e in events_a + events_b
    ):
        return True
    drawn = [[e for e in events if isinstance(e, CardsDrawn) and e.seat == observer] for events in (events_a, events_b)]
    return drawn[0] != drawn[1]


def rehidden(state, observer, order):
    """`state` with the other seats' hands and home piles dealt again from `order`."""
    others = [s for s in range(len(state.players)) if s != observer]
    piles = [state.hands[s] for s in others] + [state.homes[s] for s in others]
    dealt = shared_out(piles, order)
    hands, homes = list(state.hands), list(state.homes)
    for i, seat in enumerate(others):
        hands[seat], homes[seat] = dealt[i], dealt[len(others) + i]
    return state._replace(hands=tuple(hands), homes=tuple(homes))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), prefix=st.integers(0, 60), data=st.data())
def test_other_cards_never_change_what_a_seat_sees(seed, players, prefix, data):
    check_twins(
        GAME,
        data,
        seed=seed,
        players=players,
        prefix=prefix,
        piles=lambda state, seat: (state.hands[seat], state.homes[seat]),
        rehidden=rehidden,
        reveals=reveals,
    )


# ---- the leaks that once were, one by one -------------------------------------------------


def test_a_seat_owing_a_skip_is_asked_whether_or_not_it_could_call_a_raid():
    # Ann owes a skip. With a Whistle and a James Dean she may raid instead; without, passing
    # is all she can do. Bob ends his turn on a plain square: he must see the same either way.
    streams = []
    for hand, home in (((WHISTLE,), (JAMES_DEAN,)), ((HARRY,), (DORIS,))):
        state = arrange(positions=(0, 32), hands=(hand, ()), homes=(home, ()), skips=(1, 0), turn=1)
        after, events = act(state, 1, Roll(), dice=(1, 1))
        assert GAME.to_act(after) == (0,) and PassTurn() in GAME.legal_actions(after, 0)
        after, more = act(after, 0, PassTurn())
        streams.append(seen(GAME, events + more, 1))
    assert streams[0] == streams[1]


def test_drop_is_asked_whether_or_not_the_hand_is_all_one_kind():
    streams = []
    for hand, card in (((BIFFEN, BIFFEN), BIFFEN), ((BIFFEN, HARRY), HARRY)):
        state = arrange(positions=(5, 30), hands=(hand, ()))
        asked, events = act(state, 0, Roll(), dice=(1, 1))  # onto 7: DROP
        assert isinstance(events[-1], Asked)
        after, more = act(asked, 0, Drop(card))
        streams.append(seen(GAME, events + more, 1))
    assert streams[0] == streams[1]
