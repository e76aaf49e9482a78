"""The server's small parts on their own: client checks, key decoding, log escaping, back-off,
login slots, the name book and private files."""

from __future__ import annotations

import logging
import stat

import pytest

from parlour.fronts.serve import slots as slots_module
from parlour.fronts.serve.client import (
    BadClient,
    KeyDecoder,
    check_env,
    check_name,
    check_size,
    check_term,
    client_locale,
)
from parlour.fronts.serve.files import LooseFile, check_private, write_private
from parlour.fronts.serve.guard import Backoff, source
from parlour.fronts.serve.logsafe import RateLimited, escape
from parlour.fronts.serve.names import NameBook
from parlour.fronts.serve.slots import Slots, site


@pytest.mark.parametrize("name", ["Ann", "Åsa", "Jürgen", "Łucja", "Zoë", "Дарья", "美玲", "ann_2.b-c", "e\u0301lise"])
def test_names_in_any_script_are_allowed(name):
    assert check_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "x" * 25,
        "Ann Smith",
        "A/B",
        "Ann\x07",
        "Ann\n",
        "Ann\u202e",
        "A\u200bnn",
        "A\u200dnn",
        "\u0301Ann",
        "Ann\u2066",
        "😀",
        "Ann\x9b",
    ],
)
def test_control_bidi_zero_width_and_symbols_are_refused_in_names(name):
    with pytest.raises(BadClient):
        check_name(name)


def test_term_env_and_size_are_checked():
    assert check_term("xterm-256color") == "xterm-256color"
    for bad in ("", None, "xterm\0", "xterm\x1b]0;x\x07", "x" * 65, "xterm\n"):
        with pytest.raises(BadClient):
            check_term(bad)
    assert check_env({"LANG": "sv_SE.UTF-8", "COLORTERM": "truecolor", "PATH": "/evil", "LC_ALL": "x\ny"}) == {
        "LANG": "sv_SE.UTF-8",
        "COLORTERM": "truecolor",
    }
    assert (
        check_size(0, -5) == (80, 24)
        and check_size(10**9, 3) == (500, 3)
        and check_size(3, 10**9) == (3, 200)
        and check_size("80", 1.5) == (80, 24)
    )


def test_the_locale_gives_language_ascii_mode_and_input_charset():
    assert client_locale({"LANG": "sv_SE.UTF-8"}) == ("sv", False, "utf-8")
    assert client_locale({"LANG": "sv_SE.ISO-8859-1"}) == ("sv", True, "iso8859-1")
    assert client_locale({"LANG": "C"}) == ("en", True, "latin-1")
    assert client_locale({}) == ("en", False, "utf-8")
    assert client_locale({"LANG": "en_US.NOSUCH"})[2] == "latin-1"


def test_keys_are_decoded_in_the_clients_charset_and_never_raise():
    assert KeyDecoder("iso8859-1").feed(b"\xe5\xe4\xf6") == "åäö".encode()
    assert KeyDecoder("iso8859-1").feed(b"\x9b") == "\ufffd".encode()  # a C1 control is not passed on
    utf8 = KeyDecoder("utf-8")
    assert utf8.feed(b"\xc3") == b"" and utf8.feed(b"\xa5") == "å".encode()  # split across reads
    assert utf8.feed(b"\xff") == "\ufffd".encode()
    assert KeyDecoder("no-such-charset").feed(b"a") == b"a"


def test_log_escaping_keeps_letters_and_shows_controls():
    assert escape("Åsa") == "Åsa"
    assert escape("a\nb\x1b]0;t\x07\u2028\\") == "a\\x0ab\\x1b]0;t\\x07\\u2028\\\\"


def test_a_flood_of_log_lines_is_summed_up():
    records = []
    logger = logging.getLogger("test.ratelimited")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.addHandler(type("H", (logging.Handler,), {"emit": lambda self, r: records.append(r.getMessage())})())
    now = [0.0]
    limited = RateLimited(logger, per_window=3, window=60, clock=lambda: now[0])
    for i in range(1000):
        limited.info("refused %d", i)
    now[0] = 61
    limited.info("refused again")
    assert records == [
        "refused 0",
        "refused 1",
        "refused 2",
        "997 more such lines in the last 60 s were not written",
        "refused again",
    ]


