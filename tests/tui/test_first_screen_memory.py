"""The app as `mj-trainer` runs it (settle_memory) leaves its garbage-collector pass and
the warm-up of other screens until home shows the learner's figures (issue 24, the
first screen): the full pass alone took 20-45 ms in front of them.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui import app as app_module
from mj_trainer.tui.app import make_app
from mj_trainer.tui.screens.home import HomeScreen
from tests.tui.test_app_kit import fixed_clock, wait_for


@pytest.fixture
def thawed() -> Iterator[None]:
    """The app freezes what exists when it is built; this process builds many apps."""
    try:
        yield
    finally:
        gc.unfreeze()


def test_the_collector_pass_and_the_warm_up_wait_for_home_s_figures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, thawed: None) -> None:
    events: list[tuple[str, bool]] = []

    def figures_shown() -> bool:
        home = app.screen_stack[0] if app.screen_stack else None
        return isinstance(home, HomeScreen) and home.stats is not None

    def settle() -> None:
        events.append(("settle", figures_shown()))

    def warm_up(*_args: object, **_kwargs: object) -> None:
        events.append(("warm-up", figures_shown()))

    monkeypatch.setattr(app_module, "settle_after_start", settle)
    monkeypatch.setattr(app_module, "start_warm_up", warm_up)
    gc.unfreeze()
    app = make_app(Settings(), data_dir=tmp_path / "data", clock=fixed_clock,
                   cursor_blink=False, settle_memory=True)
    # Built: what the imports made is out of the full passes' sight already.
    assert gc.get_freeze_count() > 0

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: len(events) == 2)
            await pilot.pause()

    asyncio.run(body())
    assert events == [("settle", True), ("warm-up", True)]


def test_tests_apps_freeze_nothing(tmp_path: Path, thawed: None) -> None:
    """Without settle_memory (tests, snapshots) nothing is frozen: a test process
    builds hundreds of apps, and what it froze would never be collected."""
    gc.unfreeze()
    make_app(Settings(), data_dir=tmp_path / "data", clock=fixed_clock)
    assert gc.get_freeze_count() == 0
