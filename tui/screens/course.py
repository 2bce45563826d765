"""The course: the list of lessons with their status, and a lesson's page.

A lesson's page teaches before its drill tests: the lesson's paragraphs, the tiles drawn
beside their notation (the tiles lesson), the words it introduces (the glossary's
text), each pattern's definition (the pattern's description, the text the reference
and the glossary show), and worked hands drawn set by set with their arithmetic, what
did not count and why, and near misses; patterns a later lesson teaches are dimmed as
"taught later".  A pattern's name opens its reference entry on a click, `r` picks one
from a list, `g` opens the glossary, and `d` starts the drill (`StartLesson`).  Every
lesson can be opened and drilled; the course suggests them in order.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.course import (
    PASS_SHARE,
    Lesson,
    LessonKind,
    LessonStatus,
    Rule,
    WorkedHand,
    definitions,
    passed_lessons,
    statuses,
    term_text,
    value_words,
    worked_hands,
)
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import OpenGlossary, OpenReference, StartLesson
from mj_trainer.tui.safe_screen import SafeModalScreen, SafeScreen
from mj_trainer.tui.tile_text import TileStyle, group_text, tile_text, tiles_text
from mj_trainer.tui.widgets.hand_view import context_pieces
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.reference_tiles import TileFlow, arrangement_pieces, hand_pieces
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.safe_list import SafeOptionList

_MARK = {LessonStatus.PASSED: ("✔", "$success"), LessonStatus.OPEN: ("›", "$accent"),
         LessonStatus.LOCKED: ("·", "$foreground 45%")}
# What a status is called in the list: every lesson opens; the course suggests an order.
STATUS_WORDS = {LessonStatus.PASSED: "passed", LessonStatus.OPEN: "up next",
                LessonStatus.LOCKED: "later"}
# What a rule is called where a worked hand says what it shows.
RULE_WORDS = {Rule.TILES: "the tiles", Rule.SETS: "reading the sets",
              Rule.WINNING: "a winning hand", Rule.EXPOSURE: "exposed and concealed",
              Rule.FAMILIES: "the family rule", Rule.STACKING: "stacking",
              Rule.LIMITS: "a limit hand", Rule.CAP: "the cap",
              Rule.ARRANGEMENTS: "two readings", Rule.DOUBLINGS: "the doublings"}
_DIM = "dim"


def status_words(st: LessonStatus, carried: bool = False) -> str:
    """A status as the list and the lesson page say it."""
    if st is LessonStatus.PASSED and carried:
        return "passed (carried over)"
    return STATUS_WORDS[st]


def _open(pid: str) -> Style:
    """A style that opens a pattern's reference entry on a click."""
    return Style(meta={"@click": f"screen.open_pattern({pid!r})"})



def _won_flow(hand: Hand, style: TileStyle) -> TileFlow:
    """"How it was won:" and the context, broken between its parts on a narrow screen
    (at 80x24 the bonus tiles went over two rows), never inside one."""
    pieces = context_pieces(hand, None, style=style)
    joined: list[Text] = []
    for k, piece in enumerate(pieces):
        part = Text.assemble(("How it was won: ", "bold")) if k == 0 else Text()
        part.append_text(piece)
        if k < len(pieces) - 1:
            part.append(" ·", style=_DIM)
        joined.append(part)
    return TileFlow(joined, gap=1)


