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
    from parlour.games.smurf.rules import GAME
    from parlour.games.smurf.rules.state import initial

    # Ann holding a disc of every kind and Bob none, then the other way round: the first is far
    # better for Ann
    start = initial(("Ann", "Bob"), {})._replace(positions=(3, 20), circles=(7, 7, 7, 7), turn=0)
    ahead = start._replace(held=((1, 1, 1, 1), (0, 0, 0, 0)))
    behind = start._replace(held=((0, 0, 0, 0), (1, 1, 1, 1)))
    found = weigh(GAME, [Branch(ahead), Branch(behind)], 0, seed=2, games=400)
    assert found.chance(0) > found.chance(1) + 0.2
    assert found.games(1) < found.games(0) and found.games(0) + found.games(1) == 400
    assert found.games(1) >= FEWEST


def _filmis_decision(index: int):
    """A seeded Filmis decision (tools/hint_stability.py's positions: game, state, seat)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "hint_stability.py"
    spec = importlib.util.spec_from_file_location("hint_stability", path)
    stability = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stability)
    return stability.positions("filmis", index + 1)[index]


def test_a_dealt_filmis_worlds_deviations_average_nothing():
    """Each deviation (a rival's home or hand points, the James Deans and Whistles it holds, the
    deck's top three) has an exact expectation of 0 under the dealing: the control variate keeps
    the chances' means. Seeded: 3,000 dealt worlds, each mean within 4 standard errors of 0."""
    import random
    from statistics import fmean, stdev

    from parlour.rules.bots import expert_worlds

    game, state, seat = _filmis_decision(10)  # three players, cards in every place
    view = game.view(state, seat)
    deviations = expert_worlds.deviations("filmis")(view, seat)
    sampler = expert_worlds.sampler("filmis")
    dealt = [deviations(sampler(view, seat, random.Random(k))) for k in range(3_000)]
    columns = list(zip(*dealt))
    assert len(columns) == 4 * 2 + 1
    for column in columns:
        spread = stdev(column)
        if spread:
            assert abs(fmean(column)) < 4 * spread / len(column) ** 0.5, (fmean(column), spread)
    assert sum(bool(stdev(c)) for c in columns) >= 7  # the piles were not all empty


def test_a_steadied_weighing_keeps_each_chance_and_narrows_its_margin():
    """The same playouts read through the control variate: each option's chance within the margin
    of the chance as played, its margin narrower (at this position the dealt world explains
    about half of a playout's variance)."""
    game, state, seat = _filmis_decision(10)
    view = game.view(state, seat)
    branches = [Branch(view, action, seat) for action in game.legal_actions(view, seat)]
    kwargs = dict(eyes=seat, seed=4, games=800 * len(branches), race=False)
    played = weigh(game, branches, seat, **kwargs)
    steadied = weigh(game, branches, seat, steady=True, **kwargs)
    assert played.steadied is None and steadied.steadied is not None
    assert steadied.values == played.values  # the same playouts: only their reading differs
    for b in range(len(branches)):
        assert abs(steadied.chance(b) - played.chance(b)) < played.margin(b)
        assert steadied.margin(b) < 0.85 * played.margin(b), (steadied.margin(b), played.margin(b))
    assert steadied.merge(steadied).steadied is None  # merged playouts are read as played
