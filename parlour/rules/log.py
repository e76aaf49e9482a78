"""The event log as text: versioned JSON Lines. It is the save file, the replay and the protocol.

Line 1 is the header; every further line is `{"seq": n, "event": {...}}` with n = 1, 2, 3...
Loading checks everything: the header's fields, each line's JSON and record types, the sequence
numbers, size limits, and that each action's events are exactly what the rules produce from it
(re-deciding it with the recorded chance outcomes). A torn last action (a crash while writing)
is dropped with a warning; anything else wrong refuses the whole file with a clear message.
`open_lines` shows a long game at once and leaves that re-deciding for after (see its ruling).
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import field
from itertools import compress, repeat
from operator import is_
from typing import Any, TypeVar

from . import registry, versions
from .chance import Chance, Rig, RigError
from .codec import CodecError, decode, encode, parse
from .game import Evolver, Game, State, View, decide
from .records import Acted, Action, Event, Rejected, Start, record

T = TypeVar("T")

FORMAT = "parlour-log"
FORMAT_VERSION = 1
MAX_LINE_BYTES = 64 * 1024
MAX_EVENTS = 500_000
MAX_BYTES = 32 * 2**20  # the largest a save file may be: every byte counts, blank lines too
MAX_NAME = 24
TOO_LARGE = f"the save is larger than a game can be ({MAX_EVENTS} events, {MAX_BYTES // 2**20} MB of file)"
# Lines a save may have, blank ones included: a line per event and as many blank lines again. A
# file of tens of millions of blank lines is refused by counting them, not read line by line.
MAX_LINES = 2 * MAX_EVENTS
TOO_MANY_LINES = f"the save has more lines than a game can ({MAX_LINES} with blank ones)"


class LogError(ValueError):
    """A log that cannot be loaded; the message says where and why."""


@record
class Header:
    game: str
    players: tuple[str, ...]
    seed: int
    rig: Rig | None = None  # a rigged game keeps its forced outcomes here, for all to see
    options: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)  # the app's notes (who is a bot, colours): not rules
    rules_version: int = versions.FIRST  # the version of the game's rules it was played under

    @property
    def rigged(self) -> bool:
        return self.rig is not None

    def to_json(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "seed": self.seed,
            "rigged": self.rigged,
        }
        if self.rig is not None:
            data["rig"] = self.rig.to_json()
        data["options"] = dict(self.options)
        if self.meta:
            data["meta"] = dict(self.meta)
        return data


def dump_line(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def header_line(header: Header) -> str:
    return dump_line(header.to_json())


def event_line(seq: int, event: Event) -> str:
    return dump_line({"seq": seq, "event": encode(event)})


def dumps(header: Header, events: list[Event]) -> str:
    return header_line(header) + "".join(event_line(i, e) for i, e in enumerate(events, 1))


def check_players(game: Game[State, View], players: object) -> tuple[str, ...]:
    """Player names as the rules accept them, or Rejected with the reason."""
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise Rejected("players must be a list of names")
    if not game.min_players <= len(players) <= game.max_players:
        raise Rejected(f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(players)}")
    names = tuple(p.strip() for p in players)
    for name in names:
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise Rejected(f"a player name must be 1 to {MAX_NAME} printable characters: {name!r}")
    if len(set(n.casefold() for n in names)) != len(names):
        raise Rejected("two players have the same name")
    return names


@record
class Dropped:
    """The last action of a log, cut short while saving and dropped on loading: whose it was
    (None: not known, several seats could act) and which (None: its own line was the one torn).
    It was decided on the loaded state, so every front can tell it in words before anything is
    written over it (`Loaded.dropped`)."""

    seat: int | None
    action: Action | None = None


@record(frozen=False)
class Loaded:
    header: Header
    events: list[Event]
    state: Any
    warnings: list[str]
    # Only from `open_lines`: the check still to run (None: checked in full), and the state
    # before the last actions, for telling them: (the index of the first one's event, state).
    check: Iterator[None] | None = None
    recent: tuple[int, Any] | None = None
    dropped: Dropped | None = None  # the last action, cut short while saving


def loads(text: str) -> Loaded:
    """Parse and check a whole log held as text (see `load_lines`)."""
    return load_lines(text.encode("utf-8", "surrogateescape").splitlines(keepends=True))


def load_lines(lines: Iterable[bytes], whole: bytes | None = None) -> Loaded:
    """Parse and check a log given line by line, as bytes that keep their newline; a line longer
    than MAX_LINE_BYTES may come cut to MAX_LINE_BYTES + 1 bytes. Raises LogError naming the line.
    `whole`: the same log as one piece of bytes, when the caller holds it: a log every line of
    which is as the log writes it is then read at once (`_read_written`), and `lines` only when
    it is not (so they may be given lazily).

    What a text editor adds is accepted: a byte-order mark, spaces and a carriage return at the
    ends of lines, and blank lines. A last line without its newline was torn while saving: if it
    does not hold a whole event it is dropped with a warning, whatever its size."""
    read = _read(lines, whole)
    state, kept = _finish(_replay(read, _batches(read), _initial(read)))
    return Loaded(read.header, read.events[:kept], state, read.warnings, dropped=_dropped(read, state))


CHECK_SLICE = 256  # actions re-decided between two yields of `Loaded.check` (a few ms)


def open_lines(lines: Iterable[bytes], recent: int = 1, whole: bytes | None = None) -> Loaded:
    """A log read as `load_lines` reads it (`whole` likewise), its state folded from its events
    and its last `recent` actions (at least the last one) re-decided, to show the game at once:
    re-deciding the actions before those is left to `check`, an iterator to run to its end (it
    yields every CHECK_SLICE actions, so a screen stays responsive). `Loaded.recent` is the state
    before the actions re-decided here, with the index of the first one's event (for telling them).

    Ruling (issue 17: a long game resumes to its first frame whatever its length). Re-deciding
    every action is most of a load, and the state is the fold of the events (the rules' property
    tests hold replay equal to live), so the game may be shown from the fold before the check
    has run. Until `check` has run to its end, nothing may act on the state: the caller takes no
    action and writes nothing. If it raises LogError (naming the line, with the message
    `load_lines` would give), the save is refused as `load_lines` would have refused it; at its
    end it also checks that its state is the folded one. Everything else is checked here: the
    lines, the records, the header, the set-up, and the last `recent` actions, re-decided from
    the folded state before them (so a torn last action is dropped here, with the same warning,
    and the events a screen tells of them are checked ones). The actions before them are only
    folded meanwhile: the rules' `evolve` passes by an event that does not fit the state, so
    the state stays well-formed, and events whose fold fails all the same are checked in full
    here, to say which line is wrong."""
    read = _read(lines, whole)
    told = _last_batches(read, max(1, recent))  # the actions re-decided here (all of them: for `check`)
    game, events = read.game, read.events
    try:
        state = fold_events(game, _initial(read), events[: told[0]])
        after, kept = _finish(_replay(read, told, state))
    except Exception:  # not what the rules write (the fold, or the actions re-decided on a state
        # folded from an edited event, fail): the full check names the first wrong line
        _finish(_replay(read, _batches(read), _initial(read)))
        raise  # the full check passed: a bug in the rules (evolve fails where decide does not)
    return Loaded(
        read.header,
        events[:kept],
        after,
        read.warnings,
        _check(read, len(told), state),
        (told[0], state) if told[0] < kept else None,
        _dropped(read, after),
    )


def _dropped(read: _Read, state: object) -> Dropped | None:
    """The action dropped from the log's end: the one whose events were cut short (`_replay`), or,
    when the torn line was its own first, the action of whoever was to act then."""
    if read.dropped is not None or not read.torn:
        return read.dropped
    seats = read.game.to_act(state)
    return Dropped(seats[0] if len(seats) == 1 else None)


def _check(read: _Read, told: int, folded: object) -> Iterator[None]:
    """Re-decide the log's actions but its last `told` from the start (yielding every CHECK_SLICE)
    and check that they lead to the state `folded` from their events."""
    starts = _batches(read)
    state, _ = yield from _replay(read, starts, _initial(read), stop=len(starts) - told, every=CHECK_SLICE)
    if state != folded:  # only a rules bug could do this (evolve and decide disagreeing)
        raise LogError("the save's events do not lead where its actions do")


@record(frozen=False)
class _Read:
    """A log's lines parsed (nothing re-decided yet): `numbers` holds each event's line (a
    range when they follow the header one a line)."""

    header: Header
    game: Any
    events: list[Event]
    numbers: Sequence[int]
    warnings: list[str]
    torn: bool = False  # a last line torn while saving was dropped
    dropped: Dropped | None = None  # the last action, its events cut short (`_replay`)


def _read(lines: Iterable[bytes], whole: bytes | None = None) -> _Read:
    if whole is not None and (read := _read_written(whole)) is not None:
        return read
    header = game = reader = None
    warnings: list[str] = []
    events: list[Event] = []
    numbers: list[int] = []  # the line each event came from (blank lines are skipped)
    kept_bytes, torn = 0, False
    for number, raw in enumerate(lines, 1):
        kept_bytes += len(raw)  # blank lines too: the limit is on the file's size
        if kept_bytes > MAX_BYTES:
            raise LogError(f"line {number}: {TOO_LARGE}")
        if number > MAX_LINES:
            raise LogError(f"line {number}: {TOO_MANY_LINES}")
        try:
            if reader is not None:
                event = reader.read(raw, len(events) + 1)
                if event is None:  # a blank line
                    continue
                events.append(event)
                numbers.append(number)
            else:
                text = _text(raw)
                if number == 1:
                    text = text.removeprefix("\ufeff")
                if not text:
                    continue
                header = _parse_header(text)
                game = registry.get(header.game)
                reader = _EventReader(game)
                continue
        except LogError as error:
            if header is not None and not raw.endswith(b"\n"):  # the torn tail: keep what came before
                warnings.append(f"line {number} was cut off while saving; the game goes on from before it")
                torn = True
                break
            message = (
                str(error) if header is not None or str(error).startswith("line ") else f"not a Parlour save ({error})"
            )
            raise LogError(message if message.startswith("line ") else f"line {number}: {message}") from None
        if len(events) > MAX_EVENTS:
            raise LogError(f"line {number}: {TOO_LARGE}")
    if header is None:
        raise LogError("the file is empty: it is not a Parlour save")
    return _Read(header, game, events, numbers, warnings, torn)


_WRITTEN = b'{"seq":%d,"event":'  # how the log writes an event line's beginning (see `event_line`)


def _read_written(whole: bytes) -> _Read | None:
    """The log `whole` read as `_read` reads it, when it is exactly as the log writes it: the
    header line, then `{"seq":n,"event":E}` lines numbered from 1, each ending with its newline
    and none too long. Each distinct E is read once, on a line `{"seq":1,"event":E}` read in
    full by `_EventReader` (which remembers E only if E alone is one JSON value: the line then
    reads as E does, whatever its number); the other lines are only compared with what the log
    writes, in bulk. None when it is not such a log, or a line is not right: `_read` then reads
    it line by line (naming the line, dropping a torn tail, taking what an editor adds)."""
    end = whole.find(b"\n") + 1
    if not end or len(whole) > MAX_BYTES:
        return None
    if b"\n\n" in whole or b" \n" in whole or b"\r" in whole:  # blank lines, padding: not as written
        return None  # (found at C speed, before the lines are split: a padded file would be copied)
    try:
        text = _text(whole[:end]).removeprefix("\ufeff")
        header = _parse_header(text) if text else None
    except LogError:
        return None
    if header is None:
        return None
    lines = whole.split(b"\n")
    del lines[0]  # the header's
    if lines.pop() or len(lines) > MAX_EVENTS:  # a last line without its newline: torn
        return None
    bodies = _after_written(lines, len(whole) - end - len(lines))
    if bodies is None:
        return None
    game = registry.get(header.game)
    reader = _EventReader(game)
    longest = MAX_LINE_BYTES - len(_WRITTEN % len(lines))  # a body fits on any line
    events_of: dict[bytes, Event] = {}
    for body in dict.fromkeys(bodies):  # body: E and the line's closing brace
        if len(body) > longest or not body.endswith(b"}"):
            return None
        try:
            event = reader.read(_WRITTEN % 1 + body + b"\n", 1)
        except LogError:
            return None
        if event is None or body[:-1] not in reader.known:  # (None: a blank line, which a body is not)
            return None
        events_of[body] = event
    return _Read(header, game, list(map(events_of.__getitem__, bodies)), range(2, len(lines) + 2), [])


def without_padding(whole: bytes) -> bytes:
    """A log's text without the blank space a tool may have padded it with at its end (more than
    a line's worth): what is left ends with a newline if the padding held one. Found in chunks
    from the end, so a file of 32 MB of padding costs a few hundred steps, not a line each."""
    end, chunk = len(whole), 1 << 16
    while end:
        piece = whole[max(0, end - chunk) : end]
        kept = len(piece.rstrip())
        end -= len(piece) - kept
        if kept:
            break
    if len(whole) - end <= MAX_LINE_BYTES:
        return whole  # a newline, or an editor's few blank lines: read as they are
    return whole[:end] + (b"\n" if whole.find(b"\n", end) >= 0 else b"")  # (no newline: a torn last line)


def _after_written(lines: list[bytes], size: int) -> list[bytes] | None:
    """What follows `{"seq":n,"event":` on each line, n = 1, 2, ... in turn; None if a line does
    not begin so. `size`: the lines' bytes in all. The lines are taken in runs whose numbers have
    as many digits: each line loses its beginning with `bytes.removeprefix` (the beginnings made
    in bulk, `_beginnings`); a line that does not begin so keeps it, and the bytes left say so."""
    bodies: list[bytes] = []
    first = 1
    while first <= len(lines):
        last = min(len(lines), 10 ** len(str(first)) - 1)
        beginnings = _beginnings(first, last)
        bodies += map(bytes.removeprefix, lines[first - 1 : last], beginnings)
        size -= len(beginnings) * len(beginnings[0])
        first = last + 1
    return bodies if sum(map(len, bodies)) == size else None


def _beginnings(first: int, last: int) -> list[bytes]:
    """`{"seq":n,"event":` for n = first, first + 1, ... last, numbers with as many digits, made
    column by column rather than number by number (formatting a long save's numbers one at a
    time was a tenth of its bulk read): a digit's column repeats a cycle, the units 0123456789,
    the tens each digit ten times, and so on, begun where `first` stands in it."""
    digits, count = len(str(first)), last - first + 1
    head, tail = _WRITTEN.split(b"%d")
    width = len(head) + digits + len(tail) + 1  # and a newline to split them on
    block = bytearray((head + b"0" * digits + tail + b"\n") * count)
    for place in range(digits):
        step = 10 ** (digits - 1 - place)  # numbers in a row that share this digit
        cycle = b"".join(bytes((digit,)) * step for digit in b"0123456789")
        start = first % len(cycle)
        block[len(head) + place :: width] = (cycle * ((start + count) // len(cycle) + 1))[start : start + count]
    return bytes(block).split(b"\n")[:-1]


def _text(raw: bytes) -> str:
    if len(raw) > MAX_LINE_BYTES + 1 or (len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n")):
        raise LogError(f"the line is too long (more than {MAX_LINE_BYTES} bytes)")
    try:
        return raw.decode("utf-8").strip(" \t\r\n")
    except UnicodeDecodeError:
        raise LogError("not UTF-8 text") from None


def _parse_header(line: str) -> Header:
    try:
        data = parse(line)
    except ValueError:
        raise LogError("line 1 is not JSON: this is not a Parlour save") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LogError("line 1 is not a Parlour log header: this is not a Parlour save")
    version = data.get("format_version")
    if type(version) is not int or version < 1:
        raise LogError("the header has no valid format_version")
    if version > FORMAT_VERSION:
        raise LogError(
            f"the save is format {version}, newer than this Parlour reads ({FORMAT_VERSION}); update Parlour"
        )
    unknown = set(data) - {
        "format",
        "format_version",
        "game",
        "rules_version",
        "players",
        "seed",
        "rigged",
        "rig",
        "options",
        "meta",
    }
    if unknown:
        raise LogError(f"the header has an unknown field {sorted(unknown)[0]!r}")
    try:
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise registry.UnknownGame(game_id)
        game = registry.get(game_id)
        rules_version = data.get("rules_version", versions.FIRST)
        if type(rules_version) is not int or rules_version < versions.FIRST:
            raise LogError("the header's rules_version must be a whole number from 1")
        versions.check(game, rules_version)
        players = check_players(game, data.get("players"))
        if type(data.get("seed")) is not int:
            raise LogError("the header's seed must be a whole number")
        rigged = data.get("rigged")
        if not isinstance(rigged, bool) or rigged != ("rig" in data):
            raise LogError("the header's rigged flag does not match its rig")
        rig = Rig.from_json(data["rig"]) if rigged else None
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise LogError("the header's options must be an object")
        game.initial(players, options)  # refuses unknown options
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise LogError("the header's meta must be an object")
    except (registry.UnknownGame, Rejected, versions.RulesVersionError) as error:
        raise LogError(f"header: {error}") from None
    return Header(game.id, players, data["seed"], rig, options, meta, rules_version)


def _parse_event(line: str, seq: int | None, game: Game[State, View]) -> tuple[int, Event]:
    """The sequence number and event on a line whose number must be `seq` (None: any)."""
    try:
        data = parse(line)
    except CodecError as error:
        raise LogError(str(error)) from None
    if not isinstance(data, dict) or set(data) != {"seq", "event"}:
        raise LogError('expected {"seq": n, "event": {...}}')
    if type(data["seq"]) is not int or data["seq"] != (data["seq"] if seq is None else seq):
        raise LogError(f"sequence number {data['seq']!r}, expected {seq}")
    try:
        return data["seq"], decode(data["event"], game.kinds, Event)
    except CodecError as error:
        raise LogError(str(error)) from None


class _EventReader:
    """Reads a log's event lines, each line's event read once per distinct text: a long game
    writes the same few hundred events again and again (a turn ending, a wheel turned to the same
    place), and records are immutable, so a line written as the log writes it,
    `{"seq":n,"event":E}` and its newline, whose E was read before gives that same event without
    decoding, parsing or converting E again. E is remembered only after its line was read in full
    and E alone parses as one JSON value: such a line then reads exactly as E did, so the
    shortcut never accepts a line that reading it in full would refuse or read otherwise."""

    KEEP = 4096  # distinct events remembered (and a save holds at most MAX_BYTES of text)

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.known: dict[bytes, Event] = {}

    def read(self, raw: bytes, seq: int) -> Event | None:
        """The event on line `raw` (bytes with its newline), which must be number `seq`; None for
        a blank line. Raises LogError."""
        prefix = _WRITTEN % seq
        written = raw.startswith(prefix) and raw.endswith(b"}\n") and len(raw) <= MAX_LINE_BYTES + 1
        if written and (event := self.known.get(raw[len(prefix) : -2])) is not None:
            return event
        text = _text(raw)
        if not text:
            return None
        event = _parse_event(text, seq, self.game)[1]
        if written and len(self.known) < self.KEEP:
            body = raw[len(prefix) : -2]
            try:
                parse(body.decode("utf-8"))
            except CodecError:
                return event
            self.known[body] = event
        return event


@record(frozen=False)
class Glance:
    """What the list of saves shows of one: its header and the seats to act (none: finished)."""

    header: Header
    to_act: tuple[int | None, ...]


def glance(first: bytes, last: list[bytes]) -> Glance | None:
    """A log's header and who is to act, from its first line and some of its last lines (whole
    lines, in order; the very last may lack its newline): the header is checked as on loading,
    the last lines only as far back as the game needs to tell who acts (`Game.to_act_after`).
    None when they do not tell, or one of them is not right: then only loading it whole can say
    what is wrong, naming the line. Nothing before those lines is checked. A last line without
    its newline was torn while saving: the last action may have been cut short, and only
    re-deciding it (loading) tells whether it is kept, so that too is None."""
    if last and last[-1] and not last[-1].endswith(b"\n"):
        return None
    try:
        header = _parse_header(_text(first).removeprefix("\ufeff"))
    except LogError:
        return None
    game = registry.get(header.game)
    events: list[Event] = []  # newest first
    seq = None  # the number the line before must have
    for raw in reversed(last):
        try:
            text = _text(raw)
            if not text:
                continue
            seq, event = _parse_event(text, seq, game)
            events.append(event)
            seq -= 1
        except LogError:
            return None
        to_act = game.to_act_after(events[::-1])
        if to_act is not None:
            return Glance(header, to_act)
    return None


def _initial(read: _Read) -> Any:
    return read.game.initial(read.header.players, read.header.options)


def _batches(read: _Read) -> list[int]:
    """Where each action's batch begins (its Acted); the log must begin with the set-up."""
    _set_up(read)
    # (the flags and the picking in C: a long save has tens of thousands of events)
    return list(compress(range(len(read.events)), map(is_, map(type, read.events), repeat(Acted))))


