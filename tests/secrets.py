"""Pairs of games that differ only in cards one seat may not see (parlour/games/garfield/README.md, "Secrets are kept
by the shape of the game too"): the same public actions must show that seat the same events.

`play_pair` drives two states side by side with the same chance: at each step the same seats
must be waiting, the acting seat takes an action whose public form (the `Acted` as the observer
sees it) exists in both games, and the observer's redacted events must be identical. It stops
where the rules themselves show the observer a card that differs (`reveals(events_a, events_b,
observer)`: a swap, a raid, a card drawn from a reshuffle), or where the owner's own public
choice tells the games apart (no public action is legal in both).
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.rules.chance import Chance
from parlour.rules.game import decide
from parlour.rules.records import Acted


def seen(game, events, observer: int) -> list:
    return [game.redact(event, observer) for event in events]


def play_pair(
    game,
    a,
    b,
    observer: int,
    choose: Callable[[list], int],
    *,
    seed: int,
    reveals: Callable[[list, list, int], bool],
    steps: int = 150,
) -> int:
    """Play `a` and `b` together; returns how many steps were compared."""
    for step in range(steps):
        waiting = game.to_act(a)
        assert waiting == game.to_act(b), f"step {step}: who is to act tells the games apart"
        if not waiting or game.result(a) is not None:
            return step
        seat = waiting[0]
        public = {}  # the action's public form -> (its form in a, its form in b)
        for action in game.legal_actions(a, seat):
            public.setdefault(game.redact(Acted(seat, action), observer), [action, None])
        for action in game.legal_actions(b, seat):
            form = game.redact(Acted(seat, action), observer)
            if form in public and public[form][1] is None:
                public[form][1] = action
        both = [pair for pair in public.values() if pair[1] is not None]
        if not both:
            return step  # the owner's own public choice differs: that is the game, not a leak
        action_a, action_b = both[choose(both) % len(both)]
        turn_a = decide(game, a, seat, action_a, Chance(f"{seed}/{step}"))
        turn_b = decide(game, b, seat, action_b, Chance(f"{seed}/{step}"))
        if reveals(turn_a.events, turn_b.events, observer):
            return step  # the rules show a hidden card here (a swap, a raid...)
        assert seen(game, turn_a.events, observer) == seen(game, turn_b.events, observer), (
            f"step {step}: seat {observer} sees different events after {action_a} / {action_b}"
        )
        a, b = turn_a.state, turn_b.state
    return steps


def after_random_play(game, players: int, seed: int, actions: int):
    """The state after up to `actions` random-bot actions of a seeded game (None once over)."""
    from parlour.rules.bots import make
    from parlour.rules.table import Table

    table = Table.new(game.id, ("Ann", "Bob", "Cid", "Dee")[:players], seed=seed)
    bots = [make("random", f"{seed}/{s}") for s in range(players)]
    for _ in range(actions):
        if table.result() is not None:
            return None
        seat = table.to_act()[0]
        table.submit(seat, bots[seat].choose(game, table.view(seat), seat))
    return table.state


def shared_out(piles: list[tuple[str, ...]], order: list[str]) -> list[tuple[str, ...]]:
    """The cards of `order` dealt back into piles of the sizes of `piles`."""
    out, at = [], 0
    for pile in piles:
        out.append(tuple(order[at : at + len(pile)]))
        at += len(pile)
    return out


def check_twins(game, data, *, seed: int, players: int, prefix: int, piles, rehidden, reveals) -> None:
    """After a random prefix, deal again every card in `piles(state, seat)` of the seats one
    observer may not see (`rehidden(state, observer, order)`), and check the observer cannot
    tell the two games apart (`play_pair`). `data` is Hypothesis's: it draws the observer, the
    new order and every choice, so a failure shrinks."""
    from hypothesis import strategies as st

    a = after_random_play(game, players, seed, prefix)
    if a is None:
        return
    observer = data.draw(st.integers(0, players - 1), label="observer")
    hidden = [card for s in range(players) if s != observer for pile in piles(a, s) for card in pile]
    b = rehidden(a, observer, data.draw(st.permutations(hidden), label="hidden cards"))
    play_pair(game, a, b, observer, lambda pairs: data.draw(st.integers(0, 99)), seed=seed, reveals=reveals)
