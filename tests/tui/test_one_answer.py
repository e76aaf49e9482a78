"""A question the rules put although the hand leaves one answer (parlour/games/garfield/README.md, "Secrets are kept
by the shape of the game too") is answered by the table for a player alone at the screen, and
asked when several humans share the keyboard."""

from parlour.games.garfield.rules import cards as C
from parlour.games.garfield.rules.records import Asked, Lasagna
from parlour.rules.records import Acted
from parlour.services.seats import Seat
from parlour.tui.screens.game import GameScreen

from .driving import app_for, settle

NO_LASAGNA = (C.NAP_ATTACK, C.BLINDFOLD, C.PUT_ONE_OVER_TEN)
HANDS = NO_LASAGNA + (C.NAP_ATTACK, C.BLINDFOLD, C.PUT_ONE_OVER_SWAP)
DICE = [6, 6, 1, 1, 3, 3]  # Ann opens; then 3+3 onto RED


async def test_alone_at_the_screen_the_only_answer_is_given_at_once():
    app = app_for(
        [Seat("Ann", None, "red"), Seat("Bob", "random", "blue")],
        dice=DICE,
        autosave=False,
        decks={"garfield": [C.G_NAPPING, C.G_NAPPING], "player": HANDS},
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("space")  # Ann follows Garfield onto RED, holding no Lasagna
        await settle(pilot, 6)
        events = app.session.table.events
        asked = next(i for i, e in enumerate(events) if isinstance(e, Asked))
        assert events[asked + 1] == Acted(0, Lasagna(False))  # asked, and answered by the table


async def test_with_two_humans_at_the_keyboard_the_question_is_asked():
    app = app_for(
        [Seat("Ann", None, "red"), Seat("Bob", None, "blue")],
        dice=DICE,
        autosave=False,
        decks={"garfield": [C.G_NAPPING, C.G_NAPPING], "player": HANDS},
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        if app.screen is not game:  # the privacy screen for Ann
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("space")
        await settle(pilot, 6)
        assert isinstance(app.session.table.events[-1], Asked)
        assert game.control.options == [Lasagna(False)]
