"""The smart Smurf bot remembers its answers at the start of a turn and to a roll by a small key
(parlour/games/smurf/bots/smart.py `_starts`, `_moves`): the empty circles, the pawn's place and kinds,
the face, and only the cats that can matter. A remembered answer must be the answer worked out
afresh for the view at hand, whatever was asked before: checked here on positions where a key
that leaves something out goes wrong, and on every decision of whole games."""

from __future__ import annotations

import pytest

from parlour.fronts.simulate import bot_seed, game_seed
from parlour.rules.bots import make
from parlour.rules.table import Table

from ..bots import smart as smurf_smart
from ..bots.smart import SmurfSmart
from ..bots.ways import cats_around
from ..rules import GAME, wheels
from ..rules.records import Move, Roll, TurnWheel
from .scene import counts, scene


@pytest.fixture(autouse=True)
def _no_answers_remembered():
    smurf_smart._starts.clear()
    smurf_smart._moves.clear()
    yield
    smurf_smart._starts.clear()
    smurf_smart._moves.clear()


def _remembered(view, seat=0):
    """The bot's answer, its memos kept from what was asked before."""
    return SmurfSmart().choose(GAME, view, seat, GAME.legal_actions(view, seat))


def _afresh(view, seat=0):
    """The bot's answer with nothing remembered (its memos put back as they were)."""
    starts, moves = dict(smurf_smart._starts), dict(smurf_smart._moves)
    smurf_smart._starts.clear()
    smurf_smart._moves.clear()
    try:
        return _remembered(view, seat)
    finally:
        smurf_smart._starts.clear()
        smurf_smart._starts.update(starts)
        smurf_smart._moves.clear()
        smurf_smart._moves.update(moves)


def test_a_cat_dropped_under_two_pawns_on_one_square_is_not_remembered_as_a_plain_turn():
    # Ann on 7; Cid and Dot both on 8, where turning wheel 1 shows a cat: Dot gives up a disc,
    # which makes the wheel turn worth it ...
    rivals_under = scene(
        4,
        positions=(7, 5, 8, 8),
        inside=(False, True, False, False),
        held=(counts("ACORN"), counts("ACORN"), counts(), counts("ACORN")),
        wheels=(7, 5),
    )
    assert 8 in wheels.appearing((7, 5), (8, 5)) and 8 not in rivals_under.cats
    assert _remembered(rivals_under) == TurnWheel(1)
    # ... on the same cats near Ann with nobody under the cat, rolling is better: the first
    # answer depended on the rivals, so it must not have been kept for this one (two pawns on a
    # square summed as bits, not or-ed, once hid them)
    nobody_under = scene(
        4,
        positions=(7, 39, 5, 0),
        inside=(False, False, True, False),
        held=(counts("ACORN"), counts(), counts("ACORN"), counts()),
        wheels=(7, 2),
    )
    assert _afresh(nobody_under) == Roll()
    assert _remembered(nobody_under) == Roll()


def _seen(positions, inside, held, wheels, rolled=None):
    return scene(
        4, positions=positions, inside=inside, held=tuple(counts(*kinds) for kinds in held), wheels=wheels
    )._replace(rolled=rolled)


# pairs of views alike in the cats within one roll of Ann's pawn (on 18; on 4 with a 6 rolled),
# unlike two rolls away, where the answer differs: the cats two rolls away are part of the key;
# and (on 10) alike in all that but a cat that wheel 1 makes appear under Ann's own pawn in the
# second: a start with a pawn under a possible cat, her own too, is not remembered
ALIKE_BUT_FOR_WHAT_MATTERS = {
    "own pawn under a cat": (
        _seen(
            (10, 1, 22, 5),
            (False, False, False, True),
            (["STRAWBERRY", "APPLE"], ["ACORN"] * 4, ["STRAWBERRY"], ["ACORN"] * 2 + ["GRAPE"] * 3),
            (6, 5),
        ),
        _seen((10, 4, 35, 6), (False,) * 4, (["STRAWBERRY", "APPLE"], ["ACORN"], [], ["ACORN"]), (3, 13)),
        TurnWheel(1),
        Roll(),
    ),
    "start": (
        _seen((18, 5, 1, 5), (False, True, False, False), (["GRAPE"], ["ACORN"] * 4, ["ACORN"], ["ACORN"] * 2), (2, 9)),
        _seen(
            (18, 25, 9, 35), (False, True, False, False), (["GRAPE"], ["APPLE"] * 3, ["ACORN"] * 5, ["GRAPE"]), (10, 14)
        ),
        TurnWheel(1),
        Roll(),
    ),
    "move": (
        _seen((4, 4, 4, 7), (False,) * 4, (["ACORN"], ["ACORN"], [], []), (15, 14), rolled=6),
        _seen((4, 2, 0, 2), (False,) * 4, (["ACORN"], ["ACORN"], [], ["ACORN"]), (5, 3), rolled=6),
        Move(-1),
        Move(1, "ACORN"),
    ),
}


