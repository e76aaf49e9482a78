"""The Filmis table: a rigged hot-seat game played to a called raid through key presses only
(privacy screens, both humans choosing in a filmisbyte, a blind pick, the raid key), and the
presenter's words: every event kind narrated, nothing of another seat's cards in the side panel,
the catalogues in both languages."""

import random
import re
import tomllib
from pathlib import Path

import pytest

from parlour.games.filmis import table as filmis_board, words as filmis_words
from parlour.games.filmis.rules import GAME, board
from parlour.games.filmis.rules.cards import BIFFEN, DORIS, HARRY, JAMES_DEAN, SICKAN, VANHEDEN, WALL_ENBERG, WHISTLE
from parlour.games.filmis.rules.records import (
    Asked,
    CallRaid,
    CardsDrawn,
    CardTaken,
    CardUnder,
    Drop,
    Enter,
    HandBanked,
    Moved,
    PassTurn,
    PayFine,
    Pending,
    Raid,
    RefuseFine,
    Roll,
    Shown,
    SkipOwed,
    SwapBegan,
    SwapChosen,
    SwapDone,
    SwapTake,
    Take,
    TurnBegan,
    TurnSkipped,
)
from parlour.games.filmis.tests.arrange import arrange
from parlour.rules.chance import Chance
from parlour.rules.game import decide
from parlour.rules.records import HIDDEN, Acted, DiceRolled, Start
from parlour.services.seats import SPECTATOR
from parlour.services.words import i18n
from parlour.services.words.base import Story
from parlour.tui.games import Presenter
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.privacy import PassScreen
from parlour.tui.screens.results import ResultsScreen
from parlour.tui.widgets.panels import HandPanel, PromptBar

from .driving import settle
from .scenes_filmis import rigged_app

NAMES = ("Ann", "Bob", "Cid")
PRESENTER = Presenter.of("filmis")
WORDS = PRESENTER.words
LOCALE = Path(i18n.__file__).resolve().parents[2] / "games" / "filmis" / "locale"


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# ---- the game, through the keys -----------------------------------------------------------


async def test_a_hot_seat_game_played_to_a_called_raid_with_keys_only():
    app = rigged_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = app.session.table

        def prompt() -> str:
            return str(game.query_one(PromptBar).content)

        def side() -> str:
            return str(game.query_one(HandPanel).content)

        async def press(*keys: str):
            for key in keys:
                await pilot.press(key)
                await settle(pilot)

        async def take_keyboard(name: str):
            assert isinstance(app.screen, PassScreen) and app.screen.player == name
            assert game.control.viewer == SPECTATOR  # nothing of anyone's cards behind the privacy screen
            assert "Hands are hidden" in side()
            await press("enter")
            assert app.screen is game and table.players[game.control.viewer] == name

        # Ann takes the keyboard; the raid key is off (no Whistle, no James Dean).
        await take_keyboard("Ann")
        assert "Roll the dice" in prompt()
        assert not game.check_action("shortcut", ("raid",))
        await press("w")
        assert table.state.turn == 0 and table.state.positions == (0, 12)
        # Space: 2+6 stops at red's arrow tip; the 1-3 die gives three cards.
        await press("space")
        assert table.state.positions == (5, 12)
        assert table.state.hands == ((SICKAN, DORIS, JAMES_DEAN), ())
        assert table.state.turn == 1

        await take_keyboard("Bob")
        assert "Sickan" not in side()  # Bob sees his own (empty) hand, not Ann's
        await press("space")
        assert table.state.positions == (5, 17)
        assert table.state.hands[1] == (HARRY, WHISTLE, VANHEDEN)

        # Ann lands on the filmisbyte: both show their hands, both must choose.
        await take_keyboard("Ann")
        await press("space")
        assert table.state.positions == (9, 17) and table.to_act() == (0, 1)
        assert app.screen is game and game.control.viewer == 0  # Ann chooses first, no privacy screen
        assert "Take one card from Bob's hand" in prompt()
        assert "[1] Harry 2" in prompt() and "[2] Vanheden 3" in prompt() and "[3] the Whistle 0" in prompt()
        log = " ".join(str(line.text) for line in game.query_one("#log").lines)
        assert "FILMISBYTE!" in log and "Bob shows the hand: Harry, Vanheden, the Whistle" in log
        await press("1", "enter")
        assert table.state.swap.chosen == (HARRY, None) and table.to_act() == (1,)

        # Bob's turn to choose, behind the privacy screen: Ann's choice stays hidden from him.
        await take_keyboard("Bob")
        assert "Take one card from Ann's hand" in prompt()
        assert game.control.selected == 0 and "[1] Doris 4" in prompt()
        await press("down")
        assert game.control.options[game.control.selected] == SwapTake(JAMES_DEAN)
        await press("enter")
        assert table.state.swap is None
        assert table.state.hands == ((SICKAN, DORIS, HARRY), (WHISTLE, VANHEDEN, JAMES_DEAN))
        assert table.state.turn == 1 and game.control.viewer == 1 and app.screen is game

        # Bob could call the raid now (Whistle and James Dean in hand) but rolls: GO HOME banks.
        assert game.check_action("shortcut", ("raid",))
        assert "[2] Call the razzia!" in prompt()
        await press("space")
        assert table.state.positions == (9, 15)
        assert table.state.homes == ((), (WHISTLE, VANHEDEN, JAMES_DEAN)) and table.state.hands[1] == ()

        # Ann stops in Bob's nest: a blind pick from his home pile, and the log says so.
        await take_keyboard("Ann")
        await press("space")
        assert table.state.positions == (12, 15)
        assert table.state.hands[0] == (SICKAN, DORIS, HARRY, VANHEDEN)
        assert table.state.homes[1] == (WHISTLE, JAMES_DEAN)
        log = " ".join(str(line.text) for line in game.query_one("#log").lines)
        assert "Ann stopped in Bob's nest and took a card blind from Bob's home pile: a card." in log

        # Bob blows the whistle with the raid key.
        await take_keyboard("Bob")
        assert "Home pile: 10 pts" in side()
        assert "razzia ends the game (w)" in prompt()
        await press("w")
        assert table.state.over and table.state.caller == 1
        assert table.result().winners == (1,) and table.result().scores == (0, 10)
        assert isinstance(app.screen, ResultsScreen)
        results = str(app.screen.query_one("#results").content)
        assert "Bob wins!" in results
        assert "Bob · 10 points · called the razzia" in results
        assert "James Dean 10 + the Whistle 0 = 10" in results
        assert "Ann · 0 points" in results and "(empty home pile) = 0" in results
        assert "in hand, not counted: Sickan, Doris, Vanheden, Harry" in results


