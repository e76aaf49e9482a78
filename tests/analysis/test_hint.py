"""The hint (parlour/services/hint.py, key `i` at the table): the bot's choice and each option's chance to
win, from the player's own view only: positions the player cannot tell apart get the same hint,
where reading the hidden cards would tell them apart."""

from __future__ import annotations

from parlour.rules.chance import Chance
from parlour.rules.game import decide
from parlour.services.hint import hint, hint_line
from parlour.services.seats import Seat
from parlour.services.words.base import Words
from parlour.tui.app import make_app
from parlour.tui.widgets.panels import PromptBar

from ..bots.test_fair_play import _filmis_state
from ..tui.driving import settle

QUICK = dict(games=48, seconds=None)  # few games played on, and always all of them: seeded


def test_the_hint_never_reads_another_seats_hidden_cards():
    from parlour.games.filmis.rules import cards
    from parlour.games.filmis.rules.records import CallRaid

    game, poor = _filmis_state((cards.WALL_ENBERG,) * 4)  # the raid wins
    _, rich = _filmis_state((cards.JAMES_DEAN,) * 2 + (cards.SICKAN,) * 2)  # the raid loses
    assert game.view(poor, 0) == game.view(rich, 0)
    # a hint that peeked would know: the raid wins every time in one and never in the other
    assert [game.result(decide(game, s, 0, CallRaid(), Chance(0)).state).winners for s in (poor, rich)] == [(0,), (1,)]
    hints = [hint(game, state, 0, **QUICK) for state in (poor, rich, game.view(poor, 0))]
    assert hints[0] == hints[1] == hints[2]
    raid = next(option.chance for option in hints[0].options if option.action == CallRaid())
    assert 0 < raid < 1


def test_the_hints_control_variate_reads_only_the_seats_view_too():
    """With playouts enough for the control variate on the dealt world (playouts.py's Steadier:
    each world's deviations from what the seat expects), the hint is still the same from two
    states the seat cannot tell apart, and from its view."""
    from parlour.games.filmis.rules import cards
    from parlour.services.playouts import PER_COVARIATE

    game, poor = _filmis_state((cards.WALL_ENBERG,) * 4)
    _, rich = _filmis_state((cards.JAMES_DEAN,) * 2 + (cards.SICKAN,) * 2)
    steadied = dict(games=2 * 12 * PER_COVARIATE, seconds=None)  # 2 options, 2 players: 5 deviations
    hints = [hint(game, state, 0, **steadied) for state in (poor, rich, game.view(poor, 0))]
    assert hints[0] == hints[1] == hints[2]
    assert min(option.games for option in hints[0].options) >= 6 * PER_COVARIATE  # the fit was made


def test_a_smurf_hint_ranks_every_option_best_first_and_recommends_the_first():
    from parlour.games.smurf.rules import GAME
    from parlour.games.smurf.rules.records import Roll, TurnWheel
    from parlour.games.smurf.rules.state import initial

    state = initial(("Ann", "Bob"), {})._replace(
        positions=(3, 20), held=((1, 1, 1, 0), (0, 0, 0, 0)), circles=(7, 7, 7, 8), turn=0
    )
    found = hint(GAME, state, 0, **QUICK)
    assert {o.action for o in found.options} == {Roll(), TurnWheel(1), TurnWheel(2)}
    assert found.choice == found.options[0].action
    chances = [o.chance for o in found.options]
    assert chances == sorted(chances, reverse=True) and all(0 <= p <= 1 for p in chances)
    line = hint_line(found, Words.of("smurf"), state, 0, ("Ann", "Bob"))
    described = Words.of("smurf").describe(found.choice, state, 0, ("Ann", "Bob"))
    # the recommended option first, with its chance and margin; the others compared with it
    assert line.startswith(f"Hint: {described}: ") and line.count(" %") == 1 and "(±" in line
    assert line.count("about as good") + line.count("points less") == 2
    assert hint(GAME, state, 1, **QUICK) is None  # not Bob's turn: nothing to choose


async def test_the_hint_key_shows_the_hint_in_the_prompt():
    seats = [Seat("Ann", None, "red"), Seat("Bob", "smart", "blue")]
    app = make_app(start="play", game="smurf", seats=seats, seed=3, bot_delay=60, animations=False, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        session = app.session
        while 0 not in session.table.to_act():
            session.driver.play_bots()
            await settle(pilot)
        await pilot.press("i")
        await app.screen.workers.wait_for_complete()
        await settle(pilot)
        prompt = str(app.screen.query_one(PromptBar).content)
        assert "Hint: " in prompt and " % (±" in prompt


def test_a_served_table_has_no_hint_key():
    from parlour.tui.local_game import LocalGame
    from parlour.tui.remote import RemoteGame

    assert LocalGame.hints and not getattr(RemoteGame, "hints", False)


def test_plain_mode_answers_hint_in_words():
    from parlour.fronts.plain.local import PlainTable

    from ..plain.test_plain_table import Script, table

    live, seats = table("smurf", "Ann,bot", seed=4)
    script = Script("hint", "help", "quit")
    PlainTable(live, seats, script.lines, script.read).play()
    hints = [line for line in script.text.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == 1 and hints[0].count(" %") == 1 and hints[0].count(" · ") == 2
    assert "hint (each option's chance to win, best first" in script.text
