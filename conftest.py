"""Test-wide settings (at the top level so that doctest collection of tests/ leaves it alone).

Hypothesis explores new random examples on every local run, which is how property tests find
bugs. Under CI (``CI`` set) the ``ci`` profile derandomizes it, so that a submission is judged
on the same examples every time and a red CI always means a change broke something; run
``pytest --hypothesis-profile=dev`` to explore as locally.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
settings.load_profile("ci" if os.environ.get("CI") else "dev")
