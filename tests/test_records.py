"""Records and the parts of a state are plain frozen slotted dataclasses: they compare and hash by
their class and fields, refuse changes, and go through the JSON codec and back."""

import copy
import dataclasses

import pytest

from parlour.games.garfield.rules import GAME as GARFIELD
from parlour.games.garfield.rules.records import CardGiven, Pending
from parlour.games.smurf.rules.records import Move
from parlour.rules import codec, records, registry


@pytest.mark.parametrize("game_id", ["garfield", "filmis", "smurf"])
def test_every_record_is_a_frozen_slotted_dataclass(game_id):
    for cls in registry.get(game_id).kinds.values():
        params = cls.__dataclass_params__
        assert params.frozen and "__slots__" in vars(cls), cls
        # compared and hashed by their fields: `@record` puts the shared methods in dataclasses' place
        assert vars(cls)["__eq__"] is records._record_eq and vars(cls)["__hash__"] is records._record_hash, cls


def test_equality_and_hash_by_fields_and_class():
    assert CardGiven(0, 1, "X") == CardGiven(0, 1, "X") and CardGiven(0, 1, "X") != CardGiven(0, 2, "X")
    assert hash(CardGiven(0, 1, "X")) == hash(CardGiven(0, 1, "X"))
    assert records.Start() == records.Start() and records.Start() != records.Roll()
    assert records.TurnBegan(1) != records.TurnEnded(1)  # same fields, another class
    assert Move(1).food is None and Move(-1, "fruit").food == "fruit"


def test_immutable_and_slotted():
    event = CardGiven(0, 1, "LASAGNA")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        del event.seat
    assert not hasattr(event, "__dict__")


def test_repr_copy_replace_and_match():
    event = CardGiven(0, 1, "LASAGNA")
    assert repr(event) == "CardGiven(seat=0, to=1, card='LASAGNA')"
    assert copy.copy(event) == event and copy.deepcopy(event) == event
    assert dataclasses.replace(event, to=2) == CardGiven(0, 2, "LASAGNA")
    match event:
        case CardGiven(seat, to, card="LASAGNA"):
            assert (seat, to) == (0, 1)
        case _:
            pytest.fail("positional match failed")


def test_a_subclass_adds_fields_after_its_base():
    pending = Pending(1, "green", True, 0, False)
    assert [f.name for f in dataclasses.fields(Pending)] == ["seat", "kind", "garfield", "bonus", "ends"]
    assert isinstance(pending, records.Pending) and pending.kind == "green"
    assert pending != records.Pending(1, "green")


def test_the_codec_round_trips_and_refuses_an_extra_field():
    pending = Pending(1, "green", True, 0, False)
    data = codec.encode(records.Asked(pending))
    assert data == {
        "type": "Asked",
        "pending": {"type": "Pending", "seat": 1, "kind": "green", "garfield": True, "bonus": 0, "ends": False},
    }
    kinds = GARFIELD.kinds
    assert codec.decode(data, kinds) == records.Asked(pending)
    with pytest.raises(codec.CodecError, match="unexpected field"):
        codec.decode({"type": "CardGiven", "seat": 0, "to": 1, "card": "X", "extra": 1}, kinds)


@pytest.mark.parametrize("game_id", ["garfield", "filmis", "smurf"])
def test_the_shared_methods_answer_as_dataclasses_own_would(game_id):
    """`@record` shares one __eq__, __hash__ and __repr__ among the records (dataclasses wrote one
    of each per class): each answers as dataclasses' would, for every event of seeded bot games."""
    from parlour.rules.bots import make
    from parlour.rules.table import Table

    seen = set()
    for seed in range(3):
        table = Table.new(game_id, ["A", "B", "C"], seed=seed)
        bots = [make("random", seed * 10 + seat) for seat in range(3)]
        for _ in range(150):
            seat = next((s for s in table.to_act() if s is not None), None)
            if seat is None or table.result() is not None:
                break
            table.submit(seat, bots[seat].choose(table.game, table.view(seat), seat))
        for event in table.events:
            values = tuple(getattr(event, f.name) for f in dataclasses.fields(event))
            shown = ", ".join(f"{f.name}={getattr(event, f.name)!r}" for f in dataclasses.fields(event))
            assert hash(event) == hash(values)
            assert repr(event) == f"{type(event).__qualname__}({shown})"
            assert event == copy.copy(event) and not event != copy.copy(event)
            assert event.__eq__(values) is NotImplemented  # another class: never equal, as before
            seen.add(type(event))
    assert len(seen) >= 6  # (the games told something)