# ---- the presenter's words --------------------------------------------------------------------


def _words(events, view=None):
    return WORDS.tell([(e, view) for e in events], NAMES)


def test_every_event_kind_is_narrated():
    assert _words([Acted(None, Start()), DiceRolled(0, (3, 6)), DiceRolled(1, (1, 1)), TurnBegan(0)]) == [
        "Ann rolled 3+6 for the opening.",
        "Bob rolled 1+1 for the opening.",
        "Ann starts.",
        "— Ann's turn —",
    ]
    assert _words(
        [Acted(0, Roll()), DiceRolled(0, (2, 6)), Moved(0, 5), DiceRolled(0, (2,)), CardsDrawn(0, (SICKAN, DORIS))]
    ) == [
        "Ann rolled 2+6 = 8 and landed on 5 · ARROW TIP (inside the factory)",
        "Ann rolled the 1–3 die: 2.",
        "Ann took Sickan, Doris.",
    ]
    assert _words([Acted(1, Roll()), DiceRolled(1, (1, 4)), Moved(1, 5)]) == [
        "Bob rolled 1+4 = 5 and landed on 5 · ARROW TIP (inside the factory)",
        "Another pawn is already at this arrow tip: no cards for Bob.",
    ]
    assert _words([CardsDrawn(1, (HIDDEN,) * 3)]) == ["Bob took 3 filmis."]
    assert _words([Acted(1, Roll()), DiceRolled(1, (1, 3)), Moved(1, 21), Moved(1, 12), HandBanked(1, 2)]) == [
        "Bob rolled 1+3 = 4 and landed on 21 · GO STRAIGHT HOME",
        "Bob goes straight home.",
        "Bob is home: 2 filmis onto the home pile.",
    ]
    assert _words([CardTaken(0, 1, False, HIDDEN)]) == [
        "Ann stopped in Bob's nest and took a card blind from Bob's hand: a card."
    ]
    assert _words([Asked(Pending(0, "cornflakes"))]) == ["Ann is on a cornflakes package and may go into the factory."]
    assert _words([Acted(0, Enter(True)), Moved(0, 5), DiceRolled(0, (1,))]) == [
        "Ann goes into the factory.",
        "Ann rolled the 1–3 die: 1.",
    ]
    assert _words([Acted(0, Enter(False))]) == ["Ann stays on the cornflakes package."]
    assert _words([Acted(0, PayFine(HIDDEN)), CardUnder(0, HIDDEN)]) == [
        "Ann pays the fine.",
        "Ann put a card under the factory deck.",
    ]
    assert _words([Acted(0, Drop(DORIS)), CardUnder(0, DORIS)]) == ["Ann put Doris under the factory deck."]
    assert _words([Acted(0, RefuseFine()), SkipOwed(0)]) == ["Ann will skip the next turn."]
    assert _words([TurnBegan(2), TurnSkipped(2)]) == ["— Cid's turn —", "Cid skips this turn."]
    assert _words([Acted(2, PassTurn()), TurnSkipped(2)]) == ["Cid skips this turn."]
    assert _words(
        [SwapBegan(0, (Shown(0, False, (DORIS,)), Shown(2, True, (BIFFEN, SICKAN)))), SwapChosen(0, HIDDEN)]
    ) == [
        "FILMISBYTE! Everyone shows their cards; each takes one from the player on their left.",
        "Ann shows the hand: Doris",
        "Cid has no hand and shows the home pile: Biffen, Sickan",
        "Ann has chosen.",
    ]
    assert _words(
        [
            Acted(2, SwapTake(DORIS)),
            SwapChosen(2, DORIS),
            SwapDone((Take(0, 2, True, SICKAN), Take(2, 0, False, DORIS))),
        ]
    ) == ["Cid chose Doris.", "Ann took Sickan from Cid's home pile.", "Cid took Doris from Ann."]
    assert _words([Acted(1, CallRaid()), Raid(1, ((),) * 3, ((),) * 3)]) == [
        "RAZZIA! Bob blew the whistle. Everyone lays down their cards."
    ]
    assert _words([Raid(None, ((),) * 3, ((),) * 3)]) == [
        "The factory is empty: automatic razzia! Everyone lays down their cards."
    ]


