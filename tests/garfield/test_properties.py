"""Invariants checked after every event of random legal play, and many whole random games."""

from collections import Counter

from hypothesis import given, strategies as st

from parlour.driver import TableDriver
from rules import log
from rules.bots import make
from rules.garfield import GAME, cards
from rules.records import HIDDEN
from rules.table import Table
from tests.helpers import round_trips


def check_conserved(state) -> None:
    """10 rings, 17 Player cards and 15 Garfield cards, each in exactly one place."""
    assert all(0 <= r <= cards.RINGS_TO_WIN for r in state.rings) and state.centre >= 0
    assert state.centre + sum(state.rings) == cards.RINGS
    player = Counter(state.player_deck.pile + state.player_deck.discard)
    for hand in state.hands:
        player.update(hand)
    assert player == Counter(cards.PLAYER_DECK)
    garfield = Counter(state.garfield.pile + state.garfield.discard + ((state.face_up,) if state.face_up else ()))
    assert garfield == Counter(cards.GARFIELD_DECK)


def check_views(state, event, before) -> None:
    """No seat's view shows another seat's hand or a deck order; and a seat that folds the
    events as it sees them into its view keeps exactly its view of the game (so a remote player
    can follow the game from redacted events alone)."""
    for seat in range(len(state.players)):
        seen = GAME.view(state, seat)
        for other, hand in enumerate(seen.hands):
            assert other == seat or set(hand) <= {HIDDEN}
        assert set(seen.player_deck.pile + seen.player_deck.discard + seen.garfield.pile) <= {HIDDEN}
        assert GAME.view(GAME.evolve(GAME.view(before, seat), GAME.redact(event, seat)), seat) == seen


@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), data=st.data())
def test_random_legal_play_keeps_every_invariant(seed, players, data):
    table = Table.new("garfield", ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    state = GAME.initial(table.players, {})
    checked = 0
    for _ in range(150):
        for event in table.events[checked:]:
            before, state = state, GAME.evolve(state, event)
            if before.turn >= 0:
                check_conserved(state)
                check_views(state, event, before)
            assert round_trips(GAME, event)
        checked = len(table.events)
        assert state == table.state  # replaying the log equals the live state
        if table.result() is not None:
            break
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        assert all(round_trips(GAME, a) for a in actions)
        table.submit(seat, data.draw(st.sampled_from(actions)))
    assert log.loads(log.dumps(table.header, table.events)).state == table.state


def test_500_seeded_random_games_each_end_with_exactly_one_winner():
    for game in range(500):
        players = 2 + game % 3
        table = Table.new("garfield", ["Ann", "Bob", "Cid", "Dee"][:players], seed=game)
        driver = TableDriver(table, {seat: make("random", f"{game}/{seat}") for seat in range(players)})
        driver.play_bots(5000)
        assert table.result() is not None, f"game {game} does not end"
        result = table.result()
        assert len(result.winners) == 1
        winner = result.winners[0]
        assert table.state.rings[winner] == 3
        assert all(r < 3 for seat, r in enumerate(table.state.rings) if seat != winner)
        check_conserved(table.state)
