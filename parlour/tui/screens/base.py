"""The screens' base: a Textual Screen whose `self.app` is a ParlourApp to a type checker."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual.screen import Screen

if TYPE_CHECKING:
    from textual import getters

    from ..app import ParlourApp

R = TypeVar("R")  # what the screen gives back when dismissed, as Textual's Screen[R]


class ParlourScreen(Screen[R]):
    """A screen of the Parlour apps (ParlourApp, and RemoteApp, which is one): `self.app` has
    their methods and settings (`show_title`, `ascii_only`...) to a type checker. Nothing changes
    when it runs: `self.app` is Textual's own."""

    if TYPE_CHECKING:  # (Textual's way to name the app's class to a checker; for it alone)
        app = getters.app(ParlourApp)
