"""The player's keymap checked against the keys Parlour has, and keys named in texts.

`checked_keymap` keeps the entries that name a real binding id and clash with no other key on the
same screen; each one it leaves out gets a warning naming its line. The screens' bindings are
handed to it (tui/screens/__init__.py `bindings_by_screen`): the screens import this module to
name keys, so it imports no screen. `key_names` says which keys
a binding id has now (after the keymap), the way the footer shows them, so every text that names
a key (the prompt, the hints, the help) follows the keymap."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeGuard

from textual.binding import Binding

from parlour.services.words.i18n import t


def checked_keymap(
    keymap: dict[str, str],
    lines: dict[str, int],
    app_bindings: list[Binding],
    screens: dict[str, list[Binding]],
    where: str = "keymap",
) -> tuple[dict[str, str], list[str]]:
    """The entries of `keymap` that can be used, and a warning for each one left out. `screens`:
    each screen's bindings by screen, as the screens declare them (tui/screens/__init__.py)."""
    known = {b.id for b in app_bindings if b.id} | {b.id for bs in screens.values() for b in bs if b.id}
    warnings, good = [], {}
    for name, keys in keymap.items():
        if name not in known:
            warnings.append(f"{where}, line {lines.get(name, '?')}: unknown key id {name!r} ignored")
        else:
            good[name] = keys
    kept: dict[str, str] = {}
    for name, keys in good.items():  # in file order: an entry clashing with what is kept so far
        clash = _clash(name, {**kept, name: keys}, app_bindings, screens)  # (or a default) goes
        if clash:
            warnings.append(
                f"{where}, line {lines.get(name, '?')}: {name} = {keys!r} ignored: {clash[0]} is already {clash[1]}"
            )
        else:
            kept[name] = keys
    return kept, warnings


def _clash(
    name: str, keymap: dict[str, str], app_bindings: list[Binding], screens: dict[str, list[Binding]]
) -> tuple[str, str] | None:
    """(key, the other id) when `name`'s keys are taken by another binding on a screen it is on."""
    for bindings in screens.values():
        everything = app_bindings + bindings
        if not any(b.id == name for b in everything):
            continue
        mine = set(_keys(name, keymap, everything))
        for other in everything:
            if other.id and other.id != name:
                taken = mine & set(_keys(other.id, keymap, everything))
                if taken:
                    return sorted(taken)[0], other.id
    return None


def _keys(binding_id: str, keymap: dict[str, str], bindings: list[Binding]) -> list[str]:
    if binding_id in keymap:
        return [k.strip() for k in keymap[binding_id].split(",") if k.strip()]
    return [k.strip() for b in bindings if b.id == binding_id for k in b.key.split(",")]


# ---- naming keys in texts -----------------------------------------------------------------------

_NAMES = {
    "space": "keys.space",
    "enter": "keys.enter_name",
    "escape": "keys.escape_name",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "question_mark": "?",
    "tab": "Tab",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
}
_ASCII_NAMES = {"up": "Up", "down": "Down", "left": "Left", "right": "Right"}


def key_name(key: str, ascii_only: bool = False) -> str:
    """How a text names one key: Space, Enter, Esc, ↑, x, Ctrl+Q."""
    if ascii_only and key in _ASCII_NAMES:
        return _ASCII_NAMES[key]
    name = _NAMES.get(key)
    if name is None:
        if key.startswith("ctrl+"):
            return "Ctrl+" + key_name(key[5:], ascii_only).upper()
        return key if len(key) == 1 else key.replace("_", " ").title()
    return t(name) if name.startswith("keys.") else name


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def with_keys(app: object, text: str, bindings: Sequence[Binding] = ()) -> str:
    """A text with its {roll}, {confirm}, {quit}... named as the keymap has them now (other
    braces are left as they are), in ASCII when the app is. A game's own keys (`bindings`, e.g.
    the presenter's) are named by their ids: {filmis_raid}, {smurf_wheel1}."""
    from parlour.services.command import command

    text = text.format_map(_Keep({**keys_named(app, bindings), "command": command()}))
    return in_charset(app, text)


def t_keys(app: object, key: str, bindings: Sequence[Binding] = (), **values: Any) -> str:
    """Catalogue text `key` with its keys named as in `with_keys` and its other placeholders
    filled from `values` (a player's name, which may hold braces, is never read as a key)."""
    return in_charset(app, t(key, **{**keys_named(app, bindings), **values}))


def keys_named(app: object, bindings: Sequence[Binding] = ()) -> dict[str, str]:
    """Every key placeholder a text may use, by binding id, named as the keymap has it now."""
    return {
        **{b.id: key_names(app, b.id, b.key) for b in bindings if b.id},
        "roll": key_names(app, "roll", "space,r", first_only=False),
        "confirm": key_names(app, "confirm", "enter"),
        "back": key_names(app, "back", "escape"),
        "help": key_names(app, "help", "question_mark"),
        "quit": key_names(app, "quit", "ctrl+q"),
        "resume": key_names(app, "title_resume", "r"),
        "log_up": key_names(app, "log_up", "pageup"),
        "log_down": key_names(app, "log_down", "pagedown"),
        "log_start": key_names(app, "log_start", "home"),
        "log_end": key_names(app, "log_end", "end"),
        "undo": key_names(app, "undo", "u"),
        "move": key_pair(key_names(app, "previous", "up"), key_names(app, "next", "down")),
        "slots": slots_named(app),
    }


def slot_keys(app: object) -> list[str]:
    """The names of the nine slot keys (`slot_1`…`slot_9`: a card in the hand, or option n)."""
    return [key_names(app, f"slot_{n}", str(n)) for n in range(1, 10)]


def slots_named(app: object) -> str:
    """The slot keys named together: "1-9" while they are the digits, else each of them."""
    from parlour.services.controller import named_together

    return named_together(slot_keys(app))


def key_pair(first: str, second: str) -> str:
    """Two keys named together: "↑↓" for two signs, "Ctrl+P/Ctrl+N" or "Up/Down" for longer names."""
    return first + second if len(first) == len(second) == 1 else f"{first}/{second}"


class Charset(Protocol):
    """An app that may show plain ASCII only (`--ascii`, or a terminal that shows no more): the
    Parlour apps. A bare Textual app (a test's, a tool's) does not say, and shows any text."""

    ascii_only: bool


def has_charset(app: object) -> TypeGuard[Charset]:
    return hasattr(app, "ascii_only")


def ascii_only(app: object) -> bool:
    """Whether `app` shows plain ASCII only."""
    return has_charset(app) and app.ascii_only


def in_charset(app: object, text: str) -> str:
    """`text` as the app's terminal can show it: plain ASCII in ASCII mode."""
    from parlour.services.words.i18n import asciify

    return asciify(text) if ascii_only(app) else text


def key_names(app: object, binding_id: str, default: str, first_only: bool = True) -> str:
    """The key(s) of binding `binding_id` now, named for a text (`default`: its keys in code)."""
    from parlour.compat.textual import current_keymap

    keymap = current_keymap(app)
    keys = [k.strip() for k in keymap.get(binding_id, default).split(",") if k.strip()]
    named = [key_name(k, ascii_only(app)) for k in (keys[:1] if first_only else keys)]
    return "/".join(named)
