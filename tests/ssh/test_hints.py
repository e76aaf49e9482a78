"""Hints at served tables (issue 33): off unless the table's creator turns them on, at set-up, for
every seated player (never a watcher); and `expert` offered in the lobby for the Smurf Game. Real
SSH clients on loopback; what a player sees is read from their terminal's screen."""

from __future__ import annotations

from parlour.fronts.serve.tables import Lobby
from parlour.services.config import saves_dir
from parlour.tui.games import Presenter

from .harness import connect, member, server, until
from .test_plain import connect_plain


def caught_up(hub, table, name: str) -> bool:
    found = member(hub, name)
    return found is not None and found.seen == len(table.table.events)


async def ann_to_act(hub, table) -> None:
    await until(hub, lambda: caught_up(hub, table, "Ann") and 0 in table.table.to_act())


async def test_a_table_set_up_with_hints_gives_its_seated_player_a_hint_and_a_watcher_none():
    async with server() as hub:
        ann = await connect(hub, "Ann")
        await ann.wait_for("No tables yet")
        ann.press("n")
        await ann.wait_for("A new table", "Hints for every player: off")
        ann.press("g", "g")
        await ann.wait_for("Game: The Smurf Game")
        ann.press("2", "2", "2")  # human, bot (random), bot (smart), bot (expert): offered for Smurf
        await ann.wait_for("bot (expert)")
        ann.press("h")
        await ann.wait_for("Hints for every player: on")
        ann.press("enter")
        await until(hub, lambda: any(t.table is not None for t in hub.lobby.tables.values()))
        [table] = hub.lobby.tables.values()
        assert table.hints and [s.bot for s in table.plan] == [None, "expert"]
        assert type(table.driver.bots[1]).__name__ == "ExpertBot"
        presenter = Presenter.of("smurf")
        # the expert plays: Ann plays her turns until the bot has acted too
        for _ in range(60):
            if any(getattr(e, "seat", None) == 1 for e in table.table.events):
                break
            await ann_to_act(hub, table)
            options = table.table.legal_actions(0)
            before = len(table.table.events)
            ann.press("space" if presenter.roll_action(options) is not None else "enter")
            await until(hub, lambda: len(table.table.events) > before)
        assert any(getattr(e, "seat", None) == 1 for e in table.table.events), "the expert bot never acted"
        # Ann's turn: `i` gives the hint line on her screen
        await ann_to_act(hub, table)
        ann.press("i")
        await ann.wait_for("Hint: ")
        # a watcher gets none: the help does not name the key, `i` says nothing
        bob = await connect(hub, "Bob")
        await bob.wait_for(f"#{table.id} The Smurf Game")
        assert "hints on" in bob.text()  # the lobby's line says so
        bob.press("w")
        await until(hub, lambda: caught_up(hub, table, "Bob"))
        bob.press("i", "?")
        await bob.wait_for("How to play")
        assert "Hint (" not in bob.text() and "Thinking" not in bob.text()
        await ann.close()
        await bob.close()


async def test_a_table_set_up_without_hints_has_none_and_the_key_does_nothing():
    async with server() as hub:
        ann = await connect(hub, "Ann")
        await ann.wait_for("No tables yet")
        ann.press("n")
        await ann.wait_for("Hints for every player: off")
        ann.press("g", "g", "2")  # Smurf against a random bot, hints left off
        await ann.wait_for("Game: The Smurf Game", "bot (random)")
        ann.press("enter")
        await until(hub, lambda: any(t.table is not None for t in hub.lobby.tables.values()))
        [table] = hub.lobby.tables.values()
        assert not table.hints
        await ann_to_act(hub, table)
        ann.press("i", "?")
        await ann.wait_for("How to play")
        assert "Hint (" not in ann.text() and "Thinking" not in ann.text()
        await ann.close()


async def test_plain_served_hints_follow_the_creators_choice_and_expert_is_accepted():
    async with server() as hub:
        ann = await connect_plain(hub, "Ann")
        await ann.said(lambda text: "No tables yet." in text)
        ann.type("new smurf bot:expert hint")
        await ann.said(lambda text: "Your turn." in text)
        [table] = hub.lobby.tables.values()
        assert table.hints and table.plan[1].bot == "expert"
        ann.type("hint")
        await ann.said(lambda text: "Hint: " in text)
        ann.type("leave")
        await ann.said(lambda text: text.count("Tables (Ann):") == 2)
        ann.type("new garfield bot")
        await ann.said(lambda text: text.count("Your turn.") + text.count("Odie") > 0 and len(hub.lobby.tables) == 2)
        second = max(hub.lobby.tables.values(), key=lambda t: t.id)
        assert not second.hints
        ann.type("hint")
        await ann.said(lambda text: "Hints are off at this table." in text)
        await ann.close()


async def test_the_hints_choice_is_in_the_save_and_comes_back_after_a_restart():
    async with server() as hub:
        table = hub.lobby.create("smurf", ["human", "bot:expert"], seed=3, hints=True)
        ann = await connect(hub, "Ann")
        await ann.wait_for(f"#{table.id} The Smurf Game")
        ann.press("enter")
        await until(hub, lambda: table.table is not None)
        await ann.close()
    lobby = Lobby(bot_delay=0, save=False)
    assert lobby.restore(saves_dir()) == 1
    [again] = lobby.tables.values()
    for timer in again.timers.values():
        timer.cancel()
    assert again.hints and again.plan[1].bot == "expert"
