"""What the loader dropped from a save's end (rules/log.py `Dropped`: the last action, cut short
while saving), told in words the same way on every front: which action, whose, and that it was
not saved. A front says it before anything is written over the save."""

from __future__ import annotations

from parlour.rules import registry
from parlour.rules.log import Loaded

from .shown import shown
from .words.base import Words
from .words.i18n import t


def dropped_told(loaded: Loaded) -> str | None:
    """The sentence for the action dropped from `loaded`'s end, or None when none was."""
    dropped = loaded.dropped
    if dropped is None:
        return None
    if dropped.seat is None or not 0 <= dropped.seat < len(loaded.header.players):
        return t("resume.dropped_someone")
    names, seat = loaded.header.players, dropped.seat
    name = shown(names[seat])  # a name from the save: as text
    if dropped.action is None:  # its own line was the one torn
        return t("resume.dropped_unknown", name=name)
    game = registry.get(loaded.header.game)
    action = Words.of(game.id).describe(dropped.action, game.view(loaded.state, seat), seat, names)
    return t("resume.dropped", name=name, action=shown(action))
