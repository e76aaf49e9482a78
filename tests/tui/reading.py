"""Reading the screen as a player sees it: the compositor's output, row by row, and the checks a
player would make by eye. Nothing here reads a widget's own fields: a part of the screen is found
by its place (the bottom row is the key bar, a panel is the rectangle the compositor gave it) and
read from the composed text; what a text widget *wants* to show is asked through Textual's own
`Static.visual` (what it would render), so a panel that cuts its text is caught."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from rich.text import Text
from textual.geometry import Region
from textual.widgets import Static

from parlour.services.words.i18n import You, asciify, catalogue, t
from parlour.tui.widgets.keybar import SHORTEST


def screen_rows(app) -> list[str]:
    """The composed screen, one string per row (each wide character once; a no-break space as
    the space it shows)."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip).replace("\xa0", " ") for strip in strips]


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

# Keys a screen works with but leaves out of its bar on purpose (the help names them, and the
# README says so): moving a cursor, scrolling the log, undo saying why it cannot. The slot keys
# are checked as one entry (slot_entry).
UNSHOWN = re.compile(r"^(undo_refused|move|log|log_start|log_end|slot\(|replay_.*|focus.*|scroll.*|app\..*|screen\..*)")


def _entry(app, binding) -> str:
    """The key and (at least) the first word of what it does, without the comma that joined it
    to the rest ("Save, quit"): a crowded bar may shorten labels."""
    entry = f"{app.get_key_display(binding)} {binding.description.split(' ')[0].rstrip(',;:&')}".strip()
    return asciify(entry) if app.ascii_only else entry


def key_bar_problems(app, strips=None) -> list[str]:
    """The bottom row names every key that works now, each entry whole, within the width, and
    no key that does nothing now (Space while a card is chosen, a digit with no card or option)."""
    strips = strips if strips is not None else _strips(app)
    bar = strips[-1].text
    problems = []
    if bar.rstrip() and len(bar.rstrip()) >= app.size.width:
        problems.append(f"the key bar fills the row to its end (cut?): {bar!r}")
    if type(app.screen).__name__ == "HelpScreen":
        return problems
    shown = " ".join(bar.split())
    entries: dict[str, list[str]] = {}  # each action that works now: the entries that would name it
    dead: set[str] = set()  # the entries of the keys that do nothing now
    slots: list[str] = []  # the slot keys that work now
    for node, binding, enabled, _tip in app.screen.active_bindings.values():
        if node not in (app, app.screen):
            continue
        if node is app and binding.id is None:  # Textual's own (Ctrl+C to copy): not the game's
            continue  # (a focused list's or scroller's own keys are its container's business)
        if binding.action.startswith("slot("):
            slots += [app.get_key_display(binding)] if enabled else []
            continue
        if not binding.show or UNSHOWN.match(binding.action):
            continue
        if enabled:
            entries.setdefault(binding.action, []).append(_entry(app, binding))
        else:
            dead.add(_entry(app, binding))
    for named in entries.values():
        if not any(entry in shown or _merged_entry(entry, shown) for entry in named):
            problems.append(f"the key bar lacks {named[0]!r} (a key that works now): {bar.rstrip()!r}")
    for entry in sorted(dead - {e for named in entries.values() for e in named}):
        if re.search(rf"(?<!\S){re.escape(entry)}(?!\S)", shown):
            problems.append(f"the key bar offers {entry!r}, a key that does nothing now: {bar.rstrip()!r}")
    problems += _slot_entry_problems(app, slots, shown)
    problems += _roll_while_chosen(app, shown, strips)
    return problems


def card_chosen(app, strips=None) -> bool:
    """True when the prompt says a card is chosen and waits for Enter or Esc ("Enter: Play
    Blindfold · Esc: back")."""
    asked = t("game.confirm_keys", confirm="\0", choice="\0", back="\0")
    asked = re.escape(asciify(asked) if app.ascii_only else asked).replace("\0", ".+?")
    return re.search(asked, prompt_text(app, strips)) is not None


