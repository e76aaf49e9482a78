"""A deck of cards as an immutable value: a draw pile (top first) and a discard pile."""

from __future__ import annotations

from .records import HIDDEN, record


@record
class Deck:
    pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.pile) + len(self.discard)

    def drawn(self, count: int) -> Deck:
        """The deck after the top `count` cards of the pile were taken."""
        return Deck(self.pile[count:], self.discard)

    def discarded(self, cards: tuple[str, ...]) -> Deck:
        return Deck(self.pile, self.discard + cards)

    def put_under(self, card: str) -> Deck:
        """The deck with `card` put at the bottom of the pile."""
        return Deck(self.pile + (card,), self.discard)

    def reshuffled(self, order: tuple[str, ...]) -> Deck:
        """The discard pile shuffled into a new pile (`order`, top first)."""
        return Deck(order, ())

    def masked(self, show_discard: bool = False) -> Deck:
        """The deck as a player sees it: how many cards, not which. A deck changes far less often
        than the state holding it, and every view masks it, so the last answer per `show_discard`
        is remembered by the deck's identity (decks are immutable)."""
        mask = _masked[show_discard]
        if mask[0] is not self:
            discard = self.discard if show_discard else (HIDDEN,) * len(self.discard)
            mask = _masked[show_discard] = (self, Deck((HIDDEN,) * len(self.pile), discard))
        return mask[1]


# show_discard -> (the deck last masked so, its masked deck); each entry is swapped whole
_masked: dict[bool, tuple[Deck | None, Deck]] = {False: (None, Deck()), True: (None, Deck())}
