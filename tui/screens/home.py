"""The home screen: what to do next, and how the learner is doing today.

The status panel says how far the patterns have climbed (known, and on the way up)
and names what review asks first under "Work on", with where each pattern stands:
`w` drills exactly those, so review and "Work on" never disagree.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mj_trainer.engine import tiles
from mj_trainer.quizzes.config import AUTO, LEVELS, Settings
from mj_trainer.quizzes.course import FIRST_LESSONS, effective_difficulty
from mj_trainer.tui.messages import OpenScreen, SettingsChanged, StartRandom, StartReview
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.tile_text import TileStyle, tiles_text
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.safe_list import SafeOptionList
from mj_trainer.tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from mj_trainer.engine.ruleset import Ruleset
    from mj_trainer.quizzes.store import ProgressStore

WORK_ON: Final = 3  # patterns named under "Work on": the first review asks
FIRST_FRAME_WAIT_S: Final = 0.05  # home's first frame waits this long for its figures


@dataclass(frozen=True, slots=True)
class HomeStats:
    """What the home screen shows about the learner (read in a worker)."""

    available: bool = True  # False: no progress file this session
    streak: int = 0
    best_streak: int = 0
    practised_today: bool = False
    due: int = 0
    answers: int = 0
    correct: int = 0
    rounds: int = 0
    problem: str = ""  # why the progress file is not available
    recent: tuple[tuple[str, str, int, float], ...] = ()  # (day, source, answered, score)
    # What review asks first, patterns only: (pattern id, name, where it stands).
    work_on: tuple[tuple[str, str, str], ...] = ()
    to_review: int = 0  # patterns and families review would ask now (due or not known)
    next_lesson: str = ""  # "2.3 Identical Sets": the first lesson not passed
    lessons_passed: int = 0
    known: int = 0  # patterns of the ruleset the learner has mastered
    climbing: int = 0  # patterns on the way up: right once or more in a row, not known
    patterns: int = 0  # patterns in the ruleset


def read_home_stats(store: ProgressStore, ruleset: Ruleset,
                    now: datetime | None = None) -> HomeStats:
    """Everything home shows, read from the progress store (in a worker thread).

    Review, "Work on" and mastery are the current ruleset's: a pattern id names
    another pattern in another ruleset.
    """
    from mj_trainer.quizzes.course import LessonStatus, statuses
    from mj_trainer.quizzes.mastery import back_text, climbing, mastery, step_text
    from mj_trainer.quizzes.review import utc
    from mj_trainer.quizzes.review_queue import due_count, review_refs

    moment = utc(now)
    streak = store.day_streak()
    rounds = store.rounds()
    recent = tuple((r.started_at.astimezone().strftime("%d %b"), r.source_name,
                    r.answered, r.score) for r in rounds[:4] if r.answered)
    rows = mastery(store, ruleset, moment)
    by_id = {m.pattern.id: m for m in rows}
    queue, _weak = review_refs(store, moment, ruleset=ruleset, rows=rows)
    # Short enough for the side panel of an 80-column screen: "3 in a row · back
    # tomorrow" (the stats screen says it in a sentence).
    work_on = tuple((ref, by_id[ref].pattern.name,
                     f"{step_text(by_id[ref])} · {back_text(by_id[ref].due, moment)}")
                    for ref in queue if ref in by_id)[:WORK_ON]
    # The course read once: the next lesson (the first not passed) and how many passed.
    course = statuses(store, ruleset)
    upcoming = next((one for one, st in course if st is not LessonStatus.PASSED), None)
    return HomeStats(available=True, streak=streak.current, best_streak=streak.best,
                     practised_today=streak.practised_today,
                     due=due_count(store, moment, ruleset=ruleset.id),
                     answers=sum(r.answered for r in rounds),
                     correct=sum(r.correct for r in rounds),
                     rounds=sum(1 for r in rounds if r.finished), recent=recent,
                     work_on=work_on, to_review=len(queue),
                     known=sum(m.known for m in rows), climbing=climbing(rows),
                     patterns=len(ruleset.patterns),
                     next_lesson=f"{upcoming.id} {upcoming.title}" if upcoming else "",
                     lessons_passed=sum(st is LessonStatus.PASSED for _, st in course))


# (id, key, title, description) of the menu entries, in order
MENU = (
    ("course", "l", "Learn: the course", ""),
    ("quick", "n", "Quick round", ""),
    ("sets", "p", "Play a curated set", "hand-picked hands, one topic each"),
    ("review", "w", "Review weak spots", ""),
    ("reference", "r", "Rules reference", "patterns, families, rulings"),
    ("calculator", "c", "Calculator", "score any hand, live"),
    ("stats", "t", "Stats", "accuracy, trends, history"),
    ("settings", "s", "Settings", "ruleset, tiles, kinds, theme"),
)


class HomeScreen(SafeScreen[None]):
    """Start a round, open a set, review, read the rules, see the stats, change settings."""

    HELP_NAME = "home"
    BINDINGS = [
        Binding("l", "menu('course')", "Learn", id="home.course",
                tooltip="Lessons, one topic at a time"),
        Binding("n", "menu('quick')", "Quick", id="home.quick",
                tooltip="A quick round of random hands"),
        # The menu shows p, r, c, t and s; the footer keeps room for help and quit.
        Binding("p", "menu('sets')", "Sets", id="home.sets", tooltip="Play a curated set",
                show=False),
        Binding("w", "menu('review')", "Review", id="home.review",
                tooltip="Review the patterns due"),
        Binding("r", "menu('reference')", "Rules", id="home.reference",
                tooltip="The rules reference", show=False),
        Binding("c", "menu('calculator')", "Calculator", id="home.calculator",
                tooltip="Score any hand", show=False),
        Binding("t", "menu('stats')", "Stats", id="home.stats", tooltip="Your progress",
                show=False),
        Binding("s", "menu('settings')", "Settings", id="home.settings",
                tooltip="Change the settings", show=False),
        Binding("d", "cycle_difficulty", "Level", id="home.difficulty",
                tooltip="Change the difficulty of quick rounds"),
        Binding("1", "menu('course')", show=False),
        Binding("2", "menu('quick')", show=False),
        Binding("3", "menu('sets')", show=False),
        Binding("4", "menu('review')", show=False),
        Binding("5", "menu('reference')", show=False),
        Binding("6", "menu('calculator')", show=False),
        Binding("7", "menu('stats')", show=False),
        Binding("8", "menu('settings')", show=False),
    ]

    def __init__(self, *, settings: Callable[[], Settings],
                 load_stats: Callable[[], HomeStats], version: str,
                 set_difficulty: Callable[[str], None] | None = None,
                 on_first_figures: Callable[[], None] | None = None) -> None:
        super().__init__()
        self._settings = settings
        self._load_stats = load_stats
        self.version = version
        self._set_difficulty = set_difficulty
        # Called once, after the frame that first shows the learner's figures.
        self._on_first_figures = on_first_figures
        self.stats: HomeStats | None = None
        self._stats_ruleset = ""  # the ruleset the stats shown were read for
        self._first_read_started = False

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="home-body"):
            yield Static(self._banner(), id="home-banner")
            with Horizontal(id="home-main"):
                yield SafeOptionList(id="home-menu")
                with VerticalScroll(id="home-side"):
                    yield Static(id="home-status")
            yield Static(Content.assemble(("mj-trainer ", "$foreground 55%"),
                                          (self.version, "$foreground 55%")), id="home-version")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "mj-trainer"
        self.sub_title = "learn to score mahjong hands"
        self._draw_menu()
        menu = self.query_one("#home-menu", OptionList)
        menu.highlighted = 0
        menu.focus()
        # The stats are read when the screen is shown (on_screen_resume, which also
        # follows the first mount): reading them here too read them twice at start.

    def on_screen_resume(self) -> None:
        if self.stats is not None:  # back on home: drawn now, and again with the figures
            self._draw_menu()  # (the first time, on_mount has just drawn it)
        self.refresh_stats()

    def on_settings_changed(self, message: SettingsChanged) -> None:
        """A change made while home is open (the command palette, the level key): the
        stats are read again only for another ruleset, the rest is redrawn.

        Under another screen (settings) nothing is done: home is redrawn and its stats
        read when it is shown again (on_screen_resume).  Each change had started a read
        of its own, and a burst of changes on the settings screen (keys held on the
        ruleset list) queued thousands, each cancelling all the reads before it."""
        if not self._in_view():
            return
        self._draw_menu()
        if message.settings.ruleset != self._stats_ruleset:
            self.refresh_stats()
        elif self.stats is not None:
            self.query_one("#home-status", Static).update(self.status_text(self.stats))

    def _in_view(self) -> bool:
        """True when home is in front, or seen behind dialogs only (the palette)."""
        stack = self.app.screen_stack
        if self not in stack:
            return False
        return all(isinstance(s, ModalScreen) for s in stack[stack.index(self) + 1:])

    def _banner(self) -> Content:
        style = TileStyle.TEXT
        row = tiles_text([tiles.EAST, tiles.SOUTH, tiles.WEST, tiles.NORTH, tiles.RED,
                          tiles.GREEN, tiles.WHITE], style=style)
        return Content.assemble(
            Content.from_rich_text(row), "   ",
            ("Name the patterns, add the points.", "italic"))

    # ---- the menu

    def _description(self, entry: str) -> str:
        s = self._settings()
        if entry == "course":
            st = self.stats
            if st is None or not st.next_lesson:
                return "lessons, one topic at a time" if st is None else "every lesson passed"
            if st.lessons_passed == 0:
                return "new here? start with lesson 1"
            return f"next: lesson {st.next_lesson}"
        if entry == "quick":
            level = self.quick_level()
            st = self.stats
            if s.auto_difficulty:
                left = FIRST_LESSONS - st.lessons_passed if st is not None else 0
                if st is not None and st.available and level != s.difficulty and left > 0:
                    lessons = "lesson" if left == 1 else "lessons"
                    return f"auto (d): {level} for {left} more {lessons}"
                return f"auto (d): {level} · {s.round_length} questions"
            return f"random · {level} (d) · {s.round_length} questions"
        if entry == "review":
            st = self.stats
            if st is None:
                return "checking what is due…"
            if not st.available:
                return "unavailable: progress not saved"
            more = st.to_review - st.due
            if st.due == 0 and more > 0:
                return f"nothing due · {more} to work on"
            if st.due == 0:
                return "nothing due: misses come back here"
            return f"{st.due} due now" + (f" · {more} more to work on" if more > 0 else "")
        return next(d for i, _, _, d in MENU if i == entry)

    def _draw_menu(self) -> None:
        found = self.query("#home-menu").results(OptionList)
        menu = next(found, None)
        if menu is None:
            # A settings change or a resume that reaches home before its widgets exist
            # (a notice pushed at start-up over a home still composing): on_mount draws
            # the menu once they do.
            return
        keep = menu.highlighted
        options = []
        for number, (entry, key, title, _) in enumerate(MENU, start=1):
            options.append(Option(Content.assemble(
                (f" {key} ", "bold reverse $accent"), " ", (title, "bold"),
                ("\n     " + self._description(entry), "$foreground 55%")), id=entry))
            del number
        menu.set_options(options)
        menu.highlighted = keep if keep is not None else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.action_menu(event.option.id)

    def quick_level(self) -> str:
        """The level of a quick round now: the chosen one, or with the "auto" level easy
        until the first lessons of the course are passed (`effective_difficulty`)."""
        s = self._settings()
        st = self.stats
        if st is None or not st.available:  # nothing known (yet): nothing passed to count
            return s.difficulty
        return effective_difficulty(s.difficulty, st.lessons_passed, easy_start=s.easy_start)

    def action_menu(self, entry: str) -> None:
        if entry == "quick":
            self.post_message(StartRandom(difficulty=self.quick_level()))
        elif entry == "review":
            self.post_message(StartReview())
        else:
            self.post_message(OpenScreen(entry))

    def action_cycle_difficulty(self) -> None:
        """The next level after the one chosen: auto, easy, medium, hard, mixed, and
        round to auto again (the course decides: easy until its first lessons)."""
        current = self._settings().level_choice
        nxt = LEVELS[(LEVELS.index(current) + 1) % len(LEVELS)] if current in LEVELS \
            else AUTO
        if self._set_difficulty is not None:
            self._set_difficulty(nxt)
        self._draw_menu()
        if nxt == AUTO:
            self.notify(f"Quick rounds are now auto: {self.quick_level()} for now.", timeout=2)
        else:
            self.notify(f"Quick rounds are now {nxt}.", timeout=2)

    # ---- the status panel

    def refresh_stats(self) -> None:
        self._stats_ruleset = self._settings().ruleset
        if self.stats is None and not self._first_read_started:
            self._first_read_started = True
            self._read_first()
            return
        self._read_stats()

    def _read_first(self) -> None:
        """The first read of the figures, which the first frame waits for a moment.

        Drawn without them, home was laid out and painted twice at start, once with
        "checking what is due" and again with the figures (about 5 ms of CPU).  A read
        that takes longer than `FIRST_FRAME_WAIT_S` (years of answers) goes on on its
        own and its figures follow; the first frame does not wait for it.  A thread of
        its own, not a Textual worker: a worker's thread starts only once the app's
        loop runs again, and that is what waiting here holds back."""
        lock = threading.Lock()
        box: list[HomeStats] = []
        waiting = [True]

        def read() -> None:
            stats = self._safe_load()
            with lock:
                if waiting[0]:
                    box.append(stats)
                    return
            with contextlib.suppress(RuntimeError):  # the app closed in the meantime
                self.deliver(self._show_late_first, stats)

        thread = threading.Thread(target=read, name="home-figures", daemon=True)
        thread.start()
        thread.join(FIRST_FRAME_WAIT_S)
        with lock:
            waiting[0] = False
        if box:
            self._show_stats(box[0])

    def _show_late_first(self, stats: HomeStats) -> None:
        if self.stats is None:  # a later read (another ruleset) may have come first
            self._show_stats(stats)

    def _safe_load(self) -> HomeStats:
        try:
            return self._load_stats()
        except Exception as err:  # a read error is shown, never raised
            return HomeStats(available=False, problem=str(err))

    @work(thread=True, exclusive=True, group="home-stats")
    def _read_stats(self) -> None:
        self.deliver(self._show_stats, self._safe_load())

    def _show_stats(self, stats: HomeStats) -> None:
        self.stats = stats
        self._draw_menu()
        self.query_one("#home-status", Static).update(self.status_text(stats))
        if self._on_first_figures is not None:
            self.call_after_refresh(self._on_first_figures)
            self._on_first_figures = None

    def status_text(self, st: HomeStats) -> Content:
        s = self._settings()
        parts: list[str | tuple[str, str]] = [("Today\n", "bold $accent")]
        if not st.available:
            parts += [("Progress not saved", "bold $warning"),
                      ("\nthis session (see the\nnotice at start-up)\n", "$warning")]
        else:
            days = "day" if st.streak == 1 else "days"
            streak_style = "bold $success" if st.streak else "$foreground 55%"
            parts += [("Streak  ", "bold"), (f"{st.streak} {days}", streak_style),
                      (f" (best {st.best_streak})\n", "$foreground 55%")]
            parts += [("Today   ", "bold"), ("practised ✔\n", "$success") if
                      st.practised_today else ("not yet\n", "$foreground 55%")]
            due_style = "bold $warning" if st.due else "$foreground 55%"
            parts += [("Review  ", "bold"), (f"{st.due} due\n", due_style)]
            if st.patterns:
                parts += [("Known   ", "bold"), (f"{st.known}", "bold $success" if st.known
                                                 else "$foreground 55%"),
                          f" of {st.patterns} patterns\n"]
                if st.climbing:
                    # Known needs days; the climb below it shows at once.
                    parts += ["        ", (f"{st.climbing}", "bold $warning"),
                              " on the way up\n"]
            if st.answers:
                pct = 100 * st.correct / st.answers
                parts += [("Answers ", "bold"), f"{st.answers} · {pct:.0f}% right\n"]
            if st.work_on:
                # What review asks first: `w` drills these, due or not.
                parts += [("\nWork on", "bold $accent"), (" · w\n", "$foreground 55%")]
                for _pid, name, where in st.work_on:
                    parts += [(f"{name}\n", "bold"), (f"  {where}\n", "$foreground 55%")]
            if st.recent:
                parts += [("\nRecent rounds\n", "bold $accent")]
                for day, source, answered, score in st.recent:
                    pct = 100 * score / answered if answered else 0.0
                    parts += [(f"{day} ", "$foreground 55%"), f"{_cut(source, 16)} ",
                              (f"{pct:.0f}%\n", "bold")]
        short = {"patterns": "patterns", "total": "total", "does_count": "counts?",
                 "is_win": "win?"}
        parts += [("\nPlaying\n", "bold $accent"),
                  ("Ruleset ", "bold"), f"{_ruleset_text(s.ruleset)}\n",
                  ("Asks    ", "bold"), ", ".join(short[k.value] for k in s.kinds) + "\n",
                  ("Tiles   ", "bold"), f"{s.tile_style.value} · {s.theme}"]
        return Content.assemble(*parts)


def _cut(text: str, width: int) -> str:
    """`text` in at most `width` characters, cut with an ellipsis."""
    return text if len(text) <= width else text[:width - 1].rstrip(" ·—") + "…"


def _ruleset_text(name: str) -> str:
    """A built-in ruleset's name, or a house-rules file's name (not its whole path)."""
    if "/" in name or "\\" in name:
        return Path(name).name
    return name
