"""The app's command palette: Textual's, made safe against keys that arrive too fast.

Bursts of keys crashed Textual's own palette (tests/tui/test_key_bursts.py keeps them):

* `ctrl+p pagedown` (or pageup): the page key reached the command list before it had
  been laid out, when it has no lines yet to page through (`KeyError: 0` in
  `OptionList._move_page`);
* `ctrl+p enter enter`: the first enter ran the command and closed the palette, the
  second reached the closed palette, which closed the screen below it as well
  (`ScreenStackError`) and would have run the command twice;
* letters typed just before the palette closed started a search that finished after
  its widgets were gone (`NoMatches: CommandList` from the search worker);
* ctrl+p in the help opened over the palette opened a second palette with the same id
  (`DuplicateIds`).

`AppCommandPalette` pages only a list that has a size; once it is no longer in front it
ignores every key, submit, click, selection and new search; a search or a display
update that finds the palette's widgets gone stops quietly.  The app opens this class
for ctrl+p and for the theme picker, and no second one while one is in the stack.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

from textual import on, work
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.events import Click
from textual.message import Message
from textual.widgets import Button, Input, LoadingIndicator, OptionList

from mj_trainer.tui.safe_screen import SafeModalScreen

PAGE_ACTIONS = frozenset({"page_up", "page_down"})
# Textual's search, undecorated (its @work keeps the function as __wrapped__): the
# subclass runs it inside a worker of its own that can tell a closed palette apart.
# None if a Textual release stops keeping it: then its own worker runs the search.
_SEARCH = cast(Callable[[CommandPalette, str], Awaitable[None]] | None,
               getattr(CommandPalette._gather_commands, "__wrapped__", None))


class AppCommandPalette(CommandPalette, SafeModalScreen[None]):
    """Textual's command palette, closed once only and paged only once laid out."""

    HELP_NAME = "home"  # the home help explains the palette

    @staticmethod
    def in_stack(app: App[Any]) -> bool:
        """Whether a palette is open anywhere, not only in front (Textual's `is_open`)."""
        return any(isinstance(screen, CommandPalette) for screen in app.screen_stack)

    def _intact(self) -> bool:
        """Whether the palette still has the widgets its updates draw into."""
        return bool(self.query(CommandList)) and bool(self.query(LoadingIndicator)) \
            and bool(self.query("#--input"))

    @on(Input.Submitted)
    @on(Input.Changed)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _ignore_once_closed(self, event: Message) -> None:
        # Runs before CommandPalette's own handlers of these messages (the subclass comes
        # first); preventing the default stops them, so a closed palette runs nothing.
        if not self.is_active:
            event.stop()
            event.prevent_default()

    def _on_click(self, event: Click) -> None:  # type: ignore[override]
        # Textual calls each class's _on_click in turn: this one only stops the rest
        # once the palette is closed.
        if not self.is_active:
            event.prevent_default()

    def _select_or_command(self, event: Input.Submitted | Button.Pressed | None = None) -> None:
        if self.is_active:
            super()._select_or_command(event)

    def _action_escape(self) -> None:
        if self.is_active:
            super()._action_escape()

    def _action_cursor_down(self) -> None:
        if self.is_active:
            super()._action_cursor_down()

    def _action_command_list(self, action: str) -> None:
        if not self.is_active:
            return
        if action in PAGE_ACTIONS and not self._laid_out():
            return  # nothing on screen to page through yet
        super()._action_command_list(action)

    def _laid_out(self) -> bool:
        """Whether the command list has been given a size (and so has lines)."""
        lists = self.query(CommandList)
        return bool(lists) and bool(lists.first().scrollable_content_region)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        if not self.is_active:
            return
        if _SEARCH is None:  # pragma: no cover - a Textual without __wrapped__
            super()._gather_commands(search_value)
            return
        try:
            await _SEARCH(self, search_value)
        except NoMatches:
            if self._intact():
                raise  # not a palette closing under the search: a real fault

    def _watch__list_visible(self) -> None:
        if self._intact():
            super()._watch__list_visible()

    async def _watch__show_busy(self) -> None:
        if self._intact():
            await super()._watch__show_busy()
