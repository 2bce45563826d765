"""Screens that ignore a dismiss meant for a moment that has passed.

In a fast burst of keys, a screen can still be handling queued keys and messages after
it has been dismissed, or while a dialog it opened is in front of it. Textual's
`dismiss` pops whatever screen is on top, so a late second dismiss would close the
dialog (or the screen below) and hand a result to a callback that already had one,
which crashed the app (`InvalidStateError`, seen with `enter shift+tab a enter enter`
in a quiz).  Every screen of the app derives from `SafeScreen` or `SafeModalScreen`:
a dismiss counts only while the screen is in front (the first one pops it, so a
second finds it gone and does nothing).
"""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")


def _nothing() -> AwaitComplete:
    return AwaitComplete()


class SafeScreen(Screen[ResultT]):
    """A screen whose dismiss is ignored unless it is the active screen."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            return _nothing()
        return super().dismiss(result)


class SafeModalScreen(ModalScreen[ResultT]):
    """A modal dialog whose dismiss is ignored unless it is in front."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            return _nothing()
        return super().dismiss(result)
