"""Filmis's words: the log, the prompt's question and options, the cards with their points, the
side panel's home pile, the words in the middle of the board and the scores. Plain text; no
Textual, no Rich."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from parlour.rules.records import HIDDEN, Acted, Action, DiceRolled, Event
from parlour.services.words.base import Narrator, Words, nearby, pawns_on
from parlour.services.words.i18n import asciify, listed, t

from .rules import board, cards
from .rules.records import (
    Asked,
    CallRaid,
    CardsDrawn,
    CardTaken,
    CardUnder,
    Drop,
    Enter,
    HandBanked,
    Moved,
    PassTurn,
    PayFine,
    Raid,
    RefuseFine,
    Roll,
    SkipOwed,
    SwapBegan,
    SwapChosen,
    SwapDone,
    SwapTake,
    TurnBegan,
    TurnSkipped,
)
from .rules.state import State

DICE = "⚀⚁⚂⚃⚄⚅"
LEGEND = (
    board.NEST,
    board.ARROW,
    board.ARROW_TIP,
    board.CORNFLAKES,
    board.FILMIS,
    board.DROP,
    board.SWAP,
    board.FINE_OR_SKIP,
    board.EXTRA_ROLL,
    board.GO_HOME,
    board.PLAIN,
)


def card_name(card: str) -> str:
    return t(f"filmis.card.{'HIDDEN' if card == HIDDEN else card}")


def points(card: str) -> str:
    return str(cards.VALUES.get(card, 0))


def card_label(card: str) -> str:
    """A card with its points: "Sickan (5)"."""
    if card == HIDDEN:
        return card_name(card)
    return t("filmis.card_label", card=card_name(card), points=points(card))


def _order(pile: Iterable[str]) -> list[str]:
    """Cards by value, the best first."""
    return sorted(pile, key=lambda c: (-cards.VALUES.get(c, 0), card_name(c)))


def code(kind: str, ascii_only: bool, square: int | None = None) -> str:
    """A square kind's short code; arrows and tips point the way round (top, right, bottom, left)."""
    table = "code_ascii" if ascii_only else "code"
    if square is not None and kind in (board.ARROW, board.ARROW_TIP):
        return t(f"filmis.{table}.{kind}_{square // board.QUARTER}")
    return t(f"filmis.{table}.{kind}")


def square_words(square: int) -> str:
    return t("filmis.square_at", square=square, kind=t(f"filmis.square.{board.SQUARES[square]}"))


def dice_text(dice: tuple[int, ...], ascii_only: bool) -> str:
    def face(d: int) -> str:
        return str(d) if ascii_only else f"{DICE[d - 1]} {d}"

    style = "ascii" if ascii_only else "text"
    if len(dice) == 1:
        return t(f"filmis.dice.small_{style}", small=face(dice[0]))
    return t(f"filmis.dice.both_{style}", small=face(dice[0]), big=face(dice[1]))


def square_name(kind: str) -> str:
    """A square kind's name as a grown board shows it on the square ("" when it has none)."""
    return t(f"filmis.name.{kind}") if kind in NAMED else ""


NAMED = (board.CORNFLAKES, board.FILMIS, board.DROP, board.SWAP, board.FINE_OR_SKIP, board.EXTRA_ROLL, board.GO_HOME)


def legend(ascii_only: bool, kinds: Iterable[str] | None = None) -> str:
    """The codes and what they mean: of `kinds` (all by default; a grown board leaves out those
    whose squares say their names)."""
    return "\u00a0· ".join(  # (no-break spaces: wrapped, a code stays with its words, a dot with its entry)
        f"{t('filmis.legend.nest_code') if k == board.NEST else code(k, ascii_only)}\u00a0{t(f'filmis.legend.{k}')}"
        for k in (LEGEND if kinds is None else kinds)
    )


def status(view: State, names: tuple[str, ...] | None = None) -> str:
    """The factory's third line: who still chooses in a swap, or who owes a skipped turn (the
    one at the keyboard told as "you" when `names` mark them)."""
    names = names or view.players
    if view.over:
        return t("filmis.status.over")
    if view.swap is not None:
        waiting = [names[s.seat] for s, c in zip(view.swap.shown, view.swap.chosen) if c is None]
        return listed("filmis.status.swap", "names", waiting)
    skipping = [names[s] for s, n in enumerate(view.skips) if n]
    return listed("filmis.status.skips", "names", skipping) if skipping else ""


