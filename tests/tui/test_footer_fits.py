"""Quit and help show in the footer at any width: when a screen's keys do not fit, the
footer leaves out its last own keys (they still work; the screen's help lists them)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.messages import OpenCalculator
from mj_trainer.tui.screens.calculator import CalculatorScreen
from mj_trainer.tui.widgets.lean_footer import _fitting
from tests.tui.test_app_kit import fixed_clock, wait_for


def _shown(app: TrainerApp) -> list[str]:
    """The footer's keys, the docked command-palette key left out."""
    return [w.key for f in app.screen.query(Footer) for w in f.children
            if isinstance(w, FooterKey) and not w.has_class("-command-palette")]


async def _calculator_keys(tmp_path: Path, size: tuple[int, int]) -> list[str]:
    app = make_app(Settings(), data_dir=tmp_path / "data", start=OpenCalculator(""),
                   seed=7, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen)
                       and "f1" in _shown(app))
        await pilot.pause()
        return _shown(app)


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_calculator_shows_quit_and_help_at_any_width(tmp_path: Path, width: int) -> None:
    keys = asyncio.run(_calculator_keys(tmp_path, (width, 30)))
    assert keys[-2:] == ["ctrl+q", "f1"]
    assert "escape" in keys or width < 80  # back stays while there is room for it


def test_a_wide_calculator_shows_every_key(tmp_path: Path) -> None:
    keys = asyncio.run(_calculator_keys(tmp_path, (240, 30)))
    assert {"s", "e", "v", "i", "u", "ctrl+s", "ctrl+q", "f1"} <= set(keys)


def test_fitting_leaves_out_the_last_keys_but_never_quit_or_help() -> None:
    def key(k: str, description: str) -> FooterKey:
        return FooterKey(k, k, description, "act")

    keys = [key("a", "Alpha"), key("b", "Beta"), key("c", "Gamma"),
            key("ctrl+q", "Quit"), key("f1", "Help")]
    every = sum(len(k.key_display) + len(k.description) + 2 for k in keys)
    assert _fitting(keys, every, compact=True) == keys
    kept = _fitting(keys, every - 1, compact=True)
    assert [k.key for k in kept] == ["a", "b", "ctrl+q", "f1"]
    assert [k.key for k in _fitting(keys, 5, compact=True)] == ["ctrl+q", "f1"]
