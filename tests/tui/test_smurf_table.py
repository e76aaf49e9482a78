"""The Smurf Game table: a rigged hot-seat game played to the exact-count win through key
presses only (the direction choice, stopping in food areas, turning a wheel by its shortcut key
and by its numbered option, a wheel turn that costs the opponent a disc and their choice of
which), and the presenter's board, words and previews.

The Pilot game seats two humans at one keyboard rather than a human and a bot: both seats' keys
are then scripted, so the test, not a bot's preference, puts Bob's pawn on the hole where Ann's
wheel turn brings out a cat, and Bob's answer (which disc to give back) is a key press too."""

import pytest

from parlour.games.smurf import table as smurf_board, words as smurf_words
from parlour.games.smurf.rules import GAME
from parlour.games.smurf.rules.board import ACORN, APPLE, GRAPE, STRAWBERRY
from parlour.games.smurf.rules.records import (
    CatAppeared,
    DiscReturned,
    DiscTaken,
    GiveUp,
    Move,
    Moved,
    MustGiveUp,
    Roll,
    TurnBegan,
    TurnEnded,
    TurnWheel,
    WentIn,
    WheelTurned,
    Won,
)
from parlour.games.smurf.tests.scene import counts, scene
from parlour.rules.records import Acted, DiceRolled
from parlour.services.seats import Seat
from parlour.services.words import i18n
from parlour.tui.games import Presenter
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.privacy import PassScreen
from parlour.tui.screens.results import ResultsScreen
from parlour.tui.widgets.panels import HandPanel, PlayersPanel, PromptBar

from .driving import app_for, settle

NAMES = ("Ann", "Bob")
PRESENTER = Presenter.of("smurf")
WORDS = PRESENTER.words
FWD, BACK = 1, -1

# Opening: Ann 6, Bob 1. Then, in play order, the faces of every roll in the game below.
DICE = [6, 1, 6, 6, 5, 5, 5, 5, 6, 6, 6, 4, 6, 4, 6]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def board_text(screen) -> list[str]:
    board = screen.query_one("#board")
    return ["".join(segment.text for segment in board.render_line(y)) for y in range(13)]


