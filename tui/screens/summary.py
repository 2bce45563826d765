"""The end of a round: score, accuracy, time, which patterns moved up the climb to
known (and which slipped back), and what was missed most."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from mj_trainer.quizzes.mastery import Move, Step, climb_text, moved_up, slipped
from mj_trainer.quizzes.outcomes import WRONG_CLAIMS, ItemOutcome
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.round import RoundSummary
from mj_trainer.tui.messages import (
    OpenLesson,
    OpenReference,
    OpenScreen,
    StartHand,
    StartLesson,
    StartRandom,
    StartReview,
    StartSet,
)
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.safe_list import SafeOptionList

_KIND_LABELS = {k.value: k.label for k in QuestionKind}


def duration(seconds: float) -> str:
    """'42s', '3m 05s', '1h 02m'."""
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m {s % 60:02d}s"
    return f"{s // 3600}h {(s % 3600) // 60:02d}m"


def verdict(summary: RoundSummary) -> tuple[str, str]:
    """A word for the round and the color it is shown in."""
    if summary.asked == 0:
        return "No answers", "$foreground 55%"
    pct = summary.percent
    if pct >= 90:
        return "Excellent", "$success"
    if pct >= 70:
        return "Good round", "$success"
    if pct >= 40:
        return "Getting there", "$warning"
    return "Keep practising", "$error"


def outcome_tally(outcomes: dict[str, int]) -> str:
    """'7 right · 2 missed · 1 claimed wrongly · 1 by hint' (only the outcomes seen)."""
    wrong = sum(n for k, n in outcomes.items() if ItemOutcome(k) in WRONG_CLAIMS)
    parts = [(outcomes.get("right", 0), "right"), (outcomes.get("missed", 0), "missed"),
             (wrong, "claimed wrongly"), (outcomes.get("limit", 0), "replaced by a limit"),
             (outcomes.get("hint", 0), "by hint"), (outcomes.get("skipped", 0), "skipped")]
    return " · ".join(f"{n} {word}" for n, word in parts if n)


def move_lines(moves: list[Move]) -> list[tuple[str, Option]]:
    """The patterns that moved up (and slipped back) on the climb, each with where it
    stands now in words: (pattern id, option), under their headings ('' for those)."""
    out: list[tuple[str, Option]] = []
    now = utc()
    for title, rows, style in (("Moved up", moved_up(moves), "$success"),
                               ("Slipped back", slipped(moves), "$warning")):
        if not rows:
            continue
        out.append(("", Option(Content.assemble((title, "bold $accent")), disabled=True)))
        for mv in rows:
            m = mv.now
            mark = "✔ " if m.step is Step.KNOWN else ("↑ " if mv.up else "↓ ")
            words = "known now" if m.step is Step.KNOWN and mv.up else climb_text(m, now)
            out.append((m.pattern.id, Option(Content.assemble(
                (f"  {mark}", style), (f"{m.pattern.id:<8}", "bold"), m.pattern.name,
                (f"  {words}", style)))))
    return out


def nothing_missed(summary: RoundSummary) -> tuple[str, str]:
    """What to say when the round left no pattern missed or wrongly claimed, and its
    color.  'Every pattern asked about was right' only when each pattern item was
    answered right: a round of readings into sets asks about none (it said so after
    0 of 3 readings right), and a skipped or hinted pattern was not answered right."""
    seen = {k for k, n in summary.outcomes.items() if n}
    if not seen:
        return "No pattern was asked about in this round.", "$foreground 55%"
    if seen == {ItemOutcome.RIGHT.value}:
        return "Nothing missed: every pattern asked about was right.", "$success"
    return "Nothing missed or claimed wrongly.", "$foreground 55%"


class MissedList(SafeOptionList):
    """What the round did to the patterns: those that moved up the climb or slipped
    back, the most-missed patterns and families; r opens the highlighted one's rule."""

    def __init__(self, summary: RoundSummary, *, id: str | None = None,
                 moves: list[Move] | None = None) -> None:
        super().__init__(id=id)
        self.targets: list[str | None] = []
        options: list[Option] = []
        for target, option in move_lines(moves or []):
            options.append(option)
            self.targets.append(target or None)
        for title, rows, verb, style in (
                ("Patterns missed most", summary.missed_patterns, "missed", "$error"),
                ("Claimed but not counted", summary.wrong_patterns, "claimed", "$warning"),
                ("Families missed most", summary.missed_families, "missed", "$error")):
            if not rows:
                continue
            options.append(Option(Content.assemble((title, "bold $accent")), disabled=True))
            self.targets.append(None)
            for m in rows:
                times = "once" if m.misses == 1 else f"{m.misses} times"
                options.append(Option(Content.assemble((f"  {m.id:<8}", "bold"), m.name,
                                                       (f"  {verb} {times}", style))))
                self.targets.append(m.id)
        if not options and summary.answered == 0:
            options.append(Option(Content.assemble(
                ("No question was answered.", "$foreground 55%")), disabled=True))
            self.targets.append(None)
        elif not summary.missed_patterns and not summary.wrong_patterns \
                and not summary.missed_families:
            words, style = nothing_missed(summary)
            options.append(Option(Content.assemble((words, style)), disabled=True))
            self.targets.append(None)
        self.add_options(options)

    @property
    def target(self) -> str | None:
        i = self.highlighted
        return self.targets[i] if i is not None and i < len(self.targets) else None

    def action_select(self) -> None:
        # Enter moves on (another round, or home); the rule opens with `r` only, so a
        # learner pressing enter to continue never lands in the reference.
        screen = self.screen
        if isinstance(screen, SummaryScreen):
            screen.action_next()


