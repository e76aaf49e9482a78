"""The suite's tests. Loading this package sets the fixed Hypothesis profiles, so CI runs the same
examples every time, in tests/ and in each game's own tests (parlour/games/<id>/tests/, which import
its helpers). `HYPOTHESIS_PROFILE=long` runs many more (and longer) games; the default is "ci"."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
