"""What parlour/compat/ relies on in Textual and asyncssh is still there and behaves as assumed.

A failure here after upgrading a library names what changed: fix it in parlour/compat/ (and its
pinned range in pyproject.toml), not where it is used. The last test keeps every private name of
those libraries inside parlour/compat/."""

from __future__ import annotations

import inspect
import io
import re
import sys
import time
from contextvars import ContextVar
from pathlib import Path

import asyncssh
from textual import events
from textual.app import App
from textual.driver import Driver

from parlour.compat import textual as compat_textual
from parlour.compat.asyncssh import transport_of
from tests.source_lines import python_lines

ROOT = Path(__file__).resolve().parent.parent


def test_the_xterm_parser_turns_keys_into_events():
    parser = compat_textual.xterm_parser()
    keys = [e.key for e in parser.feed("a\x1b[A") if isinstance(e, events.Key)]
    assert keys == ["a", "up"]
    assert list(parser.feed("\x1b")) == []
    time.sleep(0.15)  # a lone Escape is a key once nothing follows it for a moment (the driver ticks)
    assert [e.key for e in parser.tick() if isinstance(e, events.Key)] == ["escape"]


def test_the_parser_holds_no_process_wide_cache_of_itself():
    from textual._xterm_parser import XTermParser

    cached = XTermParser._parse_extended_key
    assert hasattr(cached, "__wrapped__") and hasattr(cached, "cache_info")  # an lru_cache on the method
    parser = compat_textual.xterm_parser()
    before = cached.cache_info().currsize
    keys = [e.key for e in parser.feed("x\x1b[97;5u") if isinstance(e, events.Key)]  # kitty: ctrl+a
    assert keys == ["x", "ctrl+a"]
    assert cached.cache_info().currsize == before  # ours computes it: nothing keeps the parser


def test_the_caches_emptied_for_closed_widgets_are_lru_caches():
    from textual._styles_cache import StylesCache
    from textual.filter import ANSIToTruecolor

    for cached in (StylesCache.get_inner_outer, ANSIToTruecolor.truecolor_style):
        assert hasattr(cached, "cache_clear") and hasattr(cached, "cache_info")
    compat_textual.forget_closed_widgets()
    assert StylesCache.get_inner_outer.cache_info().currsize == 0


async def test_a_scroll_extent_set_in_place_moves_the_scrollbar_without_a_layout(monkeypatch):
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.scroll_view import ScrollView

    class Rows(ScrollView):
        DEFAULT_CSS = "Rows { overflow-y: scroll; height: 10; }"

    class Scrolling(App):
        def compose(self):
            yield Rows()

    app = Scrolling()
    async with app.run_test(size=(40, 20)) as pilot:
        rows = app.query_one(Rows)
        await pilot.pause()
        layouts = []
        lay_out = Screen._refresh_layout
        monkeypatch.setattr(Screen, "_refresh_layout", lambda s, *a, **k: layouts.append(1) or lay_out(s, *a, **k))
        compat_textual.scroll_extent_in_place(rows, Size(0, 50))
        await pilot.pause()
        assert rows.virtual_size == Size(0, 50) and rows.max_scroll_y == 40
        assert rows.vertical_scrollbar.window_virtual_size == 50 and rows.vertical_scrollbar.window_size == 10
        rows.scroll_end(animate=False, immediate=True)
        assert rows.scroll_y == 40
        assert layouts == []


async def test_the_active_app_is_the_running_app():
    assert isinstance(compat_textual.active_app(), ContextVar)
    app = App()
    async with app.run_test():
        assert compat_textual.active_app().get() is app


def test_a_screen_restyles_on_resume_only_when_asked():
    message = events.ScreenResume()
    assert message.refresh_styles is True
    compat_textual.resume_without_restyle(message)
    assert message.refresh_styles is False
    from textual.screen import Screen

    assert "event.refresh_styles" in inspect.getsource(Screen._on_screen_resume)  # read when handled


