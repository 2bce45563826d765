"""The calculator's hand as it is built: loose tiles, the winning tile, the melds.

One item is selected (a mark under it while the row has focus): ←/→ or a click
selects, delete removes it, `w` makes it the winning tile, `x` exposes the set it is
in (or puts an exposed set back among the concealed tiles, or turns a kong between
exposed and concealed), `k`/`K` make four loose copies an exposed or concealed kong.
The row wraps between items, never inside one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from mj_trainer.engine.hand import MeldKind
from mj_trainer.tui.calculator_draft import Draft, Item
from mj_trainer.tui.tile_text import TileStyle, tile_text

Act = Literal["remove", "winning", "expose", "kong", "concealed-kong"]


@dataclass(frozen=True, slots=True)
class _Span:
    line: int
    start: int
    end: int
    index: int


class DraftRow(Widget, can_focus=True):
    """The hand being built; posts `Acted` for each edit asked on the selected item."""

    DEFAULT_CSS = """
    DraftRow { height: auto; }
    """
    BINDINGS = [
        Binding("left", "select(-1)", show=False),
        Binding("right", "select(1)", show=False),
        Binding("delete,backspace", "act('remove')", "Remove", id="row.remove"),
        Binding("w", "act('winning')", "Winning", id="row.winning",
                tooltip="Make it the winning tile"),
        Binding("x", "act('expose')", "Expose/conceal", id="row.expose",
                tooltip="Expose its set, or put an exposed set back"),
        Binding("k", "act('kong')", "Kong", id="row.kong", tooltip="Four copies: exposed kong"),
        Binding("K", "act('concealed-kong')", "Concealed kong", id="row.ckong",
                key_display="K", tooltip="Four copies: concealed kong"),
    ]

    @dataclass
    class Acted(Message):
        action: Act
        item: Item

    selected: reactive[int] = reactive(0)
    tile_style: reactive[TileStyle] = reactive(TileStyle.TEXT, layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.draft = Draft()
        self._spans: list[_Span] = []

    def show(self, draft: Draft) -> None:
        self.draft = draft
        count = len(draft.items())
        self.selected = max(0, min(self.selected, count - 1))
        self.refresh(layout=True)

    @property
    def item(self) -> Item | None:
        items = self.draft.items()
        return items[self.selected] if 0 <= self.selected < len(items) else None

    def select_last(self) -> None:
        self.selected = max(0, len(self.draft.items()) - 1)

    def action_select(self, step: int) -> None:
        count = len(self.draft.items())
        if count:
            self.selected = (self.selected + step) % count

    def action_act(self, action: Act) -> None:
        item = self.item
        if item is not None:
            self.post_message(self.Acted(action, item))

    def watch_selected(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for span in self._spans:
            if span.line == offset.y // 2 and span.start <= offset.x < span.end:
                self.selected = span.index
                break
        self.focus()

    # ---- drawing

    def _item_text(self, item: Item) -> Text:
        style = self.tile_style
        if item.kind == "tile":
            return tile_text(item.tile, style=style)
        if item.kind == "winning":
            return Text.assemble(("+", "bold"), tile_text(item.tile, winning=True, style=style))
        meld = self.draft.parts.melds[item.meld]
        concealed = meld.kind is MeldKind.KONG and not meld.exposed
        out = Text("{" if concealed else "[", style="bold")
        for i, t in enumerate(meld.tiles):
            if i:
                out.append(" ")
            out.append_text(tile_text(t, style=style))
        out.append("}" if concealed else "]", style="bold")
        return out

    def _build(self, width: int) -> Text:
        items = self.draft.items()
        self._spans = []
        if not items:
            return Text("No tiles yet: pick them in the palette, or type the notation.",
                        style="dim italic", end="")
        lines: list[tuple[Text, Text]] = []
        top, mark = Text(), Text()
        line = 0
        for i, item in enumerate(items):
            face = self._item_text(item)
            gap = 0 if not top.cell_len else (2 if item.kind != "tile" else 1)
            if top.cell_len and top.cell_len + gap + face.cell_len > width:
                lines.append((top, mark))
                top, mark, gap, line = Text(), Text(), 0, line + 1
            top.append(" " * gap)
            mark.append(" " * gap)
            start = top.cell_len
            top.append_text(face)
            chosen = self.has_focus and i == self.selected
            mark.append(("▔" if chosen else " ") * face.cell_len, style="bold")
            self._spans.append(_Span(line, start, top.cell_len, i))
        lines.append((top, mark))
        out = Text(no_wrap=True, overflow="crop", end="")
        for n, (a, b) in enumerate(lines):
            if n:
                out.append("\n")
            out.append_text(a)
            out.append("\n")
            out.append_text(b)
        return out

    def render(self) -> Text:
        return self._build(max(self.content_size.width, 20))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._build(max(width, 20)).plain.split("\n"))
