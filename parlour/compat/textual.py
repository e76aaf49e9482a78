"""Textual's private APIs that Parlour relies on (checked by tests/test_compat.py; pinned in
pyproject.toml). Importing this module imports only what its functions need, when they run."""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from textual._xterm_parser import XTermParser
    from textual.app import App
    from textual.binding import Binding
    from textual.dom import DOMNode
    from textual.events import ScreenResume
    from textual.filter import LineFilter
    from textual.geometry import Size
    from textual.widget import Widget


def xterm_parser(debug: bool = False) -> XTermParser:
    """The xterm input parser Textual's own drivers use: `feed(text)` and `tick()` give the events
    of the keys and mouse. Public stand-in: none (a Driver subclass reading from elsewhere, here an
    SSH channel, must parse the keys itself).

    Textual caches `XTermParser._parse_extended_key` with a process-wide `lru_cache` whose keys
    hold the parser itself, and a parser holds (through its parse generator) the last key event,
    whose sender is its app: in a server, every session that pressed a key kept its whole app
    alive after it ended (up to 1024 of them). The parser made here computes it uncached."""
    return _uncached_parser()(debug)


@cache
def _uncached_parser() -> type[XTermParser]:
    """Textual's parser with `_parse_extended_key` undecorated (one class, made on first use)."""
    from textual._xterm_parser import XTermParser

    parse = XTermParser._parse_extended_key.__wrapped__

    class Parser(XTermParser):
        def _parse_extended_key(self, sequence: str) -> Any:  # type: ignore[override]
            return parse(self, sequence)

    return Parser


def forget_closed_widgets() -> None:
    """Empty the process-wide caches of Textual whose keys hold a widget's or an app's own objects:
    `StylesCache.get_inner_outer` (keyed by a widget's styles cache, which holds the widget's
    rendered lines) and `ANSIToTruecolor.truecolor_style` (keyed by an app's colour filter). Both
    are bounded (1024 entries) but keep what closed apps drew until pushed out; emptied, they
    refill from the live apps at the cost of a few colour lookups. Public stand-in: none."""
    from textual._styles_cache import StylesCache
    from textual.filter import ANSIToTruecolor

    StylesCache.get_inner_outer.cache_clear()
    ANSIToTruecolor.truecolor_style.cache_clear()


def keep_parts_at_close(app: App[Any], parts: list[object]) -> None:
    """Have `app` put its own objects into `parts` as it starts to close, before Textual takes its
    screens and widgets apart: itself, every screen and widget it has, each one's styles, and its
    animator and workers. Each belongs to this app alone (nothing shared between apps, such as a theme or the
    parsed CSS), so once the app is closed emptying their `__dict__`s breaks the reference cycles
    among them (parlour/fronts/serve/ui.py). Public stand-in: none (`App._close_all` is where
    Textual lets go of its screen stacks and its registry of widgets)."""
    close_all = app._close_all

    async def _close_all() -> None:
        nodes = [app, *app._registry, *(screen for stack in app._screen_stacks.values() for screen in stack)]
        components = [s.node for node in nodes for s in node._component_styles.values() if s.node is not None]
        for node in dict.fromkeys([*nodes, *components]):
            parts.extend((node, node._css_styles, node._inline_styles, node.styles, *node._component_styles.values()))
        parts.extend((app._animator, *app.workers))
        await close_all()

    app._close_all = _close_all  # type: ignore[method-assign]


def empty_caches(node: object) -> None:
    """Empty the LRU caches a closed app's `node` holds (its query results, its layouts): each is
    a ring of lists holding its keys and values (widgets), which `LRUCache.clear` leaves a ring, a
    cycle. Public stand-in: none."""
    from textual.cache import LRUCache

    for value in vars(node).values():
        if isinstance(value, LRUCache):
            for link in value._cache.values():
                link.clear()
            value.clear()


def active_app() -> ContextVar[App[Any]]:
    """The context variable holding the app of the running code (Textual sets it per app task).
    Public stand-in: `widget.app` / `self.app`, which needs a widget; a class-wide renderer has none."""
    from textual._context import active_app

    return active_app


def scroll_extent_in_place(widget: Widget, size: Size) -> None:
    """Give a scrolling widget a new virtual size without laying out its screen again: the
    reactive set quietly, the scrollbars told (`Widget._scroll_update`, which Textual's own layout
    calls when a size comes from it) and the widget repainted. Only for a widget whose box does
    not depend on its content (its scrollbar always shown). Public stand-in: `widget.virtual_size
    = size`, which lays out the whole screen (every widget placed again) on each change."""
    from textual.widget import Widget

    widget.set_reactive(Widget.virtual_size, size)
    widget._scroll_update(size)
    widget.refresh()


