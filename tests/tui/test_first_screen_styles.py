"""Home is styled with its own rules and the shared ones, parsed once; every other
screen brings its own style file when it opens (issue 24, the first screen).

Before, the app's style sheets held every screen's rules, and Textual parsed all of
them three times before home was drawn (once for the theme, once for the tiles'
colours, once more when home's widgets added theirs).  These tests hold the new
arrangement without timing anything: what is parsed, how often, and that a screen
opened first looks exactly as it does when opened from home.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.color import Color
from textual.css import parse as parse_module
from textual.css import stylesheet as stylesheet_module
from textual.pilot import Pilot

from mj_trainer.tui.app import THEMES, TrainerApp
from mj_trainer.tui.messages import OpenScreen
from tests.tui.conftest import settle_footers, settle_screen
from tests.tui.test_app_kit import app_for, wait_for

OTHER_SCREENS_STYLES = ("quiz.tcss", "summary.tcss", "settings.tcss", "course.tcss",
                        "stats.tcss", "calculator.tcss", "reference.tcss", "sets.tcss")


def _style_files(app: TrainerApp) -> set[str]:
    """The names of the app's own style files in the stylesheet."""
    return {Path(where).name for where, _ in app.stylesheet.source
            if where.endswith(".tcss")}


def _home_shown(app: TrainerApp) -> Callable[[], bool]:
    return lambda: getattr(app.screen, "stats", None) is not None


Parsed = Counter[tuple[str, str, str, int]]


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Parsed]:
    """Every time Textual parses a style source (its own cache missed), by source,
    scope and tie-breaker (a widget class re-adds its base's CSS with another
    tie-breaker, which Textual parses anew: that is not a parse of the same rules)."""
    counts: Parsed = Counter()
    parse = parse_module.parse  # the function the stylesheet module calls

    def counted(scope: str, css: str, read_from: tuple[str, str], *args: Any,
                **kwargs: Any) -> Any:
        counts[(*read_from, scope, kwargs.get("tie_breaker", 0))] += 1
        return parse(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counted)
    yield counts


def test_home_parses_each_style_source_once_and_no_other_screens(
        tmp_path: Path, parsed: Parsed) -> None:
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, _home_shown(app))
            await pilot.pause()
            assert _style_files(app) == {"app.tcss", "home.tcss"}
            assert parsed, "nothing was parsed: the count no longer sees Textual's parse"
            twice = {where: n for where, n in parsed.items() if n > 1}
            assert twice == {}
            # Opening another screen adds its own file.
            app.open_screen("settings")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
            await pilot.pause()
            assert "settings.tcss" in _style_files(app)
            assert not _style_files(app) & (set(OTHER_SCREENS_STYLES) - {"settings.tcss"})

    asyncio.run(body())


@pytest.mark.parametrize("theme", [t.name for t in THEMES])
def test_the_theme_chosen_styles_the_first_frame_and_a_change_restyles(
        tmp_path: Path, theme: str) -> None:
    app = app_for(tmp_path, theme=theme)
    other = next(t for t in THEMES if t.name != theme)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, _home_shown(app))
            chosen = next(t for t in THEMES if t.name == theme)
            assert app.screen.styles.background == Color.parse(chosen.background or "")
            app.update_settings(app.settings.with_(theme=other.name))
            await pilot.pause()
            await pilot.pause()
            assert app.screen.styles.background == Color.parse(other.background or "")

    asyncio.run(body())


async def _picture(app: TrainerApp, pilot: Pilot[None], name: str) -> str:
    await wait_for(pilot, lambda: type(app.screen).__name__.lower().startswith(name))
    await settle_footers(pilot)
    await settle_screen(pilot)
    return app.export_screenshot()


@pytest.mark.parametrize("name", ["settings", "course"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_a_screen_opened_first_looks_as_when_opened_from_home(
        tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """The screen opened at start (`mj-trainer` with a start message) has its styles:
    its picture is the one it shows when opened from home, to the character."""
    pictures: list[str] = []

    async def first() -> None:
        app = app_for(tmp_path / "first")
        app.start = OpenScreen(name)
        async with app.run_test(size=size) as pilot:
            pictures.append(await _picture(app, pilot, name))

    async def from_home() -> None:
        app = app_for(tmp_path / "home")
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, _home_shown(app))
            app.open_screen(name)
            pictures.append(await _picture(app, pilot, name))

    asyncio.run(first())
    asyncio.run(from_home())
    assert pictures[0] == pictures[1]
    assert len(pictures[0]) > 1000
