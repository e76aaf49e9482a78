"""One reader's side of a game in plain mode, the same for a local table and a served one: the
story told batch by batch (parlour/services/words Story), the question and numbered options on a turn,
and what an answer means (a number, the start of an option, or a command word)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Any

from parlour.rules.game import Game
from parlour.rules.records import Action, Event, record
from parlour.services.controller import question_line
from parlour.services.words.base import Story, Words
from parlour.services.words.i18n import t

COMMANDS = ("help", "rules", "board", "hand", "log", "options", "undo", "hint", "quit")


@record(frozen=False)
class Reply:
    """What an answer leads to: lines to say, and an action to carry out or a command to obey."""

    lines: list[str] = field(default_factory=list)
    action: Action | None = None
    command: str | None = None  # "quit" or "undo" (the commands the caller acts on)


def command_of(answer: str) -> str | None:
    """The command an answer names: its English word or the active language's (`plain.word.*`)."""
    word = answer.strip().casefold()
    for command in COMMANDS:
        if word in (command, t(f"plain.word.{command}").casefold()):
            return command
    return {"?": "help", "q": "quit", "exit": "quit"}.get(word)


def rules_text(words: Words) -> str:
    """A game's rules as the full-screen table's help says them, its keys named as the table
    has them by default: the text names keys as {roll}, {confirm}... and the game's own by their
    ids (tui/keymap.py fills them from the player's keymap there; the game's registry entry
    says its keys), and plain mode has no keys of its own to name."""
    from parlour.rules import registry
    from parlour.services.command import command

    keys = {
        "roll": f"{t('keys.space')}/r",
        "confirm": t("keys.enter_name"),
        "back": t("keys.escape_name"),
        "move": "↑↓",
        "help": "?",
        "quit": "Ctrl+Q",
        "undo": "u",
        "slots": "1-9",
        "command": command(),
        **dict(registry.entry(words.game_id).keys),
    }
    return t(words.help_key).format_map(keys)


def numbered(labels: list[str]) -> list[str]:
    return [t("plain.option", n=n, label=label) for n, label in enumerate(labels, 1)]