def _roll_while_chosen(app, shown: str, strips=None) -> list[str]:
    """A chosen card waits for Enter or Esc: the bar offers no roll then (Space would follow
    Garfield instead)."""
    roll = t("keys.roll")
    roll = asciify(roll) if app.ascii_only else roll
    if card_chosen(app, strips) and re.search(rf"(?<!\S)\S+ {re.escape(roll)}(?!\S)", shown):
        return [f"the key bar offers {roll!r} while a chosen card waits for Enter or Esc: {shown!r}"]
    return []


def _slot_entry_problems(app, live: list[str], shown: str) -> list[str]:
    """The bar's entry for the slot keys names exactly the ones that work now ("3/4 Choose",
    "1-5")."""
    if type(app.screen).__name__ != "GameScreen":
        return []
    label = t("keys.play_card").split(" ")[0]
    label = asciify(label) if app.ascii_only else label
    found = [_keys_in(entry) for entry in re.findall(rf"(?<!\S)(\S+) {re.escape(label)}(?!\S)", shown)]
    if sorted(live) in [sorted(keys) for keys in found] or not (live or found):
        return []
    return [f"the key bar names the slot keys {found}, the ones that work now are {live}: {shown!r}"]


def _keys_in(entry: str) -> list[str]:
    """The keys an entry names: "1-3/6" is 1, 2, 3 and 6."""
    keys = []
    for part in entry.split("/"):
        low, dash, high = part.partition("-")
        keys += (
            [str(n) for n in range(int(low), int(high) + 1)] if dash and low.isdigit() and high.isdigit() else [part]
        )
    return keys


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
    """A prompt option that names a card of the numbered hand is numbered with that card's slot
    (a question of one card, "Play a Lasagna?", too)."""
    slots = hand_slots(app, strips)
    if not slots:
        return []
    options = re.findall(r"\[(\d)\] (.+?)(?=\s+\[\d\]|\s{2}|$)", prompt_text(app, strips))
    naming = [(key, label, [card for card in set(slots.values()) if card in label]) for key, label in options]
    naming = [(key, label, named) for key, label, named in naming if named]
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


# ---- the words ----------------------------------------------------------------------------------


def last_turn_problems(app, game_id: str, names, strips=None) -> list[str]:
    """ "Your last turn: …" tells a line of the log (its own record of the move) whose subject is
    the player at the keyboard ("You rolled…", "RAZZIA! You blew…"): not Garfield's card, not
    another player's line, not what befell the player."""
    prefix = t("game.last_turn", line="").strip()
    you = t("game.you_subject")
    if app.ascii_only:
        prefix, you = asciify(prefix), asciify(you)
    text = prompt_text(app, strips)
    if not isinstance(names[0], You) or type(app.screen).__name__ != "GameScreen":
        return []
    if prefix in text:
        told = " ".join(text.split(prefix, 1)[1].split())
    else:  # what the status line tells while the others play (bots move too fast to read it)
        told = " ".join(app.screen.control.last_turn.split())
        told = asciify(told) if app.ascii_only else told
    if not told:
        return []
    logged = [" ".join(line.split()) for line in app.screen.query_one("#log").texts]
    problems = []
    if not any(line and (told == line or told.startswith(line + " ")) for line in logged):
        problems.append(f"the last turn tells a line the log does not: {told!r}")
    if not re.match(rf"(?:\S+! )?{re.escape(you)}\b", told):
        problems.append(f"the last turn names no move of the player's: {told!r}")
    return problems


