"""The suite's settings for every test collected, the games' own (parlour/games/<id>/tests/)
among them: tests/conftest.py's Hypothesis profiles."""

import tests.conftest  # noqa: F401
