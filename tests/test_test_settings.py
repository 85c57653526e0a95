"""The suite's own settings (conftest.py at the top level) are in force."""

import os

from hypothesis import settings


def test_hypothesis_is_derandomized_exactly_under_ci():
    assert settings.default.derandomize == bool(os.environ.get("CI"))