async def test_a_hot_seat_smurf_game_played_to_the_exact_count_win_with_keys_only():
    seats = [Seat("Ann", None, "red"), Seat("Bob", None, "blue")]
    app = app_for(seats, game="smurf", dice=DICE, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = app.session.table

        def prompt() -> str:
            return str(game.query_one(PromptBar).content)

        async def keyboard(name: str):
            """Hand the keyboard to `name` if the privacy screen asks for it."""
            if isinstance(app.screen, PassScreen):
                assert app.screen.player == name
                await pilot.press("enter")
                await settle(pilot)
            assert app.screen is game and game.control.viewer == NAMES.index(name)

        async def play(name: str, *keys: str):
            await keyboard(name)
            await pilot.press(*keys)
            await settle(pilot)

        def where() -> tuple:
            s = table.state
            return s.positions, s.inside, s.held, s.wheels, s.circles

        # Ann starts (6 against 1): the start-of-turn options, then wheel 2 by its shortcut key.
        await keyboard("Ann")
        assert "[1] Roll the die" in prompt() and "[2] Turn wheel 1" in prompt() and "[3] Turn wheel 2" in prompt()
        await play("Ann", "e")
        assert table.state.wheels == (0, 1) and table.state.turn == 1
        assert "(36)" in board_text(game)[HOLE_ROW[36]] and board_text(game)[HOLE_ROW[21]].count("CAT") == 4
        assert "CAT" in board_text(game)[HOLE_ROW[31]]

        # Bob rolls 6: three ways, each previewed; he goes back into the Grape area (key 3).
        await play("Bob", "space")
        assert table.state.rolled == 6 and "You rolled 6: which way?" in prompt()
        for label in ("[1] forward into the Acorn area", "[2] forward to 6", "[3] back into the Grape area"):
            assert label in prompt()
        await play("Bob", "3", "enter")
        assert where() == ((0, 34), (False, True), (counts(), counts(GRAPE)), (0, 1), (8, 8, 8, 7))

        # Ann rolls 6 and picks the same way with the arrow keys (up from the first wraps round).
        await play("Ann", "space", "up", "enter")
        assert where() == ((34, 34), (True, True), (counts(GRAPE),) * 2, (0, 1), (8, 8, 8, 6))

        # Bob turns wheel 2 again (the cats leave 21-31, one comes out on 38: nobody there).
        await play("Bob", "e")
        assert table.state.wheels == (0, 2)

        # Ann and Bob leave the Grape area with a 5: the way forward meets the cat on 38, so the
        # only way, back to 30, is taken without a question.
        await play("Ann", "space")
        await play("Bob", "space")
        assert table.state.positions == (30, 30) and table.state.inside == (False, False)

        # Both roll 5 and stop in the Apple area on the way back.
        await play("Ann", "space")
        assert "[3] back into the Apple area" in prompt()
        await play("Ann", "3", "enter")
        await play("Bob", "space", "3", "enter")
        assert where() == ((25, 25), (True, True), (counts(APPLE, GRAPE),) * 2, (0, 2), (8, 8, 6, 6))

        # A 6 each, back out of the Apple area to 20 (option 2 of "forward to 30", "back to 20").
        await play("Ann", "space")
        assert "[1] forward to 30" in prompt() and "[2] back to 20" in prompt()
        await play("Ann", "2", "enter")
        await play("Bob", "space", "2", "enter")
        assert table.state.positions == (20, 20)

        # Ann: a 6 back into the Strawberry area. Bob: a 4 back to 16, a cat hole (j, Enter).
        await play("Ann", "space", "3", "enter")
        await play("Bob", "space")
        assert "[1] forward to 24" in prompt() and "[2] back to 16" in prompt()
        await play("Bob", "j", "enter")
        assert where() == (
            (14, 16),
            (True, False),
            (counts(STRAWBERRY, APPLE, GRAPE), counts(APPLE, GRAPE)),
            (0, 2),
            (8, 7, 6, 6),
        )
        assert "(16)" in board_text(game)[HOLE_ROW[16]]

        # Ann turns wheel 1 (numbered option 2; its label warns that it catches Bob): a cat comes
        # out on 16 under Bob's pawn and Bob, holding two kinds, chooses which to give back.
        await play("Ann")
        assert "[2] Turn wheel 1: a cat for Bob!" in prompt()
        await play("Ann", "2", "enter")
        assert table.state.wheels == (1, 2) and table.state.owing == (1,)
        assert "CAT" in board_text(game)[HOLE_ROW[16]] and "B" in board_text(game)[HOLE_ROW[16]]
        await keyboard("Bob")
        assert "A cat came out under your pawn: give back which basket?" in prompt()
        assert "[1] apple (1 held)" in prompt() and "[2] grape (1 held)" in prompt()
        await play("Bob", "2", "enter")
        assert where() == (
            (14, 16),
            (True, False),
            (counts(STRAWBERRY, APPLE, GRAPE), counts(APPLE)),
            (1, 2),
            (8, 7, 6, 7),
        )
        assert table.state.turn == 1 and app.screen is game  # Bob's own turn follows: no privacy screen
        panel = str(game.query_one(PlayersPanel).content)
        assert "Ac· St1 Ap1 Gr1" in panel and "Ac· St· Ap1 Gr·" in panel  # each player's baskets
        assert "CAT  cat: blocks" in str(game.query_one(HandPanel).content)  # the legend beside it

        # Bob turns wheel 2 on each of his turns now; Ann goes back 6 (forward the cat on 16
        # blocks), then a 4 into the Acorn area: her fourth kind.
        await play("Bob", "e")
        await play("Ann", "space")
        assert table.state.positions[0] == 9
        await play("Bob", "e")
        await play("Ann", "space", "2", "enter")
        assert where() == (
            (5, 16),
            (True, False),
            (counts(ACORN, STRAWBERRY, APPLE, GRAPE), counts(APPLE)),
            (1, 4),
            (7, 7, 6, 7),
        )
        await play("Bob", "e")

        # Ann rolls 6: back from the Acorn area onto HOME by exact count, with four kinds: she wins.
        await play("Ann", "space")
        assert "[1] forward to 10" in prompt() and "[2] back HOME: you win!" in prompt()
        await play("Ann", "2", "enter")
        await settle(pilot)
        assert table.state.winner == 0 and table.state.positions[0] == 0
        assert table.result().winners == (0,) and table.result().scores == (4, 1)
        assert isinstance(app.screen, ResultsScreen)
        text = str(app.screen.query_one("#results").content)
        assert "Ann wins!" in text and "4 of 4 kinds" in text and "1 of 4 kinds" in text


# ---- the presenter ---------------------------------------------------------------------------

HOLE_ROW = {16: 7, 21: 11, 31: 10, 36: 5}  # board lines showing these squares (see smurf.CELLS)


def test_the_board_rows_of_some_squares():
    assert {square: smurf_board.CELLS[square][1] for square in HOLE_ROW} == {16: 7, 21: 11, 31: 10, 36: 5}


@pytest.mark.parametrize("position", range(16))
def test_each_hole_shows_a_cat_exactly_when_its_wheels_position_says_so(position):
    for wheels in ((position, 0), (0, position)):
        state = scene(wheels=wheels, positions=(1, 2))
        cells = smurf_board.SmurfBoard.cell_states(state)
        from parlour.games.smurf.rules import wheels as w

        for square in w.HOLE_SQUARES:
            label, style, _ = cells[square]
            if square in w.showing(wheels):
                assert (label, style) == ("CAT", "cat")
            else:
                assert (label, style) == (f"({square})", "hole")


def test_the_board_draws_letters_not_only_colours_also_in_ascii():
    board = smurf_board.SmurfBoard(["A", "B"], ["red", "blue"], ascii_only=True)
    state = scene(positions=(8, 14), inside=(False, True), held=(counts(), counts(STRAWBERRY)))
    board.cells = board.cell_states(state)
    board.inner = board.inner_lines(state, (3,))
    lines = ["".join(s.text for s in board.full_line(y)) for y in range(13)]
    assert all(len(line) <= smurf_board.WIDTH and line.isascii() for line in lines)
    assert "HOME" in lines[0] and "CAT" in lines[0] and "Ac5" in lines[0]
    assert lines[1].strip() == "A"  # Ann under the cat on 8 (a cat never blocks its own square)
    assert "Strawberry ########" not in "".join(lines)  # Bob took one: 7 left
    assert "(Strawberry #######. 7 B)" in lines[5]  # Bob in the Strawberry area
    assert "[3]" in lines[6] and "Wheel 1 #..............." in lines[3]


def test_a_blocked_way_is_named_in_the_question():
    # From HOME with a 6 and wheel 2 at 0, the cat on 36 blocks the way back.
    state = scene(wheels=(0, 0))._replace(rolled=6)
    assert GAME.legal_actions(state, 0) == [Move(FWD, ACORN), Move(FWD, None)]
    asked = WORDS.question(state, 0, NAMES)
    assert asked == "You rolled 6: which way? (back is blocked by the cat on 36)"
    assert [WORDS.describe(a, state, 0, NAMES) for a in GAME.legal_actions(state, 0)] == [
        "forward into the Acorn area",
        "forward to 6",
    ]


def test_the_wheel_options_preview_who_a_cat_would_catch():
    state = scene(positions=(0, 16), held=(counts(), counts(GRAPE)))
    assert smurf_words.caught_by(state, 1) == (1,) and smurf_words.caught_by(state, 2) == ()
    assert WORDS.describe(TurnWheel(1), state, 0, NAMES) == "Turn wheel 1: a cat for Bob!"
    assert WORDS.describe(TurnWheel(2), state, 0, NAMES) == "Turn wheel 2"
    assert PRESENTER.shortcut("wheel1", [Roll(), TurnWheel(1), TurnWheel(2)]) == TurnWheel(1)
    assert PRESENTER.shortcut("wheel2", [GiveUp(GRAPE)]) is None
    assert PRESENTER.roll_action([GiveUp(GRAPE)]) is None


def test_narration_of_a_wheel_turn_that_costs_a_disc():
    events = [
        Acted(0, TurnWheel(1)),
        WheelTurned(1, 1),
        CatAppeared(16, (1,)),
        DiscReturned(1, GRAPE),
        TurnEnded(0),
        TurnBegan(1),
    ]
    assert WORDS.tell([(e, scene()) for e in events], NAMES) == [
        "Ann turned wheel 1 (now at 1 of 16).",
        "A cat appears on 16, under the pawn of Bob!",
        "Bob gave one grape basket back.",
        "— Bob's turn —",
    ]
    asked = [Acted(0, TurnWheel(1)), WheelTurned(1, 1), CatAppeared(16, (1,)), MustGiveUp(1)]
    assert WORDS.tell([(e, scene()) for e in asked], NAMES)[-1] == "Bob must give a basket back."


def test_narration_of_moves_and_the_win_in_both_languages():
    went_in = [
        Acted(1, Roll()),
        DiceRolled(1, (5,)),
        Moved(1, 5),
        WentIn(1, ACORN),
        DiscTaken(1, ACORN),
        TurnEnded(1),
        TurnBegan(0),
    ]
    won = [Acted(0, Move(BACK, None)), Moved(0, 0), Won(0)]
    assert WORDS.tell([(e, scene()) for e in went_in], NAMES) == [
        "Bob rolled 5 and went into the Acorn area.",
        "Bob took one acorn basket.",
        "— Ann's turn —",
    ]
    assert WORDS.tell([(e, scene()) for e in won], NAMES) == [
        "Ann moved to HOME.",
        "Ann came HOME with all four kinds of food and wins!",
    ]
    i18n.set_language("sv")
    assert WORDS.tell([(e, scene()) for e in went_in], NAMES)[:2] == [
        "Bob slog 5 och gick in på Ekollonplatsen.",
        "Bob tog en korg ekollon.",
    ]
    assert WORDS.tell([(e, scene()) for e in won], NAMES)[0] == "Ann gick till HEM."


def test_player_panels_show_the_baskets_held():
    state = scene(held=(counts(ACORN, ACORN, GRAPE), counts()))
    assert WORDS.player_stats(state, 0, False) == "Ac2 St· Ap· Gr1"
    assert WORDS.player_stats(state, 1, True) == "Ac- St- Ap- Gr-"
    assert WORDS.hand(state, 0) is None


def test_the_swedish_catalogue_has_every_smurf_key():
    english = {k for k in i18n.catalogue("en") if k.startswith("smurf.")}
    swedish = {k for k in i18n.catalogue("sv") if k.startswith("smurf.")}
    assert english == swedish and "smurf.help.text" in english
    assert "reconstructed" in i18n.catalogue("en")["smurf.help.text"]
    assert "rekonstruerad" in i18n.catalogue("sv")["smurf.help.text"]
