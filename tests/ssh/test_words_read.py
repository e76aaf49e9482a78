"""Issue 39: a served seat's words, read over seeded games: Ann and Bob play at two SSH
terminals (the full-screen served app), every game in English and Swedish, to the end. While
one is asked, the other's screen is read (tests/words_read.py), and both at the end: no escape
sequence of the game's own text, no English in Swedish (names excepted), and "Your last turn: …"
tells a line of the seat's own batches that speaks of it ("you"), not of Garfield's next card.

PARLOUR_SERVED_GAMES=10 plays that many games per game and language (default: one game of each
game, Garfield and the Smurf Game in Swedish, Filmis in English)."""

from __future__ import annotations

import os
import re

import pytest

from parlour.rules.bots import make
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


def own_turns(table, seat: int) -> tuple[list[str], list[str]]:
    """What the log records of `seat`'s own actions, told to it: the lines of the batches it
    began, and the labels of the actions themselves (as its prompt offered them)."""
    game, events = table.game, table.events
    words, names = Words.of(game.id), seat_names(table.players, [seat])
    story = Story(game, words, names, seat, game.initial(table.players, table.options))
    starts = [i for i, event in enumerate(events) if i == 0 or isinstance(event, Acted)]
    lines, labels = [], []
    for start, end in zip(starts, starts[1:] + [len(events)]):
        first = events[start]
        if isinstance(first, Acted) and first.seat == seat:
            labels.append(words.describe(first.action, story.view, seat, names))
            lines += story.tell(events[start:end])
        else:
            story.tell(events[start:end])
    return lines, labels


def last_turn_problems(screen: str, table, seat: int, lang: str) -> list[str]:
    """ "Your last turn: …" names an action of the seat: its label, or a line of its own batches
    that speaks of it ("you"), not Garfield's next card or what befell another player."""
    prefix = t("game.last_turn", line="").strip()
    found = re.search(re.escape(prefix) + r"\s*(.+)", screen)
    if not found:
        return []
    shown = found.group(1).split("  ")[0].strip().rstrip("│|").strip()
    lines, labels = own_turns(table, seat)
    if not words_read.last_turn(shown, labels):
        return []
    problems = words_read.last_turn(shown, lines)
    if not problems and not any(w in YOU[lang] for w in re.findall(r"\w+", shown.casefold())):
        problems.append(f"'your last turn' does not speak of the seat: {shown!r}")
    return problems


def keys_for(game_id: str, table, seat: int, bot) -> list[str]:
    """The keys that make the seat's choice the smart bot's (so a game ends as the bots' do): the
    roll, the card's hand slot then Enter, or the option's number then Enter."""
    prompting = Presenter.of(game_id)
    options = table.legal_actions(seat)
    view = table.view(seat)
    chosen = bot.choose(table.game, view, seat)
    if chosen == prompting.roll_action(options):
        return ["space"]
    if prompting.uses_slots(options):
        slot = next(s for s in range(9) if prompting.slot_action(view, seat, s, options) == chosen)
        return [str(slot + 1), "enter"]
    return [str(prompting.numbers(view, seat, options)[options.index(chosen)] + 1), "enter"]


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
        bots = [make("smart", f"{seed}/{seat}") for seat in range(2)]  # what each player chooses

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
                parts = t("results.again_keys", new="\0", watch="\0", close="\0").split("\0")
                watch, closing = parts[2].strip(" :·|"), parts[3].strip(" :·|")
                for seat, name in enumerate(names):
                    await terms[name].wait_for(lambda term: watch in flowing(term.text()))  # the results box
                    read(seat, False)
                    # the results say where their keys go: back to the tables (a served app has no title)
                    if closing in flowing(terms[name].text()):
                        problems.setdefault(f"{name}: the results go {closing!r}", None)
                break
            actors = [seat for seat in table.to_act() if seat is not None]
            if len(actors) == 1:  # the other waits: read what it says
                waiting = t("game.waiting", name=names[actors[0]]).rstrip("…. ")
                await terms[names[1 - actors[0]]].wait_for(waiting)
                read(1 - actors[0], True)
            before = len(table.events)
            for actor in actors:  # (both at once in a Filmis swap)
                terms[names[actor]].press(*keys_for(game, table, actor, bots[actor]))
            await until(hub, lambda: len(table.events) > before)
        else:
            raise AssertionError(f"{game} seed {seed}: no end after {MAX_MOVES} moves")
        for term in terms.values():
            await term.close()
    return list(problems)


