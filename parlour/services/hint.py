"""A hint for a player at this computer: what the bot would choose in their place, and each
option's chance to win, worked out from their own view only.

It first takes the seat's view of whatever it is handed (as the expert bot does), so it cannot
read another seat's hand even by mistake; the cards the seat cannot see are dealt at random for
each game played on (rules/bots/expert_worlds.py). Each option is played on in the same worlds with
the same dice, so the options are compared fairly. The Smurf Game hides nothing: there the hint
is the expert's own search (rules/bots/smurf_search.py), its estimates the chances shown. No Textual
here: the game screen and plain mode both use it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from parlour.rules.bots import make, searched
from parlour.rules.bots.expert_worlds import SAMPLERS
from parlour.rules.bots.playout import play_on, shares
from parlour.rules.chance import Chance
from parlour.rules.game import Game, decide
from parlour.rules.records import Action

BUDGET = 240  # games played on in all, shared among the options
FEWEST = 8  # games played on per option at least
SECONDS = 0.6  # and no longer than this (past FEWEST): a hint comes within a second
LIMIT = 1_500  # actions a game played on may take


@dataclass(frozen=True)
class Hint:
    level: str  # the bot whose choice it is
    choice: Action  # what that bot would do
    options: tuple[tuple[Action, float], ...]  # each legal action and the seat's chance after it
    games: int  # games played on per option


def level_for(game_id: str) -> str:
    """The bot a hint asks: the expert where the menus offer it (the registry's `expert`), else smart."""
    return "expert" if searched(game_id) else "smart"


def hint(
    game: Game, state: Any, seat: int, *, seed: int = 0, budget: int = BUDGET, seconds: float | None = SECONDS
) -> Hint | None:
    """The hint for `seat` (None when it has nothing to choose), from its view of `state` only.
    With `seconds`, it plays on fewer games when time runs out (None: always the whole budget,
    the same answer for the same seed)."""
    view = game.view(state, seat)  # handed the whole state, it still reads only the seat's view
    actions = game.legal_actions(view, seat)
    if len(actions) < 2:
        return None
    start = time.perf_counter()
    level = level_for(game.id)
    if game.id == "smurf":  # the expert's own search, with the hint's budget: its numbers are the ones shown
        from parlour.rules.bots.smurf_search import SmurfSearch

        choice, chances = SmurfSearch(random.Random(seed), budget).weigh(game, view, seat, actions)
        return Hint(level, choice, tuple(zip(actions, chances)), max(1, budget // len(actions)))
    choice = make(level, seed).choose(game, view, seat)
    sampler = SAMPLERS.get(game.id)
    if sampler is not None and sampler(view, seat, random.Random(0)) is None:
        return Hint(level, choice, (), 0)  # no worlds to deal now (a Filmis swap): the bot's choice alone
    games = max(FEWEST, budget // len(actions))
    rng = random.Random(seed)
    totals = [0.0] * len(actions)
    for played in range(games):
        if seconds is not None and played >= FEWEST and time.perf_counter() - start > seconds:
            games = played
            break
        world = sampler(view, seat, rng) if sampler is not None else view
        dice = rng.getrandbits(32)
        for i, action in enumerate(actions):
            after = decide(game, world, seat, action, Chance(dice)).state
            _, result = play_on(game, after, dice + 1, limit=LIMIT)
            totals[i] += shares(result, len(view.players))[seat] if result is not None else 1 / len(view.players)
    return Hint(level, choice, tuple((a, total / games) for a, total in zip(actions, totals)), games)


def hint_line(found: Hint, words, view, seat: int, names) -> str:
    """ "Hint: Roll: 52 % · Turn wheel 1: 47 % (expert would choose Roll)": the options best first."""
    from .words.i18n import t

    ranked = sorted(found.options, key=lambda option: -option[1])
    options = " · ".join(
        t("hint.option", action=words.describe(action, view, seat, names), percent=round(p * 100))
        for action, p in ranked
    )
    best = t("hint.best", level=found.level, action=words.describe(found.choice, view, seat, names))
    return t("hint.line", options=f"{options} {best}" if options else best)
