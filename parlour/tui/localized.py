"""Key bindings labelled in the active language (Textual reads a class's BINDINGS only once)."""

from __future__ import annotations

from typing import Protocol, TypeVar, cast

from textual.binding import Binding

from parlour.services.words.i18n import language


class Labelled(Protocol):
    """A screen or app whose key bindings are made in the active language, by `bindings()`."""

    @classmethod
    def bindings(cls) -> list[Binding]: ...


L = TypeVar("L", bound=Labelled)

_localized: dict[tuple[type, str, tuple[tuple[str, str, str | None], ...]], type] = {}


def localized(cls: type[L], extra: tuple[Binding, ...] = ()) -> type[L]:
    """`cls` with its key bindings labelled in the active language (plus `extra` bindings).

    Textual reads a class's BINDINGS once, when the class is made, so each language (and each
    set of extra keys) gets its own subclass, made from `cls.bindings()`."""
    key = (cls, language(), tuple((b.key, b.action, b.id) for b in extra))
    if key not in _localized:
        namespace = {"BINDINGS": [*cls.bindings(), *extra], "__module__": cls.__module__}
        _localized[key] = type(cls.__name__, (cls,), namespace)
    return cast("type[L]", _localized[key])  # a subclass of `cls`, made above