# By default one game of each, in one language or the other (a served game takes a while); with
# PARLOUR_SERVED_GAMES set, every game in both.
CASES = (
    [(game, lang) for game in ("garfield", "filmis", "smurf") for lang in ("en", "sv")]
    if "PARLOUR_SERVED_GAMES" in os.environ
    else [("garfield", "sv"), ("filmis", "en"), ("smurf", "sv")]
)


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


def flowing(screen: str) -> str:
    """The screen's words in one line: each row without its box borders, rows joined."""
    return " ".join(" ".join(row.strip(" │|┃").split()) for row in screen.splitlines())


async def test_a_player_away_is_told_in_the_log_and_leaves_the_prompt_whole():
    from .test_serve import play_one as play_turn, rigged_table, seat_both

    async with server() as hub:
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        await play_turn(hub, table, {"Ann": ann, "Bob": bob})
        await bob.close()
        await until(hub, lambda: table.away == {1})
        await ann.wait_for("Bob is away")
        screen = ann.text()
        rows = screen.splitlines()
        prompt = [y for y, row in enumerate(rows) if "Your turn." in row or "Waiting for" in row]
        assert prompt, screen
        told = [y for y, row in enumerate(rows) if "Bob is away" in row]
        # in the log beside the board, above the prompt; not a toast laid over the prompt's rows
        assert told and max(told) < min(prompt), screen
        await ann.close()


async def test_a_served_plain_seat_reads_right_in_swedish():
    """The plain seat over SSH (no terminal), in Swedish, a Filmis game against a bot to its end:
    every line read as plain mode's are (tests/plain/test_words_read.py); help names the full
    screen's commands, and each command typed is answered, not "not understood"."""
    from ..plain.test_words_read import FULL_SCREEN
    from .test_plain import connect_plain

    set_language("sv")
    try:
        async with server() as hub:
            lobby = hub.lobby.create("filmis", ["human", "bot:smart"], seed=2)
            ann = await connect_plain(hub, "Ann", lang="sv_SE.UTF-8")
            await ann.said(lambda text: t("plain.lobby", name="Ann") in text)
            ann.type(f"join {lobby.id}")
            await until(hub, lambda: lobby.table is not None and member(hub, "Ann").seat == 0)
            table, bot = lobby.table, make("smart", "2/0")
            replies = {}
            for command in ("help", "hand", "board", "undo", "rules"):
                mark = len(ann.text())
                ann.type(t(f"plain.word.{command}"))
                await ann.said(lambda text: len(text) > mark)
                replies[command] = ann.text()[mark:]
            for _ in range(MAX_MOVES):
                await until(hub, lambda: member(hub, "Ann").seen == len(table.events))
                if table.result() is not None:
                    break
                if 0 not in table.to_act():
                    await until(hub, lambda: table.result() is not None or 0 in table.to_act())
                    continue
                actions, before = table.legal_actions(0), len(table.events)
                ann.type(str(actions.index(bot.choose(table.game, table.view(0), 0)) + 1))
                await until(hub, lambda: len(table.events) > before)
            await ann.said(lambda text: t("results.heading") in text)
            text = ann.text()
            await ann.close()
        lines = text.splitlines()
        problems = words_read.escapes(lines) + words_read.not_you(lines, "filmis", "Ann")
        problems += words_read.english(lines, table.players)
        problems += [f"help lacks {c!r}" for c in FULL_SCREEN if t(f"plain.word.{c}") not in replies["help"]]
        refused = t("plain.not_understood", answer="\0", n=0).split("\0")[0]
        problems += [f"{c!r} not understood" for c, said in replies.items() if said.startswith(refused)]
        assert not problems, "\n".join(problems[:30])
    finally:
        set_language("en")