def test_narration_of_a_real_game_has_no_missing_keys():
    """Every batch of a whole game (played by the rules with random choices) in both languages."""
    state, chance = GAME.initial(NAMES, {}), Chance(11)
    batches = []
    turn = decide(GAME, state, None, Start(), chance)
    batches.append(turn.events)
    state = turn.state

    pick = random.Random(5)
    while not state.over:
        seat = GAME.to_act(state)[0]
        options = GAME.legal_actions(state, seat)
        action = (
            CallRaid()
            if CallRaid() in options and pick.random() < 0.2
            else pick.choice([a for a in options if a != CallRaid()] or options)
        )
        turn = decide(GAME, state, seat, action, chance)
        batches.append(turn.events)
        state = turn.state
    for lang in ("en", "sv"):
        i18n.set_language(lang)
        story = Story(GAME, WORDS, NAMES, 0, GAME.initial(NAMES, {}))
        for events in batches:
            for line in story.tell(events):
                assert not re.search(r"filmis\.[a-z_]", line), line
        for line in WORDS.result_lines(state, NAMES):
            assert not re.search(r"filmis\.[a-z_]", line), line


def test_options_and_questions():
    state = arrange(
        3,
        positions=(5, 30, 40),
        hands=((HARRY, DORIS), (SICKAN,), ()),
        homes=((), (WHISTLE,), (JAMES_DEAN, WALL_ENBERG)),
    )
    view = GAME.view(state, 0)
    assert WORDS.question(view, 0, NAMES) == "Roll the dice (1–3 and 1–6)."
    assert WORDS.describe(Roll(), view, 0, NAMES) == "Roll the dice"
    assert WORDS.describe(PayFine(WALL_ENBERG), view, 0, NAMES) == "Wall-Enberg Jr -2"
    assert WORDS.describe(RefuseFine(), view, 0, NAMES) == "Skip a turn"
    assert WORDS.describe(Enter(True), view, 0, NAMES) == "Go into the factory"
    assert PRESENTER.roll_action([Roll(), CallRaid()]) == Roll()
    assert PRESENTER.roll_action([PassTurn(), CallRaid()]) is None
    assert PRESENTER.shortcut("raid", [Roll(), CallRaid()]) == CallRaid()
    assert PRESENTER.shortcut("raid", [Roll()]) is None
    assert [b.action for b in PRESENTER.bindings()] == ["shortcut('raid')"]
    assert not PRESENTER.uses_slots([Roll()])
    raider = arrange(2, hands=((WHISTLE,), ()), homes=((JAMES_DEAN,), ()))
    assert "razzia" in WORDS.question(GAME.view(raider, 0), 0, NAMES)