# An escape of a control or format character (shown.py's): the game's own text never has one, and
# the names these games are played with have none to escape.
ESCAPED = re.compile(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")


def escapes(app, strips=None) -> list[str]:
    rows = [strip.text for strip in (strips if strips is not None else _strips(app))]
    return [f"row {y} shows an escape: {row.strip()!r}" for y, row in enumerate(rows) if ESCAPED.search(row)]


@lru_cache(maxsize=4)
def _ellipsis_words(lang: str) -> frozenset[str]:
    """The words the catalogues themselves end with "…" ("thinking…"); "" for one after a placeholder."""
    words = set()
    for text in catalogue(lang).values():
        for word in re.findall(r"(\S*)…", text if isinstance(text, str) else ""):
            words.add("" if "}" in word else word)
    return frozenset(words)


def ellipsis_cuts(app, strips=None) -> list[str]:
    """No word is cut short with "…" where the text itself says no more ("Odie (bot) is thinking…"
    says so; "Odie (bot) is thi…" cuts)."""
    from parlour.services.words.i18n import language

    allowed = _ellipsis_words(language()) | _ellipsis_words("en")
    rows = [strip.text for strip in (strips if strips is not None else _strips(app))]
    problems = []
    for y, row in enumerate(rows):
        for word in re.findall(r"(\S*)…", row):
            if word not in allowed:
                problems.append(f"row {y} cuts {word + '…'!r}: {row.strip()!r}")
    return problems


# A square's code: two capitals, digits or signs ("GR", "L8", "F?", "+1"); arrows tell themselves.
CODE = re.compile(r"^[A-ZÅÄÖ0-9?+-]{2}$")


@lru_cache(maxsize=16)
def board_codes(game_id: str, lang: str, ascii_only: bool) -> frozenset[str]:
    messages = catalogue(lang)
    found = set()
    for table in ("code", "code_ascii"):
        for key, code in messages.items():
            if key.startswith(f"{game_id}.{table}.") and isinstance(code, str) and CODE.match(code):
                found.add(asciify(code) if ascii_only else code)
    return frozenset(found)


def unexplained_codes(app, game_id: str, strips=None) -> list[str]:
    """Every code drawn on the board is in the legend shown beside it (the code, then its words)."""
    from parlour.services.words.i18n import language

    region = _region_of(app, "#board")
    if region is None:
        return []
    codes = board_codes(game_id, language(), app.ascii_only)
    drawn = {
        word for row in rows_in(app, region, strips) for word in row.split() if word in codes
    }  # (split: at \xa0 too)
    screen = "\n".join(strip.text for strip in (strips if strips is not None else _strips(app)))
    others = "|".join(map(re.escape, codes))  # "+1 +2 take cards" explains both
    return [
        f"the board shows {code!r}, which no legend beside it explains"
        for code in sorted(drawn)
        if not re.search(rf"(?<![^\s\xa0]){re.escape(code)}(?:[ \xa0]+(?:{others}))*[ \xa0]+\S*[a-zåäö]", screen)
    ]


@lru_cache(maxsize=2)
def english_only_words(ascii_only: bool) -> frozenset[str]:
    """The words of the English catalogue that the Swedish one never uses (names and words the
    two languages share, such as Garfield, Harry, Enter, are in both; in ASCII, "for" is "för")."""

    def words(lang: str, plain: bool = False) -> set[str]:
        found: set[str] = set()
        for text in catalogue(lang).values():
            if isinstance(text, str):
                text = re.sub(r"\{[^}]*\}", " ", asciify(text) if plain else text)
                found.update(re.findall(r"\b[A-Za-z][a-z]{2,}\b", text))
        return found

    swedish = words("sv") | (words("sv", plain=True) if ascii_only else set())
    return frozenset(words("en") - swedish - ENGLISH_IN_SWEDISH)


# Words the English catalogue has that a Swedish screen may show all the same: names of things
# that keep their names.
ENGLISH_IN_SWEDISH = frozenset({"Parlour", "Ann"})


def english_words(app, names, strips=None) -> list[str]:
    """On a Swedish screen no word of the English catalogue's own (the players' names excepted)."""
    english = english_only_words(app.ascii_only) - {word for name in names for word in str(name).split()}
    rows = [strip.text for strip in (strips if strips is not None else _strips(app))]
    problems = []
    for y, row in enumerate(rows):
        found = [word for word in re.findall(r"\b[A-Za-z][a-z]{2,}\b", row) if word in english]
        if found:
            problems.append(f"row {y} speaks English {found[:4]}: {row.strip()!r}")
    return problems
