"""The game's bots, one module each: `search`, `smart`, `tables`, `waiting`, `ways`."""