def resume_without_restyle(message: ScreenResume) -> None:
    """Tell a screen not to restyle its widgets when it handles this resume. `refresh_styles` is a
    public field, but the event is made by Textual; setting it after it is made (in the screen's
    `post_message`) relies on the screen reading it only when the event is handled."""
    message.refresh_styles = False


def capture_output_into(app: App[Any], stdout: TextIO, stderr: TextIO) -> None:
    """Where `print` and other writes to sys.stdout/stderr go while `app` runs: Textual swaps its
    `_capture_stdout`/`_capture_stderr` (its own capturing files) in with `redirect_stdout` and
    `redirect_stderr`, so any text stream serves. Public stand-in: none (an app cannot opt out)."""
    app._capture_stdout = stdout  # type: ignore[assignment]  # typed as Textual's class; only swapped in
    app._capture_stderr = stderr  # type: ignore[assignment]


def normalized_keymap(app_class: type[App[Any]], keymap: dict[str, str]) -> dict[str, str]:
    """The keymap with its keys in Textual's long form ("question_mark", not "?"), as `set_keymap`
    compares them with the bindings. Public stand-in: none (`set_keymap` normalises internally but
    does not say which entries it could not use, and the player's warnings need that)."""
    return dict(app_class._normalize_keymap(keymap))


def current_keymap(app: object) -> Mapping[str, str]:
    """The keymap the app last set with `App.set_keymap` (binding id -> keys, "a,b"), empty for
    an app that set none or an object that is no app. Textual keeps it in `App._keymap`.
    Public stand-in: none (`set_keymap` and `update_keymap` write it; nothing public reads it)."""
    keymap = getattr(app, "_keymap", None)
    return keymap if isinstance(keymap, Mapping) else {}


def share_parsed_css() -> None:
    """One cache of parsed CSS for the whole process instead of one per app (`parlour serve` runs
    an app per player). Every app's stylesheet parses the same CSS (Parlour's files, each widget's
    defaults) into the same rules, which nothing changes afterwards. Public stand-in: none.

    Relies on `Stylesheet._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)`
    returning the rules (a pure function of its arguments and the stylesheet's `_variables`), and
    on the `Stylesheet._variable_tokens` property (the variables tokenized) if it exists."""
    from textual.css.stylesheet import Stylesheet

    if getattr(Stylesheet, "parlour_shared", False):
        return
    own = Stylesheet._parse_rules
    shared: dict[tuple[Any, ...], Any] = {}
    # The last variables dict seen and its key, by identity: held here, so its identity cannot be
    # reused by another dict while it is remembered. A start parses ~34 sources with one dict.
    last: list[Any] = [None, ()]

    def theme_key(variables: dict[str, str]) -> tuple[Any, ...]:
        if last[0] is not variables:
            last[:] = [variables, tuple(sorted(variables.items()))]
        key: tuple[Any, ...] = last[1]
        return key

    def parse_rules(
        self: Any, css: str, read_from: Any, is_default_rules: bool = False, tie_breaker: int = 0, scope: str = ""
    ) -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope, theme_key(self._variables))
        rules = shared.get(key)
        if rules is None:
            rules = shared[key] = own(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]

    # The theme's variables as CSS tokens: tokenized once per theme, not once per app.
    tokens: dict[tuple[Any, ...], Any] = {}
    own_tokens = getattr(Stylesheet, "_variable_tokens", None)
    if isinstance(own_tokens, property):  # (a Textual without it tokenizes per app, as before)
        fget = own_tokens.fget
        assert fget is not None

        def variable_tokens(self: Any) -> Any:
            key = theme_key(self._variables)
            known = tokens.get(key)
            if known is None:
                if len(tokens) > 64:
                    tokens.clear()
                known = tokens[key] = fget(self)
            return known

        Stylesheet._variable_tokens = property(variable_tokens)  # type: ignore[method-assign,assignment]
    Stylesheet.parlour_shared = True  # type: ignore[attr-defined]


def own_bindings(node: DOMNode) -> list[Binding]:
    """The bindings a screen or widget declares itself (its BINDINGS and its bases'), which Textual keeps in `DOMNode._bindings`. Public stand-in: `App.active_bindings`, which
    gives the whole focus chain's (the app's and the focused widget's too)."""
    return [binding for bindings in node._bindings.key_to_bindings.values() for binding in bindings]


def use_colour_filter(app: App[Any], colour_filter: LineFilter | None) -> None:
    """Put `colour_filter` (NoColor, Monochrome or None) in place of the NO_COLOR filter Textual
    chose for `app` from the process's environment when the app was made (in `App._filters`): a
    server's apps each follow their own player's NO_COLOR. Public stand-in: none."""
    from textual.filter import Monochrome, NoColor

    app._filters = [f for f in app._filters if not isinstance(f, NoColor | Monochrome)]
    if colour_filter is not None:
        app._filters.append(colour_filter)
