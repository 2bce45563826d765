"""The glossary: every word the course teaches and every pattern, with its text.

It reads the course's one home for words (`quizzes.course.glossary_entries`): a term's entry is
the text a lesson shows under "Words to know", a pattern's entry is the pattern's
description, which the lesson and the reference show too.  Reachable with `g` from the
course, every lesson and the reference; it opens on the entry it was asked for.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.widgets import Input, Static
from textual.widgets.option_list import Option

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.course import Entry, glossary, lesson
from mj_trainer.tui.messages import OpenLesson, OpenReference
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.safe_list import SafeOptionList


def matches(e: Entry, text: str) -> bool:
    """Whether an entry's word or text holds every word of `text` (any case)."""
    hay = f"{e.word} {e.text}".casefold()
    return all(word in hay for word in text.casefold().split())


class GlossaryScreen(SafeScreen[None]):
    """The list of entries beside the highlighted one's text."""

    CSS_PATH = "../styles/course.tcss"
    HELP_NAME = "glossary"
    BINDINGS = [
        Binding("escape", "back", "Back", id="glossary.back"),
        Binding("slash", "search", "Search", key_display="/", id="glossary.search"),
        Binding("r", "open_rule", "Reference", id="glossary.rule"),
        Binding("l", "open_lesson", "Lesson", id="glossary.lesson"),
        Binding("right_square_bracket", "scroll_text(1)", "More", key_display="]",
                show=False),
        Binding("left_square_bracket", "scroll_text(-1)", "Less", key_display="[",
                show=False),
    ]

    def __init__(self, ruleset: Ruleset, start: str | None = None) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.start = start
        self.entries = glossary(ruleset)
        self.rows: list[Entry | None] = []  # option index -> entry (None: a heading)

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Horizontal(id="glossary-body"):
            with Vertical(id="glossary-side"):
                yield Input(placeholder="/ search the glossary", id="glossary-search",
                            compact=True)
                yield SafeOptionList(id="glossary-list")
            with VerticalScroll(id="glossary-scroll"):
                yield Static(id="glossary-text")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Glossary"
        self.sub_title = self.ruleset.name
        self._fill("")
        menu = self.query_one("#glossary-list", SafeOptionList)
        if self.start is not None:
            self.show_entry(self.start)
        menu.focus()

    # ---- the list

    def _fill(self, text: str) -> None:
        menu = self.query_one("#glossary-list", SafeOptionList)
        current = self.current
        menu.clear_options()
        self.rows = []
        def named(e: Entry) -> bool:  # entries whose word matches come first
            return not all(w in e.word.casefold() for w in text.casefold().split())

        words = sorted((e for e in self.entries if e.pattern is None and matches(e, text)),
                       key=named)
        patterns = sorted((e for e in self.entries
                           if e.pattern is not None and matches(e, text)), key=named)
        for heading, group in (("Words", words), ("Patterns", patterns)):
            if not group:
                continue
            menu.add_option(Option(Content.assemble((heading, "bold $accent")), disabled=True))
            self.rows.append(None)
            for e in group:
                menu.add_option(Option(Content(e.word)))
                self.rows.append(e)
        if not words and not patterns:
            menu.add_option(Option(Content.assemble(
                (f"Nothing matches {text!r}.", "italic")), disabled=True))
            self.rows.append(None)
        keep = next((i for i, e in enumerate(self.rows) if e is not None and current
                     is not None and e.id == current.id), None)
        menu.highlighted = keep if keep is not None else next(
            (i for i, e in enumerate(self.rows) if e is not None), None)
        self._show()

    @property
    def current(self) -> Entry | None:
        if not self.is_mounted and not self.rows:
            return None
        i = self.query_one("#glossary-list", SafeOptionList).highlighted
        return self.rows[i] if i is not None and i < len(self.rows) else None

    def show_entry(self, entry_id: str) -> bool:
        """Highlight an entry by id (clearing a search that hides it)."""
        for attempt in range(2):
            for i, e in enumerate(self.rows):
                if e is not None and e.id == entry_id:
                    self.query_one("#glossary-list", SafeOptionList).highlighted = i
                    self._show()
                    return True
            if attempt == 0:
                self.query_one("#glossary-search", Input).value = ""
                self._fill("")
        return False

    @on(SafeOptionList.OptionHighlighted, "#glossary-list")
    def _highlighted(self, event: SafeOptionList.OptionHighlighted) -> None:
        self._show()

    @on(SafeOptionList.OptionSelected, "#glossary-list")
    def _selected(self, event: SafeOptionList.OptionSelected) -> None:
        event.stop()
        e = self.current
        if e is not None and e.pattern is not None:
            self.post_message(OpenReference(e.pattern))

    # ---- the text

    def _show(self) -> None:
        e = self.current
        text = self.query_one("#glossary-text", Static)
        if e is None:
            text.update("")
            return
        parts: list[str | tuple[str, str] | Content] = [(e.word, "bold $accent"), "\n\n",
                                                        e.text]
        if e.see:
            by_id = {x.id: x for x in self.entries}
            parts.append(("\n\nSee also: ", "bold"))
            for n, sid in enumerate(e.see):
                if sid in by_id:
                    parts.append(", " if n else "")
                    parts.append(Content.from_markup(
                        f"[@click=screen.show_entry({sid!r})]{escape(by_id[sid].word)}[/]"))
        if e.lesson is not None:
            try:
                title = lesson(self.ruleset, e.lesson).title
            except KeyError:
                title = ""
            parts += [("\n\nTaught in ", "$foreground 55%"),
                      Content.from_markup("[@click=screen.open_lesson]lesson "
                                          f"{escape(e.lesson)} · {escape(title)}[/]"),
                      (" (l opens it)", "$foreground 55%")]
        if e.pattern is not None:
            parts.append(("\nr or enter opens its reference entry.", "$foreground 55%"))
        text.update(Content.assemble(*parts))
        self.query_one("#glossary-scroll", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    # ---- keys

    def action_search(self) -> None:
        self.query_one("#glossary-search", Input).focus()

    @on(Input.Changed, "#glossary-search")
    def _search_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#glossary-search")
    def _search_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#glossary-list", SafeOptionList).focus()

    def action_open_rule(self) -> None:
        e = self.current
        if e is not None and e.pattern is not None:
            self.post_message(OpenReference(e.pattern))

    def action_open_lesson(self) -> None:
        e = self.current
        if e is not None and e.lesson is not None:
            self.post_message(OpenLesson(e.lesson))

    def action_scroll_text(self, direction: int) -> None:
        scroll = self.query_one("#glossary-scroll", VerticalScroll)
        scroll.scroll_relative(y=direction * max(1, scroll.size.height - 2), animate=False)

    def action_back(self) -> None:
        search = self.query_one("#glossary-search", Input)
        if search.has_focus and search.value:
            search.value = ""
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        e = self.current
        if action == "open_rule":
            return e is not None and e.pattern is not None
        if action == "open_lesson":
            return e is not None and e.lesson is not None
        if action == "search":
            return not self.query_one("#glossary-search", Input).has_focus
        return True
