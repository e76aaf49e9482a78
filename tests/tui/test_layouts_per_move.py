"""Issue 44: a move does not lay the whole screen out again. The log was the first (its lines,
tests/tui/test_game_log.py); the hand and the prompt are here: a card more or less in the hand
and one row of options more or less keep every widget's box, so they repaint those panels only.
Counted with Textual's `Screen._refresh_layout`, as tools/layouts_per_move.py counts them."""

from __future__ import annotations

import random

import pytest
from textual.screen import Screen

from parlour.services.seats import Seat
from parlour.services.seatview import Asked, Holding, Option
from parlour.tui.widgets.panels import HandPanel, PromptBar, TextPanel

from .driving import app_for, settle


@pytest.fixture
def layouts(monkeypatch):
    counted: list[str] = []
    lay_out = Screen._refresh_layout
    monkeypatch.setattr(
        Screen, "_refresh_layout", lambda screen, *a, **k: counted.append(1) or lay_out(screen, *a, **k)
    )
    return counted


def cards(n: int) -> Holding:
    return Holding("Your hand", tuple(f"card {i}" for i in range(n)), numbered=True)


def options(n: int) -> Asked:
    return Asked(
        "Your turn. Play a card.", tuple(Option(str(i + 1), f"Play the card number {i + 1}") for i in range(n))
    )


async def test_a_card_more_or_less_in_the_hand_keeps_the_layout(layouts):
    app = app_for([Seat("You", None, "red"), Seat("Odie", "random", "blue")], seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandPanel)
        box = hand.parent.content_region.height
        layouts.clear()
        for n in (3, 4, 2, 5, 1, 0, box - 2):  # each hand fits in the box (under its title)
            hand.holding = cards(n)
            await settle(pilot)
            assert n == 0 or f"card {n - 1}" in str(hand.content)
        assert layouts == []
        hand.holding = cards(box + 3)  # longer than its box: it scrolls, so its height counts now
        await settle(pilot)
        assert layouts


async def test_one_row_of_options_more_or_less_keeps_the_layout(layouts):
    app = app_for([Seat("You", None, "red"), Seat("Odie", "random", "blue")], seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one(PromptBar)
        layouts.clear()
        rows = []
        for n in (1, 3, 1, 2, 3, 1):  # at 80 columns: 1 row, 2 rows, 1 row, ...
            prompt.asked = options(n)
            await settle(pilot)
            choices = prompt.query_one("#choices", TextPanel)
            rows.append(len(choices._wrapped(choices._text)))
            assert f"Play the card number {n}" in prompt.content
        assert rows == [1, 2, 1, 1, 2, 1]
        assert layouts == []


@pytest.mark.parametrize("game", ["garfield", "smurf"])
async def test_a_game_played_at_the_keys_is_seldom_laid_out_again(game, layouts):
    """Forty keys of a seeded game against a bot, as a person might press them: the hand and the
    prompt change on almost every move (before: a layout for most keys, and a second from the
    new sizes; now at most one for ten keys, where the question takes a row more or less)."""
    app = app_for([Seat("You", None, "red"), Seat("Odie", "random", "blue")], game=game, seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.session.table
        first, pressed, keys = len(table.events), 0, random.Random(1)
        layouts.clear()
        while pressed < 40 and table.result() is None:
            if app.session.humans_to_act():
                await pilot.press(keys.choice(["space", "1", "2", "3", "enter"]))
                pressed += 1
            await settle(pilot)
        events = len(table.events) - first
        assert pressed == 40 and events > 50
        assert len(layouts) * 10 <= pressed, f"{len(layouts)} layouts for {pressed} keys ({events} events)"
