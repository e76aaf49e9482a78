"""Key bindings labelled in the active language (Textual reads a class's BINDINGS only once)."""

from __future__ import annotations

from parlour.words.i18n import language

_localized: dict[tuple, type] = {}


def localized(cls: type, extra: tuple = ()) -> type:
    """`cls` with its key bindings labelled in the active language (plus `extra` bindings).

    Textual reads a class's BINDINGS once, when the class is made, so each language (and each
    set of extra keys) gets its own subclass, made from `cls.bindings()`."""
    key = (cls, language(), tuple((b.key, b.action, b.id) for b in extra))
    if key not in _localized:
        namespace = {"BINDINGS": [*cls.bindings(), *extra], "__module__": cls.__module__}
        _localized[key] = type(cls.__name__, (cls,), namespace)
    return _localized[key]
