"""Textual's Footer without its leaks.

Each time the keys that apply change (every question and every feedback), the Footer
rebuilds its key widgets, and two things keep every removed key widget alive:

* each key binds its `compact` style to the footer's; the binding is a watcher kept in
  a list on the footer, cleaned only when the footer's `compact` changes, which never
  happens here (Textual issue #6666);
* the styles cache of every widget ever drawn is a key of a 1,024-entry
  `lru_cache` on a method (`StylesCache.get_inner_outer`), with all its rendered lines.

Together that was 0.43 MB per answered question.  `LeanFooter` updates the key widgets
it already has in place (removing or adding only the difference), which also spares a
rebuild and restyle of the whole footer on every answer; it drops the watchers of
removed keys, and empties that method cache (it only maps two colours to two styles,
so refilling it costs next to nothing).

Below `PALETTE_MIN_WIDTH` cells the footer leaves out the command-palette key (ctrl+p
still works, and the help says so): at 80 columns it pushed the quit and help keys of
the busiest screens off the edge.  And when the keys still do not fit, the footer leaves
out the last of the screen's own keys (they still work, and each screen's help lists
them) so that quit and help always show.  In a browser tab it leaves out the keys the
browser keeps for itself (`tui.browser_keys`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from mj_trainer.tui.browser_keys import kept_by_browser

# Classes the Footer gives a key when it builds it ("-compact" follows the footer).
_KEY_CLASSES = ("-disabled", "-grouped", "-command-palette")
PALETTE_MIN_WIDTH = 100  # narrower footers drop the ^p palette key for the screen's own
W = TypeVar("W", bound=Widget)
# Quit and help, on every screen at any width (quit is f10 in a browser tab).
ALWAYS_SHOWN = frozenset({"ctrl+q", "f10", "f1"})


def release_render_caches() -> None:
    """Empty Textual's per-widget colour cache, which keeps removed widgets alive."""
    from textual._styles_cache import StylesCache

    method = getattr(StylesCache, "get_inner_outer", None)
    clear = getattr(method, "cache_clear", None)
    if callable(clear):
        clear()


class LeanFooter(Footer):
    """A Footer that forgets the key widgets it has removed."""

    def compose(self) -> ComposeResult:
        # Decided from the terminal's width before the keys are built, so a new screen
        # at 80 columns is not built twice (a footer spans the screen).
        self.set_reactive(Footer.show_command_palette,
                          self.app.size.width >= PALETTE_MIN_WIDTH)
        built = list(super().compose())
        if self.app.is_web:  # a browser acts on these keys before the app sees them
            built = [w for w in built
                     if not (isinstance(w, FooterKey) and kept_by_browser(w.key))]
        if not _plain_keys(built):  # key groups nest widgets: leave them as built
            yield from built
            return
        keys, palette = _split(built)
        room = self.app.size.width - sum(_width(k, self.compact) + 2 for k in palette)
        kept = _fitting(keys, room, self.compact)
        if len(kept) < len(keys):
            self.styles.grid_size_columns = len(kept)
        yield from kept + palette

    def on_resize(self, event: events.Resize) -> None:
        # Only a terminal resized across the threshold rebuilds the keys.
        wide = event.size.width >= PALETTE_MIN_WIDTH
        if wide != self.show_command_palette:
            self.show_command_palette = wide
            self.call_later(self.recompose)

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return
        try:
            from textual.compose import compose
        except ImportError:  # pragma: no cover - a Textual without it: rebuild
            await super().recompose()
        else:
            fresh = compose(self)  # the keys the footer would mount now, not mounted
            current = list(self.children)
            if _plain_keys(fresh) and _plain_keys(current):
                await self._update_in_place(current, fresh)
            else:
                await super().recompose()
        self.forget_removed()
        release_render_caches()

    async def _update_in_place(self, current: list[Widget], fresh: list[Widget]) -> None:
        """Reuse the mounted keys: the command-palette key (never bound to the footer's
        style) with its own kind only, the others position by position."""
        old_keys, old_palette = _split(current)
        new_keys, new_palette = _split(fresh)
        async with self.batch():
            for old, new in zip(old_keys, new_keys, strict=False):
                _update(old, new)
            if len(old_keys) > len(new_keys):
                await self.remove_children(old_keys[len(new_keys):])
            elif len(new_keys) > len(old_keys):
                extra = new_keys[len(old_keys):]
                if old_palette:
                    await self.mount_all(extra, before=old_palette[0])
                else:
                    await self.mount_all(extra)
            if old_palette and new_palette:
                _update(old_palette[0], new_palette[0])
            elif old_palette:
                await self.remove_children(old_palette)
            elif new_palette:
                await self.mount_all(new_palette)

    def forget_removed(self) -> None:
        """Drop reactive watchers registered by widgets that are no longer mounted."""
        # Textual keeps a node's watchers in an attribute literally named "__watchers".
        watchers: dict[str, list[tuple[object, object]]] = getattr(self, "__watchers", {})
        for name, entries in watchers.items():
            watchers[name] = [(node, callback) for node, callback in entries
                              if getattr(node, "is_attached", True)]


def _width(key: Widget, compact: bool) -> int:
    """The cells a footer key takes: its key and description with their padding, and
    the margin after it (compact: "esc Back" and one space; else " esc Back ")."""
    assert isinstance(key, FooterKey)
    text = cell_len(key.key_display) + (cell_len(key.description) + 1 if key.description
                                        else 0)
    return text + (1 if compact else 2)


def _fitting(keys: Sequence[W], room: int, compact: bool) -> list[W]:
    """The keys that fit in `room` cells, leaving out the last keys that are not quit
    or help first."""
    kept = list(keys)
    while kept and sum(_width(k, compact) for k in kept) > room:
        droppable = [i for i, k in enumerate(kept)
                     if isinstance(k, FooterKey) and k.key not in ALWAYS_SHOWN]
        if not droppable:
            break
        del kept[droppable[-1]]
    return kept


def _plain_keys(widgets: list[Widget]) -> bool:
    """True when every widget is a lone key (no key groups, which nest widgets)."""
    return all(type(w) is FooterKey for w in widgets)


def _split(widgets: list[Widget]) -> tuple[list[Widget], list[Widget]]:
    """The ordinary keys, and the command-palette key (the footer puts it last)."""
    palette = [w for w in widgets if w.has_class("-command-palette")]
    return [w for w in widgets if not w.has_class("-command-palette")], palette


def _update(old: Widget, new: Widget) -> None:
    """Make the mounted key `old` show what the fresh key `new` would."""
    assert isinstance(old, FooterKey) and isinstance(new, FooterKey)
    if (old.key, old.key_display, old.description, old.action, old._disabled,
            old.tooltip) == (new.key, new.key_display, new.description, new.action,
                             new._disabled, new.tooltip) and all(
            old.has_class(c) == new.has_class(c) for c in _KEY_CLASSES):
        return
    old.key = new.key
    old.key_display = new.key_display
    old.description = new.description
    old.action = new.action
    old._disabled = new._disabled
    old.tooltip = new.tooltip
    for name in _KEY_CLASSES:
        old.set_class(new.has_class(name), name)
    old.refresh(layout=True)
