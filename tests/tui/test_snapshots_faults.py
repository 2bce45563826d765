"""Snapshots of what the app says when the disk is full (issue 23, finding 1): the
answer said NOT saved, and the question ctrl+q asks before losing it, at 80x24 and
120x40. The disk is the simulated one of `tests/small_disk.py` (the same on every
machine); the data folder is given relative, so the picture names no temporary path.

Update with ``pytest tests/tui/test_snapshots_faults.py --snapshot-update`` after a
deliberate change, and look at the SVGs before keeping them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from mj_trainer.quizzes import pending as pending_module
from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.notice import ConfirmScreen
from tests.small_disk import SmallDisk, small_disk
from tests.tui.test_app_kit import fixed_clock, quiz_ready, wait_for, write_set

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]


def _app() -> TrainerApp:
    return make_app(Settings(round_length=3), data_dir=Path("data"), seed=7,
                    clock=fixed_clock, cursor_blink=False)


async def _not_saved(app: TrainerApp, pilot: Pilot[None], disk: SmallDisk) -> None:
    """Answer the first question; fill the disk; skip the next: the journal (a
    reserve of nothing) cannot take it."""
    app.post_message(StartSet(str(write_set(Path.cwd())), resume=False))
    await wait_for(pilot, quiz_ready(app))
    await pilot.press("f3")
    await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
    app.clear_notifications()
    await pilot.press("enter")
    await wait_for(pilot, quiz_ready(app))
    disk.fill()
    await pilot.press("f3")
    await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
    await pilot.pause()


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pending_module, "RESERVE", 0)  # the journal takes nothing
    with small_disk("simulated", tmp_path, monkeypatch) as made:
        yield made


@pytest.mark.parametrize("size", SIZES)
def test_an_answer_not_saved(snap_compare: SnapCompare, disk: SmallDisk,
                             size: tuple[int, int]) -> None:
    app = _app()

    async def run(pilot: Pilot[None]) -> None:
        await _not_saved(app, pilot, disk)
        assert "Answer NOT saved" in str(app.screen.query_one("#quiz-note").render())

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_quit_asks_before_losing_it(snap_compare: SnapCompare, disk: SmallDisk,
                                    size: tuple[int, int]) -> None:
    app = _app()

    async def run(pilot: Pilot[None]) -> None:
        await _not_saved(app, pilot, disk)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)
