"""`@frozen` classes (rules/values.py) behave as the frozen slotted dataclasses they replace."""

import copy

import pytest

from rules import codec, records, values
from rules.garfield import GAME as GARFIELD
from rules.garfield.records import CardGiven, Pending
from rules.smurf.records import Move
from rules.values import Factory, FrozenInstanceError, frozen, mutable


@frozen
class Point:
    x: int
    y: int = 0


@frozen
class Other:
    x: int
    y: int = 0


def test_fields_init_and_defaults():
    assert values.fields(Point) == ("x", "y") == Point.__match_args__
    assert Point(1, 2).y == 2 and Point(x=1).y == 0 and Point(1, y=3).y == 3
    assert Move(1).food is None and Move(-1, "fruit").food == "fruit"
    with pytest.raises(TypeError, match=r"Point.__init__\(\) missing 1 required positional argument: 'x'"):
        Point()
    with pytest.raises(TypeError):
        Point(1, 2, 3)


def test_equality_and_hash_by_fields_and_class():
    assert Point(1, 2) == Point(1, 2) and Point(1, 2) != Point(2, 1)
    assert Point(1, 2) != Other(1, 2)  # same fields, another class
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2
    assert records.Start() == records.Start() and records.Start() != records.Roll()
    assert records.TurnBegan(1) != records.TurnEnded(1)


def test_immutable_and_slotted():
    point = Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        point.x = 5
    with pytest.raises(FrozenInstanceError):
        del point.x
    with pytest.raises(AttributeError):  # no __dict__ for new attributes
        object.__setattr__(point, "z", 1)
    assert not hasattr(point, "__dict__") and Point.__slots__ == ("x", "y")


def test_repr_copy_replace_and_match():
    event = CardGiven(0, 1, "LASAGNA")
    assert repr(event) == "CardGiven(seat=0, to=1, card='LASAGNA')"
    assert copy.copy(event) == event and copy.deepcopy(event) == event
    assert values.replace(event, to=2) == CardGiven(0, 2, "LASAGNA")
    match event:
        case CardGiven(seat, to, card="LASAGNA"):
            assert (seat, to) == (0, 1)
        case _:
            pytest.fail("positional match failed")


def test_a_subclass_adds_fields_after_its_base():
    pending = Pending(1, "green", True, 0, False)
    assert values.fields(Pending) == ("seat", "kind", "garfield", "bonus", "ends")
    assert isinstance(pending, records.Pending) and pending.kind == "green"
    assert pending != records.Pending(1, "green")


def test_a_field_without_a_default_after_one_with_a_default_is_refused():
    with pytest.raises(TypeError, match="without a default"):
        @frozen
        class Bad:
            x: int = 0
            y: int


def test_the_codec_reads_the_fields():
    pending = Pending(1, "green", True, 0, False)
    data = codec.encode(records.Asked(pending))
    assert data == {"type": "Asked", "pending": {"type": "Pending", "seat": 1, "kind": "green", "garfield": True,
                                                   "bonus": 0, "ends": False}}
    kinds = GARFIELD.kinds
    assert codec.decode(data, kinds) == records.Asked(pending)
    with pytest.raises(codec.CodecError, match="unexpected field"):
        codec.decode({"type": "CardGiven", "seat": 0, "to": 1, "card": "X", "extra": 1}, kinds)


@mutable
class Bag:
    name: str
    items: list = Factory(list)


def test_a_mutable_class_takes_assignments_makes_each_factory_default_anew_and_is_not_hashable():
    first, second = Bag("a"), Bag("b")
    first.items.append(1)
    assert second.items == [] and first.items == [1]
    first.name = "c"
    assert first == Bag("c", [1]) and first != Bag("c")
    with pytest.raises(TypeError):
        hash(first)
    given = [2]
    assert Bag("d", given).items is given


def test_a_slot_named_in_the_class_body_is_kept():
    assert GARFIELD.kinds["Moved"] is records.Moved and "kinds" in GARFIELD.__dict__  # cached_property's place


def test_methods_are_put_in_place_at_first_use_whichever_comes_first():
    @frozen
    class Late:
        a: int
        b: str = "x"

    @frozen
    class Later(Late):
        c: int = 0

    first, second = object.__new__(Late), object.__new__(Late)
    object.__setattr__(first, "a", 1), object.__setattr__(first, "b", "x")
    object.__setattr__(second, "a", 1), object.__setattr__(second, "b", "x")
    assert first == second and hash(first) == hash(second)  # == before any __init__
    assert Late(1) == first and Later(1) != Late(1) and Later(1, "y", 2).c == 2
    assert Later.__match_args__ == ("a", "b", "c") and repr(Later(1)) == "Later(a=1, b='x', c=0)"
