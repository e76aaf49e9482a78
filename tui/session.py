"""A game being played in the app: the table, who sits where (human or bot), the bots, and the
autosave. Every action, a key press or a bot's choice, goes through `submit`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from parlour import saves
from rules import bots
from rules.records import Action, Event
from rules.table import Table

SPECTATOR = -1  # a seat no player has: its view hides every hand

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")

BOT_NAMES = {
    "garfield": ("Odie", "Nermal", "Arlene", "Pooky"),
    "filmis": ("Dynamit-Harry", "Doris", "Rocky", "Biffen"),
    "smurf": ("Papa Smurf", "Smurfette", "Brainy", "Hefty"),
}


@dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None = None  # a bot level, or None for a human
    colour: str = "red"

    @property
    def human(self) -> bool:
        return self.bot is None


def parse_seats(game: str, text: str) -> list[Seat]:
    """Seats from "Ann,bot,bot:random": a name is a human; `bot` (or `bot:LEVEL`) a bot."""
    seats = []
    names = iter(BOT_NAMES.get(game, ("Bot 1", "Bot 2", "Bot 3", "Bot 4")))
    for i, part in enumerate(p.strip() for p in text.split(",")):
        colour = COLOURS[i % len(COLOURS)]
        if part.lower() == "bot" or part.lower().startswith("bot:"):
            level = part.split(":", 1)[1] if ":" in part else default_level()
            if level not in bots.LEVELS:
                raise ValueError(f"unknown bot level {level!r} (known: {', '.join(bots.LEVELS)})")
            seats.append(Seat(next(names), level, colour))
        else:
            seats.append(Seat(part, None, colour))
    return seats


def seats_from_meta(names: tuple[str, ...], meta: dict) -> list[Seat]:
    """The seats a save recorded; anything missing or odd falls back to a human in a colour."""
    recorded = meta.get("seats") if isinstance(meta.get("seats"), list) else []
    seats = []
    for i, name in enumerate(names):
        info = recorded[i] if i < len(recorded) and isinstance(recorded[i], dict) else {}
        bot = info.get("bot")
        if bot is not None and bot not in bots.LEVELS:  # a typo keeps a bot a bot, not a human
            bot = default_level()
        colour = info.get("colour") if info.get("colour") in COLOURS else COLOURS[i % len(COLOURS)]
        seats.append(Seat(name, bot, colour))
    return seats


def default_level() -> str:
    return "smart" if "smart" in bots.LEVELS else "random"


class Session:
    def __init__(self, table: Table, seats: list[Seat], save_path: Path | None):
        self.table = table
        self.seats = seats
        self.bots = {i: bots.make(s.bot, f"{table.header.seed}/{i}") for i, s in enumerate(seats) if s.bot}
        self.writer = saves.Writer(save_path, table.header, table.events) if save_path else None
        self.save_path = save_path

    @classmethod
    def start(cls, game: str, seats: list[Seat], seed: int | None = None, rig=None,
              autosave: bool = True) -> "Session":
        from .games import presenter

        meta = {"seats": [{"bot": s.bot, "colour": s.colour} for s in seats]}
        options = getattr(presenter(game), "game_options", lambda seats: {})(seats)
        table = Table.new(game, [s.name for s in seats], seed=seed, rig=rig, options=options, meta=meta)
        return cls(table, seats, new_save_path(game) if autosave else None)

    @classmethod
    def resume(cls, path: Path) -> "Session":
        """Continue a saved game (raises saves.SaveError for a bad file)."""
        loaded = saves.read(path)
        table = Table.resume(loaded)
        return cls(table, seats_from_meta(table.players, loaded.header.meta), path)

    # ---- acting ---------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Submit an action (raises Rejected) and save the log at once."""
        events = self.table.submit(seat, action)
        if self.writer:
            self.writer.sync(self.table.events)
        return events

    def bot_to_act(self) -> int | None:
        return next((seat for seat in self.table.to_act() if seat in self.bots), None)

    def play_bot(self, seat: int) -> list[Event]:
        view = self.table.view(seat)
        return self.submit(seat, self.bots[seat].choose(self.table.game, view, seat))

    def humans_to_act(self) -> list[int]:
        return [seat for seat in self.table.to_act() if seat is not None and self.seats[seat].human]

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def save_problem(self) -> str | None:
        """Why the autosave is failing now (None when it works or there is none)."""
        return self.writer.problem if self.writer else None

    @property
    def over(self) -> bool:
        return self.table.result() is not None


def new_save_path(game: str) -> Path:
    from .config import saves_dir

    return saves.new_path(saves_dir(), f"{datetime.now().strftime('%Y%m%d-%H%M%S')}-{game}")
