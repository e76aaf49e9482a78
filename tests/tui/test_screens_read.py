"""Issue 29: what a player sees, read from the composed screen, over many seeded games.

Every game x language x size is played to its end through the real app: one person at the
keyboard (keys chosen from what the screen offers, by a seeded hand) against bots. On every screen
along the way the composed text is checked (tests/tui/reading.py): no text cut at a border
unless a scrollbar says there is more, wrapped lines keep their indent, the key bar fits and
names every key that works now and none that does nothing, the status line never repeats a log
heading, a prompt's numbers match the hand's slots, and in ASCII mode (what LANG=C chooses) every
character is ASCII. And the words (issue 39): "Your last turn" tells a line of the log whose
subject is the player, no escape of the game's own text shows, no word is cut with "…", every
code on the board is in the legend beside it, and a Swedish screen has no English word.

PARLOUR_SCREEN_GAMES=200 plays that many games per game and language (default 6: half at
80x24, half at 120x40; every third in ASCII)."""

from __future__ import annotations

import os
import random
import re

import pytest

from parlour.services.seats import Seat, bot_names
from parlour.services.words.i18n import You, language, set_language
from parlour.tui.app import make_app

from . import reading

GAMES_PER = int(os.environ.get("PARLOUR_SCREEN_GAMES", "6"))
SIZES = [(80, 24), (120, 40)]
BOT_DELAY = 0.001  # a bot moves on a timer of its own: the loop reads the screen between its moves
MAX_STEPS = int(
    os.environ.get("PARLOUR_SCREEN_ROUNDS", "20000")
)  # message rounds: a game ends long before, unless the keys offered do nothing


def _seats(game: str, seed: int) -> list[Seat]:
    players = (2, 2, 3, 4)[seed % 4]  # mostly two (short games), now and then a full table
    bots = bot_names(game)
    level = "smart" if seed % 5 == 4 or game == "smurf" else "random"  # (random Smurfs play for ever)
    return [Seat("Ann", None, "red")] + [
        Seat(bots[i], level, c) for i, c in zip(range(players - 1), ("blue", "green", "yellow"))
    ]


def check_screen(app, game: str, names, strips=None) -> list[str]:
    strips = strips if strips is not None else reading._strips(app)
    if len(strips) < app.size.height:  # a screen not laid out yet: read at its first frame
        return []
    problems = reading.cut_texts(app, strips) + reading.lost_indents(app, strips)
    problems += reading.key_bar_problems(app, strips)
    problems += reading.slot_mismatches(app, strips)
    problems += reading.status_problems(app, game, names, strips)
    problems += reading.last_turn_problems(app, game, names, strips)
    problems += reading.escapes(app, strips) + reading.ellipsis_cuts(app, strips)
    problems += reading.unexplained_codes(app, game, strips)
    if language() == "sv":
        problems += reading.english_words(app, names, strips)
    if app.ascii_only:
        problems += reading.non_ascii(app, strips)
    return problems


def _keys_offered(app, rng: random.Random, strips=None) -> list[str]:
    """The keys a player would try from what the screen shows: an option's [key], a slot's
    digit (the chosen card is read, then Enter or Esc), the roll."""
    prompt = reading.prompt_text(app, strips)
    options = re.findall(r"\[(\d)\]", prompt)
    slots = reading.hand_slots(app, strips)
    if options:  # mostly the first (in Smurf the roll: turning wheels for ever makes endless games)
        return [options[0] if rng.random() < 0.6 else rng.choice(options), "enter"]
    if reading.card_chosen(app, strips):
        return ["enter" if rng.random() < 0.8 else "escape"]
    if slots and rng.random() < 0.35:
        return [rng.choice(sorted(slots))] + (["enter"] if rng.random() < 0.5 else [])
    return ["space"]


async def play_one(game: str, lang: str, size, seed: int) -> tuple[int, list[str]]:
    """Play one game to its results; the problems seen on its screens (each once) and how many
    screens were read. The app runs its bots with no pause: after each message round (one bot
    move, one key) the screen is laid out and painted as a frame would be, and read when
    something happened."""
    set_language(lang)
    seats = _seats(game, seed)
    app = make_app(
        lang=lang,
        start="play",
        game=game,
        seats=seats,
        seed=seed,
        bot_delay=BOT_DELAY,
        animations=False,
        autosave=False,
        ascii_only=seed % 3 == 0,
    )
    names = (You("Ann"),) + tuple(s.name for s in seats[1:])
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    screens, read, idle = 0, None, 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(MAX_STEPS):
            await pilot.pause(0)  # the messages queued so far handled, then a frame's layout and paint
            screen = app.screen
            # (a card chosen, or no longer, is a new screen to read too)
            now = (
                type(screen).__name__,
                len(app.session.table.events),
                getattr(getattr(screen, "control", None), "selected", None),
            )
            if now != read:  # something happened: read the screen once it stood for a round
                read, idle = now, 0
                continue
            idle += 1
            strips = reading._strips(app) if idle == 1 else None  # read once per state
            if idle == 1:
                screens += 1
                for problem in check_screen(app, game, names, strips):
                    seen.setdefault(f"{now[0]}: {problem}", None)
            if now[0] == "ResultsScreen":
                break
            if now[0] == "GameScreen" and app.session.humans_to_act():
                keys = (
                    _keys_offered(app, rng, strips)
                    if idle < 4
                    else [rng.choice(["escape", "space", "enter", "1", "2"])]
                )
                for key in keys:
                    app.simulate_key(key)
                    await pilot.pause(0)
            elif now[0] != "GameScreen":
                raise AssertionError(f"unexpected screen {now[0]}")
        else:
            screen = "\n".join(reading.screen_rows(app))
            raise AssertionError(f"{game} seed {seed}: no end after {MAX_STEPS} rounds:\n{screen}")
        for problem in check_screen(app, game, names):
            seen.setdefault(f"ResultsScreen: {problem}", None)
    return screens, list(seen)


CASES = [(game, lang) for game in ("garfield", "filmis", "smurf") for lang in ("en", "sv")]


@pytest.mark.parametrize("game,lang", CASES)
async def test_every_screen_of_seeded_games_reads_right(game, lang):
    failures = []
    for seed in range(GAMES_PER):
        size = SIZES[seed % 2]
        _screens, problems = await play_one(game, lang, size, seed)
        failures += [f"{game}/{lang}/{size[0]}x{size[1]} seed {seed}: {p}" for p in problems]
    assert not failures, "\n".join(failures[:40])
