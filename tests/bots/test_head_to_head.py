"""tools/head_to_head.py's statistics hold for the 2,000 games the issue asks for (the plain
binomial sum overflowed a float past about 1,030 games)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("head_to_head", ROOT / "tools" / "head_to_head.py")
head_to_head = importlib.util.module_from_spec(spec)
spec.loader.exec_module(head_to_head)


def test_the_binomial_tail_is_exact_for_small_counts():
    tail = head_to_head.binomial_tail
    assert tail(4, 0, 0.25) == pytest.approx(1.0)
    assert tail(4, 4, 0.25) == pytest.approx(0.25**4)
    assert tail(10, 3, 0.5) == pytest.approx(1 - (1 + 10 + 45) / 1024)
    assert tail(5, 6, 0.5) == 0.0


def test_2000_games_give_a_tail_and_a_lower_bound():
    assert head_to_head.binomial_tail(2000, 1000, 0.5) == pytest.approx(0.5089, abs=1e-3)
    assert head_to_head.binomial_tail(2000, 1100, 0.5) < 1e-5
    low = head_to_head.lower_bound(2000, 1100)
    assert 0.5 < low < 0.55  # 55 % observed: the one-sided 95 % bound sits just below it
    assert head_to_head.binomial_tail(2000, 1100, low) == pytest.approx(0.05, abs=1e-3)
