"""Pick the patterns that count: a searchable list of a ruleset's patterns by category.

Keys while the list has focus:

* letters, digits, ``.`` and space filter the list (by id, name in any word order, or
  Chinese name: `tui.pattern_search`); backspace erases, escape clears the filter.  A
  space is part of the filter (``little three d``), never a tick;
* ``+`` (or ``=``) ticks the highlighted pattern, and again raises the count of a per-set
  or per-tile pattern (Wind Pung three times is ``+ + +``); ``-`` lowers it and unticks;
  ``*`` ticks or unticks (a click does too);
* enter asks to check the answer (`PatternPicker.Submitted`).

Patterns revealed by a hint are ticked with the right count and locked.  A lesson's
drill (`load` with a scope) offers only what the course has taught so far, the patterns
it grades; the patterns a later lesson teaches that count in the hand are given: they
stand ticked and dimmed with their points, locked, and are not the learner's claims.
The other untaught patterns are not listed (a drill would mark a claim of one wrong).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.tui.pattern_search import pattern_matches
from mj_trainer.tui.widgets.parts_line import PartsLine
from mj_trainer.tui.widgets.safe_list import SafeOptionList

MAX_COUNT = 8  # the most a per-set or per-tile pattern can be claimed
_FILTER_CHARS = re.compile(r"[0-9A-Za-z.' \u3400-\u9fff]")


def value_text(p: Pattern) -> str:
    """'5', '5/set', '2/tile'; doublings (classical) '1 dbl', '1 dbl/set', '3 dbl' --
    the number the doublings input adds up."""
    if p.doubles:
        text = f"{p.value} dbl"
        return text if p.unit == "hand" else f"{text}/{p.unit}"
    return p.value_text().replace(" per ", "/")


class PatternList(SafeOptionList):
    """The option list of the picker; keys are turned into picker actions."""

    # The keys below are handled in `on_key` (before any binding); the bindings put
    # them in the footer and make its keys clickable.
    BINDINGS = [
        Binding("plus", "adjust(1)", "Tick", key_display="+", id="picker.tick"),
        Binding("minus", "adjust(-1)", "Untick", key_display="-", show=False,
                id="picker.untick"),
        Binding("asterisk", "tick_or_untick", "Tick/untick", key_display="*", show=False,
                id="picker.toggle"),
        Binding("enter", "select", "Check", id="picker.check"),
        # Shown while a filter is typed, in place of the screen's escape (End round).
        Binding("escape", "clear_filter", "Clear filter", id="picker.clear"),
    ]

    def __init__(self, picker: PatternPicker, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picker = picker

    def set_prompt(self, option_id: str, prompt: Content) -> None:
        """Give one option a new prompt and redraw that option alone.

        `replace_option_prompt` forgets how every option was drawn, so the next frame
        draws the whole visible list again: on each tick and on each next hand.  The
        picker's prompts are cut to one line (see `PatternPicker._prompt`), so the
        list's line map stays right; only the changed option's drawings are dropped.
        """
        option = self.get_option(option_id)
        if not (hasattr(self, "_option_render_cache") and hasattr(option, "_set_prompt")):
            self.replace_option_prompt(option_id, prompt)  # another Textual
            return
        option._set_prompt(prompt)
        cache = self._option_render_cache
        drawn = cache.keys()
        for key in [k for k in drawn if k[0] is option]:
            cache.discard(key)
        self.refresh()

    def action_select(self) -> None:
        self.picker.post_message(PatternPicker.Submitted(self.picker))

    def action_adjust(self, delta: int) -> None:
        self.picker.adjust(delta)

    def action_tick_or_untick(self) -> None:
        self.picker.toggle()

    def action_clear_filter(self) -> None:
        self.picker.set_filter("")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear_filter":
            return bool(self.picker.filter_text)
        return super().check_action(action, parameters)

    async def _on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None and not self.options[clicked].disabled:
            self.highlighted = clicked
            self.picker.toggle()

    def on_key(self, event: events.Key) -> None:
        picker = self.picker
        char = event.character or ""
        handled = True
        if char == "*":
            picker.toggle()
        elif char in ("+", "="):
            picker.adjust(1)
        elif char in ("-", "_"):
            picker.adjust(-1)
        elif event.key == "backspace":
            handled = bool(picker.filter_text)
            if handled:
                picker.set_filter(picker.filter_text[:-1])
        elif event.key == "escape":
            handled = bool(picker.filter_text)
            if handled:
                picker.set_filter("")
        elif char == " " and not picker.filter_text.strip():
            picker.explain_space()  # a filter does not start with a space
        elif len(char) == 1 and _FILTER_CHARS.fullmatch(char):
            picker.set_filter(picker.filter_text + char)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    def on_resize(self, event: events.Resize) -> None:
        """Rebuild the options for a new width; at the same width (the quiz hides the
        list while the feedback shows, and it comes back the same size) keep them and
        their drawings, which OptionList would otherwise forget: drawing the visible
        options again was most of the cost of showing the next hand."""
        if self.picker.width_changed():
            self.picker.redraw()
        else:
            event.prevent_default()  # OptionList's handler forgets every drawing


class PatternPicker(Vertical):
    """The filter line, the list of patterns, and a line with what is claimed so far."""

    DEFAULT_CSS = """
    PatternPicker { height: 1fr; }
    PatternPicker > #picker-filter { height: 1; padding: 0 1; color: $foreground 55%; }
    PatternPicker > #picker-filter.-active { color: $text; background: $boost; }
    PatternPicker > PatternList { height: 1fr; }
    PatternPicker > #picker-claims { height: auto; max-height: 2; padding: 0 1; }
    """

    @dataclass
    class Submitted(Message):
        """Enter was pressed in the list: check the answer."""

        picker: PatternPicker

    @dataclass
    class Changed(Message):
        """The claimed patterns changed."""

        picker: PatternPicker

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ruleset: Ruleset | None = None
        self.counts: dict[str, int] = {}
        self.locked: set[str] = set()
        self.given: dict[str, tuple[int, int]] = {}  # pattern id -> (count, points)
        self.scope: frozenset[str] | None = None  # a drill's taught patterns (None: all)
        self.filter_text = ""
        self.next_field = "total"  # named in the key hint: what tab moves to
        self._rows: list[Pattern | None] = []  # option index -> pattern (None: a header)
        self._tail = 9  # the width of the value column, from the ruleset's values
        self._drawn_width: int | None = None  # the width the options were made for

    def compose(self) -> ComposeResult:
        yield Static(id="picker-filter")
        yield PatternList(self, id="picker-list")
        yield PartsLine(id="picker-claims")

    @property
    def option_list(self) -> PatternList:
        return self.query_one(PatternList)

    def on_mount(self) -> None:
        self._show_filter()
        self._show_claims()

    # ---- state

    def load(self, ruleset: Ruleset, scope: frozenset[str] | None = None,
             given: dict[str, tuple[int, int]] | None = None) -> None:
        """Start a fresh answer for a hand of `ruleset`.

        A lesson's drill passes its `scope` (the patterns taught so far, which it grades)
        and the patterns it gives ((count, points) of each pattern a later lesson teaches
        that counts here): the list offers those and nothing else.  With the same ruleset and
        patterns offered and no filter the options stay: only the rows that were ticked
        are redrawn, which keeps going on to the next hand fast.
        """
        touched = set(self.counts) | self.locked | set(self.given)
        offered = self._offered()
        self.scope = scope
        self.given = dict(given or {})
        same = (ruleset is self.ruleset and not self.filter_text and bool(self._rows)
                and offered == self._offered())
        self.ruleset = ruleset
        self.counts = {}
        self.locked = set()
        self.filter_text = ""
        touched |= set(self.given)
        if same:
            for pid in touched:
                self._refresh_row(pid)
            ol = self.option_list
            ol.highlighted = next((i for i, p in enumerate(self._rows) if p is not None), None)
            ol.scroll_home(animate=False)
        else:
            self.redraw(keep=False)
        self._show_filter()
        self._show_claims()

    def claims(self) -> dict[str, int]:
        """pattern id -> count claimed (given patterns are not claims)."""
        return {k: v for k, v in self.counts.items() if v > 0 and k not in self.given}

    def offers(self, p: Pattern) -> bool:
        """Is the pattern listed: every one, or in a drill the taught and the given."""
        return self.scope is None or p.id in self.scope or p.id in self.given

    def _offered(self) -> frozenset[str] | None:
        """The ids listed (None: every pattern of the ruleset)."""
        if self.scope is None:
            return None
        return self.scope | frozenset(self.given)

    def reveal(self, pattern_id: str, count: int) -> None:
        """Tick a pattern a hint revealed, with its count, and lock it."""
        self.counts[pattern_id] = count
        self.locked.add(pattern_id)
        self._refresh_row(pattern_id)
        self._changed()

    def set_claims(self, claims: dict[str, int]) -> None:
        """Replace the claims (tests and restoring an answer); like ticking, only the
        rows whose claim changed are drawn again."""
        before = self.counts
        self.counts = {k: v for k, v in claims.items() if v > 0}
        if self._rows:
            for pid in set(before) | set(self.counts):
                if before.get(pid) != self.counts.get(pid):
                    self._refresh_row(pid)
        else:
            self.redraw()
        self._changed()

    def highlighted_pattern(self) -> Pattern | None:
        index = self.option_list.highlighted
        if index is None or index >= len(self._rows):
            return None
        return self._rows[index]

    def toggle(self) -> None:
        p = self.highlighted_pattern()
        if p is None or p.id in self.locked or p.id in self.given:
            if p is not None:
                self.app.bell()
            return
        self.counts[p.id] = 0 if self.counts.get(p.id, 0) else 1
        self._refresh_row(p.id)
        self._changed()

    def adjust(self, delta: int) -> None:
        p = self.highlighted_pattern()
        if p is None or p.id in self.locked or p.id in self.given:
            if p is not None:
                self.app.bell()
            return
        top = 1 if p.unit == "hand" else MAX_COUNT
        self.counts[p.id] = max(0, min(top, self.counts.get(p.id, 0) + delta))
        self._refresh_row(p.id)
        self._changed()

    def highlight(self, pattern_id: str) -> bool:
        """Move the highlight to a pattern (clearing a filter that hides it)."""
        for i, p in enumerate(self._rows):
            if p is not None and p.id == pattern_id:
                self.option_list.highlighted = i
                return True
        if self.filter_text:
            self.set_filter("")
            return self.highlight(pattern_id)
        return False

    def set_filter(self, text: str) -> None:
        """Filter the list; a narrower filter jumps to its first match, a wider one keeps
        the highlighted pattern."""
        widening = self.filter_text.startswith(text)
        escape_changes = bool(text) != bool(self.filter_text)
        self.filter_text = text
        self.redraw(keep=widening)
        self._show_filter()
        if escape_changes:
            self.option_list.refresh_bindings()  # escape: clear the filter or end round

    # ---- drawing

    def width_changed(self) -> bool:
        """Whether the list is not as wide as when its options were made."""
        return self._width() != self._drawn_width

    def _width(self) -> int:
        ol = self.option_list
        return max(30, (ol.scrollable_content_region.width or ol.size.width or 80) - 1)

    def _prompt(self, p: Pattern) -> Content:
        # A row drawn again (a tick, a new hand while the list is hidden) keeps the width
        # the others were made for; a resize rebuilds them all (`PatternList.on_resize`).
        width = self._drawn_width if self._drawn_width is not None else self._width()
        if p.id in self.given:
            return self._given_prompt(p, width)
        n = self.counts.get(p.id, 0)
        locked = p.id in self.locked
        if locked:
            box = ("[✔] ", "bold $warning")
        elif n:
            box = ("[✔] ", "bold $success")
        else:
            box = ("[ ] ", "$foreground 55%")
        count = f"×{n}" if n and p.unit != "hand" else ""
        tail = f"{value_text(p):>{self._tail}} {count:<3}"
        chinese = f"  {p.chinese}" if width >= 70 and p.chinese else ""
        ident = f"{p.id:<7}"
        extra = " hint" if locked else ""
        name_room = width - 4 - len(ident) - cell_len(tail) - 1
        name = p.name
        if cell_len(name + chinese + extra) > name_room:
            chinese = ""
        if cell_len(name + extra) > name_room:
            name = name[: max(3, name_room - len(extra) - 1)] + "…"
        pad = " " * max(1, name_room - cell_len(name + chinese + extra) + 1)
        return Content.assemble(
            box, (ident, "bold" if n else "$foreground 55%"), (name, "bold" if n else ""),
            (chinese, "$foreground 55%"), (extra, "italic $warning"), pad,
            (tail, "bold" if n else "$foreground 55%"))

    def _given_prompt(self, p: Pattern, width: int) -> Content:
        """A given pattern: ticked and dimmed, with the points it adds."""
        n, points = self.given[p.id]
        count = f"×{n}" if n > 1 else ""
        tail = f"{points:>{self._tail}} {count:<3}"
        ident = f"{p.id:<7}"
        extra = " given: taught later"
        name_room = width - 4 - len(ident) - cell_len(tail) - 1
        if cell_len(p.name + extra) > name_room:
            extra = " given"
        name = p.name
        if cell_len(name + extra) > name_room:
            name = name[: max(3, name_room - len(extra) - 1)] + "…"
        pad = " " * max(1, name_room - cell_len(name + extra) + 1)
        dim = "$foreground 45%"
        return Content.assemble(("[✔] ", dim), (ident, dim), (name, dim),
                                (extra, f"italic {dim}"), pad, (tail, dim))

    def _header(self, number: str, title: str) -> Content:
        return Content.assemble((f"{number} {title}", "bold $accent"))

    def redraw(self, keep: bool = True) -> None:
        """Rebuild the options (after a filter change, a new hand or a resize)."""
        if self.ruleset is None or not self.is_mounted:
            return
        ol = self.option_list
        current = self.highlighted_pattern() if keep else None
        rules = self.ruleset
        self._tail = max([9, *(cell_len(value_text(p)) for p in rules.patterns)])
        self._drawn_width = self._width()
        options: list[Option] = []
        rows: list[Pattern | None] = []
        for number, title in rules.categories.items():
            members = [p for p in rules.patterns if p.category == number
                       and self.offers(p) and pattern_matches(p, self.filter_text)]
            if not members:
                continue
            options.append(Option(self._header(number, title), disabled=True))
            rows.append(None)
            for p in members:
                options.append(Option(self._prompt(p), id=f"p-{p.id}"))
                rows.append(p)
        if not options:
            which = "pattern taught so far" if self.scope is not None else "pattern"
            options.append(Option(Content.assemble(
                (f"No {which} matches {self.filter_text!r}: backspace to edit, escape to "
                 "clear.", "italic")), disabled=True))
            rows.append(None)
        self._rows = rows
        ol.set_options(options)
        target = None
        if current is not None:
            target = next((i for i, p in enumerate(rows) if p is not None and
                           p.id == current.id), None)
        if target is None:
            target = next((i for i, p in enumerate(rows) if p is not None), None)
        ol.highlighted = target

    def _refresh_row(self, pattern_id: str) -> None:
        p = next((q for q in self._rows if q is not None and q.id == pattern_id), None)
        if p is None:
            return
        with contextlib.suppress(OptionDoesNotExist):  # filtered out: nothing to redraw
            self.option_list.set_prompt(f"p-{pattern_id}", self._prompt(p))

    def explain_space(self) -> None:
        """A space before any filter text: say which key ticks."""
        line = self.query_one("#picker-filter", Static)
        line.update(Content.assemble(
            ("+ ticks", "bold $warning"),
            (" the highlighted pattern · - unticks (space is for filter words)", "")))
        line.remove_class("-active")

    def _show_filter(self) -> None:
        line = self.query_one("#picker-filter", Static)
        if self.filter_text:
            line.update(Content.assemble(
                ("filter: ", "bold"), (self.filter_text, "bold $accent"), ("▏", "$accent"),
                ("   backspace edits · esc clears", "$foreground 55%")))
            line.add_class("-active")
        else:
            line.update(Content(f"type to filter · + ticks · - unticks · tab: "
                                f"{self.next_field} · enter checks"))
            line.remove_class("-active")

    def _show_claims(self) -> None:
        line = self.query_one("#picker-claims", PartsLine)
        claims = self.claims()
        names = self.ruleset.by_id() if self.ruleset is not None else {}
        given = (Content.assemble(("  given (taught later): ", "$foreground 55%"), (
            ", ".join(f"{names[k].name if k in names else k} {pts}"
                      for k, (_n, pts) in self.given.items()), "$foreground 55%"))
                 if self.given else Content(""))
        if not claims or self.ruleset is None:
            line.show(Content.assemble(("Claimed: ", "bold"), ("nothing yet", "$foreground 55%"),
                                       given))
            return
        by_id = self.ruleset.by_id()
        parts = []
        for pid in sorted(claims, key=lambda k: by_id[k].rank):
            p = by_id[pid]
            n = claims[pid]
            parts.append(Content(f"{p.name} ×{n}" if p.unit != "hand" else p.name))
        if self.given:
            parts.append(given)
        # A part never breaks: "×2" stays with its pattern's name.
        line.show(Content.assemble(("Claimed: ", "bold")), parts)

    def _changed(self) -> None:
        self._show_claims()
        self.post_message(self.Changed(self))
