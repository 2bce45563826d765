"""Snapshots of the calculator at 80x24 and 120x40: a finished hand and one being built.

Update with ``pytest tests/tui/test_snapshots_calculator.py --snapshot-update`` after a
deliberate change, and look at the SVGs before keeping them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import make_app
from mj_trainer.tui.messages import OpenCalculator
from mj_trainer.tui.screens.calculator import CalculatorScreen
from tests.tui.test_app_kit import fixed_clock, wait_for

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]


def _snap(snap_compare: SnapCompare, tmp_path: Path, text: str, size: tuple[int, int]
          ) -> bool:
    app = make_app(Settings(), data_dir=tmp_path / "data", start=OpenCalculator(text),
                   seed=7, clock=fixed_clock, cursor_blink=False)

    async def run(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen))
        await pilot.pause()

    return snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_calculator_scored(snap_compare: SnapCompare, tmp_path: Path,
                          size: tuple[int, int]) -> None:
    assert _snap(snap_compare, tmp_path, "c123 c456 b234 b567 k5 +k5 self", size)


@pytest.mark.parametrize("size", SIZES)
def test_calculator_invalid(snap_compare: SnapCompare, tmp_path: Path,
                           size: tuple[int, int]) -> None:
    assert _snap(snap_compare, tmp_path, "c11111 [dr dr dr] b23", size)
