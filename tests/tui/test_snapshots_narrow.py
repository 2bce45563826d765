"""Snapshots at about 60 columns (a phone, a narrow browser page), the smallest size the
app draws: home gives its menu the whole width and settings put each label above its
control, so nothing is cut. Update with ``--snapshot-update`` after a deliberate change,
and look at the SVGs before keeping them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.test_app_kit import app_for, wait_for

NARROW = (60, 20)
SnapCompare = Callable[..., bool]


def test_home_narrow(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        home = app.screen
        await wait_for(pilot, lambda: getattr(home, "stats", None) is not None)
        await pilot.pause()
        assert not home.query_one("#home-side").display

    assert snap_compare(app, terminal_size=NARROW, run_before=run)


def test_settings_narrow(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.open_settings()
        await pilot.pause()
        unicode = app.screen.query_one("#style-unicode")
        # the last tile style is drawn whole, inside the screen
        assert unicode.region.right <= NARROW[0]

    assert snap_compare(app, terminal_size=NARROW, run_before=run)
