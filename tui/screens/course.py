"""The course: the list of lessons with their status, and a lesson's page.

A lesson's page shows its text and worked hands (each pattern that counts with the
tiles that make it, from the catalogue's evidence); `d` starts its drill, which the
app plays like any round (`StartLesson`).  Any lesson can be opened, locked or not.
"""

from __future__ import annotations

from rich.console import Group
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
from mj_trainer.tui.tile_text import TileStyle, arrangement_text, group_text, tiles_text
from mj_trainer.tui.widgets.lean_footer import LeanFooter
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
            menu.add_option(Option(Content.assemble(
                (f" {mark} ", f"bold {color}"), (f"{one.id:<5}", "bold"), (one.title, "bold"),
                (f"  {st.value}", color), (f"\n        {one.covers}", "$foreground 55%"))))
        first_open = next((i for i, (_, st) in enumerate(self.lessons)
                           if st is not LessonStatus.PASSED), 0)
        menu.highlighted = keep if keep is not None else first_open

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

        result = w.result
        hand = result.hand
        head = Text.assemble((f"Worked hand {k}", "bold"),
                             (f"   total {result.total}", "bold green"))
        arrangement = result.best.arrangement
        shown = (arrangement_text(arrangement, hand.winning_tile, style=self.tile_style)
                 if arrangement is not None else
                 tiles_text(hand.concealed, style=self.tile_style, winning=hand.winning_tile))
        lines: list[Text] = [head, shown]
        by_id = {h.pattern.id: h for h in result.counted}
        from mj_trainer.engine.evidence import evidence

        for pid, phrase, _sets in w.evidence:
            hit = by_id[pid]
            ev = evidence(result, hit.pattern)
            row = Text.assemble((f"  {hit.pattern.name} ({pid}) ", "bold"),
                                (f"{hit.points} ", "green"))
            if ev.groups and not ev.whole_hand:
                for g in ev.groups:
                    row.append_text(group_text(g, hand.winning_tile, style=self.tile_style))
                    row.append(" ")
                if ev.tiles:
                    row.append_text(tiles_text(ev.tiles, style=self.tile_style))
            elif ev.tiles:
                row.append_text(tiles_text(ev.tiles, style=self.tile_style))
            else:
                row.append(phrase, style="italic")
            lines.append(row)
        return Group(*lines)

    def action_drill(self) -> None:
        self.post_message(StartLesson(self.lesson.id))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#lesson-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
