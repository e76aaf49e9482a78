"""The chances of a game told in words (parlour/services/analysis.py gives the numbers): one line per turn
estimated and the key moments, for `parlour replay --text --analysis` and plain mode."""

from __future__ import annotations

from .analysis import Analysis, Chances, Moment, key_moments
from .words.i18n import t

WHAT_LENGTH = 70  # characters of what happened in a key moment, at most


def percent(p: float) -> str:
    return f"{round(p * 100)}"


def chances_line(point: Chances, names, intervals: bool = True) -> str:
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


def what_happened(replay, moment: Moment, eyes, words) -> str:
    """What was told between the two points of a moment (the turns' headings left out), short."""
    start, end = replay.stops[moment.before.stop], replay.stops[moment.after.stop]
    from .words.base import Story

    story = Story(replay.game, words, replay.names, eyes, replay.state_at(moment.before.stop))
    game = replay.game.id
    headings = {t(f"{game}.log.turn", name=name) for name in replay.names}
    headings |= {t(f"{game}.log.starts", name=name) for name in replay.names}
    lines = [line for line in story.tell_log(replay.events[start:end]) if line not in headings]
    text = "; ".join(line.rstrip(".") for line in lines) or t("analysis.nothing")
    return text if len(text) <= WHAT_LENGTH else text[: WHAT_LENGTH - 1].rstrip() + "…"


def moment_line(replay, moment: Moment, eyes, words) -> str:
    name = replay.names[moment.seat]
    before, after = moment.before, moment.after
    values = dict(
        what=what_happened(replay, moment, eyes, words),
        name=name,
        before=percent(before.chances[moment.seat]),
        after=percent(after.chances[moment.seat]),
    )
    last = after.turn - 1
    if last > before.turn:
        return t("analysis.moment_span", turn=before.turn, last=last, **values)
    return t("analysis.moment", turn=before.turn, **values)


def heading(analysis: Analysis) -> str:
    if analysis.eyes is None:
        return t("analysis.heading", games=analysis.games)
    return t("analysis.heading_eyes", games=analysis.games, name=analysis.replay.names[analysis.eyes])


def tell(analysis: Analysis, points: list[Chances], words) -> list[str]:
    """Every line: the heading, a line per point, then the key moments."""
    replay = analysis.replay
    found = {point.stop for point in points}
    lines = [heading(analysis)]
    by_stop = {point.stop: point for point in points}
    for turn, stop in analysis.points:
        lines.append(chances_line(by_stop[stop], replay.names) if stop in found else t("analysis.skipped", turn=turn))
    moments = key_moments(points)
    if moments:
        lines.append(t("analysis.moments"))
        lines += ["  " + moment_line(replay, moment, analysis.eyes, words) for moment in moments]
    return lines
