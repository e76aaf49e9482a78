"""A save read at once (rules/log.py `_read_written`) when every line is as the log writes it:
it reads exactly as reading it line by line does, the same game or the same refusal naming the
same line, and a file with any line not as written is read line by line."""

import io
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from parlour.rules import log
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver
from tests.fuzz.test_fuzz import corrupt


def played(game: str, seed: int, actions: int | None = None) -> Table:
    table = Table.new(game, ["Ann", "Bob", "Cid"], seed=seed)
    TableDriver(table, {s: make("random", f"{seed}/{s}") for s in range(3)}).play_bots(actions)
    return table


def saved(table: Table) -> bytes:
    return log.dumps(table.header, table.events).encode()


def outcome(data: bytes, whole: bool):
    """What loading `data` gives: read at once when it can be (`whole`), or only line by line,
    as a file's lines (saves.bounded_lines)."""
    try:
        loaded = log.load_lines(saves.bounded_lines(io.BytesIO(data)), data if whole else None)
    except log.LogError as error:
        return "refused", str(error)
    return "loaded", loaded.header, loaded.events, loaded.state, loaded.warnings


def reads_alike(data: bytes) -> bool:
    return outcome(data, True) == outcome(data, False)


def with_line(data: bytes, number: int, line: bytes) -> bytes:
    """`data` with its line `number` (1 = the header) replaced by `line` (which ends with \\n)."""
    lines = data.splitlines(keepends=True)
    lines[number - 1] = line
    return b"".join(lines)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_a_save_as_written_is_read_at_once_into_what_reading_it_line_by_line_gives(game):
    data = saved(played(game, 7, 200))
    at_once = log._read_written(data)
    by_line = log._read(saves.bounded_lines(io.BytesIO(data)))
    assert at_once is not None
    assert (at_once.header, at_once.events, list(at_once.numbers), at_once.warnings) == (
        by_line.header,
        by_line.events,
        by_line.numbers,
        by_line.warnings,
    )
    assert log._read_written(b"\xef\xbb\xbf" + data) is not None  # a byte-order mark changes nothing
    assert reads_alike(data)


def test_lines_not_as_written_send_the_file_line_by_line_and_read_alike():
    data = saved(played("smurf", 3, 60))
    lines = data.splitlines(keepends=True)
    third = json.loads(lines[3])
    body = json.dumps(third["event"], separators=(",", ":")).encode()
    variants = {
        "torn": data[:-5],
        "no last newline": data[:-1],
        "an editor's line ends": data.replace(b"\n", b"\r\n"),
        "a blank line": with_line(data, 4, b"\n" + lines[3]),
        "spaces after": with_line(data, 4, lines[3][:-1] + b"  \n"),
        "a wrong number": with_line(data, 4, b'{"seq":4,"event":%s}\n' % body),
        "a number with a zero": with_line(data, 4, b'{"seq":03,"event":%s}\n' % body),
        "the number twice": with_line(data, 4, b'{"seq":3,"event":%s,"seq":3}\n' % body),
        "the number twice, then 1": with_line(data, 4, b'{"seq":3,"event":%s,"seq":1}\n' % body),
        "a field more": with_line(data, 4, b'{"seq":3,"event":%s,"x":1}\n' % body),
        "a brace more": with_line(data, 4, b'{"seq":3,"event":%s}}\n' % body),
        "an event alone": with_line(data, 4, body + b"}\n"),
        "another event's text": with_line(data, 4, b'{"seq":3,"event":{"type":"Nothing"}}\n'),
        "not UTF-8": with_line(data, 4, lines[3][:-3] + b"\xff}}\n"),
        "a blank header": b"\n" + data,
        "nothing after the header's newline": lines[0][:-1],
    }
    assert len(lines) > 120
    for seq in (9, 10, 99, 100):  # where the numbers gain a digit
        line = lines[seq]
        renumbered = line.replace(b"%d," % seq, b"%d," % (seq + 1), 1)
        variants[f"line {seq} numbered {seq + 1}"] = with_line(data, seq + 1, renumbered)
        variants[f"line {seq} with a space"] = with_line(data, seq + 1, line.replace(b'"seq":', b'"seq": ', 1))
    for name, variant in variants.items():
        assert log._read_written(variant) is None, name
        assert reads_alike(variant), name
    assert log._read_written(lines[0]) is not None and reads_alike(lines[0])  # no events: refused alike


@pytest.mark.parametrize("over", [0, 1])
def test_a_line_at_the_length_limit_reads_alike_and_one_byte_more_is_refused_alike(over):
    data = saved(played("garfield", 2, 30))
    lines = data.splitlines(keepends=True)
    number = max(n for n, line in enumerate(lines[1:], 2) if len(json.loads(line)["event"]) > 1)
    event = json.loads(lines[number - 1])["event"]
    head = b'{"seq":%d,"event":{"type":"%s",' % (number - 1, event["type"].encode())
    fields = json.dumps({k: v for k, v in event.items() if k != "type"}, separators=(",", ":")).encode()[1:]
    padding = log.MAX_LINE_BYTES - len(head) - len(fields) - 1 + over  # spaces inside the event
    line = head + b" " * padding + fields + b"}\n"
    assert json.loads(line)["event"] == event and len(line) == log.MAX_LINE_BYTES + 1 + over
    variant = with_line(data, number, line)
    assert (log._read_written(variant) is not None) == (not over)
    assert reads_alike(variant)
    assert outcome(variant, True)[0] == ("refused" if over else "loaded")


@given(st.integers(0, 2**16))
@settings(max_examples=60, deadline=None)
def test_any_corruption_reads_at_once_exactly_as_line_by_line(seed):
    rnd = random.Random(seed)
    data = saved(played(rnd.choice(["garfield", "filmis", "smurf"]), seed, rnd.randrange(5, 120)))
    for _ in range(rnd.randrange(1, 3)):
        data = corrupt(rnd, data)
    assert reads_alike(data)


@pytest.mark.parametrize(
    "first, last",
    [
        (1, 9),
        (10, 99),
        (95, 99),
        (100, 999),
        (1000, 1234),
        (9990, 9999),
        (98765, 99999),
        (100000, 100010),
        (123456, 130000),
    ],
)
def test_the_beginnings_made_in_bulk_are_the_log_s_own_number_by_number(first, last):
    assert log._beginnings(first, last) == [log._WRITTEN % n for n in range(first, last + 1)]
