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


async def your_last_turn(app, pilot) -> str:
    """Follow Garfield, answering what his card asks, to the end of the turn (the bots wait); then
    what the status line tells of it ("" when it tells nothing)."""
    from . import reading

    for _ in range(10):
        await pilot.press("space", "1", "enter")
        await pilot.pause()
        if not app.session.humans_to_act():
            break
    text = reading.prompt_text(app)
    return text.split("Your last turn:", 1)[1].strip() if "Your last turn:" in text else ""