def test_backoff_lets_a_typo_pass_then_doubles_and_serialises_tries():
    now = [0.0]
    backoff = Backoff(clock=lambda: now[0], free=3, base=1, cap=8, forget=600)
    for _ in range(3):
        assert backoff.turn("a") == 0
        backoff.failed("a")
    assert backoff.turn("a") == 1  # the fourth try waits
    assert backoff.turn("a") is None  # a concurrent fifth may not wait behind it: refused
    now[0] += 1
    assert backoff.turn("a") == 1  # once the fourth is judged, the next waits its own turn, not longer
    assert backoff.turn("a", "password:ann", known=True) == 0  # the owner's, where she logged in: not behind it
    from parlour.fronts.serve.guard import WAITING_TRIES

    crowd = [f"x{i}" for i in range(WAITING_TRIES + 1)]
    for src in crowd:
        for _ in range(3):
            backoff.failed(src)
    waits = [backoff.turn(src) for src in crowd]
    assert None not in waits[: WAITING_TRIES - 1] and waits[-1] is None  # (with "a"'s, 64 wait in all)
    for _ in range(10):
        backoff.failed("a")
    assert backoff.delay(13) == 8
    assert backoff.turn("b") == 0  # another address is not slowed
    now[0] = 10_000
    assert backoff.turn("a") == 0  # forgotten after a quiet while
    backoff.failed("c")
    backoff.succeeded("c")
    assert "c" not in backoff.records


def test_login_slots_per_address_and_in_all_and_fair_when_full():
    now = [0.0]
    slots = Slots(per_source=2, total=3, clock=lambda: now[0])
    assert slots.take("a1", "a") and slots.take("a2", "a") and not slots.take("a3", "a")
    assert slots.own_share_taken("a") and slots.victim("a") is None  # its own share: it waits
    assert slots.take("b1", "b") and not slots.take("c1", "c")
    assert slots.victim("c") is None  # full, but every login is under way: it waits its turn
    now[0] += slots_module.EVICT_AFTER
    assert slots.victim("c") == "a1"  # full: the busiest address's oldest, too slow, makes room
    assert slots.wait("a3", "a")
    assert slots.give_back("a2") == ["a3"]  # a wait ends when one of its address's finishes
    assert source("::ffff:10.0.0.1") == "10.0.0.1" and source("2001:db8::1") == source("2001:db8::2") == "2001:db8::/64"


def test_a_crowd_from_many_addresses_at_once_waits_its_turn_and_none_is_shed():
    """Issue 41: 50 players from 50 addresses in one second; before, 18 were closed (each newcomer
    took the oldest login of a busiest site: every site held one) and told an untrue reason."""
    slots = Slots(per_source=4, total=32, clock=lambda: 0.0)
    outcomes = [slots.enter(Holder(), f"10.0.0.{i}") for i in range(100)]
    assert outcomes.count(slots_module.TAKEN) == 32 and outcomes.count(slots_module.WAITING) == 68
    assert not any(holder.evicted_ for holder in slots.holders)
    first = next(iter(slots.holders))
    assert len(slots.give_back(first)) == 1  # a login done: the first waiting one's turn


class Holder:
    def __init__(self):
        self.evicted_ = False

    def admitted(self) -> None:
        pass

    def evicted(self) -> None:
        self.evicted_ = True


def test_an_ipv6_site_holds_a_few_login_slots_however_many_64s_it_has():
    slots = Slots(per_source=4, total=32)
    sixty_fours = [source(f"2001:db8:0:{i}::1") for i in range(8)]  # a /61
    taken = sum(slots.take(object(), src) for src in sixty_fours for _ in range(4))
    assert taken == 8 and site(sixty_fours[0]) == "2001:db8::/48"  # not all 32


