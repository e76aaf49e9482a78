"""What parlour/compat/ relies on in Textual and asyncssh is still there and behaves as assumed.

A failure here after upgrading a library names what changed: fix it in parlour/compat/ (and its
pinned range in pyproject.toml), not where it is used. The last test keeps every private name of
those libraries inside parlour/compat/."""

from __future__ import annotations

import inspect
import io
import sys
import time
from contextvars import ContextVar
from pathlib import Path

import asyncssh
from textual import events
from textual.app import App

from parlour.compat import textual as compat_textual, textual_serve as compat_textual_serve
from parlour.compat.asyncssh import transport_of
from tests.private_names import imported_libraries, private_uses
from tests.source_lines import folders_of_tests

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


async def test_a_tab_service_adopts_a_process_as_textual_serve_starts_one(monkeypatch):
    # parlour/compat/textual_serve.py: AppService starts its process in `_open_app_process` and
    # keeps it in `_process` and its stdin in `_stdin`; the server runs a tab in `_process_messages`.
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    source = inspect.getsource(AppService._open_app_process)
    assert "self._process = process" in source and "self._stdin = process.stdin" in source
    assert "process = self._process" in inspect.getsource(AppService.run)  # the process it reads
    assert list(inspect.signature(Server._process_messages).parameters) == ["self", "websocket", "app_service"]

    class Process:
        stdin = object()

    sizes = []

    class Ready(compat_textual_serve.AdoptingService):
        def process_size(self, width: int, height: int) -> tuple[int, int]:
            return min(width, 100), min(height, 50)

        async def ready_process(self):
            return Process()

    async def sized(self, width, height):
        sizes.append((width, height))

    monkeypatch.setattr(AppService, "set_terminal_size", sized)
    service = Ready("true", write_bytes=None, write_str=None, close=None, download_manager=None)
    process = await compat_textual_serve.start_process(service, 300, 40)
    assert service._process is process and service.stdin is Process.stdin and sizes == [(100, 40)]


async def test_own_bindings_and_the_colour_filter_of_an_app():
    from textual.binding import Binding
    from textual.filter import Monochrome, NoColor
    from textual.widgets import Static

    class Keys(Static):
        BINDINGS = [Binding("x", "app.bell", id="ring")]

    class Keyed(App[None]):
        def compose(self):
            yield Keys()

    app = Keyed()
    async with app.run_test():
        assert [(b.id, b.key) for b in compat_textual.own_bindings(app.query_one(Keys))] == [("ring", "x")]
        compat_textual.use_colour_filter(app, Monochrome())
        compat_textual.use_colour_filter(app, NoColor())
        assert [type(f) for f in app._filters if isinstance(f, NoColor | Monochrome)] == [NoColor]
        compat_textual.use_colour_filter(app, None)
        assert not [f for f in app._filters if isinstance(f, NoColor | Monochrome)]


def test_private_names_of_libraries_are_used_only_in_parlour_compat():
    # Any `x._name` of a library's object (or a library's private module or name imported), found
    # by reading the code (tests/private_names.py), not from a list of names already known. Tests
    # read libraries' insides to check what a screen shows, and the tools (copied into older
    # checkouts to measure them, so they cannot rely on this checkout's parlour/compat/)
    # instrument them: both are left out.
    found = private_uses(outside=("parlour/compat/", *folders_of_tests(), "tools/"))
    assert found == [], "move these behind parlour/compat/:\n" + "\n".join(found)


def test_every_library_the_code_imports_is_a_dependency_bounded_as_pyproject_says():
    # The next minor for a library parlour/compat/ reaches into, and for a 0.x one; the next
    # major for the others (the rule written above pyproject.toml's dependencies).
    import importlib.metadata
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = [line for name, lines in project["optional-dependencies"].items() if name != "test" for line in lines]
    # the dependencies, and the extras a command imports only when asked (`broker`: redis)
    listed = {Requirement(line).name.lower(): Requirement(line) for line in [*project["dependencies"], *extras]}
    libraries = imported_libraries(outside=(*folders_of_tests(), "tools/"))
    imported = set().union(*libraries.values())
    private = set().union(*(found for path, found in libraries.items() if path.startswith("parlour/compat/")))
    assert {"textual", "asyncssh", "textual_serve", "aiohttp"} <= private
    distributions = importlib.metadata.packages_distributions()
    for module in sorted(imported - set(sys.stdlib_module_names)):
        (name,) = {d.lower() for d in distributions[module]}
        assert name in listed, f"{module} is imported but {name} is not among the dependencies"
        tested = importlib.metadata.version(name)
        major, minor = (int(part) for part in tested.split(".")[:2])
        uppers = [spec.version for spec in listed[name].specifier if spec.operator == "<"]
        minor_bound = module in private or major == 0
        wanted = f"{major}.{minor + 1}" if minor_bound else str(major + 1)
        assert uppers == [wanted], f"{name} (tested on {tested}) wants `<{wanted}`, not {uppers}"
        assert tested in listed[name].specifier, f"{name} {tested} is outside {listed[name].specifier}"