class Talk:
    """A game told to one reader: `story_seat` is whose secrets the log may tell (-1: none).
    `names` as the full screen has them (parlour/services/controller.py `seat_names`): the one
    person at this keyboard is a `You`, so both fronts say "Your turn." in the same words."""

    hints = False  # whether `hint` answers (on this computer; at a served table if its creator said so)
    takes_back = False  # whether `undo` takes a move back (on this computer; a served table has none)

    def __init__(self, game: Game[Any, Any], names: tuple[str, ...], story_seat: int, initial: Any) -> None:
        self.game, self.names, self.story_seat, self.initial = game, tuple(names), story_seat, initial
        self.words = Words.of(game.id)
        self.story = Story(game, self.words, self.names, story_seat, initial)

    def retold(self, events: Sequence[Event]) -> None:
        """Follow the game again from its start, without a word (after an undo took moves back)."""
        self.story = Story(self.game, self.words, self.names, self.story_seat, self.initial)
        self.story.fold(list(events))

    def commands(self) -> list[str]:
        """The command words this game and front answer, as `help` lists them (no `hand` in a
        game without cards)."""
        hands = self.words.hand(self.story.view, 0) is not None
        return [
            c
            for c in ("board", "hand", "log", "options", "undo", "hint", "rules", "help", "quit")
            if hands or c != "hand"
        ]

    def help(self) -> list[str]:
        """How to answer, and every other word this game answers, each in the reader's language."""
        about = [t(f"plain.about.{c}", word=t(f"plain.word.{c}")) for c in self.commands()]
        return [t("plain.answers"), t("plain.other_words", words=", ".join(about))]

    # ---- telling ---------------------------------------------------------------------------

    def follow(self, events: list[Event], states: list[Any] | None = None) -> list[str]:
        """The lines for one batch of events (what one action led to); `states` as `Story.tell`'s."""
        return self.story.tell(events, states)

    def log(self, events: list[Event]) -> list[str]:
        """The whole story of `events`, from the start."""
        return Story(self.game, self.words, self.names, self.story_seat, self.initial).tell_log(events)

    def labels(self, view: Any, seat: int, actions: list[Action]) -> list[str]:
        return [self.words.describe(a, view, seat, self.names) for a in actions]

    def turn(self, view: Any, seat: int, actions: list[Action]) -> list[str]:
        """Whose turn, the question and the numbered options."""
        question = question_line(self.words, view, seat, self.names)
        return [question, *numbered(self.labels(view, seat, actions))]

    def hand(self, view: Any, seat: int) -> list[str]:
        words = self.words
        if words.hand(view, 0) is None:
            return [t("plain.no_hand")]
        if not 0 <= seat < len(self.names):
            return [t("plain.hand_hidden")]
        cards = [words.card_label(card) for card in words.hand(view, seat) or ()]
        extra = words.aside(view, seat, False)
        lines = [t("plain.hand", name=self.names[seat], cards=", ".join(cards) if cards else t("game.no_cards"))]
        return lines + ([extra.replace("\n", ": ", 1)] if extra else [])

    def board(self, view: Any, seat: int) -> list[str]:
        return self.words.board_lines(view, seat, self.names) or [t("plain.no_board")]

    def results(self, state: Any) -> list[str]:
        result = self.game.result(state)
        if result is None:
            return []
        head, ranked = self.words.ranking(state, result, self.names)  # as the results screen says them
        return [t("results.heading"), head, *(line for _seat, line in ranked)]

    # ---- answering -------------------------------------------------------------------------

    def answer(self, text: str, view: Any, seat: int, actions: list[Action], events: Sequence[Event] = ()) -> Reply:
        """What `text` means on `seat`'s turn (no actions: not its turn, only commands work)."""
        answer = text.strip()
        command = command_of(answer)
        if command is not None:
            return self.obey(command, view, seat, actions, events)
        if not actions:
            return Reply([t("plain.not_your_turn")])
        if not answer:
            if len(actions) == 1:
                return Reply(action=actions[0])
            return Reply(self.turn(view, seat, actions))
        if answer.isdigit():
            n = int(answer)
            if 1 <= n <= len(actions):
                return Reply(action=actions[n - 1])
            return Reply([t("plain.out_of_range", n=len(actions))])
        found = self.matching(answer, view, seat, actions)
        if len(found) == 1:
            return Reply(action=actions[found[0]])
        if found:
            return Reply([t("plain.which", numbers=", ".join(str(i + 1) for i in found))])
        return Reply([t("plain.not_understood", answer=answer, n=len(actions))])

    def hint(self, view: Any, seat: int, actions: list[Action], events: Sequence[Event] = ()) -> str:
        """The hint (parlour/services/hint.py), from `view`, the seat's own, in words."""
        if not self.hints:
            return t("hint.off")
        if len(actions) < 2:
            return t("hint.not_now")
        from parlour.services.hint import hint, hint_line

        found = hint(self.game, view, seat, seed=len(events))
        return hint_line(found, self.words, view, seat, self.names) if found else t("hint.not_now")

    def matching(self, answer: str, view: Any, seat: int, actions: list[Action]) -> list[int]:
        """The options an answer's words name: the start of a label, a word of it, or the
        action's English name (`roll` rolls in any language)."""
        word = answer.casefold()
        found = []
        for i, (action, label) in enumerate(zip(actions, self.labels(view, seat, actions))):
            label = label.casefold()
            if (
                label.startswith(word)
                or word in label.replace(",", " ").split()
                or type(action).__name__.casefold().startswith(word)
            ):
                found.append(i)
        return found

    def obey(self, command: str, view: Any, seat: int, actions: list[Action], events: Sequence[Event] = ()) -> Reply:
        if command == "quit":
            return Reply(command="quit")
        if command == "help":
            return Reply(self.help())
        if command == "undo":
            return Reply(command="undo") if self.takes_back else Reply([t("undo.help_served")])
        if command == "hint":
            return Reply([self.hint(view, seat, actions, events)])
        if command == "rules":
            return Reply([rules_text(self.words)])
        if command == "board":
            return Reply(self.board(view, seat))
        if command == "hand":
            return Reply(self.hand(view, seat))
        if command == "log":
            return Reply(self.log(list(events)) or [t("plain.no_log")])
        return Reply(self.turn(view, seat, actions) if actions else [t("plain.not_your_turn")])