def test_the_name_book_binds_names_and_persists_owner_only(tmp_path):
    path = tmp_path / "state" / "names.json"
    book = NameBook(path)
    assert book.claim("Ann", "key:A") and book.claim("ANN", "key:A") and not book.claim("ann", "key:B")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not NameBook(path).claim("Ann", "key:B")
    path.write_text("{not json")
    with pytest.raises(ValueError):
        NameBook(path)


async def test_names_bound_together_are_written_once_and_a_stop_writes_them(tmp_path, monkeypatch):
    import parlour.fronts.serve.names as names

    writes = []
    monkeypatch.setattr(names, "write_private", lambda path, data: writes.append(data))
    book = NameBook(tmp_path / "names.json")
    assert all(book.claim(name, "open") for name in ("Ann", "Bob", "Cid"))
    assert writes == []  # not one write per name while a crowd connects
    book.flush()  # what a stop does (and the timer, SAVE_DELAY after the first new name)
    assert len(writes) == 1 and all(name in writes[0].decode() for name in ("ann", "bob", "cid"))
    book.flush()
    assert len(writes) == 1  # nothing new: nothing written


def test_private_files_are_written_whole_and_loose_ones_refused(tmp_path):
    path = tmp_path / "secret"
    (tmp_path / "secret.tmp").write_text("planted")
    write_private(path, b"one")
    assert path.read_bytes() == b"one" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not (tmp_path / "secret.tmp").exists()
    check_private(path)
    path.chmod(0o640)
    with pytest.raises(LooseFile, match="chmod 600"):
        check_private(path)


def test_quota_options_change_one_kind_and_refuse_nonsense_with_a_sentence():
    from parlour.fronts.serve.quotas import PERSONAL, SHARED, parse

    quotas = parse(["connections=5", "shared.names=7"])
    assert quotas.personal.connections == 5 and quotas.shared.names == 7
    assert quotas.personal.names == PERSONAL.names and quotas.shared.connections == SHARED.connections
    assert quotas.of("key:SHA256:x") is quotas.personal and quotas.of("password") is quotas.shared
    for bad in ("connections", "tables=0", "other.tables=2", "bogus=3"):
        with pytest.raises(ValueError, match="WHAT=N or shared.WHAT=N"):
            parse([bad])


def test_a_paste_is_bounded_in_characters_and_time_and_markers_may_be_split():
    from parlour.fronts.serve.paste import END, START, PasteGuard

    now = [0.0]
    guard = PasteGuard(most=10, seconds=3, clock=lambda: now[0])
    assert (
        guard.feed("ab\x1b[20") + guard.feed("0~hello") + guard.feed("\x1b[2") + guard.feed("01~c")
        == "ab" + START + "hello" + END + "c"
    )  # split markers are found; a short paste passes whole
    out = guard.feed(START + "x" * 50)
    assert out == START + "x" * 10 + END and guard.ended == 1  # cut at 10, ended here
    assert guard.feed("y" * 100 + END + "k") == "k"  # the rest of it dropped, up to the client's end
    assert guard.feed(START + "slow") == START + "slow"
    now[0] = 5.0
    assert guard.feed("more") == END  # open too long: ended at the next keystroke
    now[0] = 9.0
    assert guard.feed("j") == "j"  # a paste never ended by its client: keys count again in time


def test_every_kind_of_log_line_has_a_budget():
    import logging as logging_module

    from parlour.fronts.serve.logsafe import LineBudget

    now = [0.0]
    budget = LineBudget(rate=1.0, burst=5, clock=lambda: now[0])

    def record(msg):
        return logging_module.LogRecord("x", logging_module.INFO, __file__, 1, msg, (), None)

    passed = sum(budget.filter(record("refused %s")) for _ in range(100))
    assert passed == 5 and budget.filter(record("another kind %s"))  # kinds are counted apart
    now[0] = 2.0
    kept = record("refused %s")
    assert budget.filter(kept) and kept.msg.startswith("(95 lines like this one were not written)")