class SummaryScreen(SafeScreen[None]):
    """The round summary; `again` is the message that starts another round like it."""

    CSS_PATH = "../styles/summary.tcss"
    HELP_NAME = "quiz"
    BINDINGS = [
        Binding("n", "next_lesson", "Next lesson", id="summary.next_lesson"),
        Binding("a", "again", "Play again", id="summary.again"),
        # Short labels: after a passed drill eight keys share 80 columns (the keys line
        # above the footer says each in full).
        Binding("a", "retry", "Retry", id="summary.retry"),
        Binding("a", "drill_again", "Again", id="summary.drill_again"),
        Binding("l", "reread", "Re-read", id="summary.reread"),
        Binding("r", "open_rule", "Open rule", id="summary.rule"),
        Binding("t", "stats", "Stats", id="summary.stats"),
        Binding("escape", "course", "Course", id="summary.course"),
        Binding("escape,h", "home", "Home", id="summary.home"),
        Binding("h", "go_home", "Home", id="summary.home2", show=False),
    ]

    def __init__(self, summary: RoundSummary, *, title: str = "Round",
                 again: (StartSet | StartRandom | StartReview | StartHand | StartLesson
                         | None) = None,
                 moves: list[Move] | None = None,
                 next_lesson: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.round_title = title
        self.again = again
        self.moves = moves or []
        self.next_lesson = next_lesson  # (id, title) offered after a drill
        self.has_rules = False  # a pattern listed whose rule `r` opens (set in compose)

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Vertical(id="summary-body"):
            yield Static(self._headline(), id="summary-headline")
            yield Static(self._figures(), id="summary-figures")
            missed = MissedList(self.summary, id="summary-missed", moves=self.moves)
            self.has_rules = any(t is not None for t in missed.targets)
            yield missed
            yield Static(self._keys_line(), id="summary-keys")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = self.round_title
        self.sub_title = "round summary"
        missed = self.query_one(MissedList)
        first = next((i for i, t in enumerate(missed.targets) if t is not None), None)
        missed.highlighted = first
        missed.focus()

    @property
    def lesson_id(self) -> str | None:
        """The lesson this round drilled, if it was a drill."""
        return self.again.lesson_id if isinstance(self.again, StartLesson) else None

    @property
    def drill_passed(self) -> bool:
        from mj_trainer.quizzes.course import drill_passed

        return self.lesson_id is not None and drill_passed(self.summary)

    def _keys_line(self) -> Content:
        """What the keys do here; after a drill, the next step first."""
        rule: list[str | tuple[str, str]] = [("r", "bold"),
                                             " opens the rule of the pattern picked · "]
        if not self.has_rules:
            rule = []
        if self.lesson_id is None:
            return Content.assemble(("enter", "bold"), " or ", ("a", "bold"),
                                    " plays another round · ", *rule,
                                    ("escape", "bold"), " goes home")
        if self.drill_passed and self.next_lesson is not None:
            nid, ntitle = self.next_lesson
            first: list[str | tuple[str, str]] = [
                ("enter", "bold"), " or ", ("n", "bold"), f" opens lesson {nid}, {ntitle} · ",
                ("a", "bold"), " drills this lesson again"]
        elif self.drill_passed:
            first = [("The course is done. ", "bold"), ("a", "bold"),
                     " drills this lesson again"]
        else:
            first = [("enter", "bold"), " or ", ("a", "bold"), " retries the drill · ",
                     ("l", "bold"), f" re-reads lesson {self.lesson_id}"]
        return Content.assemble(*first, " · ", *rule, ("escape", "bold"),
                                " back to the course")

    def _headline(self) -> Content:
        s = self.summary
        word, color = verdict(s)
        ended = "" if s.asked >= s.questions else (
            f"  (ended early: {s.asked} of {s.questions} questions)")
        if not isinstance(self.again, StartLesson):
            return Content.assemble((word, f"bold {color}"), ended)
        # A drill says what it did to its lesson: the summary is where a learner looks.
        from mj_trainer.quizzes.course import drill_passed, drill_verdict

        passed = drill_passed(s)
        return Content.assemble((word, f"bold {color}"), ended, "\n",
                                (drill_verdict(self.again.lesson_id, s),
                                 "bold $success" if passed else "$warning"))

    def _figures(self) -> Content:
        s = self.summary
        rows: list[str | tuple[str, str]] = [
            ("Score     ", "bold"), (f"{s.score:.2f}", "bold $accent"),
            f" of {s.asked}  ({s.percent:.0f}%)\n",
            ("Accuracy  ", "bold"), f"{s.correct} of {s.asked} fully right "
            f"({100 * s.accuracy:.0f}%)",
            f" · {s.skipped} skipped\n" if s.skipped else "\n",
            ("Time      ", "bold"), duration(s.seconds),
            f" · {duration(s.average_seconds)} a question\n" if s.answered else "\n",
        ]
        kinds = [f"{_KIND_LABELS.get(k, k)} {right}/{asked}" for k, (right, asked) in
                 s.by_kind.items() if asked]
        if kinds:
            rows += [("By kind   ", "bold"), " · ".join(kinds)]
        tally = outcome_tally(s.outcomes)
        if tally:
            rows += ["\n", ("Patterns  ", "bold"), tally]
        return Content.assemble(*rows)


    def action_next(self) -> None:
        """Enter: the next lesson after a passed drill, else another round like this one,
        or home when there is none."""
        if self.drill_passed and self.next_lesson is not None:
            self.action_next_lesson()
        elif self.again is None:
            self.action_home()
        else:
            self.action_again()

    def action_next_lesson(self) -> None:
        if self.next_lesson is not None:
            self.post_message(OpenLesson(self.next_lesson[0]))

    def action_reread(self) -> None:
        if self.lesson_id is not None:
            self.post_message(OpenLesson(self.lesson_id))

    def action_course(self) -> None:
        self.post_message(OpenScreen("course"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        drill = self.lesson_id is not None
        if action == "next_lesson":
            return drill and self.drill_passed and self.next_lesson is not None
        if action == "reread":
            return drill
        if action == "course":
            return drill
        if action == "retry":  # a drill not passed: try it again
            return drill and not self.drill_passed
        if action == "drill_again":  # a drill passed: drill the lesson once more
            return drill and self.drill_passed
        if action == "open_rule":  # only with a pattern in the list to open
            return self.has_rules
        if action == "home":
            return not drill  # after a drill escape goes back to the course, h home
        if action == "again":
            return self.again is not None and not drill
        return True

    def action_retry(self) -> None:
        self.action_again()

    def action_drill_again(self) -> None:
        self.action_again()

    def action_go_home(self) -> None:
        self.action_home()

    def action_again(self) -> None:
        if self.again is None:
            self.notify("Start a new round from the home screen.", timeout=3)
            return
        message = self.again
        self.dismiss(None)
        self.app.post_message(message)

    def action_open_rule(self) -> None:
        target = self.query_one(MissedList).target
        if target is None:
            self.notify("Pick a missed pattern with ↑↓ first.", timeout=3)
            return
        self.post_message(OpenReference(target))

    def action_stats(self) -> None:
        self.post_message(OpenScreen("stats"))

    def action_home(self) -> None:
        self.post_message(OpenScreen("home"))
