"""The expert level searches worlds dealt from its seat's view, and only from that view: positions
the seat cannot tell apart get the same choice, and a bot that plays out the real hidden cards
(a peeking one) is caught by the same check."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from parlour.rules.bots import expert_worlds, make
from parlour.rules.bots.expert import ExpertBot
from parlour.rules.table import Table

from .test_fair_play import _filmis_state


def _behind(rival_home):
    """As test_fair_play's raid position, but seat 0 has only 2 points at home: the smart level
    rolls on, and the raid wins only against a poor rival (which the seat cannot see)."""
    from parlour.games.filmis.rules import cards

    game, state = _filmis_state(rival_home)
    rest = Counter(state.deck.pile)
    rest.update(state.homes[0])
    rest.subtract((cards.HARRY,))
    pile = tuple(sorted(rest.elements()))
    return game, state._replace(homes=((cards.HARRY,), rival_home), deck=replace(state.deck, pile=pile))


class PeekingExpert(ExpertBot):
    """What the check must catch: the same search, played out in the real state."""

    def sampler(self, game_id):
        return (lambda view, seat, rng: view) if expert_worlds.sampler(game_id) is not None else None

    def choose(self, game, state, seat):
        return self._search(game, state, seat)


def test_expert_raid_choice_does_not_depend_on_hidden_home_piles():
    from parlour.games.filmis.rules import cards
    from parlour.games.filmis.rules.records import CallRaid, Roll

    game, poor = _filmis_state((cards.WALL_ENBERG,) * 4)  # the raid wins
    _, rich = _filmis_state((cards.JAMES_DEAN,) * 2 + (cards.SICKAN,) * 2)  # the raid loses
    assert game.view(poor, 0) == game.view(rich, 0)
    for seed in range(3):
        honest = {ExpertBot(seed, 16).choose(game, state, 0) for state in (poor, rich)}
        viewed = {ExpertBot(seed, 16).choose(game, game.view(state, 0), 0) for state in (poor, rich)}
        assert len(honest) == 1 and viewed == honest

    # the check has teeth: where the smart level rolls on, reading the hidden home piles finds
    # the raid that wins against the poor rival
    game, poor = _behind((cards.WALL_ENBERG,) * 4)
    _, rich = _behind((cards.JAMES_DEAN,) * 2 + (cards.SICKAN,) * 2)
    assert game.view(poor, 0) == game.view(rich, 0)
    assert make("smart", 0).choose(game, poor, 0) == Roll()
    assert [PeekingExpert(0, 64).choose(game, state, 0) for state in (poor, rich)] == [CallRaid(), Roll()]
    assert len({ExpertBot(0, 64).choose(game, state, 0) for state in (poor, rich)}) == 1


def _garfield_twin(state, seat):
    """The same position for `seat`, with the others' hands and the Player pile dealt in another
    order (the test_fair_play pattern)."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.player_deck.pile)
    moved, hands, i = hidden[::-1], [], 0
    for s, hand in enumerate(state.hands):
        hands.append(hand if s == seat else tuple(moved[i : i + len(hand)]))
        i += 0 if s == seat else len(hand)
    return state._replace(hands=tuple(hands), player_deck=replace(state.player_deck, pile=tuple(moved[i:])))


def test_expert_garfield_choices_do_not_depend_on_hidden_cards():
    table = Table.new("garfield", ["A", "B", "C"], seed=11)
    bots = [make("smart", seat) for seat in range(3)]
    searched = 0
    while table.result() is None and searched < 6:
        (seat,) = table.to_act()
        state, view = table.state, table.view(seat)
        if len(table.game.legal_actions(view, seat)) > 1:
            twin = _garfield_twin(state, seat)
            assert table.game.view(twin, seat) == view
            choices = {ExpertBot(seat, 8).choose(table.game, s, seat) for s in (state, twin, view)}
            assert len(choices) == 1, choices
            searched += 1
        table.submit(seat, bots[seat].choose(table.game, view, seat))
    assert searched == 6


def test_sampled_worlds_fit_the_view_and_keep_every_card():
    def cards(game_id, s):
        if game_id == "garfield":
            return (
                Counter([c for h in s.hands for c in h] + [*s.player_deck.pile, *s.player_deck.discard]),
                Counter([*s.garfield.pile, *s.garfield.discard, *([s.face_up] if s.face_up else [])]),
            )
        return Counter([c for h in s.hands + s.homes for c in h] + [*s.deck.pile, *s.deck.discard])

    rng = random.Random(1)
    for game_id in ("garfield", "filmis"):
        sampler = expert_worlds.sampler(game_id)
        table = Table.new(game_id, ["A", "B", "C"], seed=4)
        bots = [make("random", seat) for seat in range(3)]
        sampled = 0
        while table.result() is None:
            for seat in table.to_act():
                if seat in table.to_act():
                    view = table.view(seat)
                    world = sampler(view, seat, rng)
                    if world is not None:
                        assert table.game.view(world, seat) == view
                        assert cards(game_id, world) == cards(game_id, table.state)
                        sampled += 1
                    table.submit(seat, bots[seat].choose(table.game, view, seat))
        assert sampled > 10, game_id
