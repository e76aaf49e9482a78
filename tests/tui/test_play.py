"""A rigged Garfield game played to the win through key presses only, hot-seat with three
humans: a Player card, a Lasagna decision, a target choice and the privacy screen."""

from parlour.games.garfield.rules import board, cards as C
from parlour.games.garfield.tests.scenario import pair
from parlour.services.seats import SPECTATOR, Seat
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.privacy import PassScreen
from parlour.tui.screens.results import ResultsScreen
from parlour.tui.widgets.panels import HandPanel, PromptBar

from .driving import app_for, settle

ANN = (C.NAP_ATTACK, C.BLINDFOLD, C.PUT_ONE_OVER_TEN)
BOB = (C.LASAGNA, C.NAP_ATTACK, C.BLINDFOLD)
CID = (C.PUT_ONE_OVER_SWAP, C.NAP_ATTACK, C.PUT_ONE_OVER_TWICE)
ANN_PATH = (12, 6, 10, 9) + (4, 11, 6, 10, 9) * 2 + (4,)  # 0 -> 37, two laps, then the third ring
SAFE = (board.PLAIN, board.TAKE_1, board.TAKE_2)


def safe_total(position: int) -> int:
    """The smallest roll from `position` onto a space that asks nothing."""
    return next(n for n in range(2, 13) if board.SPACES[(position + n) % 40] in SAFE)


def planned_dice() -> list[int]:
    """Opening: Ann 6+6, Bob and Cid 1+1. Round 1: Ann's Nap attack 12; Bob 3+3 onto RED;
    Cid's Put 1 over (no dice). Then Ann follows her path; Bob and Cid make safe rolls."""
    faces = [6, 6, 1, 1, 1, 1, *pair(12), 3, 3]
    bob, cid = 0, 6  # after Cid swaps places with Bob (on 6)
    for total in ANN_PATH[1:]:
        faces += pair(total)
        for who in ("bob", "cid"):
            at = bob if who == "bob" else cid
            step = safe_total(at)
            faces += pair(step)
            if who == "bob":
                bob = (at + step) % 40
            else:
                cid = (at + step) % 40
    return faces


async def test_a_hot_seat_game_played_to_the_win_with_keys_only():
    seats = [Seat("Ann", None, "red"), Seat("Bob", None, "blue"), Seat("Cid", None, "green")]
    app = app_for(
        seats,
        dice=planned_dice(),
        coins=[True],
        autosave=False,
        decks={"garfield": [C.G_NAPPING], "player": ANN + BOB + CID},
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = app.session.table

        async def take_keyboard(name: str):
            assert isinstance(app.screen, PassScreen) and app.screen.player == name
            assert game.control.viewer == SPECTATOR  # nothing of anyone's hand behind the privacy screen
            assert "Hands are hidden" in str(game.query_one(HandPanel).content)
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is game

        # Ann: plays her Nap attack (slot 1, confirmed with Enter): 6+6 onto 12.
        await take_keyboard("Ann")
        assert "Nap attack" in str(game.query_one(HandPanel).content)
        await pilot.press("1")
        assert "Play Nap attack" in str(game.query_one(PromptBar).content)
        await pilot.press("escape")  # backs out of the card
        assert game.control.selected is None
        await pilot.press("1", "enter")
        await settle(pilot)
        assert table.state.positions == (12, 0, 0) and C.NAP_ATTACK not in table.state.hands[0]

        # Bob: rolls 3+3 onto RED holding a Lasagna, and declines it (down, Enter).
        await take_keyboard("Bob")
        await pilot.press("space")
        await settle(pilot)
        assert table.state.pending.kind == "lasagna_red"
        assert "Play a Lasagna to roll again?" in str(game.query_one(PromptBar).content)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert table.state.positions == (12, 6, 0) and C.LASAGNA in table.state.hands[1]

        # Cid: Put 1 over ...and change places (face up), choosing Bob with the arrows.
        await take_keyboard("Cid")
        await pilot.press("1", "enter")
        await settle(pilot)
        assert table.state.pending.kind == "swap_places"
        assert game.control.options[game.control.selected].target == 0
        await pilot.press("j", "enter")
        await settle(pilot)
        assert table.state.positions == (12, 0, 6)

        # The rest: each player takes the keyboard and rolls until Ann's third ring.
        turns = 0
        while not isinstance(app.screen, ResultsScreen):
            turns += 1
            assert turns < 60, "the game should have ended"
            name = table.players[table.to_act()[0]]
            await take_keyboard(name)
            await pilot.press("space")
            await settle(pilot)
        assert table.result().winners == (0,) and table.state.rings[0] == 3
        assert "Ann wins!" in str(app.screen.query_one("#results").content)
