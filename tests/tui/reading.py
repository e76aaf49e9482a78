"""Reading the screen as a player sees it: the compositor's output, row by row, and the checks a
player would make by eye. Nothing here reads a widget's own fields: a part of the screen is found
by its place (the bottom row is the key bar, a panel is the rectangle the compositor gave it) and
read from the composed text; what a text widget *wants* to show is asked through Textual's own
`Static.visual` (what it would render), so a panel that cuts its text is caught."""

from __future__ import annotations

import re
from collections import Counter

from rich.text import Text
from textual.geometry import Region
from textual.widgets import Static

from parlour.services.words.i18n import asciify, t
from parlour.tui.widgets.keybar import SHORTEST


def screen_rows(app) -> list[str]:
    """The composed screen, one string per row (each wide character once)."""
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]


def _strips(app):
    return list(app.screen._compositor.render_strips())


def visible_region(app, widget) -> Region:
    """The part of the screen `widget`'s content is drawn in (clipped by its containers)."""
    geometry = app.screen.find_widget(widget)
    return geometry.region.shrink(widget.styles.gutter).intersection(geometry.clip)


def rows_in(app, region: Region, strips=None) -> list[str]:
    """The composed rows inside `region`."""
    strips = strips if strips is not None else _strips(app)
    return [strips[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]


def wanted_text(widget) -> str:
    """What a text widget would show, as plain text (Textual's own rendering of its content)."""
    content = widget.visual
    plain = getattr(content, "plain", None)
    if plain is None:  # a Rich renderable that says what it shows
        plain = getattr(getattr(content, "_renderable", None), "plain", None)
    if plain is None:
        plain = getattr(content, "_text", None)
        plain = plain.plain if isinstance(plain, Text) else str(content)
    return plain


def _scrolls_with_a_cue(widget) -> bool:
    """True when the widget sits in a container that scrolls vertically and shows its scrollbar."""
    for node in widget.ancestors_with_self:
        if getattr(node, "max_scroll_y", 0) > 0 and getattr(node, "show_vertical_scrollbar", False):
            return True
    return False


def text_widgets(app) -> list[Static]:
    """The text panels on screen now (shown, with room)."""
    found = []
    for widget in app.screen.query(Static):
        if not widget.display or not widget.visible or not widget.is_mounted:
            continue
        try:
            region = visible_region(app, widget)
        except Exception:  # not placed (hidden in a container that is not shown)
            continue
        if region.area:
            found.append(widget)
    return found


def cut_texts(app, strips=None) -> list[str]:
    """What a text widget wants to show but no row shows, nor a scrollbar says lies beyond (a
    word clipped at a border, or a line that no row reaches). Each problem as a sentence."""
    strips = strips if strips is not None else _strips(app)
    problems = []
    for widget in text_widgets(app):
        wanted = Counter(wanted_text(widget).split())
        if not wanted:
            continue
        region = visible_region(app, widget)
        seen = Counter(" ".join(rows_in(app, region, strips)).split())
        missing = wanted - seen
        # A scrollbar says there is more above or below, never beside: a widget wider than the
        # room it is shown in, or one that shows none of its text, is cut whatever scrolls.
        clipped = widget.content_region.width > region.width or not seen
        if missing and (clipped or not _scrolls_with_a_cue(widget)):
            problems.append(f"{widget!r} cuts {sorted(missing)[:6]}")
    return problems


def _indent(row: str) -> int:
    return len(row) - len(row.lstrip(" "))


def lost_indents(app, strips=None) -> list[str]:
    """Rows that continue a wrapped, indented line further left than the line began."""
    strips = strips if strips is not None else _strips(app)
    problems = []
    for widget in text_widgets(app):
        lines = [line for line in wanted_text(widget).split("\n") if line.strip()]
        rows = [row.rstrip() for row in rows_in(app, visible_region(app, widget), strips)]
        i, rest, first = 0, "", True
        for row in rows:
            shown = row.strip()
            if not shown:
                continue
            if not rest:  # a new line: find it (the view may start part way down)
                while i < len(lines) and not lines[i].strip().startswith(shown):
                    i += 1
                if i >= len(lines):
                    break
                rest, indent, first = lines[i].strip(), _indent(lines[i]), True
                i += 1
            if not rest.startswith(shown):
                rest = ""
                continue
            if not first and _indent(row) < indent:
                problems.append(f"{widget!r}: {row!r} continues a line indented {indent}")
            rest, first = rest[len(shown) :].lstrip(), False
    return problems


# ---- the key bar -------------------------------------------------------------------------------

# Keys a screen works with but leaves out of its bar on purpose (the help names them): moving a
# cursor, scrolling the log, undo saying why it cannot, and the slot keys 2-9 (the bar names 1-9 as one entry).
UNSHOWN = re.compile(
    r"^(undo_refused|move|log|log_start|log_end|slot\([2-9]\)|replay_.*|focus.*|scroll.*|app\..*|screen\..*)"
)


def key_bar_problems(app, strips=None) -> list[str]:
    """The bottom row names every key that works now, each entry whole, within the width."""
    strips = strips if strips is not None else _strips(app)
    bar = strips[-1].text
    problems = []
    if bar.rstrip() and len(bar.rstrip()) >= app.size.width:
        problems.append(f"the key bar fills the row to its end (cut?): {bar!r}")
    if type(app.screen).__name__ == "HelpScreen":
        return problems
    shown = " ".join(bar.split())
    entries: dict[str, list[str]] = {}  # each action that works now: the entries that would name it
    for node, binding, enabled, _tip in app.screen.active_bindings.values():
        if node not in (app, app.screen) or not enabled or UNSHOWN.match(binding.action):
            continue
        if node is app and binding.id is None:  # Textual's own (Ctrl+C to copy): not the game's
            continue  # (a focused list's or scroller's own keys are its container's business)
        # the key and (at least) the first word of what it does: a crowded bar may shorten labels
        entry = f"{app.get_key_display(binding)} {binding.description.split(' ')[0]}".strip()
        if app.ascii_only:
            entry = asciify(entry)
        entries.setdefault(binding.action, []).append(entry)
    for named in entries.values():
        if not any(entry in shown or _merged_entry(entry, shown) for entry in named):
            problems.append(f"the key bar lacks {named[0]!r} (a key that works now): {bar.rstrip()!r}")
    return problems


def _merged_entry(entry: str, shown: str) -> bool:
    """The key named with its neighbours that do the same ("w/e Wheel" names w and e), its
    label whole or, on the most crowded bar, its first letters (tui/widgets/keybar.py)."""
    key, _, label = entry.partition(" ")
    for named in {label, label[:SHORTEST]}:
        if any(key in group.split("/") for group in re.findall(rf"(\S+) {re.escape(named)}(?!\S)", shown)):
            return True
    return False


# ---- the prompt and the hand --------------------------------------------------------------------


def _region_of(app, selector: str) -> Region | None:
    found = app.screen.query(selector)
    if not found:
        return None
    try:
        return visible_region(app, found.first())
    except Exception:
        return None


def prompt_text(app, strips=None) -> str:
    region = _region_of(app, "#prompt")
    return " ".join(row.strip() for row in rows_in(app, region, strips)) if region else ""


def hand_slots(app, strips=None) -> dict[str, str]:
    """The hand as shown beside the board: slot key -> the card's words on that row."""
    region = _region_of(app, "#hand-box")
    if region is None:
        return {}
    slots = {}
    for row in rows_in(app, region, strips):
        found = re.match(r"^(\d) (\S.*?)\s*$", row.strip())
        if found:
            slots[found.group(1)] = found.group(2)
    return slots


def slot_mismatches(app, strips=None) -> list[str]:
    """A prompt option numbered n that names a card must name the card in hand slot n."""
    slots = hand_slots(app, strips)
    if not slots:
        return []
    options = re.findall(r"\[(\d)\] (.+?)(?=\s+\[\d\]|\s{2}|$)", prompt_text(app, strips))
    # A card is chosen when two or more options each name a card in the hand.
    naming = [(key, label, [card for card in set(slots.values()) if card in label]) for key, label in options]
    naming = [(key, label, named) for key, label, named in naming if named]
    if len(naming) < 2:
        return []
    return [
        f"option [{key}] {label!r} names {named} but slot {key} holds {slots.get(key)!r}"
        for key, label, named in naming
        if key not in slots or slots[key] not in label
    ]


def status_problems(app, game_id: str, names, strips=None) -> list[str]:
    """The status line's "your last turn" never repeats a turn heading of the log."""
    prefix = t("game.last_turn", line="").strip()
    text = prompt_text(app, strips)
    if app.ascii_only:
        prefix = asciify(prefix)
    if prefix not in text:
        return []
    told = text.split(prefix, 1)[1].strip()
    headings = {t(f"{game_id}.log.turn", name=n) for n in names} | {t(f"{game_id}.log.turn", name="")}
    if app.ascii_only:
        headings = {asciify(h) for h in headings}
    return [
        f"the status line repeats a heading: {told!r}" for h in headings if h.strip() and told.startswith(h.strip())
    ]


def non_ascii(app, strips=None) -> list[str]:
    rows = [strip.text for strip in (strips if strips is not None else _strips(app))]
    return [f"row {y}: {row!r}" for y, row in enumerate(rows) if not row.isascii()]