def test_side_panel_never_shows_another_seats_cards():
    state = arrange(
        3, hands=((HARRY, DORIS), (SICKAN, JAMES_DEAN), ()), homes=((BIFFEN,), (WHISTLE, VANHEDEN), (WALL_ENBERG,))
    )
    for seat in range(3):
        view = GAME.view(state, seat)
        mine = set(state.hands[seat]) | set(state.homes[seat])
        shown = " ".join(WORDS.card_label(c) for c in WORDS.hand(view, seat))
        shown += " " + WORDS.aside(view, seat, False)
        for card in {HARRY, DORIS, SICKAN, JAMES_DEAN, BIFFEN, WHISTLE, VANHEDEN, WALL_ENBERG} - mine:
            assert filmis_words.card_name(card) not in shown, (seat, card)
        for card in mine:
            assert filmis_words.card_name(card) in shown
        # Stats tell only how many cards the others hold.
        assert WORDS.player_stats(view, (seat + 1) % 3, False).startswith("cards: ")  # counts, labelled
    assert WORDS.aside(GAME.view(state, SPECTATOR), SPECTATOR, False) is None
    assert WORDS.aside(GAME.view(state, 1), 1, False) == "Home pile: 3 pts\nVanheden 3, the Whistle 0"


def test_result_lines_list_every_home_pile_card():
    state = arrange(2, homes=((SICKAN, SICKAN, WALL_ENBERG), ()), hands=((), (DORIS,)))
    lines = WORDS.result_lines(state, ("Ann", "Bob"))
    assert lines == [
        "Ann · 8 points\n    Sickan 5 + Sickan 5 + Wall-Enberg Jr -2 = 8\n",
        "Bob · 0 points\n    (empty home pile) = 0\n    in hand, not counted: Doris",
    ]


def test_dice_are_shown_as_the_1_3_and_the_1_6_die():
    assert filmis_words.dice_text((2, 5), False) == "Dice: ⚁ 2 (1–3) · ⚄ 5 (1–6)"
    assert filmis_words.dice_text((2, 5), True) == "Dice: [1-3: 2] [1-6: 5]"
    assert filmis_words.dice_text((3,), True) == "Factory die: [1-3: 3]"


def test_the_board_layout_is_a_loop_with_the_nests_in_the_corners():
    cells = filmis_board.CELLS
    assert len(cells) == board.SIZE
    assert [cells[board.nest(q)][:2] for q in range(4)] == [(0, 0), (51, 0), (51, 12), (0, 12)]
    for a, b in zip(cells, cells[1:] + cells[:1]):  # neighbours touch
        assert abs(a[0] - b[0]) <= 7 and abs(a[1] - b[1]) <= 1
    assert all(x + w <= filmis_board.WIDTH and y < filmis_board.HEIGHT for x, y, w, _ in cells)
    assert filmis_board.WIDTH <= 59 and filmis_board.HEIGHT <= 13


async def test_the_board_draws_codes_nests_and_pawns():
    app = rigged_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "space")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        widget = game.query_one("#board")
        rows = [widget.render_line(y).text for y in range(filmis_board.HEIGHT)]
        assert all(len(row) == filmis_board.WIDTH for row in rows)
        assert rows[0].startswith("[A]") and "[B]" in rows[0]  # Ann's and Bob's nests
        assert rows[0][23:27] == " ▶F " and rows[1][23:27] == " A  "  # Ann stands on red's tip
        assert "57 filmis left" in rows[2]
        assert "Dice: ⚂ 3 (1–3)" in rows[3] or "Factory die: ⚂ 3 (1–3)" in rows[3]
        assert rows[12].startswith("··")  # green's nest: nobody plays green


def test_catalogues_have_the_same_keys_in_both_languages():
    def keys(lang):
        with (LOCALE / lang / "filmis.toml").open("rb") as file:
            return set(i18n._flatten(tomllib.load(file)))

    assert keys("en") == keys("sv")
    # The game keeps its Swedish names in English too.
    for word in ("Sickan", "Vanheden", "filmisbyte", "razzia"):
        assert word.lower() in (LOCALE / "en" / "filmis.toml").read_text().lower()
    for lang in ("en", "sv"):
        i18n.set_language(lang)
        assert "reconstructed" in i18n.t(WORDS.help_key) or "rekonstruerad" in i18n.t(WORDS.help_key)
