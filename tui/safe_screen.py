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

A key can also arrive before a screen is ready: a burst that opens a screen (enter on a
lesson) delivers its next keys to the new screen at once, while its widgets are still
being composed, and an action that looks one of them up failed (`NoMatches` on
'#lesson-scroll', seen under load).  A safe screen's actions are disabled until the
screen is mounted, which in Textual means after its composed children are: such keys
are dropped, as keys pressed on a screen that is not drawn yet should be.  A screen's
own `check_action` is wrapped (`_guard_actions`) so the rule holds for every screen
without each one remembering it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual import events
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


CheckAction = Callable[[Any, str, tuple[object, ...]], "bool | None"]


def _guard_actions(cls: type[Any]) -> None:
    """Make `cls.check_action` (its own, when it defines one) refuse every action until
    the screen is mounted."""
    own: CheckAction | None = cls.__dict__.get("check_action")
    if own is None or getattr(own, "_mount_guarded", False):
        return

    @functools.wraps(own)
    def guarded(self: Any, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return False
        return own(self, action, parameters)

    guarded._mount_guarded = True  # type: ignore[attr-defined]
    cls.check_action = guarded


if TYPE_CHECKING:
    class _ScreenPart(Screen[ResultT]):
        """The screen `_Guarded` is mixed into, for the type checker."""
else:
    class _ScreenPart(Generic[ResultT]):
        """At run time a plain mixin: a Screen base here would carry Screen's default
        styles ahead of ModalScreen's and change how dialogs are drawn."""


class _Guarded(_ScreenPart[ResultT]):
    """What both kinds of safe screen share: keys refused until mounted, a worker's
    result delivered only to an open screen, a dismiss honoured only in front."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _guard_actions(cls)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_mounted

    def _post_mount(self) -> None:
        super()._post_mount()  # type: ignore[no-untyped-call]
        # The footer read the keys while they were still refused: ask again once the
        # screen counts as mounted (after this, in its own queue).
        self.call_later(self.refresh_bindings)

    def deliver(self, callback: Callable[..., object], *args: object) -> None:
        """Hand a worker's result to `callback`, unless this screen has been closed."""
        _deliver(self, callback, *args)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            return _nothing()
        return super().dismiss(result)


def _styles_token(app: Any) -> tuple[object, ...]:
    """What the styles a widget gets depend on besides its own classes: the theme, the
    stylesheet's sources and Textual's count of invalidations (the terminal's colours)."""
    return (app.theme, len(app.stylesheet.source), app._css_update_count)


class SafeScreen(_Guarded[ResultT], Screen[ResultT], HelpNamed):
    """A screen whose dismiss is ignored unless it is the active screen, and whose keys
    do nothing until it is mounted."""

    _resumed_once = False
    _styled_under: tuple[object, ...] = ()  # the styles in force when it was registered

    def size_classes(self, width: int, height: int) -> dict[str, bool]:
        """Classes a screen sets from its size (on resize); set before its first
        frame too, so that frame does not restyle every widget."""
        return {}

    def _post_register(self, app: Any) -> None:
        # Registered, nothing mounted yet: the classes the first resize would add (the
        # app's width breakpoints, the screen's own size classes) are set now, without
        # a restyle.  Added on that first resize they restyled every widget of the new
        # screen once more before it was first drawn.
        super()._post_register(app)
        self._styled_under = _styles_token(app)
        width, height = app.size
        horizontal = (app.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is None
                      else self.HORIZONTAL_BREAKPOINTS) or []
        vertical = (app.VERTICAL_BREAKPOINTS if self.VERTICAL_BREAKPOINTS is None
                    else self.VERTICAL_BREAKPOINTS) or []
        classes = {name: False for _, name in [*horizontal, *vertical]}
        for size, points in ((width, horizontal), (height, vertical)):
            for at, name in sorted(points, reverse=True):  # as Screen._on_resize picks
                if size >= at:
                    classes[name] = True
                    break
        classes.update(self.size_classes(width, height))
        for name, on in classes.items():  # update_classes is newer than textual 6.2
            self.set_class(on, name, update=False)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Screen's own handler.  A screen just pushed has had its styles
        # applied as each widget was mounted; restyling every widget again on that
        # first resume was a third of the time a screen took to appear.  Later
        # resumes (back from a screen above, after a theme change) restyle as before.
        # A screen built ahead and shown later (tui/spare_screens.py) is restyled if the
        # theme or the stylesheet changed in between: Textual restyles only the screens
        # on the stack.
        if not self._resumed_once:
            self._resumed_once = True
            if self._styled_under == _styles_token(self.app):
                event.refresh_styles = False


class SafeModalScreen(_Guarded[ResultT], ModalScreen[ResultT], HelpNamed):
    """A modal dialog whose dismiss is ignored unless it is in front, and whose keys do
    nothing until it is mounted."""
