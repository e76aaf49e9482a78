"""Finding 12 (issue 15): "a Smurf position offered one seat 7,499 legal actions". The search for
it, kept as the guard: no engine state that hostile commands can reach offers any seat more
than a few actions at once. A choice is offered as separate small decisions (one Move: a
direction and the food area it stops in; one disc to give up; one card), never as a product.

A Hypothesis state machine drives `parlour engine` in-process the way the fuzzer that filed the
finding did: `new` with any seed, rig (dice out of range too) and options; legal, mutated and
out-of-turn `act`s, with `as`; whole stretches of play to reach late positions (many baskets,
cats under pawns, long games); `save` and `load` of the game and of corrupted copies of it;
`legal`, `view` and `events` asked for every seat, out of range too. After every command it asks
`legal` for every seat and checks the answer: at most MOST_LEGAL actions, exactly the rules'
list, and nothing for a seat that is not to act. The long fuzz profile runs it much longer."""

from __future__ import annotations

import gc
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from parlour.fronts.engine import EngineSession
from parlour.rules import registry
from parlour.rules.codec import encode

from .progress import lean
from .test_fuzz import GAMES, LONG, MOST_LEGAL, answered, corrupt, mutate, rss_kb

dice = st.lists(st.integers(-1, 8), max_size=12)
rigs = st.none() | st.fixed_dictionaries(
    {},
    optional={
        "dice": dice,
        "coins": st.lists(st.booleans(), max_size=4),
        "picks": st.lists(st.integers(-1, 5), max_size=4),
        "decks": st.dictionaries(
            st.sampled_from(["garfield", "player", "filmis", "x"]),
            st.lists(st.sampled_from(["LASAGNA", "G_SWAP", "HARRY", "?"]), max_size=3),
            max_size=2,
        ),
    },
)
options = st.none() | st.dictionaries(st.sampled_from(["x", "board", "dice"]), st.integers(0, 9), max_size=1)
seats = st.integers(-1, 4)


class HostileEngine(RuleBasedStateMachine):
    """One engine session under hostile commands; `self.rnd` is Hypothesis-chosen randomness."""

    def __init__(self):
        super().__init__()
        self.session = EngineSession()
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-legal-"))
        self.widest = 0

    def teardown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def send(self, request: dict) -> dict:
        return answered(self.session, json.dumps(request))

    @property
    def table(self):
        return self.session.table

    # ---- starting and loading --------------------------------------------------------

    @initialize(game=st.sampled_from(GAMES), count=st.integers(2, 4), seed=st.integers(0, 2**32))
    def first_game(self, game, count, seed):
        assert self.send({"cmd": "new", "game": game, "players": ["Ann", "Bob", "Cid", "Dan"][:count], "seed": seed})[
            "ok"
        ]

    @rule(
        game=st.sampled_from(GAMES),
        count=st.integers(1, 5),
        seed=st.integers(-(2**63), 2**63),
        rig=rigs,
        options=options,
    )
    def new(self, game, count, seed, rig, options):
        request = {
            "cmd": "new",
            "game": game,
            "players": ["Ann", "Bob", "Cid", "Dan", "Eve"][:count],
            "seed": seed,
            "rig": rig,
            "options": options,
        }
        answer = self.send(request)
        if answer["ok"]:
            minimum, maximum = registry.get(game).min_players, registry.get(game).max_players
            assert minimum <= count <= maximum and not options

    @rule(seed=st.integers(0, 2**32), whole=st.booleans())
    def save_and_load(self, seed, whole):
        """Save, maybe corrupt the file, load: the loaded game (if any) is checked like any other."""
        path = self.folder / "game.jsonl"
        assert self.send({"cmd": "save", "path": str(path)})["ok"]
        if not whole:
            rnd = random.Random(seed)
            path.write_bytes(corrupt(rnd, path.read_bytes()))
        answer = self.send({"cmd": "load", "path": str(path)})
        assert answer["ok"] or answer["error"] == "bad-save", answer
        assert answer["ok"] or not whole

    # ---- acting ------------------------------------------------------------------------

    @rule(
        seed=st.integers(0, 2**32),
        steps=st.sampled_from([1, 5, 40, 400]),
        hostile=st.floats(0, 0.5),
        viewer=st.none() | seats,
    )
    def play(self, seed, steps, hostile, viewer):
        """A stretch of play: mostly legal (leaning to the end of the game), some mutated or
        sent by a seat whose turn it is not; `hostile` is the share of those."""
        rnd = random.Random(seed)
        for _ in range(steps):
            table = self.table
            waiting = [s for s in table.to_act() if s is not None]
            if not waiting:
                return
            seat = rnd.choice(waiting)
            legal = table.legal_actions(seat)
            action = encode(lean(table.game.id, table.state, seat, legal, rnd))
            if rnd.random() < hostile:
                if rnd.random() < 0.5:
                    action = mutate(rnd, action)
                else:
                    seat = rnd.randrange(-1, len(table.players) + 1)
            request = {"cmd": "act", "seat": seat, "action": action}
            if viewer is not None:
                request["as"] = viewer
            before = len(table.events)
            answer = self.send(request)
            assert answer["ok"] or len(self.table.events) == before
            for each in range(len(self.table.players)):  # the engine's answer is checked after the rule
                assert len(self.table.legal_actions(each)) <= MOST_LEGAL

    @rule(seat=seats, since=st.integers(-1, 5), viewer=st.none() | seats)
    def look(self, seat, since, viewer):
        self.send({"cmd": "view", "seat": seat})
        self.send({"cmd": "events", "since": since, "as": viewer})
        self.send({"cmd": "state"})

    # ---- the property --------------------------------------------------------------------

    @invariant()
    def check_every_seat(self):
        if self.table is None:
            return
        seats_at_table = len(self.table.players)
        waiting = set(self.table.to_act())
        for seat in range(-1, seats_at_table + 1):
            answer = self.send({"cmd": "legal", "seat": seat})
            if not 0 <= seat < seats_at_table:
                assert answer["error"] == "bad-command", answer
                continue
            offered = answer["actions"]
            self.widest = max(self.widest, len(offered))
            assert len(offered) <= MOST_LEGAL, (self.table.game.id, seat, len(offered), offered[:20])
            assert offered == [encode(a) for a in self.table.legal_actions(seat)]
            assert seat in waiting or not offered, (seat, waiting, offered)
            assert len({json.dumps(a, sort_keys=True) for a in offered}) == len(offered)  # no twice
            if offered:  # which decisions the search reached (--hypothesis-show-statistics)
                event(f"{self.table.game.id}: {'/'.join(sorted({a['type'] for a in offered}))} x{len(offered)}")
        if self.table.result() is not None:
            event(f"{self.table.game.id}: over")


