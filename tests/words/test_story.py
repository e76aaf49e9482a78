"""The log told one event at a time, each with the reader's view of the game just before it."""

import random

import pytest

from parlour.games.garfield.tests.scenario import act, dice, table, turns
from parlour.rules.table import Table
from parlour.services.words.base import Story, Words
from tests.helpers import play_random

SPECTATOR = -1


def story_of(t: Table, seat: int) -> Story:
    return Story(t.game, Words.of(t.game.id), t.players, seat, t.game.initial(t.players, t.options))


def at_37(then):
    """Ann and Bob both on space 37, no rings; then Ann's next roll is `then`."""
    t = table(rolls=dice(12, 12, 6, 6, 10, 10, 9, 9) + then)
    turns(t, 0, 1, 0, 1, 0, 1, 0, 1)
    assert t.state.positions == (37, 37) and t.state.rings == (0, 0)
    return t


def test_passing_the_tailend_tells_the_ring_then_where_the_roll_landed():
    t = at_37([1, 3])
    story = story_of(t, 0)
    story.tell_log(t.events)
    lines = story.tell(act(t, 0))
    ring = lines.index("Ann passed the Tailend and took a ring (1 now).")
    landed = next(i for i, line in enumerate(lines) if line.startswith("Ann rolled 1+3 and landed on 1 "))
    assert ring < landed
    assert not any("39" in line for line in lines)  # passing the Tailend is told by its ring alone


def test_landing_on_the_tailend_tells_the_landing_then_the_ring():
    t = at_37([1, 1])
    story = story_of(t, 0)
    story.tell_log(t.events)
    lines = story.tell(act(t, 0))
    landed = next(i for i, line in enumerate(lines) if line.startswith("Ann rolled 1+1 and landed on 39 "))
    assert lines[landed + 1] == "Ann passed the Tailend and took a ring (1 now)."


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
@pytest.mark.parametrize("seat", [0, SPECTATOR])
def test_the_story_told_as_the_game_goes_is_the_story_of_its_log(game, seat):
    """The game screen tells each batch as it happens, and the whole log when it opens a saved
    game: both must read the same."""
    t = Table.new(game, ["Ann", "Bob", "Cid"], seed=7)
    live = story_of(t, seat)
    lines = live.tell(list(t.events))  # the set-up

    rng = random.Random(7)
    for _ in range(200):
        if t.result() is not None:
            break
        before = len(t.events)
        play_random(t, rng, max_actions=1)
        lines += live.tell(t.events[before:])
    assert lines == story_of(t, seat).tell_log(t.events)
    assert live.view == t.game.view(t.state, seat)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
@pytest.mark.parametrize("seat", [0, SPECTATOR])
def test_telling_only_the_last_batches_reads_as_the_tail_of_the_whole_telling(game, seat):
    """A long game's screen tells only its last actions; the start is folded unsaid. The lines
    told, and the view the story goes on from, are exactly those of telling it all."""
    t = Table.new(game, ["Ann", "Bob", "Cid"], seed=11)
    play_random(t, random.Random(11), max_actions=120)
    whole, tail = story_of(t, seat), story_of(t, seat)
    everything = whole.tell_log(t.events)
    last = tail.tell_log(t.events, last=30)
    batches = [e for e in t.events if type(e).__name__ == "Acted"]
    assert len(batches) > 30 and 0 < len(last) < len(everything)
    assert last == everything[-len(last) :]
    assert tail.view == whole.view