class CourseScreen(SafeScreen[None]):
    """The lessons in order; enter opens one, d drills the highlighted one."""

    CSS_PATH = "../styles/course.tcss"
    HELP_NAME = "course"
    BINDINGS = [
        Binding("d", "drill", "Drill", id="course.drill"),
        Binding("g", "glossary", "Glossary", id="course.glossary"),
        Binding("escape", "back", "Back", id="course.back"),
    ]

    def __init__(self, store: ProgressStore | None, ruleset: Ruleset, *,
                 tile_style: TileStyle = TileStyle.TEXT, open_lesson: str | None = None
                 ) -> None:
        super().__init__()
        self.store = store
        self.ruleset = ruleset
        self.tile_style = tile_style
        self.open_lesson = open_lesson  # a lesson whose page opens at once
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
        if self.open_lesson is not None:
            self.show_lesson(self.open_lesson)

    def on_screen_resume(self) -> None:
        self._draw()

    def _draw(self) -> None:
        before = self.lessons
        self.lessons = statuses(self.store, self.ruleset)
        carried = {k for k, v in passed_lessons(self.store, self.ruleset).items()
                   if "from" in v} if self.store is not None else set()
        passed = sum(st is LessonStatus.PASSED for _, st in self.lessons)
        self.query_one("#course-head", Static).update(Content.assemble(
            (f"{passed} of {len(self.lessons)} lessons passed", "bold"),
            "  ·  enter reads a lesson, d drills it. Lessons marked later open too; in "
            f"order is easiest. {PASS_SHARE:.0%} of a drill's credit passes it."))
        menu = self.query_one("#course-list", SafeOptionList)
        keep = menu.highlighted
        if keep is not None and keep < len(before) and keep < len(self.lessons) and (
                before[keep][1] is not LessonStatus.PASSED
                and self.lessons[keep][1] is LessonStatus.PASSED):
            keep = None  # just passed: the next suggestion is highlighted instead
        menu.clear_options()
        for one, st in self.lessons:
            mark, color = _MARK[st]
            menu.add_option(Option(_lesson_row(one, status_words(st, one.id in carried),
                                               mark, self._rich_color(color))))
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

    def show_lesson(self, lesson_id: str) -> None:
        """Highlight a lesson and open its page (the summary's next lesson, the
        glossary's "taught in")."""
        for i, (one, _st) in enumerate(self.lessons):
            if one.id == lesson_id:
                self.query_one("#course-list", SafeOptionList).highlighted = i
                self._open(one)
                return

    def _open(self, one: Lesson) -> None:
        status = dict((x.id, st) for x, st in self.lessons)[one.id]
        self.app.push_screen(LessonScreen(self.ruleset, one, status,
                                          tile_style=self.tile_style))

    def on_option_list_option_selected(self, event: SafeOptionList.OptionSelected) -> None:
        event.stop()
        one = self._current()
        if one is not None:
            self._open(one)

    def action_drill(self) -> None:
        one = self._current()
        if one is not None:
            self.post_message(StartLesson(one.id))

    def action_glossary(self) -> None:
        self.post_message(OpenGlossary())

    def action_back(self) -> None:
        self.dismiss(None)


