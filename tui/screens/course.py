"""The course: the list of lessons with their status, and a lesson's page.

A lesson's page shows its text and worked hands (each pattern that counts with the
tiles that make it, from the catalogue's evidence); `d` starts its drill, which the
app plays like any round (`StartLesson`).  Any lesson can be opened, locked or not.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.course import (
    PASS_SHARE,
    Lesson,
    LessonStatus,
    WorkedHand,
    statuses,
    worked_hands,
)
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import StartLesson
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.tile_text import TileStyle, group_text, tiles_text
from mj_trainer.tui.widgets.hand_view import context_line
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.reference_tiles import TileFlow, arrangement_pieces, hand_pieces
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.safe_list import SafeOptionList

_MARK = {LessonStatus.PASSED: ("✔", "$success"), LessonStatus.OPEN: ("›", "$accent"),
         LessonStatus.LOCKED: ("·", "$foreground 45%")}


class CourseScreen(SafeScreen[None]):
    """The lessons in order; enter opens one, d drills the highlighted one."""

    HELP_NAME = "course"
    BINDINGS = [
        Binding("d", "drill", "Drill", id="course.drill"),
        Binding("escape", "back", "Back", id="course.back"),
    ]

    def __init__(self, store: ProgressStore | None, ruleset: Ruleset, *,
                 tile_style: TileStyle = TileStyle.TEXT) -> None:
        super().__init__()
        self.store = store
        self.ruleset = ruleset
        self.tile_style = tile_style
        self.lessons: list[tuple[Lesson, LessonStatus]] = []

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Vertical(id="course-body"):
            yield Static(id="course-head")
            yield SafeOptionList(id="course-list")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Course"
        self.sub_title = self.ruleset.name
        self._draw()
        self.query_one("#course-list", SafeOptionList).focus()

    def on_screen_resume(self) -> None:
        self._draw()

    def _draw(self) -> None:
        self.lessons = statuses(self.store, self.ruleset)
        passed = sum(st is LessonStatus.PASSED for _, st in self.lessons)
        self.query_one("#course-head", Static).update(Content.assemble(
            (f"{passed} of {len(self.lessons)} lessons passed", "bold"),
            "  ·  enter opens a lesson, d drills it; a drill passed with "
            f"{PASS_SHARE:.0%} opens the next lesson"))
        menu = self.query_one("#course-list", SafeOptionList)
        keep = menu.highlighted
        menu.clear_options()
        for one, st in self.lessons:
            mark, color = _MARK[st]
            menu.add_option(Option(_lesson_row(one, st, mark, self._rich_color(color))))
        first_open = next((i for i, (_, st) in enumerate(self.lessons)
                           if st is not LessonStatus.PASSED), 0)
        menu.highlighted = keep if keep is not None else first_open

    def _rich_color(self, color: str) -> str:
        """A theme colour ('$success') as Rich understands it, for the lesson rows."""
        name, _, alpha = color.removeprefix("$").partition(" ")
        if alpha:
            return "dim"
        return self.app.get_css_variables().get(name, "")

    def _current(self) -> Lesson | None:
        i = self.query_one("#course-list", SafeOptionList).highlighted
        return self.lessons[i][0] if i is not None and i < len(self.lessons) else None

    def on_option_list_option_selected(self, event: SafeOptionList.OptionSelected) -> None:
        event.stop()
        one = self._current()
        if one is not None:
            status = dict((x.id, st) for x, st in self.lessons)[one.id]
            self.app.push_screen(LessonScreen(self.ruleset, one, status,
                                              tile_style=self.tile_style))

    def action_drill(self) -> None:
        one = self._current()
        if one is not None:
            self.post_message(StartLesson(one.id))

    def action_back(self) -> None:
        self.dismiss(None)


def _lesson_row(one: Lesson, st: LessonStatus, mark: str, color: str) -> Table:
    """A lesson in the list: its mark and id in a column of their own, so what it covers
    wraps under its title, not under the mark."""
    row = Table.grid(padding=(0, 1))
    row.add_column(width=8, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(Text.assemble((f" {mark} ", f"bold {color}"), (one.id, "bold")),
                Text.assemble((one.title, "bold"), (f"  {st.value}", color)))
    row.add_row("", Text(one.covers, style="dim"))
    return row


class LessonScreen(SafeScreen[None]):
    """One lesson: its text, worked hands with the tiles of each pattern, then the drill."""

    HELP_NAME = "course"
    BINDINGS = [
        Binding("d,enter", "drill", "Drill", id="lesson.drill"),
        Binding("escape", "back", "Back", id="lesson.back"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False),
        Binding("down,j", "scroll(1)", "Scroll down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, ruleset: Ruleset, lesson: Lesson, status: LessonStatus, *,
                 tile_style: TileStyle = TileStyle.TEXT) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.lesson = lesson
        self.status = status
        self.tile_style = tile_style

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with VerticalScroll(id="lesson-scroll"):
            yield Static(self._intro(), id="lesson-text")
            for k, w in enumerate(worked_hands(self.ruleset, self.lesson), start=1):
                yield Static(self._worked(k, w), id=f"lesson-hand-{k}", classes="lesson-hand")
            yield Static(Content.assemble(
                ("Drill: ", "bold $accent"), "press ", ("d", "bold"),
                f" for {self._drill_words()}; {PASS_SHARE:.0%} of the credit passes the "
                "lesson."), id="lesson-drill")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = f"Lesson {self.lesson.id} · {self.lesson.title}"
        self.sub_title = self.status.value
        self.query_one("#lesson-scroll", VerticalScroll).focus()

    def _drill_words(self) -> str:
        if self.lesson.targets:
            return "hands that each hold one of this lesson's patterns"
        return f"{self.lesson.difficulty} hands to read and score"

    def _intro(self) -> Content:
        return Content.assemble((self.lesson.title, "bold $accent"),
                                (f"  {self.lesson.covers}\n\n", "$foreground 55%"),
                                self.lesson.text)

    def _worked(self, k: int, w: WorkedHand) -> Group:
        """A worked hand: its reading, then each pattern with the sets that make it.

        Tiles flow a whole set at a time (TileFlow), so a narrow terminal wraps between
        sets and never splits one; a pattern's sets are indented under its name.
        """
        from mj_trainer.engine.evidence import evidence

        result = w.result
        hand = result.hand
        style = self.tile_style
        head = Text.assemble((f"Worked hand {k}", "bold"),
                             (f"   total {result.total}", "bold green"))
        arrangement = result.best.arrangement
        shown = TileFlow(arrangement_pieces(arrangement, hand.winning_tile, style=style)
                         if arrangement is not None else hand_pieces(hand, style=style))
        lines: list[RenderableType] = [head, shown]
        by_id = {h.pattern.id: h for h in result.counted}
        for pid, phrase, _sets in w.evidence:
            hit = by_id[pid]
            ev = evidence(result, hit.pattern)
            lines.append(Text.assemble((f"  {hit.pattern.name} ({pid}) ", "bold"),
                                       (f"{hit.points}", "green")))
            pieces: list[Text] = []
            if ev.groups and not ev.whole_hand:
                pieces = [group_text(g, hand.winning_tile, style=style) for g in ev.groups]
            if ev.tiles:
                pieces.append(tiles_text(ev.tiles, style=style))
            lines.append(Padding(TileFlow(pieces) if pieces
                                 else Text(phrase, style="italic"), (0, 0, 0, 4)))
        # How it was won, worded as the drill's questions word it: lesson 1 says to
        # read it, and Self Drawn or a wind pattern cannot be checked without it.
        lines.append(Text.assemble(("  How it was won: ", "bold"),
                                   context_line(hand, None, style=style)))
        return Group(*lines)

    def action_drill(self) -> None:
        self.post_message(StartLesson(self.lesson.id))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#lesson-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
