"""Helpers to drive the app with Pilot."""

from __future__ import annotations

from parlour.rules.chance import Rig
from parlour.services.seats import Seat
from parlour.tui.app import ParlourApp, make_app


def app_for(
    seats: list[Seat], *, game: str = "garfield", dice=(), coins=(), decks=None, picks=(), seed: int = 0, **kw
) -> ParlourApp:
    """The app, straight into a rigged game, with no bot pause and no animations."""
    rig = Rig(list(dice), list(coins), {name: [list(order)] for name, order in (decks or {}).items()}, list(picks))
    return make_app(start="play", game=game, seats=seats, seed=seed, rig=rig, bot_delay=0, animations=False, **kw)


async def settle(pilot, rounds: int = 3) -> None:
    """Let queued messages (bot moves, screen changes) run."""
    for _ in range(rounds):
        await pilot.pause()
