"""Each game's look: one presenter module per game, found by game id, imported when needed.

The generic table (tui/screens/game.py) asks a presenter for everything game-specific. It reads
views and events and returns widgets and words; it never decides a rule. A presenter module has:

- `HELP_KEY`: the catalogue key of the game's rules, written for players;
- `BOARD`: the board widget class, a tui.widgets.board.LineBoard (its `show(view, dice)` redraws
  only what changed);
- `player_stats(view, seat, ascii_only)` -> the line under a player's name;
- `hand(view, seat)` -> the cards the seat holds (None for a game without hands), `card_label(card)`;
- `ROLL`: the action Space takes at the start of a turn (when it is legal);
- `question(view, seat, names)` and `describe(action, view, seat, names)`: the prompt's words;
- `narrate(events, names, view)` -> plain-words log lines for a batch of (redacted) events;
- `result_lines(state, names)` -> one line per player for the results screen.

Optional:
- `uses_slots(options)` -> True when the digits play the cards in the hand (else they pick from
  the numbered options), with `slot_action(view, seat, slot, options)` and
  `slot_note(game, view, seat, slot)` (Garfield's Player cards);
- `bindings()` -> extra key Bindings whose action is `shortcut('name')`, and
  `shortcut(name, options)` -> the Action that key stands for now (None: the key is off);
- `aside(view, seat, ascii_only)` -> text for the side panel under the players (for a game
  without hands, or to add to the hand);
- `game_options(seats)` -> the rules options the set-up implies (e.g. Filmis nest colours);
- `HIDDEN_INFO = False` for a game with nothing to hide (no hot-seat privacy screen).
"""

from __future__ import annotations

import importlib
import importlib.util


def presenter(game_id: str):
    """The presenter module of a game: tui/games/<game id>.py."""
    return importlib.import_module(f"tui.games.{game_id}")


def playable() -> list[str]:
    """Games whose rules are in and whose table the app can show."""
    from rules import registry

    return [g for g in registry.available() if importlib.util.find_spec(f"tui.games.{g}") is not None]


def roll_action(look, options: list):
    """What Space does now: the presenter's ROLL when it is among the options, else None."""
    return look.ROLL if look.ROLL in options else None


def uses_slots(look, options: list) -> bool:
    """True when the digits play the cards in the hand rather than pick a numbered option."""
    check = getattr(look, "uses_slots", None)
    return bool(options) and check is not None and check(options)
