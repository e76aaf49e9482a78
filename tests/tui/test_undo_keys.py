"""Undo at the table (`u`): a card play and a choice are taken back, a roll is not (the prompt says
why), and the save follows: quit after an undo and resume the shorter game."""

from __future__ import annotations

import random

from parlour.services import saves
from parlour.services.seats import Seat
from parlour.tui.app import make_app
from parlour.tui.local_game import LocalGame
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets.panels import PromptBar

from .driving import settle

SEATS = [Seat("Ann", None, "red"), Seat("Bob", "random", "blue"), Seat("Cid", "random", "green")]


def choose(person: random.Random, options: list):
    """Ann's choice: an only answer as it is (a screen may give it by itself), else at random."""
    return options[0] if len(options) == 1 else person.choice(options)


def human_moves(game: str, seed: int):
    """Ann's choices in a seeded game against two bots: (how many moves she made, the action,
    the session) after each choice among several, before the bots reply."""
    session = LocalGame.start(game, SEATS, seed=seed, autosave=False)
    person = random.Random(seed)
    for made in range(1, 200):
        session.driver.play_bots()
        if session.over:
            return
        options = session.table.legal_actions(0)
        action = choose(person, options)
        session.submit(0, action)
        if len(options) > 1:
            yield made, action, session


def find(game: str, kind: str, why: str) -> tuple[int, int]:
    """(seed, moves): the first game in which Ann's `moves`-th move is a `kind` that undo takes
    back (why "") or refuses for `why`."""
    from parlour.rules.undo import undo_point

    for seed in range(40):
        for made, action, session in human_moves(game, seed):
            t = session.table
            if type(action).__name__ == kind and undo_point(t.game, t.header, t.events, {0}).why == why:
                return seed, made
    raise AssertionError(f"no {kind} found")


def ann_moves(events: list) -> int:
    return sum(1 for e in events if type(e).__name__ == "Acted" and e.seat == 0)


async def play_to(pilot, app, seed: int, moves: int) -> list:
    """Play Ann's first `moves` moves (the bots stepped by hand; an only answer the screen may
    give by itself); the events before the last."""
    person = random.Random(seed)
    session = app.session
    before = []
    while ann_moves(session.table.events) < moves:
        session.driver.play_bots()
        await settle(pilot)
        options = session.table.legal_actions(0)
        if not options or ann_moves(session.table.events) >= moves:
            continue
        before = list(session.table.events)
        session.submit(0, choose(person, options))
        await settle(pilot)
    return before


def app_at(game: str, seed: int):
    # the bots wait a minute between moves, so nothing moves unless the test steps it
    return make_app(start="play", game=game, seats=SEATS, seed=seed, bot_delay=60, animations=False)


async def check_undone(game: str, kind: str):
    seed, moves = find(game, kind, "")
    app = app_at(game, seed)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = await play_to(pilot, app, seed, moves)
        table = app.session.table
        taken = table.events[len(before)]
        assert type(taken.action).__name__ == kind and len(table.events) > len(before)
        await pilot.press("u")
        await settle(pilot)
        assert table.events == before and 0 in table.to_act() and taken.action in table.legal_actions(0)
        assert "Taken back" in str(app.screen.query_one(PromptBar).content)
        assert saves.read(app.session.save_path).events == before
        path = app.session.save_path
        await pilot.press("ctrl+q")  # quit (saving), then resume: the shorter game
    resumed = LocalGame.resume(path)
    assert resumed.table.events == before and resumed.table.state == table.state


async def test_undo_of_a_card_play():
    await check_undone("filmis", "Drop")


async def test_undo_of_a_choice():
    await check_undone("garfield", "Lasagna")


async def test_undo_is_refused_across_a_roll_and_says_why():
    seed, moves = find("garfield", "FollowGarfield", "dice")
    app = app_at("garfield", seed)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await play_to(pilot, app, seed, moves)
        table = app.session.table
        events, state = list(table.events), table.state
        on_disk = app.session.save_path.read_bytes()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("u")
        await settle(pilot)
        assert (table.events, table.state) == (events, state)
        assert app.session.save_path.read_bytes() == on_disk
        prompt = str(app.screen.query_one(PromptBar).content)
        assert "Cannot take that back: the dice have been rolled." in prompt
        await pilot.press("question_mark")  # the help tells what undo can and cannot take back
        await settle(pilot)
        assert "Undo (u) takes back your last move" in str(app.screen.query_one("#help-text").content)
