"""Suite-wide pytest hooks.

Quiet shutdown under pytest-xdist: at exit pytest collects garbage five times to find
late "unraisable" exceptions, and after a full run a worker holds some 400,000 objects
(engine caches, Hypothesis data), so those collections can take longer than the five
seconds execnet allows before it interrupts the worker with SIGINT. The signal then lands
in whatever runs, often Hypothesis's gc callback, and prints a KeyboardInterrupt
traceback on a green run. Collecting once here and freezing what survives makes the
later collections cheap.

The TOML cache (engine/toml_cache.py) writes to a temporary folder of the run.
"""

from __future__ import annotations

import gc
import os
import tempfile

import pytest

from mj_trainer.engine.toml_cache import CACHE_ENV


def pytest_configure(config: pytest.Config) -> None:
    # Parsed TOML is kept in a folder of the run's own, not in the user's cache.
    os.environ.setdefault(CACHE_ENV, tempfile.mkdtemp(prefix="mj-toml-cache-"))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    gc.collect()  # late unraisable exceptions still surface here
    gc.freeze()
