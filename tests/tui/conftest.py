"""Snapshots taken only once the footer shows the keys that apply and the screen is still.

Textual rebuilds a footer's keys a little after the bindings change (a new question, a
feedback panel), on its own schedule. On a busy machine a snapshot could catch the footer
between the two and show yesterday's keys. The ``snap_compare`` here wraps the plugin's:
after the test's own steps (and key presses) it waits until every footer on the screen
holds exactly the keys it would build now, and until the screen draws the same picture
a few times in a row, then lets the plugin take the picture. It also shows one fixed
path for the installed example house-rules file, wherever the checkout is.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from textual._context import active_message_pump
from textual.compose import compose
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

RunBefore = Callable[[Pilot[Any]], Awaitable[None] | None]
SETTLE_PAUSES = 200
SETTLED_CHECKS = 3
SCREEN_PAUSE = 0.01  # seconds between two looks at the screen
# The settings screen names the installed example house-rules file; where a checkout is
# installed must not change a picture, so snapshots see this path instead.
SHOWN_EXAMPLE = Path("/site-packages/mj_trainer/engine/rulesets/examples/house-rules.toml")


def _keys(widgets: Iterable[Widget]) -> list[tuple[str, str, bool]]:
    """What a footer shows: each key, its description and whether it is disabled."""
    return [(w.key, w.description, w._disabled) for w in widgets if isinstance(w, FooterKey)]


def _due(footer: Footer) -> list[tuple[str, str, bool]]:
    """The keys `footer` would build now."""
    token = active_message_pump.set(footer)  # compose binds the keys to their footer
    try:
        return _keys(compose(footer))
    finally:
        active_message_pump.reset(token)


def footers_settled(pilot: Pilot[Any]) -> bool:
    """True when each footer of the active screen shows the keys it would build now."""
    return all(_keys(f.children) == _due(f) for f in pilot.app.screen.query(Footer))


async def settle_footers(pilot: Pilot[Any]) -> None:
    """Pause until the footers are up to date on a few checks in a row (a late message,
    such as a round that finished loading, can change the keys after one good check);
    bounded, so a bug cannot hang a test: a footer that never catches up fails the test
    with the keys it shows and the keys it should show."""
    in_a_row = 0
    for _ in range(SETTLE_PAUSES):
        in_a_row = in_a_row + 1 if footers_settled(pilot) else 0
        if in_a_row >= SETTLED_CHECKS:
            break
        await pilot.pause()
    else:
        # A footer that never catches up is a bug of the app (keys that apply are not
        # shown), not a picture to compare: say so instead of comparing a stale footer.
        raise AssertionError(f"the footer never showed the keys that apply: {stale(pilot)}")
    await pilot.pause()


def stale(pilot: Pilot[Any]) -> str:
    """What the first unsettled footer shows, and what it should show."""
    for footer in pilot.app.screen.query(Footer):
        shown, due = _keys(footer.children), _due(footer)
        if shown != due:
            return f"shows {[k for k, _, _ in shown]}, should show {[k for k, _, _ in due]}"
    return "every footer is up to date now"


async def settle_screen(pilot: Pilot[Any]) -> None:
    """Pause until the screen draws the same picture a few times in a row.

    A message that arrives late on a busy machine (a resize that rebuilds a list, a
    label updated after a worker) would otherwise be caught half done; bounded, so an
    animation cannot hang a test.
    """
    last = ""
    in_a_row = 0
    for _ in range(SETTLE_PAUSES):
        shot = pilot.app.export_screenshot()
        in_a_row = in_a_row + 1 if shot == last else 0
        if in_a_row >= SETTLED_CHECKS:
            break
        last = shot
        await pilot.pause(SCREEN_PAUSE)


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool],
                 monkeypatch: pytest.MonkeyPatch) -> Callable[..., bool]:
    """The plugin's ``snap_compare``, run once the footers have settled."""
    monkeypatch.setattr("mj_trainer.tui.house_starter.example_path", lambda: SHOWN_EXAMPLE)
    # The scheduler adds a random day or two to long intervals; a picture that says when
    # a pattern comes back ("back in 7 days") must not change with it.
    monkeypatch.setattr("fsrs.scheduler.random", lambda: 0.5)

    def compare(app: Any, press: Iterable[str] = (), terminal_size: tuple[int, int] = (80, 24),
                run_before: RunBefore | None = None) -> bool:
        keys = tuple(press)

        async def before(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
            await pilot.pause()
            if keys:
                await pilot.press(*keys)
            await settle_footers(pilot)
            await settle_screen(pilot)

        return snap_compare(app, terminal_size=terminal_size, run_before=before)

    return compare
