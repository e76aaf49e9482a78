"""The chance source's quick paths draw exactly what the plain ones draw: seeded games (and the
screens and tests pinned to a seed) must not change when the draws get cheaper."""

from __future__ import annotations

import random

import pytest

from parlour.rules.chance import Chance, Rig, RigError, shuffle


@pytest.mark.parametrize("seed", range(20))
def test_the_shuffle_gives_the_generators_own_order(seed):
    for length in range(0, 70):
        ours, theirs = list(range(length)), list(range(length))
        mine, stock = random.Random(f"{seed}/{length}"), random.Random(f"{seed}/{length}")
        shuffle(mine, ours)
        stock.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == stock.random()  # and the generator is left where it would be


def test_a_decks_shuffle_is_the_order_it_always_was():
    cards = tuple(f"C{i}" for i in range(17))
    order = list(cards)
    random.Random("7/0").shuffle(order)
    assert Chance.for_log(7, 0).shuffle("deck", cards) == tuple(order)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_dice_in_one_draw_are_the_faces_of_as_many_rolls(count):
    one_by_one, at_once = Chance(5), Chance(5)
    for _ in range(50):
        assert at_once.dice(count) == tuple(one_by_one.roll() for _ in range(count))
    eight = Chance(9)
    assert Chance(9).dice(count, 8) == tuple(eight.roll(8) for _ in range(count))


def test_rigged_dice_come_first_then_the_generator_as_for_rolls():
    assert Chance(3, Rig(dice=[6])).dice(2) == (6, Chance(3).roll())  # the forced face, then seed 3's first
    with pytest.raises(RigError):
        Chance(3, Rig(dice=[7])).dice(2)


def test_a_strict_source_refuses_dice_it_was_not_given():
    strict = Chance.replaying([("die", 4), ("die", 2)])
    assert strict.dice(2) == (4, 2)
    with pytest.raises(RigError):
        strict.dice(1)


@pytest.mark.parametrize("seed", range(20))
def test_rolls_picks_and_the_random_bot_give_the_whole_part_of_the_generators_draws(seed):
    """They take floor() of a draw in [0, n), not int(): the same whole number (and an int), as
    the seeded games have always had."""
    from parlour.rules.bots.randombot import RandomBot

    stock, chance, bot = random.Random(seed), Chance(seed), RandomBot(seed)
    for sides in (2, 6, 8, 13):
        face, picked = chance.roll(sides), chance.pick(sides)
        assert type(face) is int and face == int(stock.random() * sides) + 1
        assert type(picked) is int and picked == int(stock.random() * sides)
    assert chance.dice(2) == (int(stock.random() * 6) + 1, int(stock.random() * 6) + 1)
    stock = random.Random(seed)
    for size in range(1, 12):
        assert bot.pick(list(range(size))) == int(stock.random() * size)
