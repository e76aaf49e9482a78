"""Small helpers for states made of tuples."""

from __future__ import annotations

from .records import HIDDEN


def put(values: tuple, index: int, value) -> tuple:
    """`values` with the item at `index` replaced by `value`."""
    changed = list(values)  # two new objects; slicing and joining makes five
    changed[index] = value
    return tuple(changed)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less one `card` (in a view, where the card is hidden, less one hidden card)."""
    for wanted in (card, HIDDEN):
        if wanted in cards:
            i = cards.index(wanted)
            return cards[:i] + cards[i + 1:]
    return cards


def quick_replace(cls: type) -> type:
    """Give a NamedTuple class a `_replace` about three times cheaper than the stock one (which
    maps over every field and re-checks the length): evolve makes one new state per event, so
    this is on the hot path of every game. Same call, same result; unknown fields still raise."""
    index = {name: i for i, name in enumerate(cls._fields)}
    new = tuple.__new__

    def _replace(self, **changes):
        values = list(self)
        for name, value in changes.items():
            try:
                values[index[name]] = value
            except KeyError:
                raise ValueError(f"Got unexpected field names: {[name]!r}") from None
        return new(cls, values)

    cls._replace = _replace
    return cls


def working_twin(cls: type, base: type = object) -> type:
    """A mutable twin of the NamedTuple class `cls`, for folding one action's events in place:
    slots with the same field names (and `cls`'s properties), `twin.thaw(value)` a new twin holding
    `value`'s fields, `twin.freeze()` the `cls` value it now holds. A rule reads a twin's fields as
    quickly as a tuple's, and an event folded into it assigns one field instead of making a new
    tuple of all of them (rules/game.py `evolver_in_place`). `base`: a slotted class the twin
    extends (whose slots must not share a name with a field)."""
    names = cls._fields
    clash = set(names) & {slot for k in base.__mro__ for slot in getattr(k, "__slots__", ())}
    if clash:
        raise TypeError(f"{cls.__name__}: field {sorted(clash)[0]!r} is also a slot of {base.__name__}")
    targets = "".join(f"twin.{name}, " for name in names)
    source = (f"def thaw(value):\n    twin = _make(Twin)\n    {targets} = value\n    return twin\n"
              f"def freeze(self):\n    return _new(cls, ({''.join(f'self.{name}, ' for name in names)}))\n")
    namespace = {name: value for name, value in vars(cls).items() if isinstance(value, property)}
    namespace.update(__slots__=names, __repr__=lambda self: f"{cls.__name__}.thaw({self.freeze()!r})")
    twin = type(f"Working{cls.__name__}", (base,), namespace)
    scope: dict = {"_make": object.__new__, "_new": tuple.__new__, "cls": cls, "Twin": twin}
    exec(compile(source, f"<working twin of {cls.__name__}>", "exec"), scope)
    twin.thaw, twin.freeze = staticmethod(scope["thaw"]), scope["freeze"]
    return twin
