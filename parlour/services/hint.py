"""A hint for a player at this computer: each option's chance to win, best first, worked out from
their own view only, and the first one the option it recommends.

Every number comes from one weighing (parlour/services/playouts.py): each option is played on
in the same playouts (the cards the seat cannot see dealt at random from its view, the same dice
for every option), clearly worse options leave the race early, and the option ranked first is
the one recommended. In Filmis each chance is read through a control variate on the dealt world
(how strong the rivals' hidden piles were dealt against what the seat expects of them), so that
it moves less between seeds where the hidden piles decide. An option whose difference from the best is within that difference's own
margin is said to be about as good; the others say how many points they give away, with the
margin of that difference (paired playout by playout, so far smaller than either chance's).
Only during a Filmis swap, where no world can be dealt, is the hint the smart bot's choice
alone. No Textual here: the game screen and plain mode both use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parlour.rules.bots import make
from parlour.rules.game import Game
from parlour.rules.records import Action

from .playouts import Branch, Weighed, weigh

if TYPE_CHECKING:
    from .words.base import Words

GAMES = 6_000  # playouts in all, shared among the options (the time below stops most hints first)
SECONDS = 0.6  # of this thread's CPU time: a hint comes within about a second on a loaded machine
FINISH = 0.02  # of those, kept for what follows the weighing's last look at the clock (its last
# playouts and the control variate's fit: 10-15 ms), so that the whole hint stays within SECONDS


@dataclass(frozen=True)
class Option:
    action: Action
    chance: float  # the seat's chance to win after it (0..1)
    margin: float  # half the width of that chance's 95 % interval
    behind: float  # the best option's chance less this one's, paired playout by playout
    behind_margin: float  # half the width of that difference's 95 % interval
    equal: bool  # about as good as the best: `behind`, in whole points, within its margin
    games: int  # playouts this option was played on in


@dataclass(frozen=True)
class Hint:
    choice: Action  # the option recommended: the first of `options` when there are any
    options: tuple[Option, ...]  # best first (empty: no chances can be worked out now)
    level: str = ""  # without options, the bot whose choice `choice` is


def hint(
    game: Game, state: Any, seat: int, *, seed: int = 0, games: int = GAMES, seconds: float | None = SECONDS
) -> Hint | None:
    """The hint for `seat` (None when it has nothing to choose), from its view of `state` only.
    With `seconds`, fewer playouts when this thread's CPU time runs out (None: always `games`,
    the same answer for the same seed)."""
    view = game.view(state, seat)  # handed the whole state, it still reads only the seat's view
    actions = game.legal_actions(view, seat)
    if len(actions) < 2:
        return None
    branches = [Branch(view, action, seat) for action in actions]
    weighing = seconds - FINISH if seconds is not None else None
    found = weigh(game, branches, seat, eyes=seat, seed=seed, games=games, seconds=weighing, steady=True)
    if found is None:  # no worlds to deal now (a Filmis swap): the smart bot's choice alone
        return Hint(make("smart", seed).choose(game, view, seat), (), "smart")
    return ranked(actions, found)


def ranked(actions: list[Action], found: Weighed) -> Hint:
    """The options best first, each compared with the best, from one weighing."""
    order = found.ranked()
    best = order[0]
    options = []
    for b in order:
        behind, margin = found.difference(best, b)
        equal = b == best or percent(behind) <= shown_margin(margin)  # as shown: never "2 points less (±2)"
        options.append(Option(actions[b], found.chance(b), found.margin(b), behind, margin, equal, found.games(b)))
    return Hint(actions[best], tuple(options))


def percent(p: float) -> int:
    return round(p * 100)


def hint_line(found: Hint, words: Words, view: Any, seat: int, names: tuple[str, ...]) -> str:
    """ "Hint: Roll: 52 % (±6) · Turn wheel 1: about as good · Turn wheel 2: 9 points less (±3)":
    the options best first, the first the one recommended."""
    from .words.i18n import t

    def said(action: Action) -> str:
        return words.describe(action, view, seat, names)

    if not found.options:
        return t("hint.line", options=t("hint.habit", level=found.level, action=said(found.choice)))
    first, *rest = found.options
    parts = [
        t("hint.best", action=said(first.action), percent=percent(first.chance), margin=shown_margin(first.margin))
    ]
    for option in rest:
        if option.equal:
            parts.append(t("hint.equal", action=said(option.action)))
        else:
            points, margin = percent(option.behind), shown_margin(option.behind_margin)
            parts.append(t("hint.worse", action=said(option.action), points=points, margin=margin))
    return t("hint.line", options=" · ".join(parts))


def shown_margin(margin: float) -> int:
    """A margin in points, never shown as 0 (a chance estimated by playing on is never exact)."""
    return max(1, percent(margin))
