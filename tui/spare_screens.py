"""Screens built ahead, while the learner reads home.

Composing and mounting a screen of some fifty widgets is a good part of the time it
takes to appear (about 30 ms of the quiz's first hand, 25 ms of the stats screen's
first frame, 30 ms of the calculator's).  So the app builds the next quiz, stats and
calculator screens while home is in front and nothing else is going on: after the
warm-up (tui/warm_up.py), and once home is back after a spare was taken.  A spare is
registered with the app, so Textual composes and mounts it, but it is on no screen
stack: nothing is drawn and it takes no keys.  It learns what to show when it is
pushed (`QuizScreen.start`, `CalculatorScreen.start`; the stats screen reads the store
when it arrives), and one built for another tile style or ruleset is thrown away.

Only the real app and the benchmarks keep spares (`make_app(settle_memory=True)`);
tests that build many apps build each screen when it is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from textual.screen import Screen
from textual.widget import AwaitMount

if TYPE_CHECKING:
    from textual.app import App

S = TypeVar("S", bound=Screen[Any])

SPARE_KINDS: Final = ("quiz", "stats", "calculator")  # the screens the app builds ahead
LOOK_AGAIN_S: Final = 1.0  # how often to look whether home is back, while a spare is missing


class Spares:
    """The app's screens built ahead, by kind (`SPARE_KINDS`)."""

    def __init__(self, app: App[Any], kinds: Iterable[str], build: Callable[[], object],
                 ready: Callable[[], bool]) -> None:
        self.app = app
        self.kinds = tuple(kinds)
        self._build = build  # builds every missing spare (the app knows how)
        self._ready = ready  # True while the learner reads home: time to build
        self._screens: dict[str, Screen[Any]] = {}

    def take(self, kind: str, cls: type[S], fits: Callable[[S], bool]) -> S | None:
        """The spare of `kind`, if it is mounted and fits what is asked (the same tile
        style, the same ruleset); one that does not fit is thrown away.  Another is
        built once home is back."""
        screen = self._screens.pop(kind, None)
        if kind in self.kinds:
            self.app.set_timer(LOOK_AGAIN_S, self.build_when_ready)
        if screen is None:
            return None
        if isinstance(screen, cls) and screen.is_mounted and fits(screen):
            return screen
        screen.remove()
        return None

    def missing(self) -> bool:
        return any(kind not in self._screens for kind in self.kinds)

    def build_when_ready(self) -> None:
        """Build the missing spares if home is in front, else look again later."""
        if not self.missing() or not self.app.is_running:
            return
        if self._ready():
            self.app.call_later(self._build)
        else:
            self.app.set_timer(LOOK_AGAIN_S, self.build_when_ready)

    def build(self, kind: str, make: Callable[[], Screen[Any]]) -> AwaitMount | None:
        """Compose and mount a spare of `kind` off the screen stack, unless there is
        one; the awaitable waits for it to be mounted."""
        if kind in self._screens or not self.app.is_running:
            return None
        screen = make()
        self._screens[kind] = screen
        widgets = self.app._register(self.app, screen)  # what push_screen does first
        return AwaitMount(screen, widgets)

    def spare(self, kind: str) -> Screen[Any] | None:
        """The spare of `kind` waiting, if any."""
        return self._screens.get(kind)
