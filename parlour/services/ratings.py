"""Ratings: a skill estimate per player (or bot) from finished games, with its uncertainty.

openskill's Plackett–Luce model (Weng & Lin, 2011; the `openskill` package on PyPI): each player
is a rating `mu` and an uncertainty `sigma`; a game's finishing order moves every player's `mu`
by how surprising that order was, and shrinks `sigma`. Why this one (docs/ratings.md says more):
Parlour's games seat 2 to 4 players, and Plackett–Luce rates a finishing order of any number of
players in one update, shared places included (Elo and Glicko rate pairs only); it is the
TrueSkill idea without TrueSkill's patent and licence, maintained, pure Python, and fast enough
to fold thousands of games in a blink.

A game's order: its winners share first place, the others follow by score (equal scores share a
place; a game without scores puts every loser in one shared place after the winners). openskill's
defaults are kept: mu 25, sigma 25/3, beta 25/6, and tau 25/300 added to every sigma before a game
(so a rating never freezes).

`Board` folds games in the order given: the same games in the same order give the same numbers.
The margin shown beside a rating is 2 sigma (about 95 %); the board is sorted by the rating's
low end, `mu - 2 sigma`, so one lucky game does not top it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MARGIN_SIGMAS = 2.0  # the margin shown: 2 sigma, about 95 %


def places(winners: Sequence[int], scores: Sequence[int] | None, players: int) -> list[int]:
    """Each seat's place from a game's result: 1 is first, a shared place repeats and the next
    is skipped (two winners, then third), as sports rank."""
    losers = [seat for seat in range(players) if seat not in winners]
    score = (lambda seat: scores[seat]) if scores is not None and len(scores) == players else (lambda seat: 0)
    place = [1] * players
    for seat in losers:
        place[seat] = 1 + len(winners) + sum(1 for other in losers if score(other) > score(seat))
    return place


@dataclass
class Row:
    """One player on the board."""

    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: float = 0.0  # a shared win counts 1/k

    @property
    def margin(self) -> float:
        return MARGIN_SIGMAS * self.sigma

    @property
    def low(self) -> float:
        return self.mu - self.margin

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rating": round(self.mu, 4),
            "margin": round(self.margin, 4),
            "sigma": round(self.sigma, 4),
            "games": self.games,
            "wins": self.wins,
        }


class Board:
    """Ratings folded from games, one by one."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce  # imported by the commands that rate, only

        self.model = PlackettLuce()
        self.rows: dict[str, Row] = {}

    def row(self, name: str) -> Row:
        found = self.rows.get(name)
        if found is None:
            start = self.model.rating()
            found = self.rows[name] = Row(name, start.mu, start.sigma)
        return found

    def game(self, names: Sequence[str], winners: Sequence[int], scores: Sequence[int] | None = None) -> None:
        """Fold one finished game: `names` in seat order (each a different player)."""
        rows = [self.row(name) for name in names]
        teams = [[self.model.rating(mu=r.mu, sigma=r.sigma, name=r.name)] for r in rows]
        rated = self.model.rate(teams, ranks=[float(p) for p in places(winners, scores, len(names))])
        for row, [after] in zip(rows, rated):
            row.mu, row.sigma = after.mu, after.sigma
            row.games += 1
        for seat in winners:
            rows[seat].wins += 1 / len(winners)

    def ranked(self) -> list[Row]:
        """Best first: by the rating's low end, then the rating, then the name."""
        return sorted(self.rows.values(), key=lambda r: (-r.low, -r.mu, r.name))
