"""The analysis of a game told in words (parlour/services/analysis.py gives the numbers): the chances at
each turn's start, each choice against the best option, the luck of what followed, the key moments
and a summary per player, for `parlour replay --text --analysis` and plain mode. Every line is
whole: what happened is told in the log's own sentences, never cut."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .analysis import Analysis, Chances, Moment, Point, Step, key_moments, steps, summaries
from .words.i18n import t

if TYPE_CHECKING:
    from .replay import Replay
    from .words.base import Words


def percent(p: float) -> str:
    return f"{round(p * 100)}"


def points(change: float) -> str:
    """A change of chance in points, signed: "+12", "−3", "0"."""
    value = round(change * 100)
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def chances_line(point: Chances, names: Sequence[str], intervals: bool = True) -> str:
    """ "Turn 12: Ann 61 % (52–70) · Odie 39 % (30–48)", each with its 95 % interval (the end:
    each seat's share of the result); without `intervals`, the chances alone."""
    parts = [
        t("analysis.chance", name=name, percent=percent(p))
        if point.games == 0 or not intervals
        else t(
            "analysis.chance_margin",
            name=name,
            percent=percent(p),
            low=percent(point.low[s]),
            high=percent(point.high[s]),
        )
        for s, (name, p) in enumerate(zip(names, point.chances))
    ]
    text = " · ".join(parts)
    return t("analysis.end", chances=text) if point.end else t("analysis.turn", turn=point.turn, chances=text)


def what_happened(replay: Replay, step: Step, eyes: int | None, words: Words) -> str:
    """What the step's actions did and led to, in the log's whole sentences (the turns' headings
    left out), as `eyes` could read it."""
    from .words.base import Story

    start, end = step.events
    story = Story(replay.game, words, replay.names, eyes, replay.state_at(step.start.stop))
    game = replay.game.id
    headings = {t(f"{game}.log.turn", name=name) for name in replay.names}
    headings |= {t(f"{game}.log.starts", name=name) for name in replay.names}
    lines = [line for line in story.tell_log(replay.events[start:end]) if line not in headings]
    return " ".join(_sentence(line) for line in lines) or t("analysis.nothing")


def _sentence(line: str) -> str:
    """A log line as a sentence: ended by a full stop unless it ends already."""
    line = line.strip()
    return line if line.endswith((".", "!", "?", "…")) else line + "."


def option_label(replay: Replay, point: Point, index: int, words: Words) -> str:
    option = point.options[index]
    assert option is not None, "a seat's own decision: its options are its actions, none left to smart"
    state = replay.state_at(point.stop)
    seat = point.seat if point.seat is not None else 0
    return words.describe(option, replay.game.view(state, seat), seat, replay.names)


def decision_line(replay: Replay, step: Step, words: Words) -> str:
    """ "Ann chose Roll: 31 %; best Play Put 1 over: 35 % (cost 4 points, ±2)", or that the
    choice was the best."""
    start = step.start
    name = replay.names[step.seat]
    chosen = option_label(replay, start, start.chosen, words)
    values = dict(name=name, chosen=chosen, percent=percent(start.values[start.chosen][step.seat]))
    if start.chosen == start.best:
        return t("analysis.choice_best", options=len(start.options), **values)
    best = dict(
        best=option_label(replay, start, start.best, words), best_percent=percent(start.values[start.best][step.seat])
    )
    cost = round(step.cost * 100)
    if cost == 0 or step.cost <= step.cost_margin:  # no clear difference: not told as a cost
        return t("analysis.choice_near", **best, **values)
    return t("analysis.choice", cost=t("analysis.points", n=cost), margin=percent(step.cost_margin), **best, **values)


def luck_line(replay: Replay, step: Step, eyes: int | None, words: Words) -> str:
    """What happened after the choice, and what it gave or took from each player against the
    average: "Ann rolled 5+3 and landed on 27. Luck: Ann +12 · Odie −4 (±6 points)"."""
    names = replay.names
    what = what_happened(replay, step, eyes, words)
    if not step.left_to_chance:  # nothing was left to chance: the games after it were the same
        return what
    lucky = " · ".join(f"{name} {points(step.luck(s))}" for s, name in enumerate(names))
    margin = max(step.luck_margin(s) for s in range(len(names)))
    return t("analysis.luck", what=what, luck=lucky, margin=percent(margin))


def moment_line(replay: Replay, moment: Moment, eyes: int | None, words: Words) -> str:
    step, seat = moment.step, moment.seat
    name = replay.names[seat]
    if moment.kind == "decision":
        before = step.start.values[step.start.best][seat]
        after = step.start.values[step.start.chosen][seat]
        what = decision_line(replay, step, words)
    else:
        before = step.start.values[step.start.chosen][seat]
        after = step.end.chances[seat]
        what = what_happened(replay, step, eyes, words)
    return t(
        f"analysis.moment_{moment.kind}",
        turn=step.start.turn,
        what=what,
        name=name,
        before=percent(before),
        after=percent(after),
        margin=percent(moment.margin),
    )


def summary_lines(replay: Replay, found: Sequence[Step]) -> list[str]:
    lines = [t("analysis.players")]
    for summary in summaries(found, len(replay.names)):
        name = replay.names[summary.seat]
        if summary.accuracy is None:
            choices = t("analysis.no_choices")
        else:
            choices = t(
                "analysis.choices",
                n=summary.choices,
                cost=t("analysis.points", n=round(summary.cost * 100)),
                costly=summary.costly,
                blunders=summary.blunders,
                accuracy=percent(summary.accuracy),
            )
        lines.append("  " + t("analysis.summary", name=name, luck=points(summary.luck), choices=choices))
    return lines


def heading(analysis: Analysis) -> str:
    if analysis.eyes is None:
        return t("analysis.heading", games=analysis.games)
    return t("analysis.heading_eyes", games=analysis.games, name=analysis.replay.names[analysis.eyes])


def tell(analysis: Analysis, found: list[Point], words: Words) -> list[str]:
    """Every line: the heading, then turn by turn the chances at its start, each choice and the
    luck of what followed, then the key moments and a summary per player."""
    replay, eyes = analysis.replay, analysis.eyes
    lines = [heading(analysis)]
    if analysis.sampled:
        lines.append(t("analysis.sampled", points=len(analysis.stops)))
    told = {point.stop for point in found}
    skipped = [turn for stop, turn, start in analysis.stops if start and stop not in told]
    between = steps(found, replay)
    for point, step in zip(found, [*between, None]):
        for turn in [turn for turn in skipped if turn < point.turn]:
            lines.append(t("analysis.skipped", turn=turn))
            skipped.remove(turn)
        if point.turn_start or point.end:
            lines.append(chances_line(point.shown(), replay.names))
        if step is not None:
            if step.choice:
                lines.append("  " + decision_line(replay, step, words))
            lines.append("  " + luck_line(replay, step, eyes, words))
    moments = key_moments(between)
    if moments:
        lines.append(t("analysis.moments"))
        lines += ["  " + moment_line(replay, moment, eyes, words) for moment in moments]
    return lines + summary_lines(replay, between)
