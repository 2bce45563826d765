"""A Select's drop-down takes a page key before it has been laid out.

The case that broke (key bursts on the reference screen, under load): a page key that
followed the key opening a Select's drop-down reached Textual's overlay before its line
map existed, and `OptionList._move_page` raised `KeyError: 0`.  The settings screen's
selects are `SafeSelect`s, whose overlay ignores page keys until it has lines.
"""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.widgets._select import SelectOverlay

from mj_trainer.tui.widgets.safe_list import SafeSelect, SafeSelectOverlay


class _OneSelect(App[None]):
    def compose(self) -> ComposeResult:
        yield SafeSelect([(f"option {n}", str(n)) for n in range(40)], value="3",
                         allow_blank=False)


def test_the_overlay_is_guarded_and_still_pages_once_laid_out() -> None:
    async def body() -> None:
        app = _OneSelect()
        async with app.run_test(size=(40, 12)) as pilot:
            overlay = app.query_one(SelectOverlay)
            assert type(overlay) is SafeSelectOverlay
            # Before layout the line map is empty: the unguarded list raises KeyError.
            overlay._index_to_line.clear()
            overlay._move_page(1)
            assert overlay.highlighted in (None, 3)
            # Opened and laid out, a page key moves the highlight as before.
            app.query_one(SafeSelect).expanded = True
            await pilot.pause()
            await pilot.press("pagedown")
            await pilot.pause()
            assert overlay.highlighted is not None and overlay.highlighted > 3
            await pilot.press("enter")
            await pilot.pause()
            assert app.query_one(SafeSelect).value == str(overlay.highlighted)

    asyncio.run(body())


def test_the_unguarded_overlay_fails_the_same_case() -> None:
    # The guard is what the first test exercises: Textual's own overlay raises here.
    async def body() -> None:
        app = _OneSelect()
        async with app.run_test(size=(40, 12)):
            overlay = app.query_one(SelectOverlay)
            overlay._index_to_line.clear()
            try:
                SelectOverlay._move_page(overlay, 1)
            except KeyError:
                return
            raise AssertionError("Textual's overlay paged without lines")

    asyncio.run(body())
