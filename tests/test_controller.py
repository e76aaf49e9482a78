"""The table controller (parlour/services/controller.py): whose move it is, the hot seat's privacy, bots
as data (the caller keeps the clock), undo asked once per batch, and the seat's view model built
once per batch of events. No screen here: the controller is what every front renders."""

from __future__ import annotations

from parlour.games.garfield.rules.records import FollowGarfield, Lasagna
from parlour.rules.table import Table
from parlour.services.controller import BotTurn, TableController, TurnControl
from parlour.services.seats import SPECTATOR, Seat
from parlour.services.session import LocalSession, seat_bots
from parlour.services.table_driver import TableDriver
from parlour.services.words.base import Words


class Prompting:
    """What a game's presenter adds to the prompt, as Garfield's (roll: follow Garfield)."""

    roll = FollowGarfield()
    has_slots = False
    hidden_info = True

    def roll_action(self, options):
        return self.roll if self.roll in options else None

    def uses_slots(self, options):
        return False

    def slot_action(self, view, seat, slot, options):
        return None

    def numbers(self, view, seat, options):
        return list(range(len(options)))

    def shortcut(self, name, options):
        return None


def session(seats: list[Seat], seed: int = 4) -> LocalSession:
    table = Table.new("garfield", [s.name for s in seats], seed=seed)
    return LocalSession(table, seats, TableDriver(table, seat_bots(table, seats)))


def controller(game: LocalSession, delay: float = 0.5) -> TableController:
    control = TableController(game, Prompting(), Words.of("garfield"), bot_delay=delay)
    game.listen(lambda events: followed.append(control.follow(events)))
    return control


followed: list = []


def counting_views(table: Table) -> list[int]:
    """Count the views of the game built from now on (the frozen Game's `view` wrapped)."""
    made = [0]
    view = table.game.view

    def counted(state, seat):
        made[0] += 1
        return view(state, seat)

    object.__setattr__(table.game, "view", counted)
    return made


def test_people_sharing_a_keyboard_pass_it_before_a_hand_is_shown():
    game = session([Seat("Ann"), Seat("Bob")])
    control = controller(game)
    step = control.start()
    seat = game.table.to_act()[0]
    assert step.pass_to == seat and control.viewer == SPECTATOR and step.view is not None
    assert step.view.holding.cards is None and "hidden" in step.view.holding.title  # nothing of a hand
    taken = control.take_seat(seat)
    assert control.viewer == seat and taken.view is not None and taken.view.holding.cards is not None
    assert [o.label for o in taken.view.asked.options] and taken.view.asked.selected == 0


def test_one_person_is_never_asked_to_pass_the_keyboard():
    game = session([Seat("Ann"), Seat("Odie", "random")])
    control = controller(game)
    assert control.viewer == 0 and control.start().pass_to is None


def test_a_bot_move_is_data_scheduled_once_and_played_when_the_front_calls_back():
    game = session([Seat("Ann"), Seat("Odie", "random")], seed=1)
    control = controller(game, delay=0.25)
    assert game.table.to_act() == (1,)
    step = control.start()
    assert step.bot == BotTurn(1, 0.25)  # the front keeps the clock
    assert control.advance().bot is None  # already scheduled: not twice
    before = len(game.table.events)
    followed.clear()
    assert control.bot_step().error == ""
    assert len(game.table.events) > before and len(followed) == 1  # its events came back through follow


def test_turn_control_alone_says_whose_move_it_is_for_plain_mode():
    game = session([Seat("Ann"), Seat("Odie", "random")], seed=2)
    turns = TurnControl(game, private=True)
    due = turns.due()
    assert due.person == game.table.to_act()[0] == 0 and not due.pass_first and due.bot is None


def test_the_seat_view_is_built_once_per_batch_and_a_key_reuses_it():
    game = session([Seat("Ann"), Seat("Odie", "random"), Seat("Nermal", "random")], seed=2)
    control = controller(game)
    control.start()
    assert game.table.to_act() == (0,) and control.options
    made = counting_views(game.table)
    control.key("move", 1)
    control.key("move", -1)
    assert made[0] == 0  # the selection moved: the same view of the game, drawn again
    batches: list[list] = []
    game.listen(batches.append)
    control.key("confirm")  # Ann's choice: one batch of events, told through follow
    (batch,) = batches
    # the log's reader folds each event into its view once (Story), and the seat's view is built once
    assert made[0] == len(batch) + 1


def test_undo_is_asked_once_per_batch_however_many_keys_are_shown():
    game = session([Seat("Ann"), Seat("Odie", "random")], seed=2)
    control = controller(game)
    asked = [0]
    can_undo = game.can_undo

    def counted() -> bool:
        asked[0] += 1
        return can_undo()

    game.can_undo = counted  # type: ignore[method-assign]
    control.start()
    for _ in range(5):
        control.live("undo"), control.live("undo_refused")
        control.seat_view()
    assert asked[0] == 1


def test_a_refused_action_is_said_under_the_question_and_the_options_stay():
    game = session([Seat("Ann"), Seat("Odie", "random")], seed=2)
    control = controller(game)
    control.start()
    options, events = list(control.options), list(game.table.events)
    step = control.submit(Lasagna(True))  # not asked now: refused, nothing changes
    assert step.view is not None and step.view.asked.note.startswith("Not allowed: ")
    assert control.options == options and game.table.events == events
    assert [o.label for o in step.view.asked.options]  # the same question, its options offered again
