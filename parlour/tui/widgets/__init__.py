"""Widgets shared by every game's table."""