def _last_batches(read: _Read, count: int) -> list[int]:
    """The last `count` of `_batches(read)` (all of them if there are fewer), found from the end:
    showing a long game needs only its last actions, and finding them all waits for its check."""
    _set_up(read)
    events, starts = read.events, []
    for at in range(len(events) - 1, -1, -1):
        if type(events[at]) is Acted:
            starts.append(at)
            if len(starts) == count:
                break
    return starts[::-1]


def _set_up(read: _Read) -> None:
    """Refuse a log that does not begin with the game's set-up."""
    events, numbers = read.events, read.numbers
    if not events or events[0] != Acted(None, Start()):
        raise LogError(f"line {numbers[0] if numbers else 2}: the log must begin with the game's set-up")


def _replay(
    read: _Read, starts: list[int], state: Any, stop: int | None = None, every: int = 0
) -> Generator[None, None, tuple[Any, int]]:
    """Re-decide the recorded actions whose batches begin at `starts[:stop]` (`starts`: where
    each batch begins, from some action to the log's end) from `state` (the state before the
    first of them) and check each yields exactly its recorded events; yields after every `every`
    actions (0: never). Returns the state after them and how many of the log's events are kept
    (all but a last action cut short while saving, which is dropped with a warning)."""
    game, events, numbers, warnings = read.game, read.events, read.numbers, read.warnings
    ends = starts[1:] + [len(events)]
    drawing = {
        cls: cls.draws is not Event.draws
        for cls in game.kinds.values()  # most events draw nothing
        if issubclass(cls, Event)
    }
    stop = len(starts) if stop is None else stop
    for n, (start, end) in enumerate(zip(starts[:stop], ends[:stop]), 1):
        batch, last = events[start:end], end == len(events)
        acted = batch[0]
        if type(acted) is not Acted:  # never so: a batch begins with its Acted (`starts`)
            raise LogError(f"line {numbers[start]}: expected the record of an action")
        chance = Chance.replaying([d for event in batch if drawing.get(type(event), True) for d in event.draws()])
        try:
            turn = decide(game, state, acted.seat, acted.action, chance)
        except RigError as error:
            if last:  # the log stops before a chance outcome the action needs: cut while saving
                warnings.append(_DROPPED)
                read.dropped = Dropped(acted.seat, acted.action)
                return state, start
            raise LogError(f"line {numbers[start]}: {error.reason}") from None
        except Rejected as error:
            raise LogError(f"line {numbers[start]}: {error.reason}") from None
        if turn.events != batch:
            if last and turn.events[: len(batch)] == batch:
                warnings.append(_DROPPED)
                read.dropped = Dropped(acted.seat, acted.action)
                return state, start
            at = next(i for i, (a, b) in enumerate(zip(turn.events + [None], batch + [None])) if a != b)
            raise LogError(f"line {numbers[start + at]}: this event does not follow from the rules")
        if not chance.exhausted():
            raise LogError(f"line {numbers[start]}: the log records chance outcomes the rules did not use")
        state = turn.state
        if every and n % every == 0:
            yield
    return state, ends[stop - 1] if stop else 0


def _finish(steps: Generator[None, None, T]) -> T:
    """Run a generator to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value  # (StopIteration does not say the generator's type)
            return value


_DROPPED = "the last action was cut short while saving; it was dropped"


def fold(game: Game[State, View], header: Header, events: list[Event]) -> State:
    """The state after `events`, without any checking (for replays and tests)."""
    return fold_events(game, game.initial(header.players, header.options), events)


def fold_events(game: Game[State, View], state: State, events: Iterable[Event]) -> State:
    """The state after `events` from `state`: the rules' `evolve`, event by event (an `Evolver`'s
    own `fold`: a game whose evolve is `InPlace` folds them all into one working copy, rules/game.py)."""
    evolve = game.evolve
    if isinstance(evolve, Evolver):
        return evolve.fold(state, events)
    for event in events:
        state = evolve(state, event)
    return state
