"""The race told in words: the log, the question, the options, the players' lines, the results."""

from __future__ import annotations

from typing import Any

from parlour.rules.records import HIDDEN, Action, DiceRolled, Event, Moved, Roll, TurnBegan, Won
from parlour.services.words.base import Narrator, Words
from parlour.services.words.i18n import t

from .rules import GOAL, CardPlayed, PlayCard


class RaceNarrator(Narrator):
    def step(self, event: Event, before: Any) -> list[str]:
        names = self.names
        match event:
            case TurnBegan():
                return self.turn_began("race", event.seat)
            case DiceRolled():
                return [t("race.log.rolled", name=names[event.seat], a=event.dice[0], b=event.dice[1])]
            case CardPlayed():
                return [t("race.log.played", name=names[event.seat], card=event.card)]
            case Moved():
                return [t("race.log.moved", name=names[event.seat], square=event.to)]
            case Won():
                return [t("race.log.won", name=names[event.seat])]
        return []


class RaceWords(Words, game="race"):
    help_key = "race.help.text"
    narrator = RaceNarrator

    def question(self, view: Any, seat: int, names: tuple[str, ...]) -> str:
        if view.asked:
            return t("race.question.card", a=view.dice[0], b=view.dice[1], card=view.cards[seat])
        return t("race.question.roll")

    def describe(self, action: Action, view: Any, seat: int, names: tuple[str, ...]) -> str:
        if isinstance(action, Roll):
            return t("race.option.roll")
        if isinstance(action, PlayCard):
            return t("race.option.play", card=view.cards[seat]) if action.play else t("race.option.keep")
        return super().describe(action, view, seat, names)

    def player_stats(self, view: Any, seat: int, ascii_only: bool) -> str:
        card = t("race.card_held") if view.cards[seat] is not None else t("race.card_gone")
        return t("race.stats", square=view.positions[seat], goal=GOAL, card=card)

    def hand(self, view: Any, seat: int) -> tuple | None:
        if not 0 <= seat < len(view.cards):
            return ()
        card = view.cards[seat]
        return () if card is None else (card,)

    def card_label(self, card: str) -> str:
        return t("race.card_hidden") if card == HIDDEN else t("race.card", card=card)

    def board_lines(self, view: Any, seat: int, names: tuple[str, ...]) -> list[str]:
        return [t("race.stats_line", name=n, square=at, goal=GOAL) for n, at in zip(names, view.positions)]

    def result_lines(self, state: Any, names: tuple[str, ...]) -> list[str]:
        return self.board_lines(state, -1, names)

    def standing(self, state: Any, seat: int) -> float:
        return state.positions[seat]
