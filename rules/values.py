"""`@frozen`: a light stand-in for `@dataclass(frozen=True, slots=True)`, for the core's records.

The rules core defines dozens of small record classes (actions, events), all made as a game's
modules are imported. `dataclasses` compiles about seven methods from source for each class
(about half a millisecond a class, and `dataclasses` itself pulls in `inspect`), which was most
of plain mode's start-up. Here `__init__`, `==` and `hash` are compiled once per list of field
names, shared by every class with the same names (many records are `(seat,)` or `(seat, card)`),
and the rest are generic.

What a `@frozen` class has, as a frozen slotted dataclass would: its fields, in order, from its
own annotations after those of a `@frozen` base; defaults (plain immutable values) from class
attributes; `__slots__`; `__init__` taking the fields by position or name; `==` between instances
of the same class, comparing the fields; `hash` of the fields; `repr` as `Name(a=1, b='x')`;
assignment and deletion refused; `__match_args__`; copying. `fields(cls)` names them in order
(the codec reads them there) and `replace(value, **changes)` makes a changed copy.
"""

from __future__ import annotations


class FrozenInstanceError(AttributeError):
    """Assigning to (or deleting) a field of a frozen value."""


def fields(cls: type) -> tuple[str, ...]:
    """The field names of a `@frozen` class (or of one of its instances), in order."""
    try:
        return cls.__frozen_fields__
    except AttributeError:
        raise TypeError(f"{cls!r} is not a @frozen class") from None


def is_frozen(cls: type) -> bool:
    """Whether `cls` itself was made by `@frozen` (not merely a subclass of one)."""
    return "__frozen_fields__" in getattr(cls, "__dict__", {})


def replace(value, **changes):
    """A copy of the frozen `value` with some fields changed."""
    for name in fields(type(value)):
        if name not in changes:
            changes[name] = getattr(value, name)
    return type(value)(**changes)


def frozen(cls: type) -> type:
    """Remake `cls` as a frozen slotted value class (see the module's note)."""
    own = tuple(cls.__dict__.get("__annotations__", {}))
    names = getattr(cls, "__frozen_fields__", ()) + own
    defaults = {**getattr(cls, "__frozen_defaults__", {}),
                **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in own and key not in ("__dict__", "__weakref__")}
    init, eq, hash_ = _methods(names)
    namespace.update(
        __slots__=own,
        __frozen_fields__=names,
        __frozen_defaults__=defaults,
        __match_args__=names,
        __init__=_own_init(cls, init, _trailing(cls.__name__, names, defaults)),
        __eq__=eq,
        __hash__=hash_,
        __repr__=_repr,
        __setattr__=_refuse_set,
        __delattr__=_refuse_delete,
        __reduce__=_reduce,
    )
    return type(cls)(cls.__name__, cls.__bases__, namespace)


def _own_init(cls: type, init, defaults: tuple | None):
    """The shared __init__ as the class's own: its defaults, and its name in error messages."""
    own = type(init)(init.__code__, init.__globals__, "__init__", defaults)
    own.__qualname__ = f"{cls.__qualname__}.__init__"
    return own


def _trailing(class_name: str, names: tuple[str, ...], defaults: dict) -> tuple | None:
    """The defaults of the last fields, for __init__ (as a function's __defaults__)."""
    first = next((i for i, name in enumerate(names) if name in defaults), len(names))
    if any(name not in defaults for name in names[first:]):
        raise TypeError(f"{class_name}: a field without a default follows one with a default")
    return tuple(defaults[name] for name in names[first:]) or None


# ---- the methods ----------------------------------------------------------------------------
# __init__, __eq__ and __hash__ depend only on the field names: they are compiled once per tuple
# of names and shared by every class with those names (each class gets its own copy of __init__,
# for its defaults). __init__ sets each field with object.__setattr__, as the class's own
# __setattr__ refuses; == and hash work on the tuple of the fields, as a dataclass's do.

_METHODS: dict[tuple[str, ...], tuple] = {}


def _methods(names: tuple[str, ...]) -> tuple:
    methods = _METHODS.get(names)
    if methods is None:
        params = "".join(f", {name}" for name in names)
        sets = "".join(f"\n    _set(self, {name!r}, {name})" for name in names) or "\n    pass"
        mine = "".join(f"self.{name}," for name in names)
        theirs = "".join(f"other.{name}," for name in names)
        source = (f"def __init__(self{params}):{sets}\n"
                  f"def __eq__(self, other):\n"
                  f"    if other.__class__ is self.__class__:\n"
                  f"        return ({mine}) == ({theirs})\n"
                  f"    return NotImplemented\n"
                  f"def __hash__(self):\n"
                  f"    return hash(({mine}))\n")
        scope: dict = {}
        exec(compile(source, f"<frozen {names}>", "exec"), {"_set": object.__setattr__}, scope)
        methods = _METHODS[names] = (scope["__init__"], scope["__eq__"], scope["__hash__"])
    return methods


def _repr(self) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__frozen_fields__)
    return f"{self.__class__.__qualname__}({inner})"


def _refuse_set(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _reduce(self):
    return self.__class__, tuple(getattr(self, name) for name in self.__frozen_fields__)
