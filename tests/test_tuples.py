"""The states' quicker `_replace` (rules/tuples.py quick_replace) behaves as the stock one."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from rules.tuples import quick_replace


class Plain(NamedTuple):
    a: int
    b: tuple = ()
    c: str | None = None


@quick_replace
class Quick(NamedTuple):
    a: int
    b: tuple = ()
    c: str | None = None


@pytest.mark.parametrize("changes", [{}, {"a": 2}, {"c": "x", "a": 5}, {"b": (1,), "c": None, "a": 0}])
def test_the_quick_replace_gives_what_the_stock_one_gives(changes):
    quick = Quick(1, (2,), "y")._replace(**changes)
    assert tuple(quick) == tuple(Plain(1, (2,), "y")._replace(**changes)) and type(quick) is Quick


def test_an_unknown_field_is_refused_as_the_stock_one_refuses_it():
    with pytest.raises(ValueError):
        Plain(1)._replace(d=1)
    with pytest.raises(ValueError):
        Quick(1)._replace(d=1)


@quick_replace
class WithProperty(NamedTuple):
    a: int
    b: tuple = ()

    @property
    def total(self) -> int:
        return self.a + sum(self.b)


def test_a_working_twin_thaws_changes_and_freezes_without_touching_the_value():
    from rules.tuples import working_twin

    twin_class = working_twin(WithProperty)
    value = WithProperty(1, (2, 3))
    twin = twin_class.thaw(value)
    assert (twin.a, twin.b, twin.total) == (1, (2, 3), 6)
    twin.a, twin.b = 10, (1,)
    assert twin.total == 11 and value == WithProperty(1, (2, 3))  # the value it came from is untouched
    frozen = twin.freeze()
    assert frozen == WithProperty(10, (1,)) and type(frozen) is WithProperty
    twin.a = 0
    assert frozen.a == 10  # and what it froze stays as it was frozen
    with pytest.raises(AttributeError):
        twin.c = 1  # slots: no field the value does not have
