"""The set-up screen offers the programs the command line allowed (`parlour --bot NAME=COMMAND`)
for a bot seat, by name, and runs the chosen one as `--seats "…,cmd:COMMAND"` does; it offers
nothing more without `--bot`, and nothing typed into it ever names a program (`parlour web
--public` serves this screen to anyone)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from parlour.cli import _parser, app_of
from parlour.fronts.web import app_options
from parlour.rules import bots
from parlour.rules.records import Acted
from parlour.services.outside_bot import OutsideBot, listed
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.setup import SetupScreen
from parlour.tui.widgets.log import GameLog
from tests.tui.driving import settle

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot.py"
COMMAND = f"{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))}"


def setup_app(allowed: list[str]):
    return make_app(
        start="setup", game="smurf", seed=5, bot_delay=0, animations=False, autosave=False, bots=listed(allowed)
    )


async def next_kind(pilot, screen: SetupScreen) -> str:
    """Press seat 2's kind button once; its new label."""
    button = screen.query_one("#kind-1")
    was = str(button.label)
    button.press()
    for _ in range(50):  # (the press is a message: wait for it, however loaded the machine)
        await pilot.pause()
        if str(button.label) != was:
            break
    return str(button.label)


async def kinds_offered(pilot, screen: SetupScreen) -> list[str]:
    """Every label seat 2's kind button goes through, once round."""
    seen = [str(screen.query_one("#kind-1").label)]
    while (kind := await next_kind(pilot, screen)) != seen[0] and len(seen) < 20:
        seen.append(kind)
    return seen


async def test_an_allowed_program_is_offered_by_name_and_plays_its_seat():
    app = setup_app([f"me={COMMAND}"])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        offered = await kinds_offered(pilot, screen)
        built_in = ["human", *(f"bot ({level})" for level in bots.levels("smurf"))]
        assert sorted(offered) == sorted([*built_in, "bot (me)"])  # by name: never the command
        while str(screen.query_one("#kind-1").label) != "bot (me)":
            await next_kind(pilot, screen)
        name = screen.seats[1].name
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        session = app.session
        bot = session.bots[1]
        assert isinstance(bot, OutsideBot) and bot.command == [sys.executable, str(EXAMPLE)]
        for _ in range(60):
            if any(type(e) is Acted and e.seat == 1 for e in session.table.events):
                break
            await pilot.press("space", "enter")
            await settle(pilot)
        assert any(type(e) is Acted and e.seat == 1 for e in session.table.events)
        assert bot.trouble is None and bot._process is not None and bot._process.poll() is None
        told = app.screen.query_one(GameLog).texts
        assert any(line.startswith(name) for line in told), told  # the log says who played
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert bot._process.poll() is not None  # stopped with the game


async def test_without_bot_the_set_up_offers_only_the_built_in_levels():
    app = setup_app([])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        offered = await kinds_offered(pilot, app.screen)
    assert sorted(offered) == sorted(["human", *(f"bot ({level})" for level in bots.levels("smurf"))])


async def test_a_command_typed_into_the_set_up_is_a_name_never_a_program(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for n in range(3):  # ./e0, ./e1, ./e2: each would leave a file behind if it were ever run
        script = tmp_path / f"e{n}"
        script.write_text(f"#!/bin/sh\ntouch {tmp_path}/ran\n")
        script.chmod(0o755)
    app = setup_app([f"me={COMMAND}"])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        for n in range(3):
            screen.query_one(f"#name-{n}").value = f"cmd:./e{n}"
        await pilot.press("ctrl+s")
        await settle(pilot)
        session = app.session
        assert [seat.name for seat in session.seats] == ["cmd:./e0", "cmd:./e1", "cmd:./e2"]
        assert session.seats[0].bot is None and all(not seat.bot.startswith("cmd:") for seat in session.seats[1:])
        assert not any(isinstance(bot, OutsideBot) for bot in session.bots.values())
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert not (tmp_path / "ran").exists()


def test_the_command_line_checks_bot_as_serve_does_and_web_passes_only_its_own(capsys):
    def args(*words: str):
        return _parser(list(words)).parse_args(list(words))

    assert app_of(args("--bot", "me=./mybot", "play", "smurf")).bots == (("me", "./mybot"),)
    assert app_of(args("play", "smurf", "--bot", "me=./mybot")).bots == (("me", "./mybot"),)
    assert app_of(args("play", "smurf")).bots == ()
    assert app_of(args("--bot", "smart=./mybot")) is None  # a built-in level's name: refused, as by serve
    assert "that name is taken" in capsys.readouterr().err
    assert "--bot" not in app_options(args("web"))
    assert app_options(args("web", "--bot", "me=./mybot"))[-2:] == ["--bot", "me=./mybot"]


def test_plain_mode_says_bot_is_for_the_set_up_screen(capsys):
    from parlour.cli import main

    assert main(["play", "smurf", "--plain", "--bot", "me=./mybot"]) == 2
    assert "--bot is for the set-up screen" in capsys.readouterr().err
