"""Terminal charts for `parlour simulate`: the win rates with their 95 % intervals and the
game-length distribution, as Rich renderables to print beside the summary table.

Only the text output imports this module (and Rich): `--json` and the tests of the numbers
never pay for it.
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

Z95 = 1.959964  # two-sided 95 % normal quantile
WIDTH = 30  # characters of a chart's bar area
BINS = 8


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (shared wins count 1/k, so `wins` may be
    fractional). Unlike the plain normal interval it stays inside 0..1 near 0 % and 100 %."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _interval_bar(rate: float, low: float, high: float) -> Text:
    """A bar up to `rate` with the interval drawn as whiskers on a 0..100 % scale."""
    cells = [" "] * WIDTH
    at = lambda x: min(WIDTH - 1, int(x * WIDTH))  # noqa: E731 - a scale, used three times
    for i in range(at(rate)):
        cells[i] = "█"
    for i in range(at(low), at(high) + 1):
        if cells[i] == " ":
            cells[i] = "─"
    cells[at(low)], cells[at(high)] = "├", "┤"
    cells[at(rate)] = "●"
    text = Text("".join(cells))
    text.stylize("cyan", 0, at(rate))
    text.stylize("bold", at(rate), at(rate) + 1)
    return text


def win_chart(summary: dict[str, Any]) -> Table:
    """One row per seat: its win rate as a bar and its 95 % interval as whiskers."""
    n = summary["finished"]
    chart = Table(title="win rate, 95 % interval", box=None, show_header=False, pad_edge=False)
    chart.add_column("seat", no_wrap=True)
    chart.add_column("bar", no_wrap=True)
    chart.add_column("interval", no_wrap=True, justify="right")
    for row in summary["seat_wins"]:
        low, high = wilson(row["wins"], n)
        chart.add_row(
            f"{row['seat']} {row['level']}", _interval_bar(row["win_rate"], low, high), f"{low:.0%}–{high:.0%}"
        )
    chart.add_row("", Text("0 %" + " " * (WIDTH - 7) + "100 %", style="dim"), "")
    return chart


def bins(lengths: list[int], count: int = BINS) -> list[tuple[int, int, int]]:
    """The lengths in `count` equal-width bins: (low, high, games), high inclusive."""
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    width = max(1, math.ceil((high - low + 1) / count))
    counts = [0] * math.ceil((high - low + 1) / width)
    for value in lengths:
        counts[(value - low) // width] += 1
    return [(low + i * width, low + (i + 1) * width - 1, c) for i, c in enumerate(counts)]


def length_chart(lengths: list[int], unit: str) -> Table:
    """A histogram of game lengths: one bar per bin, its games counted at the end."""
    chart = Table(title=f"game length ({unit.split(' ')[0]})", box=None, show_header=False, pad_edge=False)
    chart.add_column("range", justify="right", no_wrap=True)
    chart.add_column("bar", no_wrap=True)
    chart.add_column("games", justify="right", no_wrap=True)
    rows = bins(lengths)
    most = max((c for _, _, c in rows), default=0)
    for low, high, count in rows:
        size = round(count / most * WIDTH) if most else 0
        chart.add_row(f"{low}–{high}", Text("█" * size or ("▏" if count else ""), style="green"), str(count))
    return chart


def charts(summary: dict[str, Any], lengths: list[int]) -> Group:
    return Group(win_chart(summary), Text(""), length_chart(lengths, summary["length_unit"]))
