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
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

# Classes the Footer gives a key when it builds it ("-compact" follows the footer).
_KEY_CLASSES = ("-disabled", "-grouped", "-command-palette")


def release_render_caches() -> None:
    """Empty Textual's per-widget colour cache, which keeps removed widgets alive."""
    from textual._styles_cache import StylesCache

    method = getattr(StylesCache, "get_inner_outer", None)
    clear = getattr(method, "cache_clear", None)
    if callable(clear):
        clear()


class LeanFooter(Footer):
    """A Footer that forgets the key widgets it has removed."""

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
                async with self.batch():
                    for old, new in zip(current, fresh, strict=False):
                        _update(old, new)
                    if len(current) > len(fresh):
                        await self.remove_children(current[len(fresh):])
                    elif len(fresh) > len(current):
                        await self.mount_all(fresh[len(current):])
            else:
                await super().recompose()
        self.forget_removed()
        release_render_caches()

    def forget_removed(self) -> None:
        """Drop reactive watchers registered by widgets that are no longer mounted."""
        # Textual keeps a node's watchers in an attribute literally named "__watchers".
        watchers: dict[str, list[tuple[object, object]]] = getattr(self, "__watchers", {})
        for name, entries in watchers.items():
            watchers[name] = [(node, callback) for node, callback in entries
                              if getattr(node, "is_attached", True)]


def _plain_keys(widgets: list[Widget]) -> bool:
    """True when every widget is a lone key (no key groups, which nest widgets)."""
    return all(type(w) is FooterKey for w in widgets)


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
