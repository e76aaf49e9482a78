"""The shared estimator (parlour/services/playouts.py): every branch in the same playouts, playouts
numbered so that workers may share them, and a clearly worse branch raced out."""

from __future__ import annotations

from parlour.rules.table import Table
from parlour.services.playouts import FEWEST, Branch, weigh


def _garfield_start():
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=5)
    seat = table.to_act()[0]
    return table.game, table.state, seat


def test_the_same_branch_twice_differs_by_nothing_playout_by_playout():
    game, state, seat = _garfield_start()
    action = game.legal_actions(game.view(state, seat), seat)[0]
    found = weigh(game, [Branch(state, action, seat)] * 2, seat, eyes=seat, seed=3, games=24, race=False)
    assert found.values[0] == found.values[1]  # the same worlds and dice for both
    assert found.difference(0, 1) == (0.0, 0.0) and found.equal(0, 1)
    assert 0 < found.margin(0) < 1


def test_playouts_split_between_workers_give_the_numbers_of_one_run():
    game, state, seat = _garfield_start()
    branches = [Branch(state, a, seat) for a in game.legal_actions(game.view(state, seat), seat)]
    n = len(branches)
    whole = weigh(game, branches, seat, eyes=seat, seed=9, games=12 * n, race=False)
    first = weigh(game, branches, seat, eyes=seat, seed=9, games=6 * n, race=False)
    second = weigh(game, branches, seat, eyes=seat, seed=9, games=6 * n, race=False, first=6)
    assert first.merge(second) == whole


def test_a_clearly_worse_branch_leaves_the_race_and_its_playouts_go_to_the_others():
    from parlour.rules.smurf import GAME
    from parlour.rules.smurf.state import initial

    # Ann holding a disc of every kind and Bob none, then the other way round: the first is far
    # better for Ann
    start = initial(("Ann", "Bob"), {})._replace(positions=(3, 20), circles=(7, 7, 7, 7), turn=0)
    ahead = start._replace(held=((1, 1, 1, 1), (0, 0, 0, 0)))
    behind = start._replace(held=((0, 0, 0, 0), (1, 1, 1, 1)))
    found = weigh(GAME, [Branch(ahead), Branch(behind)], 0, seed=2, games=400)
    assert found.chance(0) > found.chance(1) + 0.2
    assert found.games(1) < found.games(0) and found.games(0) + found.games(1) == 400
    assert found.games(1) >= FEWEST
