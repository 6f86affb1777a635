"""Test settings shared by the whole suite.

- Hypothesis profiles: ``default`` keeps the suite fast; ``long`` runs many more examples
  (``python -m pytest --hypothesis-profile=long tests/test_properties.py``, or
  ``HYPOTHESIS_PROFILE=long``).
- Real-browser tests (marked ``browser``) skip with one line saying how to get a browser when
  this machine has no Chromium; with ``CI=true`` a missing browser is an error instead.
- Plugins: ``runguard`` (SIGTERM and Ctrl-C stop the whole run; a hung test fails on its own)
  and ``labfixtures`` (one JupyterLab and one Chromium for every browser test module).
"""
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from labserver import browser_problem  # noqa: E402

pytest_plugins = ["runguard", "labfixtures"]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") is None:
        return
    problem = browser_problem()
    if problem is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {problem}", pytrace=False)
    pytest.skip(f"browser tests skipped: {problem}")
