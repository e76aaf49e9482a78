"""No front decides turn order (issue 30): plain mode on one computer and the plain-text seat at
a served table ask the table controller (parlour/services/controller.py `TurnControl.due`) whose
turn it is, as the Textual table does. Two ways to see it: a rigged controller is obeyed even
where the rules would say otherwise, and a question put out of turn (a Smurf decision during
another player's turn) goes to the seat the rules wait for, not to the turn's holder."""

from __future__ import annotations

import random

from parlour.fronts.plain.lines import Lines
from parlour.fronts.plain.local import PlainTable
from parlour.fronts.serve.plain_session import PlainSession
from parlour.rules.table import Table
from parlour.services import wire
from parlour.services.controller import Due, TurnControl
from parlour.services.seats import parse_seats

NAMES = ("Ann", "Bob", "Cid")


class Output:
    """A session's process as plain mode writes to it: the text, and the requests it sent."""

    def __init__(self):
        self.stdout = self
        self.text = ""

    def write(self, data: bytes) -> None:
        self.text += data.decode("utf-8")


class Requests:
    """The lobby as a plain session sees it: every request it hands over, kept."""

    def __init__(self):
        self.sent: list = []

    def handle(self, member, request) -> None:
        self.sent.append(request)


def out_of_turn(seed: int = 0) -> Table:
    """A seeded Smurf game played at random up to a question put during another player's turn:
    the rules wait for a seat that does not hold the turn (so a front guessing "the turn's
    holder", or "the next seat", asks the wrong person)."""
    table = Table.new("smurf", list(NAMES), seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        [seat] = table.to_act()
        assert seat is not None and table.result() is None
        if seat != table.view(None).turn:
            return table
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    raise AssertionError("no question out of turn in this game")


def seated(table: Table, seat: int) -> tuple[PlainSession, Output, Requests]:
    output, lobby = Output(), Requests()
    session = PlainSession(lobby, output, NAMES[seat], "open")  # type: ignore[arg-type]
    game = table.game
    message = wire.Seated(
        table=1,
        game="smurf",
        players=NAMES,
        options={},
        seat=seat,
        bots=(None, None, None),
        colours=("red", "blue", "green"),
        events=tuple(game.redact(e, seat) for e in table.events),
    )
    session.told.handle(message, session)
    return session, output, lobby


def test_a_served_plain_seat_asked_out_of_turn_is_offered_its_choices_and_the_turns_holder_none():
    table = out_of_turn()
    [deciding] = table.to_act()
    holder = table.view(None).turn
    assert deciding != holder

    session, output, lobby = seated(table, deciding)
    assert session._actions() == table.legal_actions(deciding)
    assert "Your decision (" in output.text  # as the full screen asks it, out of turn
    session.answer("1")
    assert lobby.sent == [wire.Act(table.legal_actions(deciding)[0])]

    session, output, lobby = seated(table, holder)
    assert session._actions() == [] and "your turn." not in output.text.casefold()
    session.answer("1")
    assert lobby.sent == [] and "It is not your turn." in output.text


def test_a_served_plain_seat_obeys_the_controller_not_its_own_reading_of_the_rules(monkeypatch):
    table = out_of_turn()
    [deciding] = table.to_act()
    monkeypatch.setattr(TurnControl, "due", lambda self: Due())  # the controller: nobody is to act
    session, output, lobby = seated(table, deciding)
    assert session._actions() == [] and "your turn." not in output.text.casefold()
    session.answer("1")
    assert lobby.sent == [] and "It is not your turn." in output.text


def test_plain_mode_on_one_computer_asks_whom_the_controller_names(monkeypatch):
    live = Table.new("garfield", ["Ann", "Bob"], seed=3)
    first = live.to_act()[0]
    assert first is not None
    other = 1 - first
    real = TurnControl.due

    def rigged(self: TurnControl) -> Due:
        due = real(self)
        return Due(person=other) if due.person == first else due

    monkeypatch.setattr(TurnControl, "due", rigged)
    said: list[str] = []
    answers = ["quit"]
    PlainTable(live, parse_seats("garfield", "Ann,Bob"), Lines(said.append), lambda prompt: answers.pop(0)).play()
    text = "".join(said)
    # (asked in the rules' turn of the other: a decision, in the full screen's words)
    assert f"{live.players[other]}, your decision" in text and f"{live.players[first]}, your" not in text