def _lesson_row(one: Lesson, status: str, mark: str, color: str) -> Table:
    """A lesson in the list: its mark and id in a column of their own, so what it covers
    wraps under its title, not under the mark."""
    row = Table.grid(padding=(0, 1))
    row.add_column(width=8, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(Text.assemble((f" {mark} ", f"bold {color}"), (one.id, "bold")),
                Text.assemble((one.title, "bold"), (f"  {status}", color)))
    row.add_row("", Text(one.covers, style="dim"))
    return row


def tile_chart(style: TileStyle) -> Table:
    """Every kind of tile drawn in `style`, its notation under it: the tiles lesson."""
    chart = Table.grid(padding=(0, 1))
    chart.add_column(no_wrap=True)
    for _ in range(9):
        chart.add_column(no_wrap=True)

    def row(label: str, codes: list[str]) -> None:
        faces = [tile_text(tiles.CODE_TO_TILE[c], style=style) for c in codes]
        chart.add_row(Text(label, style="bold"), *faces)
        chart.add_row("", *(Text(f"{c:^4}", style=_DIM) for c in codes))

    for letter, word in (("c", "coins"), ("b", "bamboo"), ("k", "characters")):
        row(word, [f"{letter}{n}" for n in range(1, 10)])
    row("winds", list(tiles.WIND_CODES))
    row("dragons", list(tiles.DRAGON_CODES))
    row("flowers", [f"f{n}" for n in range(1, 5)])
    row("seasons", [f"s{n}" for n in range(1, 5)])
    return chart


class LessonScreen(SafeScreen[None]):
    """One lesson: its words, definitions and worked hands, then the drill."""

    CSS_PATH = "../styles/course.tcss"
    HELP_NAME = "course"
    BINDINGS = [
        Binding("d,enter", "drill", "Drill", id="lesson.drill"),
        Binding("r", "pick_pattern", "Reference", id="lesson.rule"),
        Binding("g", "glossary", "Glossary", id="lesson.glossary"),
        Binding("escape", "back", "Back", id="lesson.back"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False),
        Binding("down,j", "scroll(1)", "Scroll down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
        Binding("home", "scroll_to(0)", "Top", show=False),
        Binding("end", "scroll_to(1)", "Bottom", show=False),
    ]

    def __init__(self, ruleset: Ruleset, lesson: Lesson, status: LessonStatus, *,
                 tile_style: TileStyle = TileStyle.TEXT) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.lesson = lesson
        self.status = status
        self.tile_style = tile_style
        self.hands: list[WorkedHand] = worked_hands(ruleset, lesson)

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with VerticalScroll(id="lesson-scroll"):
            yield Static(self._intro(), id="lesson-text")
            if Rule.TILES in self.lesson.rules:
                yield Static(Group(Text("The tiles, with their notation under each",
                                        style="bold"), tile_chart(self.tile_style)),
                             id="lesson-tiles")
            if self.lesson.terms:
                yield Static(self._words(), id="lesson-words")
            if self.lesson.patterns:
                yield Static(self._definitions(), id="lesson-patterns")
            for k, w in enumerate(self.hands, start=1):
                yield Static(self._worked(k, w), id=f"lesson-hand-{k}", classes="lesson-hand")
            yield Static(Content.assemble(
                ("Drill: ", "bold $accent"), "press ", ("d", "bold"),
                f" for {self._drill_words()}; {PASS_SHARE:.0%} of the credit passes the "
                "lesson."), id="lesson-drill")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = f"Lesson {self.lesson.id} · {self.lesson.title}"
        self.sub_title = status_words(self.status)
        self.query_one("#lesson-scroll", VerticalScroll).focus()

    def _drill_words(self) -> str:
        n = self.lesson.drill.questions
        if self.lesson.kind is LessonKind.READING:
            return f"{n} hands to read"
        if self.lesson.targets:
            return (f"{n} hands, most with one of this lesson's patterns; patterns a later "
                    "lesson teaches stand ticked and dimmed")
        return f"{n} hands to score; patterns a later lesson teaches stand ticked and dimmed"

    def _intro(self) -> Content:
        parts: list[str | tuple[str, str]] = [
            ("What it covers: ", "bold $accent"), (self.lesson.covers, "$foreground 70%")]
        for paragraph in self.lesson.paragraphs:
            parts += ["\n\n", paragraph]
        return Content.assemble(*parts)

    def _words(self) -> Content:
        parts: list[str | tuple[str, str]] = [
            ("Words to know", "bold $accent"), ("   g opens the glossary", "$foreground 55%")]
        for term in self.lesson.terms:
            word, text = term_text(self.ruleset, term)
            parts += ["\n", (word, "bold"), f": {text}"]
        return Content.assemble(*parts)

    def _definitions(self) -> Group:
        by_id = self.ruleset.by_id()
        out: list[RenderableType] = [Text.assemble(
            ("The patterns", "bold"),
            ("   click a name, or press r, to open its reference entry", _DIM))]
        for pid, text in definitions(self.ruleset, self.lesson).items():
            p = by_id[pid]
            out.append(Text.assemble((f"{p.name} ({pid})", Style(bold=True) + _open(pid)),
                                     (f"  {value_words(p)}", "green")))
            out.append(Padding(Text(text), (0, 0, 0, 2)))
        return Group(*out)

    def _pattern_name(self, pid: str) -> str:
        p = self.ruleset.by_id().get(pid)
        return f"{p.name} ({pid})" if p is not None else pid

    def _shows(self, w: WorkedHand) -> str:
        words = []
        for s in w.shows:
            try:
                words.append(RULE_WORDS[Rule(s)])
            except ValueError:
                p = self.ruleset.by_id().get(s)
                words.append(p.name if p is not None else s)
        if w.near_miss:
            p = self.ruleset.by_id().get(w.near_miss)
            words.append(f"near miss: {p.name if p is not None else w.near_miss}")
        return ", ".join(words)

    def _worked(self, k: int, w: WorkedHand) -> Group:
        """A worked hand: its sets, why it is here, each pattern with the sets that make
        it (dimmed when a later lesson teaches it), the arithmetic, what did not count,
        and a near miss.

        Tiles flow a whole set at a time (TileFlow), so a narrow terminal wraps between
        sets and never splits one; a pattern's sets are indented under its name.
        """
        from mj_trainer.engine.evidence import evidence

        result = w.result
        hand = result.hand
        style = self.tile_style
        shows = self._shows(w)
        head = Text.assemble((f"Worked hand {k}", "bold"), (f" · {shows}" if shows else "", ""),
                             no_wrap=True, overflow="ellipsis")
        arrangement = result.best.arrangement
        shown = TileFlow(arrangement_pieces(arrangement, hand.winning_tile, style=style)
                         if arrangement is not None else hand_pieces(hand, style=style))
        lines: list[RenderableType] = [head, shown, _won_flow(hand, style)]
        if w.note:
            lines.append(Text(w.note, style="italic"))
        by_id = {h.pattern.id: h for h in result.counted}
        given = set(w.given)
        if (self.lesson.kind is LessonKind.READING and result.winning
                and given >= set(by_id)):
            # A reading lesson: every pattern is taught later; one line says what it scores.
            names = ", ".join(h.pattern.name for h in result.counted)
            lines.append(Padding(Text(f"It scores {result.total}" + (
                f" ({names}): patterns are taught in part 2 of the course." if names else "."),
                style=_DIM), (0, 0, 0, 2)))
            return Group(*lines)
        for pid, phrase, _sets in w.evidence:
            hit = by_id.get(pid)
            if hit is None:
                continue
            later = pid in given
            ev = evidence(result, hit.pattern)
            times = f" ×{hit.count}" if hit.count > 1 else ""
            lines.append(Text.assemble(
                ("  ✔ ", _DIM if later else "green"),
                (f"{hit.pattern.name} ({pid})", Style(bold=not later, dim=later) + _open(pid)),
                (f" {hit.points}{times}", _DIM if later else "green"),
                ("  taught later" if later else "", "dim italic")))
            pieces: list[Text] = []
            if ev.groups and not ev.whole_hand:
                pieces = [group_text(g, hand.winning_tile, style=style) for g in ev.groups]
            if ev.tiles:
                pieces.append(tiles_text(ev.tiles, style=style))
            lines.append(Padding(TileFlow(pieces) if pieces
                                 else Text(phrase, style="italic"), (0, 0, 0, 6)))
        lines.append(Text.assemble(("  Total: ", "bold"), (w.arithmetic, "bold green")))
        if w.not_counted:
            lines.append(Text("  Did not count:", style="bold"))
            for pid, why in w.not_counted:
                lines.append(Padding(Text.assemble(
                    ("✘ ", "red"), (self._pattern_name(pid), _open(pid)), f": {why}"),
                    (0, 0, 0, 4)))
        if w.near_miss:
            # The note usually says why already; then the name is enough.
            why = w.near_miss_why if w.near_miss_why and w.near_miss_why not in w.note else ""
            lines.append(Padding(Text.assemble(
                ("Near miss: ", "bold yellow"),
                (self._pattern_name(w.near_miss), _open(w.near_miss)),
                f": {why}" if why else ""), (0, 0, 0, 2)))
        return Group(*lines)

    def page_patterns(self) -> list[str]:
        """The patterns the page names: the lesson's own, then those of its worked hands."""
        seen: list[str] = list(self.lesson.patterns)
        for w in self.hands:
            for pid in (*(e[0] for e in w.evidence), *(p for p, _ in w.not_counted),
                        *((w.near_miss,) if w.near_miss else ())):
                if pid not in seen and pid in self.ruleset.by_id():
                    seen.append(pid)
        return seen

    def open_pattern(self, pid: str) -> None:
        self.post_message(OpenReference(pid))

    def action_pick_pattern(self) -> None:
        pids = self.page_patterns()
        if not pids:
            self.notify("This lesson names no pattern yet; g opens the glossary.", timeout=3)
            return

        def chosen(pid: str | None) -> None:
            if pid:
                self.open_pattern(pid)

        by_id = self.ruleset.by_id()
        self.app.push_screen(PatternChoice([(pid, by_id[pid].name) for pid in pids],
                                           own=set(self.lesson.patterns)), chosen)

    def action_glossary(self) -> None:
        first = self.lesson.terms[0] if self.lesson.terms else (
            f"pattern:{self.lesson.patterns[0]}" if self.lesson.patterns else None)
        self.post_message(OpenGlossary(first))

    def action_drill(self) -> None:
        self.post_message(StartLesson(self.lesson.id))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#lesson-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_scroll_to(self, end: int) -> None:
        scroll = self.query_one("#lesson-scroll", VerticalScroll)
        if end:
            scroll.scroll_end(animate=False)
        else:
            scroll.scroll_home(animate=False)


class PatternChoice(SafeModalScreen[str | None]):
    """Which pattern of the lesson page to open in the reference."""

    CSS_PATH = "../styles/course.tcss"
    HELP_NAME = "course"
    BINDINGS = [Binding("escape", "close", "Close", id="choice.close")]

    def __init__(self, patterns: list[tuple[str, str]], *, own: set[str]) -> None:
        super().__init__()
        self.patterns = patterns
        self.own = own

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(Content.assemble(("Open a pattern's reference entry", "bold"),
                                          ("   enter opens · escape closes",
                                           "$foreground 55%")), id="choice-title")
            yield SafeOptionList(*(Option(Content.assemble(
                (f"{pid:<8}", "bold"), name,
                ("" if pid in self.own else "  (in a worked hand)", "$foreground 55%")),
                id=pid) for pid, name in self.patterns), id="choice-list")

    def on_mount(self) -> None:
        self.query_one("#choice-list", SafeOptionList).focus()

    def on_option_list_option_selected(self, event: SafeOptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
