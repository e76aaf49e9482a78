"""`@frozen` and `@mutable`: light stand-ins for `@dataclass(frozen=True, slots=True)` and
`@dataclass`, for the core's records and small values.

The rules core defines dozens of small classes (actions, events, a game's parts), all made as its
modules are imported. `dataclasses` compiles about seven methods from source for each class
(about half a millisecond a class, and `dataclasses` itself pulls in `inspect`), which was most
of plain mode's start-up. Here `__init__`, `==` and `hash` are compiled once per list of field
names, shared by every class with the same names (many records are `(seat,)` or `(seat, card)`),
and only when a class is first used; the rest are generic.

What such a class has, as a dataclass would: its fields, in order, from its own annotations after
those of a base made here; defaults from class attributes (a plain immutable value, or
`Factory(list)` for a new one each time); `__slots__` (plus any the class body names, such as
"__dict__" for a cached_property); `__init__` taking the fields by position or name; `==` between
instances of the same class, comparing the fields; `repr` as `Name(a=1, b='x')`;
`__match_args__`; copying. A `@frozen` one refuses assignment and deletion and hashes its fields;
a `@mutable` one is not hashable. `fields(cls)` names the fields in order (the codec reads them
there) and `replace(value, **changes)` makes a changed copy.
"""

from __future__ import annotations


class FrozenInstanceError(AttributeError):
    """Assigning to (or deleting) a field of a frozen value."""


def fields(cls: type) -> tuple[str, ...]:
    """The field names of a class made here (or of one of its instances), in order."""
    try:
        return cls.__value_fields__
    except AttributeError:
        raise TypeError(f"{cls!r} is not a @frozen or @mutable class") from None


def replace(value, **changes):
    """A copy of `value` (of a class made here) with some fields changed."""
    for name in fields(type(value)):
        if name not in changes:
            changes[name] = getattr(value, name)
    return type(value)(**changes)


class Factory:
    """A field's default made anew for each instance: `moves: list = Factory(list)`."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make


def frozen(cls: type) -> type:
    """Remake `cls` as a frozen slotted value class (see the module's note)."""
    return _remake(cls, frozen=True)


def mutable(cls: type) -> type:
    """Remake `cls` as a slotted value class whose fields may be assigned (see the module's note)."""
    return _remake(cls, frozen=False)


def _remake(cls: type, frozen: bool) -> type:
    own = tuple(cls.__dict__.get("__annotations__", {}))
    names = getattr(cls, "__value_fields__", ()) + own
    defaults = {**getattr(cls, "__value_defaults__", {}),
                **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
    factories = {name: default.make for name, default in defaults.items() if isinstance(default, Factory)}
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in own and key not in ("__dict__", "__weakref__", "__slots__")}
    namespace.update(
        __slots__=own + tuple(cls.__dict__.get("__slots__", ())),
        __value_fields__=names,
        __value_defaults__=defaults,
        __value_factories__=factories,
        __value_init_defaults__=_trailing(cls.__name__, names, defaults),
        __match_args__=names,
        __init__=_first_init,
        __eq__=_first_eq,
        __hash__=_first_hash if frozen else None,
        __repr__=_repr,
        __reduce__=_reduce,
    )
    if frozen:
        namespace.update(__setattr__=_refuse_set, __delattr__=_refuse_delete)
    return type(cls)(cls.__name__, cls.__bases__, namespace)


# Most classes a start-up defines are not used before the first prompt or frame, so the compiled
# methods are put in place at a class's first use: the first __init__, == or hash goes through
# these, which install the real ones on the class and call them.

def _install(cls: type) -> type:
    owner = next(c for c in cls.__mro__ if "__value_fields__" in c.__dict__)
    if owner.__dict__["__init__"] is _first_init:
        init, eq, hash_ = _methods(owner.__value_fields__, tuple(owner.__value_factories__))
        owner.__init__, owner.__eq__ = _own_init(owner, init, owner.__value_init_defaults__), eq
        owner.__init__.__kwdefaults__ = {f"_set{i}_": getattr(owner, name).__set__  # each field's slot
                                         for i, name in enumerate(owner.__value_fields__)}
        if owner.__dict__["__hash__"] is not None:
            owner.__hash__ = hash_
    return owner


def _first_init(self, *args, **kwargs):
    _install(type(self)).__init__(self, *args, **kwargs)


def _first_eq(self, other):
    return _install(type(self)).__eq__(self, other)


def _first_hash(self):
    return _install(type(self)).__hash__(self)


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
    return tuple(_NEW if isinstance(defaults[name], Factory) else defaults[name] for name in names[first:]) or None


# ---- the methods ----------------------------------------------------------------------------
# __init__, __eq__ and __hash__ depend only on the field names: they are compiled once per tuple
# of names and shared by every class with those names (each class gets its own copy of __init__,
# for its defaults and its slots' setters), at the class's first use (above). __init__ sets each
# field through its slot's setter, as a frozen class's own __setattr__ refuses; a field with a Factory default
# is made by the class's factory when not given. == and hash work on the tuple of the fields, as
# a dataclass's do.

_NEW = object()  # the default of a field whose default is a Factory
_METHODS: dict[tuple, tuple] = {}


def _methods(names: tuple[str, ...], made: tuple[str, ...]) -> tuple:
    methods = _METHODS.get((names, made))
    if methods is None:
        # Each field is set through its slot's own setter (`_set<i>_`, filled in per class by
        # `_install`): that skips looking the name up, and object.__setattr__'s call, for every
        # field of every record made (the core makes several per action).
        params = "".join(f", {name}" for name in names) + "".join(
            f"{', *,' if i == 0 else ','} _set{i}_=None" for i in range(len(names)))
        sets = "".join(f"\n    _set{i}_(self, self.__value_factories__[{name!r}]() if {name} is _NEW else {name})"
                       if name in made else f"\n    _set{i}_(self, {name})" for i, name in enumerate(names)) or "\n    pass"
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
        exec(compile(source, f"<value class {names}>", "exec"), {"_NEW": _NEW}, scope)
        methods = _METHODS[names, made] = (scope["__init__"], scope["__eq__"], scope["__hash__"])
    return methods


def _repr(self) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__value_fields__)
    return f"{self.__class__.__qualname__}({inner})"


def _refuse_set(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _reduce(self):
    return self.__class__, tuple(getattr(self, name) for name in self.__value_fields__)
