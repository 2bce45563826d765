"""Home's one-widget title bar draws the line the other screens' SafeHeader draws
(issue 24, the first screen: Textual's Header is four widgets), and its icon opens the
command palette."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.screen import Screen

from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.title_bar import TitleBar, fit_title

TITLE = "mj-trainer"
SUB = "Question 3 of 10 · score 2.4"


class _Bar(Screen[None]):
    def __init__(self, bar: type[SafeHeader] | type[TitleBar]) -> None:
        super().__init__()
        self.bar = bar

    def compose(self) -> ComposeResult:
        yield self.bar()

    def on_mount(self) -> None:
        self.title, self.sub_title = TITLE, SUB


class _Host(App[None]):
    def __init__(self, bar: type[SafeHeader] | type[TitleBar]) -> None:
        super().__init__()
        self.bar = bar

    def get_default_screen(self) -> Screen[None]:
        return _Bar(self.bar)


def _first_line(bar: type[SafeHeader] | type[TitleBar], width: int) -> str:
    app = _Host(bar)
    lines: list[str] = []

    async def body() -> None:
        async with app.run_test(size=(width, 5)) as pilot:
            await pilot.pause()
            await pilot.pause()
            strip = app.screen._compositor.render_strips()[0]
            lines.append(strip.text)

    asyncio.run(body())
    return lines[0]


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_the_title_bar_reads_as_the_header(width: int) -> None:
    bar = _first_line(TitleBar, width)
    assert bar == _first_line(SafeHeader, width)
    if width >= 60:  # room for the sub-title: it (a quiz's score) is never the part cut
        assert SUB in bar
    assert bar.startswith(" ⭘")


def test_a_title_too_long_gives_way_to_the_sub_title() -> None:
    title, sub = fit_title("a very long title of a screen", SUB, 40)
    assert sub == SUB and title.endswith("…")
    assert len(title) + 3 + len(sub) <= 40
    assert fit_title(TITLE, SUB, 200) == (TITLE, SUB)


def test_a_new_sub_title_is_drawn() -> None:
    app = _Host(TitleBar)

    async def body() -> None:
        async with app.run_test(size=(80, 5)) as pilot:
            await pilot.pause()
            app.screen.sub_title = "Question 4 of 10"
            await pilot.pause()
            await pilot.pause()
            line = app.screen._compositor.render_strips()[0].text
            assert "Question 4 of 10" in line

    asyncio.run(body())


@pytest.mark.parametrize(("x", "opens"), [(1, True), (30, False)])
def test_the_icon_opens_the_command_palette(x: int, opens: bool) -> None:
    app = _Host(TitleBar)

    async def body() -> None:
        async with app.run_test(size=(80, 5)) as pilot:
            await pilot.pause()
            await pilot.click(TitleBar, offset=(x, 0))
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette) is opens

    asyncio.run(body())
