"""Issue 39: a served seat's words, read over seeded games: Ann and Bob play at two SSH
terminals (the full-screen served app), every game in English and Swedish, to the end. While
one is asked, the other's screen is read (tests/words_read.py), and both at the end: no escape
sequence of the game's own text, no English in Swedish (names excepted), and "Your last turn: …"
tells a line of the seat's own batches that speaks of it ("you"), not of Garfield's next card.

PARLOUR_SERVED_GAMES=10 plays that many games per game and language (default 1)."""

from __future__ import annotations

import os
import re

import pytest

from parlour.rules.records import Acted
from parlour.services.controller import seat_names
from parlour.services.words.base import Story, Words
from parlour.services.words.i18n import set_language, t
from parlour.tui.games import Presenter

from .. import words_read
from .harness import connect, member, server, until

GAMES_PER = int(os.environ.get("PARLOUR_SERVED_GAMES", "1"))
LOCALES = {"en": "en_GB.UTF-8", "sv": "sv_SE.UTF-8"}
YOU = {"en": ("you", "your"), "sv": ("du", "dig", "din", "ditt", "dina")}  # the seat, spoken to
MAX_MOVES = 600


def own_lines(table, seat: int) -> list[str]:
    """The lines of the batches `seat` began (what its own actions led to), told to it."""
    game, events = table.game, table.events
    names = seat_names(table.players, [seat])
    story = Story(game, Words.of(game.id), names, seat, game.initial(table.players, table.options))
    starts = [i for i, event in enumerate(events) if i == 0 or isinstance(event, Acted)]
    lines = []
    for start, end in zip(starts, starts[1:] + [len(events)]):
        told = story.tell(events[start:end])
        if isinstance(events[start], Acted) and events[start].seat == seat:
            lines += told
    return lines


def last_turn_problems(screen: str, table, seat: int, lang: str) -> list[str]:
    prefix = t("game.last_turn", line="").strip()
    found = re.search(re.escape(prefix) + r"\s*(.+)", screen)
    if not found:
        return []
    shown = found.group(1).split("  ")[0].strip().rstrip("│|").strip()
    problems = words_read.last_turn(shown, own_lines(table, seat))
    if not problems and not any(w in YOU[lang] for w in re.findall(r"\w+", shown.casefold())):
        problems.append(f"'your last turn' does not speak of the seat: {shown!r}")
    return problems


def key_for(game_id: str, table, seat: int) -> list[str]:
    """The keys the seat's screen offers for the first thing it may do: the roll, a playable card's
    slot then Enter, or Enter on the option the prompt has chosen."""
    prompting = Presenter.of(game_id)
    options = table.legal_actions(seat)
    if prompting.roll_action(options) is not None:
        return ["space"]
    if prompting.uses_slots(options):
        view = table.view(seat)
        for slot in range(9):
            if prompting.slot_action(view, seat, slot, options) is not None:
                return [str(slot + 1), "enter"]
    return ["enter"]


async def play_one(game: str, lang: str, seed: int) -> list[str]:
    """Ann and Bob, two SSH terminals at one table, to the end. Whoever waits is read while the
    other is asked (their prompt then says whom they wait for, and what their last turn was)."""
    problems: dict[str, None] = {}
    async with server() as hub:
        lobby = hub.lobby.create(game, ["human", "human"], seed=seed)
        terms = {}
        for name in ("Ann", "Bob"):
            terms[name] = term = await connect(hub, name, lang=LOCALES[lang], width=100, height=32)
            await term.wait_for(f"#{lobby.id} ")
            term.press("enter")
            await until(hub, lambda: member(hub, name) is not None and member(hub, name).seat is not None)
        await until(hub, lambda: lobby.table is not None)
        table = lobby.table
        names = table.players

        def read(seat: int, last_turn: bool) -> None:
            screen = terms[names[seat]].text()
            rows = screen.splitlines()
            found = words_read.escapes(rows) + (last_turn_problems(screen, table, seat, lang) if last_turn else [])
            if lang == "sv":
                found += words_read.english(rows, names)
            for problem in found:
                problems.setdefault(f"{names[seat]}: {problem}", None)

        for _ in range(MAX_MOVES):
            await until(hub, lambda: all(member(hub, n).seen == len(table.events) for n in names))
            if table.result() is not None:
                for seat, name in enumerate(names):
                    await terms[name].wait_for(t("results.heading"))
                    read(seat, False)
                break
            actor = table.to_act()[0]
            other = 1 - actor
            waiting = t("game.waiting", name=names[actor]).rstrip("…. ")
            await terms[names[other]].wait_for(waiting)
            read(other, True)
            before = len(table.events)
            terms[names[actor]].press(*key_for(game, table, actor))
            await until(hub, lambda: len(table.events) > before)
        else:
            raise AssertionError(f"{game} seed {seed}: no end after {MAX_MOVES} moves")
        for term in terms.values():
            await term.close()
    return list(problems)


CASES = [(game, lang) for game in ("garfield", "filmis", "smurf") for lang in ("en", "sv")]


@pytest.mark.parametrize("game,lang", CASES)
async def test_a_served_seat_reads_right_over_seeded_games(game, lang):
    failures = []
    try:
        for seed in range(GAMES_PER):
            set_language(lang)  # the catalogue the rules read with (the server's sessions set their own)
            failures += [f"{game}/{lang} seed {seed}: {p}" for p in await play_one(game, lang, seed)]
    finally:
        set_language("en")
    assert not failures, "\n".join(failures[:30])