HostileEngine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_no_engine_state_offers_a_seat_more_than_a_few_actions = HostileEngine.TestCase


@pytest.mark.fuzz_long
@pytest.mark.skipif(not LONG, reason="the long fuzz run: PARLOUR_FUZZ=long")
def test_long_run_no_engine_state_offers_a_seat_more_than_a_few_actions():
    """Batches of fresh random runs (one long Hypothesis run keeps every example's choices in
    memory, which would hide the engine's own memory under Hypothesis's). Growth is judged by
    the live Python blocks after a collection: the resident size keeps the high-water mark of the
    largest game played so far (freed arenas stay with the process), so it is shown, not judged."""
    machines = int(os.environ.get("PARLOUR_FUZZ_MACHINES", 2_000))
    batch, rss, blocks, started_at = 100, [], [], time.process_time()
    for _ in range(max(1, machines // batch)):
        run_state_machine_as_test(
            HostileEngine,
            settings=settings(
                HostileEngine.TestCase.settings,
                max_examples=min(batch, machines),
                stateful_step_count=60,
                database=None,
                derandomize=False,
            ),
        )
        gc.collect()
        rss.append(rss_kb())
        blocks.append(sys.getallocatedblocks())
        print(
            f"  {len(rss) * batch} machines, {time.process_time() - started_at:.0f} s CPU, "
            f"RSS {rss[-1]} kB, {blocks[-1]} live blocks",
            flush=True,
        )
    print(
        f"\nlong run: {machines} state machines of up to 60 hostile commands; {time.process_time() - started_at:.0f} s "
        f"CPU; RSS (kB) every {batch} machines: {rss}; live blocks: {blocks}"
    )
    # the bounded caches (Smurf's move options, Hypothesis's strategies) fill in the first half of
    # the default run (about +12,000 blocks per 100 machines, flat from about 1,000): judge the rest
    if len(blocks) >= 10:
        assert blocks[-1] - blocks[len(blocks) // 2] < 20_000
