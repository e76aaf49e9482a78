"""Who sits at a table: a name, a bot level (or a human) and a colour; read from the command
line (`--seats Ann,bot,bot:random`) or from what a save recorded."""

from __future__ import annotations

from collections.abc import Iterable

from parlour.rules import bots, registry
from parlour.rules.records import record

SPECTATOR = -1  # a seat no player has: its view hides every hand

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")

NO_NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")  # a game whose entry names no bots


def bot_names(game: str) -> tuple[str, ...]:
    """The bots' names at a table of `game`, in the language played: the catalogue's
    `<game>.bot_names`, comma-separated, where a language names them its own way, else the
    game's registry entry's."""
    from parlour.services.words.i18n import has, t

    key = f"{game}.bot_names"
    if has(key):
        return tuple(name.strip() for name in t(key).split(","))
    entry = registry.GAMES.get(game)
    return entry.bot_names if entry is not None and entry.bot_names else NO_NAMES


@record
class Seat:
    name: str
    bot: str | None = None  # a bot level, or None for a human
    colour: str = "red"

    @property
    def human(self) -> bool:
        return self.bot is None


def parse_seats(game: str, text: str) -> list[Seat]:
    """Seats from "Ann,bot,bot:random,cmd:./mybot": a name is a human; `bot` (or `bot:LEVEL`) a
    bot; `cmd:PROGRAM` a program of your own (parlour/services/outside_bot.py), named after it."""
    from parlour.services.outside_bot import PREFIX, name_of

    seats: list[Seat] = []
    names = iter(bot_names(game))
    for i, part in enumerate(p.strip() for p in text.split(",")):
        colour = COLOURS[i % len(COLOURS)]
        if part.startswith(PREFIX):
            seats.append(Seat(_unused(name_of(part), seats), part, colour))
        elif part.lower() == "bot" or part.lower().startswith("bot:"):
            level = part.split(":", 1)[1] if ":" in part else default_level()
            if level not in bots.levels(game):
                raise ValueError(f"unknown bot level {level!r} (known: {', '.join(bots.levels(game))})")
            seats.append(Seat(next(names), level, colour))
        else:
            seats.append(Seat(part, None, colour))
    return seats


def _unused(name: str, seats: list[Seat]) -> str:
    """`name`, or "name 2", "name 3"... when a seat has it already (two seats of one program)."""
    taken = {seat.name.casefold() for seat in seats}
    found, n = name, 1
    while found.casefold() in taken:
        n += 1
        found = f"{name[:21]} {n}"
    return found


def seats_meta(seats: Iterable[Seat]) -> list[dict[str, object]]:
    """What a save records about each seat (anything with .bot and .colour)."""
    return [{"bot": s.bot, "colour": s.colour} for s in seats]


def seats_from_meta(names: tuple[str, ...], meta: dict) -> list[Seat]:
    """The seats a save recorded; a missing seat is a human, an unknown bot level the default bot."""
    found = meta.get("seats")
    recorded: list = found if isinstance(found, list) else []
    seats = []
    for i, name in enumerate(names):
        info = recorded[i] if i < len(recorded) and isinstance(recorded[i], dict) else {}
        bot = info.get("bot")
        # A typo keeps a bot a bot, not a human; and a program's seat is played by the default
        # bot: opening a save never runs a program it names (a save may come from anyone).
        if bot is not None and not bots.known(bot):
            bot = default_level()
        colour = info.get("colour")
        seats.append(Seat(name, bot, colour if colour in COLOURS else COLOURS[i % len(COLOURS)]))
    return seats


def default_level() -> str:
    return "smart" if "smart" in bots.LEVELS else "random"
