"""Snapshots of the reference, stats and sets screens at 80x24 and 120x40.

Everything shown is fixed: curated example hands, progress written with fixed
clocks, the stats screen given a fixed "now", and times shown in UTC.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fsrs import Scheduler
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.review import Reviewer
from mj_trainer.quizzes.round import Round, RoundSettings, curated_source
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.screens.reference import ReferenceScreen
from mj_trainer.tui.screens.sets import SetsScreen
from mj_trainer.tui.screens.stats import StatsScreen

SIZES = [(80, 24), (120, 40)]
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
Compare = Callable[..., bool]


class Host(App[None]):
    """Shows one screen, built when the app mounts."""

    def __init__(self, make: Callable[[], Screen[None]]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


@pytest.fixture
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Show local times as UTC, whatever the machine's zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def open_store(folder: Path) -> ProgressStore:
    """A store whose review intervals carry no random fuzz, so due dates repeat."""
    return ProgressStore.open(folder, reviewer=Reviewer(Scheduler(enable_fuzzing=False)))


def _fixed(when: datetime) -> Callable[[], datetime]:
    return lambda: when


def _ticks() -> Callable[[], float]:
    counter = iter(range(0, 100_000, 9))
    return lambda: float(next(counter))


def fill(store: ProgressStore) -> None:
    """Six rounds over two weeks, some right and some wrong, and a set half played."""
    hands = [
        QuizHand.from_notation("chows", "c123 c456 b234 b678 k5 +k5 self"),
        QuizHand.from_notation("winds", "[we we we] [ws ws ws] wn wn wn b234 k7 +k7"),
    ]
    answers = [
        # 1.2 + 1.3 + 1.4 = 15, and 8.1.3 120 + 3 x 8.1.1 5 = 135.
        (PatternsAnswer.of(["1.2", "1.3", "1.4"], 15),
         PatternsAnswer.of({"8.1.3": 1, "8.1.1": 3}, 135)),
        (PatternsAnswer.of(["1.2"], 5), PatternsAnswer.of({"8.1.3": 1}, 120)),
        (PatternsAnswer.of(["1.2", "1.3"], 10), PatternsAnswer.of({"8.1.3": 1, "8.1.1": 3}, 135)),
    ]
    for day in range(6):
        when = T0 + timedelta(days=2 * day)
        first, second = answers[day % 3]
        rnd = Round(ListSource(hands, name="practice"), RoundSettings(length=2, seed=day),
                    recorder=store, clock=_ticks(), now=_fixed(when))
        for _ in range(2):
            q = rnd.ask()
            assert q is not None
            rnd.answer(first if q.hand_id == "chows" else second)
        rnd.finish()
    source = curated_source("trivial", store=store)
    part = Round(source, RoundSettings(length=4, seed=3), recorder=store, clock=_ticks(),
                 now=lambda: T0 + timedelta(days=11))
    while (q := part.ask()) is not None:
        part.answer(q.expected())


# --------------------------------------------------------------------------- reference


@pytest.mark.parametrize("size", SIZES)
def test_reference_pattern(snap_compare: Compare, size: tuple[int, int]) -> None:
    app = Host(lambda: ReferenceScreen(load(), "8.1.3"))
    assert snap_compare(app, terminal_size=size, run_before=settle)


def test_reference_ruling(snap_compare: Compare) -> None:
    app = Host(lambda: ReferenceScreen(load(), "R12"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


# --------------------------------------------------------------------------- stats


@pytest.mark.parametrize("size", SIZES)
def test_stats_filled(snap_compare: Compare, size: tuple[int, int], tmp_path: Path,
                      utc_clock: None) -> None:
    store = open_store(tmp_path)
    fill(store)
    later = T0 + timedelta(days=12)
    app = Host(lambda: StatsScreen(store, load(), now=lambda: later, today=later.date()))
    try:
        assert snap_compare(app, terminal_size=size, run_before=settle)
    finally:
        store.close()


@pytest.mark.parametrize("size", SIZES)
def test_stats_mastery(snap_compare: Compare, size: tuple[int, int], tmp_path: Path,
                       utc_clock: None) -> None:
    """The Mastery tab: each category with its patterns' levels, and the weakest."""
    store = open_store(tmp_path)
    fill(store)
    later = T0 + timedelta(days=12)
    app = Host(lambda: StatsScreen(store, load(), now=lambda: later, today=later.date()))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("7")
        await pilot.pause()

    try:
        assert snap_compare(app, terminal_size=size, run_before=run)
    finally:
        store.close()


def test_stats_empty(snap_compare: Compare, tmp_path: Path) -> None:
    store = open_store(tmp_path)
    app = Host(lambda: StatsScreen(store, load(), now=lambda: T0))
    try:
        assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
    finally:
        store.close()


# --------------------------------------------------------------------------- sets


@pytest.mark.parametrize("size", SIZES)
def test_sets_with_progress(snap_compare: Compare, size: tuple[int, int],
                            tmp_path: Path) -> None:
    store = open_store(tmp_path)
    fill(store)
    app = Host(lambda: SetsScreen(store, ruleset=load()))
    try:
        assert snap_compare(app, terminal_size=size, run_before=settle)
    finally:
        store.close()


def test_sets_broken_file_dialog(snap_compare: Compare, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken.toml").write_text(
        '[set]\nid = "Bad Id"\nname = "Broken"\n\n[[hands]]\nid = "b-1"\n'
        'title = "too many tiles"\nhand = "c123 c123 c123 c123 c123 +c1"\n',
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    app = Host(lambda: SetsScreen(None, ruleset=load()))

    async def before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        pilot.app.screen.query_one("#sets-path", Input).value = "broken.toml"
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=before)
