"""Screens that ignore a dismiss meant for a moment that has passed.

In a fast burst of keys, a screen can still be handling queued keys and messages after
it has been dismissed, or while a dialog it opened is in front of it. Textual's
`dismiss` pops whatever screen is on top, so a late second dismiss would close the
dialog (or the screen below) and hand a result to a callback that already had one,
which crashed the app (`InvalidStateError`, seen with `enter shift+tab a enter enter`
in a quiz).  Every screen of the app derives from `SafeScreen` or `SafeModalScreen`:
a dismiss counts only while the screen is in front (the first one pops it, so a
second finds it gone and does nothing), and a worker's result reaches the screen only
while it is still open (`deliver`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")


def _nothing() -> AwaitComplete:
    return AwaitComplete()


def _deliver(screen: Screen[Any], callback: Callable[..., object], *args: object) -> None:
    """From a worker thread: run `callback` on the app's thread if `screen` still lives.

    A worker that finishes after its screen was closed (keys in a burst can open and
    close a screen before its data has loaded) would otherwise query widgets that are
    gone (`NoMatches` on '#sets-table').
    """
    def if_alive() -> None:
        if screen.is_attached and screen in screen.app.screen_stack:
            callback(*args)

    screen.app.call_from_thread(if_alive)


class HelpNamed:
    """Names the help page (`tui/help/<HELP_NAME>.md`) that F1 opens over a screen.

    None means the page named after the class (`StatsScreen` -> `stats`).
    """

    HELP_NAME: ClassVar[str | None] = None


class SafeScreen(Screen[ResultT], HelpNamed):
    """A screen whose dismiss is ignored unless it is the active screen."""

    def deliver(self, callback: Callable[..., object], *args: object) -> None:
        """Hand a worker's result to `callback`, unless this screen has been closed."""
        _deliver(self, callback, *args)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            return _nothing()
        return super().dismiss(result)


class SafeModalScreen(ModalScreen[ResultT], HelpNamed):
    """A modal dialog whose dismiss is ignored unless it is in front."""

    def deliver(self, callback: Callable[..., object], *args: object) -> None:
        """Hand a worker's result to `callback`, unless this dialog has been closed."""
        _deliver(self, callback, *args)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            return _nothing()
        return super().dismiss(result)