def test_the_stylesheet_parses_as_share_parsed_css_assumes():
    from textual.css.stylesheet import Stylesheet

    params = list(inspect.signature(Stylesheet._parse_rules).parameters)
    assert params == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    assert isinstance(Stylesheet.__dict__.get("_variable_tokens"), property) or Stylesheet.__dict__.get(
        "parlour_shared"
    )
    sheet = Stylesheet(variables={"primary": "red"})
    assert sheet._variables == {"primary": "red"}
    compat_textual.share_parsed_css()
    css = "Static { color: $primary; }"
    first = Stylesheet(variables={"primary": "red"})._parse_rules(css, ("a.tcss", ""))
    again = Stylesheet(variables={"primary": "red"})._parse_rules(css, ("a.tcss", ""))
    other = Stylesheet(variables={"primary": "blue"})._parse_rules(css, ("a.tcss", ""))
    assert first is again and first != other and len(first) == 1


async def test_an_app_writes_what_it_prints_to_the_streams_given():
    # parlour/fronts/serve/ui.py: each served app "captures" into the server's own streams.
    out, err = io.StringIO(), io.StringIO()

    class Printing(App[None]):
        def on_mount(self) -> None:
            print("said")
            print("warned", file=sys.stderr)

    app = Printing()
    compat_textual.capture_output_into(app, out, err)
    async with app.run_test() as pilot:
        await pilot.pause()
    assert (out.getvalue(), err.getvalue()) == ("said\n", "warned\n")


def test_a_driver_keeps_its_app_and_loop():
    # parlour/fronts/serve/channel.py's ChannelDriver uses the base class's `_app` and `_loop`, as
    # Textual's own drivers do.
    source = inspect.getsource(Driver.__init__)
    assert "self._app = app" in source and "self._loop = " in source


def test_a_keymap_is_normalised_to_the_long_key_names():
    from textual.app import App

    assert compat_textual.normalized_keymap(App, {"help": "?,ctrl+q"}) == {"help": "question_mark,ctrl+q"}


def test_a_server_process_starts_its_session_as_run_session_always_does():
    source = inspect.getsource(asyncssh.SSHServerProcess.session_started)
    for relied_on in ("self._chan", "self._session_factory(stdin, stdout, stderr)", "self._conn.create_task(handler"):
        assert relied_on in source
    assert list(inspect.signature(asyncssh.stream.SSHReader).parameters)[:2] == ["session", "chan"]
    assert list(inspect.signature(asyncssh.stream.SSHWriter).parameters)[:3] == ["session", "chan", "datatype"]


def test_the_keymap_set_is_read_back():
    # tui/keymap.py names the keys a player moved (key_names) from the keymap the app set.
    from textual.app import App

    app = App()
    assert compat_textual.current_keymap(app) == {}
    app.set_keymap({"help": "f1"})
    assert compat_textual.current_keymap(app) == {"help": "f1"}
    app.update_keymap({"quit": "ctrl+x"})
    assert compat_textual.current_keymap(app) == {"help": "f1", "quit": "ctrl+x"}
    assert compat_textual.current_keymap(object()) == {}


def test_an_ssh_connection_keeps_its_transport():
    source = inspect.getsource(asyncssh.connection.SSHConnection.connection_made)
    assert "self._transport = " in source
    assert "self._transport = None" in inspect.getsource(asyncssh.connection.SSHConnection)

    class Conn:
        _transport = object()

    assert transport_of(Conn()) is Conn._transport
    assert transport_of(object()) is None


PRIVATE = re.compile(
    r"textual\._|asyncssh\.[\w.]*\._|_parse_rules|_variable_tokens|_message_queue|"
    r"_transport\b|refresh_styles|_capture_std|_normalize_keymap|\._chan\b|_session_factory|\._conn\b|"
    r"[.'\"]_keymap\b"
)


def test_private_names_of_textual_and_asyncssh_are_used_only_in_parlour_compat():
    found = [
        f"{name}:{n}: {line.strip()}"
        for name, n, line in python_lines(skip=("parlour/compat/", "tests/"))
        if PRIVATE.search(line)
    ]
    assert found == [], "move these behind parlour/compat/:\n" + "\n".join(found)
