"""A safe screen's keys do nothing until the screen is mounted.

A burst of keys that opens a screen (enter on a lesson, then j) reached the new screen
while its widgets were still being composed, and its scroll action failed with
`NoMatches` on '#lesson-scroll'. `SafeScreen` and `SafeModalScreen` refuse every action
until the screen is mounted, also for screens with their own `check_action`.
"""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from mj_trainer.tui.safe_screen import SafeModalScreen, SafeScreen


class _Plain(SafeScreen[None]):
    BINDINGS = [("j", "down", "Down")]
    moved = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="probe-scroll"):
            yield Static("\n".join(str(n) for n in range(100)))
        yield Footer()

    def action_down(self) -> None:
        self.query_one("#probe-scroll", VerticalScroll).scroll_relative(y=1, animate=False)
        self.moved += 1


class _OwnCheck(_Plain):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True


class _Dialog(SafeModalScreen[None]):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True


def test_actions_are_refused_before_mount_even_with_an_own_check() -> None:
    for screen in (_Plain(), _OwnCheck(), _Dialog()):
        assert not screen.is_mounted
        assert screen.check_action("down", ()) is False


def test_an_action_before_mount_is_dropped_and_works_after() -> None:
    asyncio.run(_before_and_after())


async def _before_and_after() -> None:
    app: App[None] = App()
    async with app.run_test(size=(60, 12)) as pilot:
        for screen in (_Plain(), _OwnCheck()):
            waiting = app.push_screen(screen)
            # The screen is not composed yet: the action must be refused, not fail.
            assert await app.run_action("down", screen) is False
            assert screen.moved == 0
            await waiting
            await pilot.pause()
            assert screen.check_action("down", ()) is True
            await pilot.press("j")
            assert screen.moved == 1
            # The footer shows the key once the screen counts as mounted.
            await pilot.pause()
            shown = [key.key for key in screen.query(FooterKey)]
            assert "j" in shown
            app.pop_screen()
            await pilot.pause()
