"""The plain table in-process: hot-seat passing and privacy, the commands, answers by number or
word, and resuming a save. Answers come from a list; the lines go to a list."""

from __future__ import annotations

import pytest

from parlour.fronts.plain.lines import Lines, to_ascii, utf8_locale
from parlour.fronts.plain.local import PlainTable
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.seats import parse_seats


class Script:
    """Answers in order (None when they run out: the input ended), and everything said."""

    def __init__(self, *answers: str):
        self.answers = list(answers)
        self.said: list[str] = []
        self.lines = Lines(self.said.append)

    def read(self, prompt: str) -> str | None:
        answer = self.answers.pop(0) if self.answers else None
        self.said.append(f"{prompt}{answer}\n")  # as a terminal echoes it
        return answer

    @property
    def text(self) -> str:
        return "".join(self.said)


def table(game: str, seats: str, path=None, seed: int = 3):
    chosen = parse_seats(game, seats)
    live = Table.new(game, [s.name for s in chosen], seed=seed)
    return live, chosen


def test_hot_seat_passes_the_keyboard_and_tells_a_hand_only_to_its_owner(tmp_path):
    live, seats = table("filmis", "Ann,Bob")
    first = live.to_act()[0]
    script = Script("", "hand", "1", "", "hand", "quit")
    PlainTable(live, seats, script.lines, script.read, save_path=tmp_path / "g.jsonl").play()
    text = script.text
    names = live.players
    assert f"Pass the keyboard to {names[first]}" in text and "press Enter when only you can see" in text
    hands = [line.split("'s hand:")[0] for line in text.splitlines() if "'s hand:" in line]
    assert hands == [names[first], names[1 - first]]  # each hears only their own hand, on their turn
    for card in set(live.view(0).hands[0]) | set(live.view(1).hands[1]):
        from parlour.games.filmis.words import card_name

        told = text.split("'s hand:")[0]  # before anyone asked for a hand, the log named no card
        assert card_name(card) not in told
    assert "Saved. Resume it with: parlour resume --plain" in text


def test_answers_by_number_word_and_the_commands(tmp_path):
    live, seats = table("smurf", "Ann,bot:random", seed=4)
    path = tmp_path / "s.jsonl"
    script = Script("board", "help", "log", "7", "fly", "roll", "quit")
    PlainTable(live, seats, script.lines, script.read, save_path=path).play()
    text = script.text
    assert "Ann: HOME; baskets Ac- St- Ap- Gr-." in text or "Ann: " in text
    assert "Going forward: " in text and "Going back: " in text
    assert "Other words: board" in text  # help
    assert "Answer with a number from 1 to" in text  # 7 is out of range
    assert "Not understood: fly." in text
    assert "You rolled" in text  # "roll" picked the option that rolls
    assert saves.read(path).header.game == "smurf"


def test_resume_tells_the_last_moves_and_goes_on(tmp_path):
    live, seats = table("garfield", "Ann,bot:random")
    path = tmp_path / "g.jsonl"
    PlainTable(live, seats, Script().lines, Script("1").read, save_path=path).play()
    loaded = saves.read(path)
    again = Table.resume(loaded)
    script = Script("quit")
    PlainTable(again, seats, script.lines, script.read, save_path=path).play(resumed=True)
    assert "Resumed. The last moves:" in script.text and "Your turn." in script.text


def test_a_bad_answer_changes_nothing():
    live, seats = table("garfield", "Ann,bot:random")
    script = Script("99", "quit")
    PlainTable(live, seats, script.lines, script.read).play()
    after_bots = len(live.events)
    assert "Answer with a number from 1 to" in script.text and len(live.events) == after_bots


def test_no_control_character_is_ever_written_unless_colours_were_asked():
    said: list[str] = []
    Lines(said.append).say("A\x1b[2Jnn\x07 rolled\tthree")
    assert said == ["A[2Jnn rolled three\n"]
    Lines(said.append, colours={"Ann": "red"}).say("Ann rolled")
    assert said[-1] == "\x1b[31mAnn\x1b[0m rolled\n"


def test_ascii_and_the_locale():
    assert to_ascii("Åsa — ⚀ 1 · Jönsson") == "Asa - ? 1 | Jonsson"
    assert utf8_locale({"LANG": "sv_SE.UTF-8"}) and not utf8_locale({"LANG": "sv_SE.ISO-8859-1"})
    assert not utf8_locale({"LANG": "C", "LC_CTYPE": "C.UTF-8"})  # Python's coercion of C
    assert utf8_locale({"LC_ALL": "en_GB.utf8", "LANG": "C"})


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_the_rules_name_the_tables_keys_not_placeholders(game):
    from parlour.fronts.plain.talk import rules_text
    from parlour.services.words.base import Words

    text = rules_text(Words.of(game))
    assert "{" not in text and "Space/r" in text
