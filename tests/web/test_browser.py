"""`parlour web` in a real Chromium: the title screen with nothing fetched from outside, a
Garfield game against two bots played by keys, the save after the tab closes, and resuming it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.fronts.web.page import page_title

from .harness import PageTerminal, chromium, web_server

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("browser_ready")]

ROLL_PROMPT = "[Space] "  # my turn: Space follows Garfield's card ("Roll", or "Follow Garfield")


async def offline(context, origin: str) -> list[str]:
    """No internet for this browser: any request beyond the server is refused and recorded."""
    outside: list[str] = []

    async def gate(route):
        url = route.request.url
        if url.startswith(origin) or url.startswith("data:"):
            await route.continue_()
        else:
            outside.append(url)
            await route.abort()

    await context.route("**/*", gate)
    return outside


def prompt(term: PageTerminal) -> list[str]:
    """The prompt lines above the footer (two or three)."""
    return term.screen.display[-5:-1]


def standings(term: PageTerminal) -> list[str]:
    """Each player's cards and square from the side panel ("3 cards @13")."""
    return [found.group(0) for line in term.screen.display if (found := re.search(r"\d+ cards? @\d+", line))]


def my_turn_again(env: dict) -> bool:
    """The save has a turn of mine (seat 0) begun after a move of mine: both bots have had their
    turn since my first move. The game saves each action as it happens, before the screen shows
    it (a grown board leaves the log a few lines, and bots that move at once can push my move out
    of it between two looks at the screen)."""
    moved = False
    for save in Path(env["PARLOUR_DATA_DIR"], "saves").glob("*.jsonl"):
        for line in save.read_text(encoding="utf-8").splitlines():
            try:
                event = json.loads(line).get("event") or {}
            except ValueError:
                continue  # a line being written
            if event.get("seat") == 0 and event.get("type") == "Acted":
                moved = True
            elif moved and event.get("seat") == 0 and event.get("type") == "TurnBegan":
                return True
    return False


def bots_done(term: PageTerminal, env: dict) -> bool:
    """My first move made, both bots' turns after it, and my roll again."""
    return ROLL_PROMPT in "".join(prompt(term)) and my_turn_again(env)


def asked_me(term: PageTerminal) -> bool:
    """A question for me that is not the roll (a card to discard, a lasagna to use)."""
    lines = prompt(term)
    # Its numbered options are drawn (the question and the options are two panels: a question
    # seen before its options could be the roll's, and Enter would then roll).
    text = "".join(lines)
    return re.search(r"\[\d\] ", text) is not None and ROLL_PROMPT not in text  # ("[3] Play a Lasagna": its slot)


async def test_a_garfield_game_in_the_browser_is_played_saved_and_resumed(parlour_env):
    with web_server(parlour_env) as (url, _):
        async with chromium() as context:
            outside = await offline(context, url.rstrip("/"))
            term = await PageTerminal.open(context, url)
            assert await term.page.title() == page_title()
            await term.wait_for("Choose a game", "Ctrl+Q quit")

            await term.press("ArrowDown", "ArrowDown", "Enter")  # the arrows reach the third game
            await term.wait_for("The Smurf Game: who plays?", "Remove seat")
            await term.press("Escape")
            await term.wait_for("Choose a game", "Ctrl+Q quit", lambda t: "who plays?" not in t.text())
            await term.press("ArrowUp", "Home", "Enter")  # Home: Garfield, the first game
            await term.wait_for("Garfield: who plays?", "Seat 3", "Remove seat")
            assert term.text().count("bot (smart)") == 2  # seats 2 and 3 are bots by default
            await term.press("Control+s")
            await term.wait_for("Garfield says:", "Your hand", lambda t: ROLL_PROMPT in "".join(prompt(t)))

            await term.press("?")
            await term.wait_for("How to play Garfield", "Race three laps")
            await term.press("Escape")
            await term.wait_for("Your hand", lambda t: "How to play" not in t.text())

            await term.press("Space")
            while True:  # bots move at once; a question for me gets its first answer
                await term.wait_for(lambda t: bots_done(t, parlour_env) or asked_me(t))
                if bots_done(term, parlour_env):
                    break
                asked = "".join(prompt(term))
                await term.press("Enter")
                # Once: a second Enter while the old question is still drawn would roll my next turn.
                await term.wait_for(lambda t: "".join(prompt(t)) != asked)
            assert "Dice:" in term.text()
            where = standings(term)
            assert len(where) == 3, term.text()

            await term.page.close()
            saves = Path(parlour_env["PARLOUR_DATA_DIR"]) / "saves"
            assert len(list(saves.glob("*.jsonl"))) == 1, sorted(saves.iterdir())

            term = await PageTerminal.open(context, url)
            await term.wait_for("Choose a game")
            await term.press("r")
            await term.wait_for("Saved games", "Garfield · You, Odie, Nermal", "in progress")
            await term.press("Enter")
            await term.wait_for("Your hand", lambda t: ROLL_PROMPT in "".join(prompt(t)))
            # cards and squares as the tab left them: as its save says (the tab may have taken a
            # last key after `where` was read, e.g. an Enter meant for a question that had gone)
            from parlour.services import saves as save_files

            state = save_files.read(next(saves.glob("*.jsonl"))).state
            left = [
                f"{len(hand)} card{'' if len(hand) == 1 else 's'} @{square}"
                for hand, square in zip(state.hands, state.positions)
            ]
            assert standings(term) == left, (where, left)
            assert outside == []


async def test_the_first_screen_fits_a_laptop_and_a_phone_on_its_side(parlour_env):
    with web_server(parlour_env) as (url, _):
        async with chromium() as context:
            for width, height in ((1280, 800), (844, 390)):
                page = await context.new_page()
                await page.set_viewport_size({"width": width, "height": height})
                term = PageTerminal(page)
                await page.goto(url)
                await term.wait_for("Choose a game", "Ctrl+Q quit")
                columns, rows = term.size
                assert columns >= 80 and rows >= 24, (width, height, term.size)  # the app's smallest table
                assert "too small" not in term.text().lower()
                box = await page.locator("#terminal canvas").first.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
                assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1
                await page.close()