@pytest.mark.parametrize("case", sorted(ALIKE_BUT_FOR_WHAT_MATTERS))
def test_views_alike_but_for_what_matters_are_not_given_each_others_answers(case):
    first, second, first_answer, second_answer = ALIKE_BUT_FOR_WHAT_MATTERS[case]
    assert _remembered(first) == first_answer
    assert _afresh(second) == second_answer
    assert _remembered(second) == second_answer


def _views_of_games(levels, games, seed=3):
    """Every view the smart seats of these games decide on (seat, view), in order."""
    asked = []
    for index in range(games):
        table = Table.new("smurf", [f"P{s}" for s in range(len(levels))], seed=game_seed(seed, index))
        bots = {s: make(level, bot_seed(seed, index, s)) for s, level in enumerate(levels)}
        while table.result() is None:
            seat = table.to_act()[0]
            view = table.view(seat)
            if levels[seat] == "smart" and len(table.legal_actions(seat)) > 1:
                asked.append((seat, view))
            table.submit(seat, bots[seat].choose(table.game, view, seat))
    return asked


def test_every_remembered_answer_of_whole_games_is_the_answer_worked_out_afresh():
    asked = _views_of_games(["smart", "random", "random", "random"], 12) + _views_of_games(["smart", "smart"], 12)
    assert len(asked) > 1_000
    for seat, view in asked:
        assert _remembered(view, seat) == _afresh(view, seat), view
    assert len(smurf_smart._starts) > 100 and len(smurf_smart._moves) > 100  # they were used


def _plain_starts(asked):
    """The starts among `asked` that `_start` answers by `_plain_start`: (seat, view, the squares
    where a wheel turn makes a cat appear)."""
    found = []
    for seat, view in asked:
        if view.rolled is not None or view.owing:
            continue
        *_, appear_first, appear_second = cats_around(view.wheels)
        appearing = appear_first | appear_second
        if not any(
            appearing >> sq & 1 and not within and any(discs)
            for sq, within, discs in zip(view.positions, view.inside, view.held)
        ):
            found.append((seat, view, appearing))
    return found


def test_a_plain_start_is_the_start_worked_out_in_full_with_losses_looked_for():
    starts = _plain_starts(
        _views_of_games(["smart", "random", "random", "random"], 12) + _views_of_games(["smart", "smart"], 8)
    )
    # some of them with a pawn that holds no disc under a cat a wheel turn makes appear
    assert (
        sum(
            any(appearing >> sq & 1 and not within for sq, within in zip(view.positions, view.inside))
            for _, view, appearing in starts
        )
        > 20
    )
    for seat, view, _ in starts:
        search = smurf_smart.Search.of(view.circles)
        sq, inside, mask = view.positions[seat], view.inside[seat], smurf_smart._mask(view.held[seat])
        worked_out = SmurfSmart()._start_searched(search, view, seat, GAME.legal_actions(view, seat), 0)
        now, first, second, _, _ = cats_around(view.wheels)
        plain = smurf_smart._plain_start(search, sq, inside, mask, now, first, second)
        assert smurf_smart._STARTS[plain] == worked_out, view


def test_a_possible_cat_under_a_pawn_counts_by_that_pawns_discs_not_the_bots():
    # Ann (no disc) on 4; turning wheel 1 shows a cat on 16. With Bob there holding three discs the
    # turn costs him one and is worth it; with nobody under it, or only Cid who holds nothing,
    # rolling is better (and such a start is remembered: nobody can lose a disc)
    def view(positions, held):
        return scene(
            4, positions=positions, inside=(False,) * 4, held=tuple(counts(*kinds) for kinds in held), wheels=(0, 0)
        )

    bob_under = view((4, 16, 0, 0), ((), ("ACORN", "APPLE", "GRAPE"), (), ()))
    assert 16 in wheels.appearing((0, 0), (1, 0))
    assert _remembered(bob_under) == TurnWheel(1)
    assert not smurf_smart._starts
    cid_under = view((4, 0, 16, 0), ((), ("ACORN", "APPLE", "GRAPE"), (), ()))
    assert _afresh(cid_under) == Roll()
    assert _remembered(cid_under) == Roll()
    assert len(smurf_smart._starts) == 1
    nobody_under = view((4, 0, 0, 0), ((), ("ACORN", "APPLE", "GRAPE"), (), ()))
    assert _remembered(nobody_under) == Roll()