def factory_lines(
    view: State,
    dice: tuple[int, ...],
    ascii_only: bool,
    width: int,
    rows: int,
    names: tuple[str, ...] | None = None,
    kinds: Iterable[str] | None = None,
) -> tuple[str, ...]:
    """The factory in the middle of the board, `rows` lines of at most `width`: the deck, the
    dice, who still chooses in a swap (or owes a skipped turn), and the legend (of `kinds`)."""
    import textwrap  # only for a board: plain mode's start goes without it

    lines = [
        t("filmis.factory", n=len(view.deck.pile)),
        dice_text(dice, ascii_only) if dice else "",
        status(view, names),
    ]
    lines += textwrap.wrap(legend(ascii_only, kinds), width)[: rows - len(lines)]
    if ascii_only:
        lines = [asciify(line) for line in lines]
    return tuple(lines + [""] * (rows - len(lines)))


def _cards(pile: Iterable[str]) -> str:
    return ", ".join(card_name(c) for c in pile)


def _plus(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice))


class FilmisNarrator(Narrator):
    """A roll is told with the square it leads to; landing on an arrow tip tells that no cards
    came only when no roll or move follows it (so that line waits for the next event)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(names)
        self.dice: tuple[int, ...] | None = None  # a roll to tell with the move it leads to
        self.last: Event | None = None  # the batch's previous event

    def step(self, event: Event, before: State) -> list[str]:
        if isinstance(event, (DiceRolled, Moved)):
            self.held = []  # the arrow tip's cards are still to come
        lines = self.release() + self._lines(event)
        self.last = event
        return lines

    def _lines(self, event: Event) -> list[str]:
        names, last = self.names, self.last
        match event:
            case Acted(seat=int() as seat, action=Enter(go=go)):
                return [t("filmis.log.enter" if go else "filmis.log.stay", name=names[seat])]
            case Acted(seat=int() as seat, action=PayFine()):
                return [t("filmis.log.pays", name=names[seat])]
            case DiceRolled(seat=seat, dice=rolled) if self.setup:
                return [t("filmis.log.opening", name=names[seat], dice=_plus(rolled))]
            case DiceRolled(seat=seat, dice=rolled) if len(rolled) == 1:
                return [t("filmis.log.factory_die", name=names[seat], n=rolled[0])]
            case DiceRolled(dice=rolled):
                self.dice = rolled
            case Moved(seat=seat, to=to):
                lines = []
                if self.dice is not None:
                    lines.append(
                        t(
                            "filmis.log.rolled",
                            name=names[seat],
                            dice=_plus(self.dice),
                            total=sum(self.dice),
                            square=square_words(to),
                        )
                    )
                elif isinstance(last, Moved):
                    lines.append(t("filmis.log.go_home", name=names[seat]))
                elif not isinstance(last, Acted):  # (going into the factory was told already)
                    lines.append(t("filmis.log.moved", name=names[seat], square=square_words(to)))
                self.dice = None
                if board.SQUARES[to] == board.ARROW_TIP:
                    self.held.append(t("filmis.log.tip_taken", name=names[seat]))
                return lines
            case CardsDrawn(seat=seat, cards=drawn):
                if HIDDEN in drawn:
                    return [t("filmis.log.drew_hidden", name=names[seat], n=len(drawn))]
                return [t("filmis.log.drew", name=names[seat], cards=_cards(drawn))]
            case HandBanked(seat=seat, count=count):
                return [t("filmis.log.banked", name=names[seat], n=count)]
            case CardTaken(seat=seat, owner=owner, from_home=from_home, card=card):
                key = "filmis.log.taken_home" if from_home else "filmis.log.taken_hand"
                return [t(key, name=names[seat], owner=names[owner], card=card_name(card))]
            case CardUnder(seat=seat, card=card):
                return [t("filmis.log.under", name=names[seat], card=card_name(card))]
            case SkipOwed(seat=seat):
                return [t("filmis.log.skip_owed", name=names[seat])]
            case TurnSkipped(seat=seat):
                return [t("filmis.log.skipped", name=names[seat])]
            case Asked(pending=pending):
                return [t(f"filmis.log.asked_{pending.kind}", name=names[pending.seat])]
            case SwapBegan(shown=shown):
                return [t("filmis.log.swap")] + [
                    t(
                        "filmis.log.shows_home" if s.from_home else "filmis.log.shows_hand",
                        name=names[s.seat],
                        cards=_cards(s.cards),
                    )
                    for s in shown
                ]
            case SwapChosen(seat=seat, card=card):
                if card == HIDDEN:
                    return [t("filmis.log.chose_hidden", name=names[seat])]
                return [t("filmis.log.chose", name=names[seat], card=card_name(card))]
            case SwapDone(takes=takes):
                return [
                    t(
                        "filmis.log.took_home" if take.from_home else "filmis.log.took_hand",
                        name=names[take.seat],
                        giver=names[take.giver],
                        card=card_name(take.card),
                    )
                    for take in takes
                ]
            case TurnBegan(seat=seat):
                return self.turn_began("filmis", seat)
            case Raid(caller=caller):
                if caller is None:
                    return [t("filmis.log.raid_empty")]
                return [t("filmis.log.raid", name=names[caller])]
        return []


class FilmisWords(Words, game="filmis"):
    help_key = "filmis.help.text"
    narrator = FilmisNarrator

    def describe(self, action: Action, view: State, seat: int, names: tuple[str, ...]) -> str:
        """The label of one option in the prompt bar."""
        match action:
            case Roll():
                return t("filmis.option.roll")
            case CallRaid():
                return t("filmis.option.raid")
            case PassTurn():
                return t("filmis.option.pass")
            case Enter(go=go):
                return t("filmis.option.enter" if go else "filmis.option.stay")
            case PayFine(card=card) | Drop(card=card) | SwapTake(card=card):
                return card_label(card)
            case RefuseFine():
                return t("filmis.option.refuse")
        return super().describe(action, view, seat, names)

    def question(self, view: State, seat: int, names: tuple[str, ...]) -> str:
        """What the seat to act is asked now."""
        if view.swap is not None:
            i = view.swap.index(seat)
            if i is not None:
                giver = view.swap.target(i)
                key = "filmis.decision.swap_home" if giver.from_home else "filmis.decision.swap_hand"
                return t(key, name=names[giver.seat])
        if view.pending is not None:
            return t(f"filmis.decision.{view.pending.kind}")
        if view.skips[seat]:  # asked even without a raid to call (the others must not tell)
            can_raid = cards.can_raid(view.hands[seat], view.homes[seat])
            return t("filmis.decision.skip_or_raid" if can_raid else "filmis.decision.skip")
        if cards.can_raid(view.hands[seat], view.homes[seat]):
            return t("filmis.decision.roll_or_raid")
        return t("filmis.decision.roll")

    def player_stats(self, view: State, seat: int, ascii_only: bool) -> str:
        return t("filmis.stats", hand=len(view.hands[seat]), home=len(view.homes[seat]))

    def hand(self, view: State, seat: int) -> tuple[str, ...]:
        return tuple(_order(view.hands[seat]))

    def card_label(self, card: str) -> str:
        return card_label(card)

    def aside(self, view: State, seat: int, ascii_only: bool) -> str | None:
        """The viewer's own home pile, face up, with its points (nothing for a spectator)."""
        if not 0 <= seat < len(view.homes):
            return None
        home = view.homes[seat]
        if HIDDEN in home:
            return None
        if not home:  # one line: plain mode says it after the board, "Home pile: empty"
            return t("filmis.home_pile_empty")
        title = t("filmis.home_pile", points=cards.score(home))
        counts = Counter(home)
        parts = [
            t("filmis.home_entry", card=card_name(c), points=points(c))
            if counts[c] == 1
            else t("filmis.home_entries", card=card_name(c), points=points(c), n=counts[c])
            for c in _order(counts)
        ]
        return f"{title}\n" + ", ".join(parts)

    def board_lines(self, view: State, seat: int, names: tuple[str, ...]) -> list[str]:
        """Every pawn's square, nest colour and cards; the squares ahead of the seat's pawn; the factory."""
        lines = [
            t(
                "filmis.board.pawn",
                name=name,
                colour=t(f"setup.colour_{board.COLOURS[view.colours[s]]}"),
                square=square_words(view.positions[s]),
                hand=len(view.hands[s]),
                home=len(view.homes[s]),
            )
            for s, name in enumerate(names)
        ]
        if 0 <= seat < len(names):

            def square(at: int) -> str:
                others = pawns_on(at, view.positions, names, seat)
                return f"{square_words(at)} ({', '.join(others)})" if others else square_words(at)

            lines.append(t("filmis.board.ahead", squares=nearby(view.positions[seat], board.SIZE, square)))
        lines.append(t("filmis.factory", n=len(view.deck.pile)))
        told = status(view, names)
        return lines + ([told] if told else [])

    def standing(self, state: State, seat: int) -> float:
        return cards.score(state.homes[seat])

    def result_lines(self, state: State, names: tuple[str, ...]) -> list[str]:
        """Each player's home pile card by card, with the sum (one multi-line string per player)."""
        lines = []
        for seat, name in enumerate(names):
            home = _order(state.homes[seat])
            score = cards.score(home)
            head = t("filmis.result.head", name=name, points=score)
            if state.caller == seat:
                head += t("filmis.result.caller")
            if home:
                sums = " + ".join(f"{card_name(c)} {points(c)}" for c in home)
                body = t("filmis.result.pile", cards=sums, points=score)
            else:
                body = t("filmis.result.empty")
            text = f"{head}\n    {body}"
            if state.hands[seat]:
                text += "\n    " + t("filmis.result.hand", cards=_cards(_order(state.hands[seat])))
            lines.append(text)
        return [f"{text}\n" if seat < len(lines) - 1 else text for seat, text in enumerate(lines)]
