"""Garfield's pile panel: a widget of its own over the middle of the board. It shows the card
that is up, the Garfield pile and what lies in the Sand Box, follows the screen's view by itself
and repaints only when what it shows changed."""

from __future__ import annotations

from parlour.games.garfield import words
from parlour.games.garfield.rules import cards as C
from parlour.games.garfield.table.piles import HEIGHT, WIDTH, GarfieldPiles, pile_lines
from parlour.rules.deck import Deck
from parlour.services.seats import Seat
from parlour.services.words.i18n import t

from .driving import app_for, settle

ME_AND_BOTS = [Seat("You", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]


def test_the_sand_box_lists_its_cards_newest_first_and_equal_ones_once():
    from parlour.rules.table import Table

    view = Table.new("garfield", ["Ann", "Bob"], seed=1).view(0)
    garfield = Deck(view.garfield.pile, (C.G_NAPPING, C.G_PLUS_2, C.G_NAPPING, C.G_LOSE_TURN))
    view = view._replace(garfield=garfield, face_up=C.G_ROLL_TWICE)
    head, sand_box, to_come = words.piles(view)
    assert head == f"Garfield pile {len(garfield.pile)} · Sand Box 4"
    assert sand_box == ["Lose a turn", "Napping ×2", "Plus 2"]
    assert len(to_come) == 15 - 4 - 1 and "Napping" not in to_come and "Lasagna: twice" not in to_come
    assert words.balloon(view).startswith("Garfield says: For a portion of lasagna")


def test_a_long_sand_box_is_told_by_the_cards_it_lacks():
    names = [f"Card number {i}" for i in range(13)]
    balloon = "Garfield says: " + "word " * 20  # three lines of Garfield's words
    lines = pile_lines(balloon, "Garfield pile 1 · Sand Box 13", names, ["Higher die"])
    assert lines[-2:] == ["Garfield pile 1 · Sand Box 13: all cards", "but the one up and “Higher die”"]


def test_a_long_sand_box_fits_the_panel_and_says_how_many_more():
    names = [f"Card number {i}" for i in range(13)]
    balloon = "Garfield says: " + "word " * 20  # three lines of Garfield's words
    lines = pile_lines(balloon, "Garfield pile 1 · Sand Box 13", names, ["Card"] * 30)
    assert len(lines) <= HEIGHT and all(len(line) <= WIDTH for line in lines)
    shown = " ".join(lines)
    assert "Card number 0," in shown and "Card number 12" not in shown  # the newest kept
    more = 13 - sum(f"Card number {i}" in shown.replace("\n", " ") for i in range(13))
    assert shown.endswith(f"+{more} more")
    assert pile_lines("", "Garfield pile 14 · Sand Box 0", []) == ["Garfield pile 14 · Sand Box 0"]


async def test_the_panel_follows_the_view_and_repaints_only_for_its_own_changes():
    app = app_for(ME_AND_BOTS, seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        panel = screen.query_one(GarfieldPiles)
        view = screen.table_view
        shown = str(panel.content)
        assert words.balloon(view)[:30] in shown.replace("\n", " ")
        assert f"Garfield pile {len(view.garfield.pile)} · Sand Box {len(view.garfield.discard)}" in shown
        region = panel.region
        assert region.width == WIDTH and region.y == screen.query_one("#board").region.y + 2
        drawn = []
        panel._draw = lambda *piles: drawn.append(piles)
        screen.table_view = view._replace(positions=tuple(p + 1 for p in view.positions))
        await settle(pilot)
        assert drawn == []  # a pawn moved: nothing the panel shows
        tossed = Deck(view.garfield.pile, view.garfield.discard + (view.face_up,))
        screen.table_view = view._replace(garfield=tossed, face_up=C.G_HIGHER_DIE)
        await settle(pilot)
        assert len(drawn) == 1 and drawn[0][0] == words.balloon(screen.table_view)
        assert drawn[0][2][0] == t(f"garfield.card_name.{view.face_up}")  # the tossed card, listed first


async def test_the_panel_and_the_board_fit_at_80x24_in_swedish_too():
    app = app_for(ME_AND_BOTS, seed=2, autosave=False, lang="sv")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(GarfieldPiles)
        text = str(panel.content)
        assert text.startswith("Garfield säger:") and "Garfieldhögen" in text and "Sandlådan" in text
        assert len(text.splitlines()) <= HEIGHT


async def test_a_new_card_repaints_the_panel_without_a_layout():
    """The panel keeps its rows whatever it says, so a new card never re-lays the table out
    (a layout repaints the board and the log beside it: kilobytes per key)."""
    app = app_for(ME_AND_BOTS, seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        panel = screen.query_one(GarfieldPiles)
        asked = []
        repaint = panel.refresh
        panel.refresh = lambda *regions, **kw: asked.append(kw.get("layout", False)) or repaint(*regions, **kw)
        view = screen.table_view
        for card in (C.G_LOSE_TURN, C.G_SWAP, C.G_PLUS_2):  # one line, three lines, one line
            screen.table_view = view._replace(face_up=card)
            await settle(pilot)
        assert len(asked) >= 2 and not any(asked)
