"""The Textual trainer: the app shell, its themes, navigation and the app factory.

`make_app(...)` builds the app the same way for `mj-trainer`, the tests, the
snapshots and the benchmarks.  The app

* reads the settings (`quizzes.config`; a broken file is reported, never overwritten);
* opens the progress store (`quizzes.store`); a damaged, foreign or newer file is
  reported in a notice and the app runs without saving, leaving the file as it was;
* handles the navigation messages of `tui.messages` (screens never import each
  other: they post a message and the app decides what to push);
* offers every action in the command palette (ctrl+p), and per-screen help (F1, ?);
* covers itself with a "make the window larger" screen below `MIN_SIZE`.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import sys
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.color_triplet import ColorTriplet as rgb
from rich.terminal_theme import TerminalTheme
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.theme import Theme

from mj_trainer.engine.ruleset import DEFAULT, Ruleset, RulesetError, builtin_names, load
from mj_trainer.quizzes.config import DEFAULT_THEME, ConfigFile, Settings
from mj_trainer.quizzes.store import ProgressStore, StoreError
from mj_trainer.tui.browser_keys import WEB_KEYMAP, kept_by_browser, quit_key
from mj_trainer.tui.memory import settle_after_start
from mj_trainer.tui.messages import (
    LEARNER_LEVEL,
    OpenCalculator,
    OpenGlossary,
    OpenLesson,
    OpenReference,
    OpenScreen,
    SettingsChanged,
    StartHand,
    StartLesson,
    StartRandom,
    StartReview,
    StartSet,
)
from mj_trainer.tui.screens.home import HomeScreen, HomeStats, read_home_stats
from mj_trainer.tui.spare_screens import SPARE_KINDS, Spares
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.warm_up import START_AFTER_S, start_warm_up

if TYPE_CHECKING:
    from mj_trainer.quizzes.round import RoundSummary
    from mj_trainer.quizzes.session import RoundPlan
    from mj_trainer.tui.round_plans import RoundRequest
    from mj_trainer.tui.screens.quiz import QuizScreen

MIN_WIDTH = 60
MIN_HEIGHT = 20
SETTLE_AFTER_S = 0.05  # home's figures drawn -> the garbage collector's full pass

StartMessage = (OpenCalculator | OpenReference | OpenScreen | StartRandom | StartReview
                | StartSet)
Clock = Callable[[], float]

THEMES = (
    Theme(
        name="mj-jade",
        primary="#2E9E6B",
        secondary="#1F6F50",
        accent="#E0B341",
        warning="#E8A33D",
        error="#E5534B",
        success="#57C785",
        foreground="#E8EFEA",
        background="#0F1A16",
        surface="#16241F",
        panel="#1E3029",
        dark=True,
    ),
    Theme(
        name="mj-ivory",
        primary="#1F6F50",
        secondary="#2E9E6B",
        accent="#A0521C",
        warning="#B26B00",
        error="#B3261E",
        success="#2E7D32",
        foreground="#1E2421",
        background="#F7F3E8",
        surface="#EFE9DA",
        panel="#E4DCC8",
        dark=False,
    ),
    # High contrast: white on black, pure bright accents, no tinted panels.
    Theme(
        name="mj-contrast",
        primary="#FFD400",
        secondary="#00E5FF",
        accent="#FFFF00",
        warning="#FFA000",
        error="#FF4D4D",
        success="#00FF66",
        foreground="#FFFFFF",
        background="#000000",
        surface="#000000",
        panel="#202020",
        boost="#303030",
        dark=True,
        # The highlighted row: white on deep blue keeps its dimmed parts readable.
        variables={"block-cursor-background": "#0033CC",
                   "block-cursor-foreground": "#FFFFFF"},
    ),
)


# How the 16 terminal colors are drawn in dark themes.  Textual's default palette has a
# lime green and a violet blue, under which the tiles' white labels are hard to read;
# these deeper colors keep every tile label legible.
TILE_ANSI_DARK = TerminalTheme(
    rgb(15, 26, 22), rgb(232, 239, 234),
    [rgb(26, 26, 26), rgb(190, 45, 45), rgb(30, 125, 62), rgb(200, 150, 30),
     rgb(38, 92, 182), rgb(140, 62, 152), rgb(0, 128, 150), rgb(205, 205, 205),
     rgb(100, 100, 100)],
    [rgb(240, 84, 84), rgb(98, 196, 110), rgb(232, 200, 92), rgb(92, 150, 240),
     rgb(212, 112, 212), rgb(82, 200, 222), rgb(246, 246, 239)],
)


def app_version() -> str:
    """The installed version, for home.  Read off the install's `.dist-info` folder
    name (`{name}-{version}.dist-info`, found on sys.path in the order importlib.metadata
    searches): importing importlib.metadata is a tenth of the first screen's time."""
    for entry in sys.path:
        with contextlib.suppress(OSError):
            for found in Path(entry or ".").glob("mj_trainer-*.dist-info"):
                return found.name[len("mj_trainer-"):-len(".dist-info")]
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mj-trainer")
    except PackageNotFoundError:  # pragma: no cover - a bare checkout
        return "unknown"



class TrainerApp(App[None]):
    """mj-trainer: learn to score mahjong hands."""

    TITLE = "mj-trainer"
    # Home's styles and those every screen shares; each other screen names its own style
    # file (CSS_PATH), which Textual adds when the screen first opens (or the warm-up
    # adds after home is drawn), so the first screen waits for no other screen's rules.
    CSS_PATH = ["styles/app.tcss", "styles/home.tcss"]
    ENABLE_COMMAND_PALETTE = True
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (72, "-narrow"), (100, "-wide"), (150, "-very-wide")]
    BINDINGS = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", show=False, id="app.help2"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        # Textual moves the focus on tab only once the key has passed the focused
        # widget, so the keys typed right after tab went to the field it left (digits
        # into the pattern filter instead of the total).  As priority bindings the
        # focus moves before the next key is delivered.
        Binding("tab", "focus_next", show=False, priority=True, id="app.focus_next"),
        Binding("shift+tab", "focus_previous", show=False, priority=True,
                id="app.focus_previous"),
    ]

    def __init__(self, *, config: ConfigFile, data_dir: str | os.PathLike[str] | None = None,
                 start: StartMessage | None = None, seed: int | None = None,
                 clock: Clock | None = None, open_store: bool = True,
                 cursor_blink: bool = True, settle_memory: bool = False) -> None:
        # Before Textual's own set-up: watch_theme reads the settings.
        self.config = config
        self._styled_with: dict[str, str] = {}  # the variables parsed before any screen
        self.settings = config.settings
        super().__init__()
        self.cursor_blink = cursor_blink  # False in snapshots, so every frame is the same
        self.settle_memory = settle_memory
        self._settled = False
        if settle_memory:
            # What the imports built lives as long as the app: kept out of the garbage
            # collector's full passes, one of which (12-25 ms, walking every module's
            # objects) otherwise fell in home's first frame.  `_after_home` sorts it out.
            gc.freeze()
        self.data_dir = data_dir
        self.start = start
        self.seed = seed
        self._round_count = 0
        # Screens built ahead while home is read (the real app and the benchmarks).
        self.spares = Spares(self, SPARE_KINDS if settle_memory else (),
                             self.build_spares, lambda: isinstance(self.screen, HomeScreen))
        self.clock: Clock = clock or time.monotonic
        self.store: ProgressStore | None = None
        self.store_problem: StoreError | None = None
        self._size_guard: Screen[None] | None = None  # the small-window guard, while pushed
        self.problems: list[tuple[str, str]] = []  # (title, text) notices to show on mount
        for theme in THEMES:
            self.register_theme(theme)
        self.ansi_theme_dark = TILE_ANSI_DARK
        self._apply_theme(self.settings.theme, report=True)
        self.ruleset = self._load_ruleset(self.settings.ruleset, report=True)
        if config.problem:
            self.problems.append((
                "Your settings file has a problem",
                f"{config.problem}\n\nThe defaults are used for now, and the file is left "
                "exactly as it is: fix or remove it to use your own settings again. "
                "Changes made on the settings screen apply to this session only."))
        if open_store:
            self._open_store()

    # ---- setup

    def _open_store(self) -> None:
        try:
            from mj_trainer.quizzes.review import Reviewer

            self.store = ProgressStore.open(
                self.data_dir, reviewer=Reviewer.with_retention(self.settings.desired_retention))
        except StoreError as err:
            self.store = None
            self.store_problem = err
            advice = f"\n\n{err.advice}." if err.advice else ""
            self.problems.append((
                "Your progress cannot be saved this session",
                f"The progress file\n  {err.path}\ncannot be used: {err.problem}.{advice}\n\n"
                "mj-trainer runs without saving progress, and the file has not been "
                "changed, moved or deleted."))
            return
        if self.store.notices:  # answers left in the journal, written or set aside now
            self.problems.append(("Answers from an earlier session",
                                  "\n\n".join(self.store.notices)))
            self.store.notices.clear()
        self.store.on_notice = self._store_notice

    def _store_notice(self, text: str) -> None:
        """A row of the progress file that cannot be read, left out (any thread)."""
        self.notify(text, title="Part of your progress cannot be read", severity="warning",
                    timeout=12, markup=False)

    def _load_ruleset(self, name: str, *, report: bool) -> Ruleset:
        try:
            return load(name)
        except RulesetError as err:
            if report:
                self.problems.append((
                    f"The ruleset {name!r} cannot be loaded",
                    f"{err}\n\nThe default ruleset {DEFAULT} is used instead."))
            return load(DEFAULT)

    def _apply_theme(self, name: str, *, report: bool = False) -> None:
        if name in self.available_themes:
            self.theme = name
            return
        self.theme = DEFAULT_THEME
        if report:
            self.problems.append(("Unknown theme",
                                  f"The theme {name!r} is not available; using "
                                  f"{DEFAULT_THEME}."))

    def refresh_css(self, animate: bool = True) -> None:
        """Textual's, except before the first screen exists.

        Setting the theme and the tiles' colours in `__init__` each queue a refresh, and
        each parsed every style sheet again from scratch (and left the next parse, when
        home's widgets add theirs, nothing cached): three parses of every rule before
        home was drawn.  With no screen nothing is styled yet, so the sheet is parsed
        once with the theme's variables, and again only if they change.
        """
        if self.screen_stack:
            super().refresh_css(animate)
            return
        variables = self.get_css_variables()
        if variables != self._styled_with:
            self._styled_with = variables
            self.stylesheet.set_variables(variables)
            self.stylesheet.parse()

    def get_default_screen(self) -> Screen[Any]:
        return HomeScreen(settings=lambda: self.settings, load_stats=self.home_stats,
                          version=app_version(), set_difficulty=self._set_difficulty,
                          on_first_figures=self._after_home)

    def _after_home(self) -> None:
        """Once home shows the learner's figures (or a second after start at the
        latest): one full pass of the garbage collector, then everything built so far
        out of its sight (`settle_after_start`), and a little later the warm-up of the
        screens a learner opens next.  Both used to start with the first frame, the
        full pass alone 20-45 ms before home's figures could be drawn."""
        if self._settled or not self.settle_memory:
            return
        self._settled = True
        # Called right after the refresh that shows the figures; the pass waits a moment
        # more, so the frame is written before it, not behind it.
        self.set_timer(SETTLE_AFTER_S, settle_after_start)
        # While home is read: what the first review, stats or calculator would load.
        self.set_timer(START_AFTER_S, lambda: start_warm_up(
            self, self.ruleset, then=self.spares.build_when_ready))

    def on_mount(self) -> None:
        if self.is_web:  # in a browser tab: quit moves off ctrl+q (tui/browser_keys.py)
            self.update_keymap(WEB_KEYMAP)
        if self.problems:  # the notices' module (its screens, buttons) only when needed
            from mj_trainer.tui.screens.notice import NoticeScreen

            for title, text in self.problems:
                self.push_screen(NoticeScreen(title, text))
        # The size check comes first: a start straight into a quiz or the reference waits
        # behind the small-window guard until the window is large enough.
        self.call_after_refresh(self._check_size)
        if self.settle_memory:
            self.set_timer(1.0, self._after_home)  # if home's figures never come

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()

    async def action_quit(self) -> None:
        """Quit, unless that loses answers: those neither the progress file nor its
        journal could take are held only in memory, so the learner is asked first
        (after one more try to write them)."""
        unkept = self.store.unkept() if self.store is not None else 0
        if not unkept:
            self.exit()
            return
        from mj_trainer.tui.screens.notice import ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            return  # the question is on screen already
        assert self.store is not None
        self.clear_notifications()  # the question says it all, and toasts would hide it
        answers = "1 answer" if unkept == 1 else f"{unkept} answers"
        self.push_screen(ConfirmScreen(
            f"{answers} could not be saved: neither the progress file nor its journal "
            f"could take {'it' if unkept == 1 else 'them'} ({self.store.unkept_problem}).\n"
            f"  {self.store.path.parent}\n\nFree some space there and quit again: "
            f"{'it is' if unkept == 1 else 'they are'} saved first. Quit now and lose "
            f"{'it' if unkept == 1 else 'them'}?",
            yes="Quit, lose them" if unkept > 1 else "Quit, lose it", no="Stay",
            safe_no=True),
            lambda yes: self.exit() if yes else None)

    # ---- settings

    @property
    def tile_style(self) -> TileStyle:
        return self.settings.tile_style

    def update_settings(self, settings: Settings) -> str | None:
        """Apply new settings everywhere and save them; returns a status line."""
        old = self.settings
        self.settings = settings
        if settings.theme != old.theme:
            self._apply_theme(settings.theme)
        if settings.ruleset != old.ruleset:
            self.ruleset = self._load_ruleset(settings.ruleset, report=False)
        if settings.desired_retention != old.desired_retention and self.store is not None:
            # Review and mastery read the scheduler from the store: both follow at once.
            from mj_trainer.quizzes.review import Reviewer

            self.store.reviewer = Reviewer.with_retention(settings.desired_retention)
        if settings != old:
            for screen in self.screen_stack:
                screen.post_message(SettingsChanged(settings))
        problem = self.config.save(settings)
        if problem:
            return problem
        if self.config.path is None:
            return "Kept for this session (no settings file)."
        return f"Saved to {self.config.path}"

    def _set_difficulty(self, level: str) -> None:
        # A level chosen with home's key is kept: the "auto" easy start ends, until
        # "auto" itself is chosen again.
        message = self.update_settings(self.settings.with_level(level))
        if message and message.startswith("not saved"):
            self.notify(message, severity="warning", timeout=4)

    def watch_theme(self, theme: str) -> None:
        # A theme set any other way (Textual's own theme keys) is remembered like one
        # from settings.
        if self.is_running and theme != self.settings.theme:
            self.update_settings(self.settings.with_(theme=theme))

    # ---- what the home screen shows

    def home_stats(self) -> HomeStats:
        store = self.store
        if store is None:
            problem = self.store_problem.problem if self.store_problem else ""
            return HomeStats(available=False, problem=problem)
        return read_home_stats(store, self.ruleset)

    # ---- navigation

    def _next_seed(self) -> int:
        self._round_count += 1
        if self.seed is None:
            return random.randrange(2**31)
        return self.seed + self._round_count - 1

    def start_round(self, message: RoundRequest) -> None:
        """Plan a round for `message` and push the quiz (a notice if it cannot start)."""
        from mj_trainer.quizzes.session import SessionError
        from mj_trainer.tui.round_plans import plan_for
        from mj_trainer.tui.screens.quiz import QuizScreen

        try:
            plan = plan_for(message, self.settings, store=self.store, seed=self._next_seed(),
                            clock=self.clock)
        except SessionError as err:
            self.notify(str(err), title="Cannot start this round", severity="warning",
                        timeout=6)
            return
        # Hands that exist already (review, a set, the calculator's) are dealt at once;
        # the generator deals in a worker.
        deal_now = isinstance(message, StartReview | StartSet | StartHand)
        quiz = self.spares.take("quiz", QuizScreen,
                                lambda spare: spare.tile_style == self.tile_style)
        if quiz is None:
            quiz = QuizScreen(plan, tile_style=self.tile_style,
                              cursor_blink=self.cursor_blink,
                              settle_memory=self.settle_memory, deal_now=deal_now)
        else:
            quiz.start(plan, deal_now=deal_now)
        self.push_screen(quiz, partial(self._round_over, plan, quiz))

    async def build_spares(self) -> None:
        """Build the next quiz screen and the next stats screen ahead, while the learner
        reads home (tui/spare_screens.py): opening them then reads, deals and draws."""
        from mj_trainer.tui.screens.calculator import CalculatorScreen
        from mj_trainer.tui.screens.quiz import QuizScreen
        from mj_trainer.tui.screens.stats import StatsScreen

        built = [self.spares.build("quiz", lambda: QuizScreen(
                     tile_style=self.tile_style, cursor_blink=self.cursor_blink,
                     settle_memory=self.settle_memory)),
                 self.spares.build("stats", lambda: StatsScreen(self.store, self.ruleset)),
                 self.spares.build("calculator", lambda: CalculatorScreen(
                     ruleset=self.settings.ruleset, tile_style=self.tile_style,
                     sets_folder=self.user_sets_folder(), cursor_blink=self.cursor_blink))]
        mounting = [one for one in built if one is not None]
        for one in mounting:
            await one
        if mounting and self.settle_memory:
            # What was just built joins what the collector leaves alone; else its first
            # full pass fell on the next screen's first frame.
            settle_after_start()

    def on_start_hand(self, message: StartHand) -> None:
        """A quiz on the calculator's hand."""
        message.stop()
        self.start_round(message)

    def on_open_calculator(self, message: OpenCalculator) -> None:
        message.stop()
        self.open_calculator(message.text)

    def open_calculator(self, text: str = "") -> None:
        """The calculator, prefilled with `text` (notation or a shared hand)."""
        from mj_trainer.tui.screens.calculator import CalculatorScreen

        calc = self.spares.take("calculator", CalculatorScreen, lambda spare: (
            spare.tile_style == self.tile_style
            and spare.sets_folder == self.user_sets_folder()))
        if calc is None:
            calc = CalculatorScreen(text, ruleset=self.settings.ruleset,
                                    tile_style=self.tile_style,
                                    sets_folder=self.user_sets_folder(),
                                    cursor_blink=self.cursor_blink)
        else:
            calc.start(text, self.settings.ruleset)
        self.push_screen(calc)

    def user_sets_folder(self) -> Path:
        """Where the calculator saves hands: `sets/` beside the progress file, which the
        Sets screen lists."""
        if self.store is not None:
            return self.store.path.parent / "sets"
        from mj_trainer.quizzes.store import data_dir

        return data_dir(self.data_dir) / "sets"

    def _round_over(self, plan: RoundPlan[RoundRequest], quiz: QuizScreen,
                    summary: RoundSummary | None) -> None:
        from mj_trainer.tui.screens.summary import SummaryScreen

        if summary is not None:
            upcoming = (self.lesson_after(plan.again.lesson_id)
                        if isinstance(plan.again, StartLesson) else None)
            self.push_screen(SummaryScreen(summary, title=plan.title, again=plan.again,
                                           moves=quiz.moves, next_lesson=upcoming))

    def lesson_after(self, lesson_id: str) -> tuple[str, str] | None:
        """(id, title) of the lesson to offer after a drill of `lesson_id`: the one after
        it in the course unless it is passed already, else the course's next suggestion."""
        from mj_trainer.quizzes.course import LessonStatus, next_lesson, statuses

        order = statuses(self.store, self.ruleset)
        ids = [one.id for one, _ in order]
        if lesson_id in ids:
            k = ids.index(lesson_id) + 1
            if k < len(order) and order[k][1] is not LessonStatus.PASSED:
                return order[k][0].id, order[k][0].title
        upcoming = next_lesson(self.store, self.ruleset)
        return (upcoming.id, upcoming.title) if upcoming is not None else None

    def on_start_set(self, message: StartSet) -> None:
        message.stop()
        self.start_round(message)

    def on_start_random(self, message: StartRandom) -> None:
        message.stop()
        if message.difficulty == LEARNER_LEVEL:
            resolved = self._at_learner_level(message.target)
            if resolved is None:
                return
            message = resolved
        self.start_round(message)

    def _learner_level(self) -> str:
        """The level home shows: the chosen one, or with "auto" easy until the first
        lessons of the course are passed."""
        from mj_trainer.quizzes.course import starting_difficulty

        s = self.settings
        return starting_difficulty(self.store, self.ruleset, s.difficulty,
                                   easy_start=s.easy_start)

    def _at_learner_level(self, target: str | None) -> StartRandom | None:
        """A round at the learner's level; aimed at `target`, the nearest level the
        generator can aim at, said when it is not the learner's (None: none can)."""
        level = self._learner_level()
        if target is None:
            return StartRandom(difficulty=level)
        from mj_trainer.quizzes.session import aimed_level

        aimed = aimed_level(target, self.ruleset, level)
        if aimed is None:
            self.notify(f"The hand generator cannot aim at {target} yet.", severity="warning")
            return None
        if aimed != level:
            self.notify(f"{target} cannot be dealt at your level ({level}): this round is "
                        f"{aimed}.", timeout=4)
        return StartRandom(difficulty=aimed, target=target)

    def on_start_review(self, message: StartReview) -> None:
        message.stop()
        self.start_round(message)

    def on_start_lesson(self, message: StartLesson) -> None:
        message.stop()
        self.start_round(message)

    def on_open_reference(self, message: OpenReference) -> None:
        message.stop()
        self.open_reference(message.target)

    def open_reference(self, target: str | None = None) -> None:
        try:
            from mj_trainer.tui.screens.reference import ReferenceScreen
        except ImportError as err:  # pragma: no cover - a partial install
            self.notify(f"The reference is not available: {err}", severity="error")
            return
        self.push_screen(ReferenceScreen(self.ruleset, target, tile_style=self.tile_style))

    def on_open_screen(self, message: OpenScreen) -> None:
        message.stop()
        self.open_screen(message.name)

    def open_screen(self, name: str) -> None:
        """Open a main screen by name: home, sets, reference, stats, settings, calculator,
        help."""
        if name == "home":
            self.go_home()
        elif name == "reference":
            self.open_reference(None)
        elif name == "sets":
            from mj_trainer.tui.screens.sets import SetsScreen

            self.push_screen(SetsScreen(self.store, ruleset=self.ruleset,
                                        tile_style=self.tile_style,
                                        round_length=self.settings.round_length))
        elif name == "course":
            self.open_course()
        elif name == "stats":
            from mj_trainer.tui.screens.stats import StatsScreen

            stats = self.spares.take("stats", StatsScreen,
                                     lambda spare: spare.home_ruleset is self.ruleset
                                     and spare.store is self.store)
            self.push_screen(stats or StatsScreen(self.store, self.ruleset))
        elif name == "settings":
            self.open_settings()
        elif name == "calculator":
            self.open_calculator()
        elif name == "help":
            self.action_help()
        else:
            self.notify(f"There is no screen called {name!r}.", severity="warning")

    def open_course(self, lesson_id: str | None = None) -> None:
        """The course: back to the course screen when one is open (a drill's summary goes
        back there, not home), else a new one; with `lesson_id`, that lesson's page."""
        from mj_trainer.tui.screens.course import CourseScreen

        if any(isinstance(s, CourseScreen) for s in self.screen_stack):
            while not isinstance(self.screen, CourseScreen):
                self.pop_screen()
            if lesson_id is not None:
                self.screen.show_lesson(lesson_id)
            return
        self.push_screen(CourseScreen(self.store, self.ruleset, tile_style=self.tile_style,
                                      open_lesson=lesson_id))

    def on_open_lesson(self, message: OpenLesson) -> None:
        message.stop()
        self.open_course(message.lesson_id)

    def on_open_glossary(self, message: OpenGlossary) -> None:
        message.stop()
        from mj_trainer.tui.screens.glossary import GlossaryScreen

        self.push_screen(GlossaryScreen(self.ruleset, message.entry))

    def open_settings(self) -> None:
        from mj_trainer.tui.screens.settings import SettingsScreen

        if self.config.problem:
            where = "Not saved: the settings file has a problem (see the notice); changes " \
                    "apply to this session only."
        elif self.config.path is None:
            where = "Settings are kept for this session only."
        else:
            where = f"Saved to {self.config.path}"
        themes = sorted(self.available_themes)
        folder = self.config.path.parent if self.config.path is not None else None
        self.push_screen(SettingsScreen(self.settings, rulesets=builtin_names(), themes=themes,
                                        save=self.update_settings, where=where,
                                        starter_folder=folder,
                                        cursor_blink=self.cursor_blink))

    def go_home(self) -> None:
        """Back to the home screen, closing everything above it."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def action_go_home(self) -> None:
        self.go_home()

    def action_help(self) -> None:
        from mj_trainer.tui.screens.help import HelpScreen, help_name

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(help_name(self.screen), self.tile_style))

    def action_quick_round(self, difficulty: str = "") -> None:
        """A quick round at `difficulty`, or at the learner's level when it is empty
        (the "auto" level is easy until the first lessons are passed)."""
        self.post_message(StartRandom(difficulty=difficulty or self._learner_level()))

    def action_review(self) -> None:
        self.post_message(StartReview())

    def action_open(self, name: str) -> None:
        self.open_screen(name)

    def action_tile_style(self, style: str) -> None:
        self.update_settings(self.settings.with_(tile_style=TileStyle(style)))
        self.notify(f"Tiles are now drawn in the {style} style.", timeout=2)

    def action_ruleset(self, name: str) -> None:
        self.update_settings(self.settings.with_(ruleset=name))
        self.notify(f"The ruleset is now {self.ruleset.id}.", timeout=2)

    def action_theme(self, name: str) -> None:
        self.update_settings(self.settings.with_(theme=name))
        self.notify(f"The theme is now {self.theme}.", timeout=2)

    # ---- the command palette

    def action_command_palette(self) -> None:
        # The app's own palette class, safe against fast keys (tui/screens/palette.py).
        from mj_trainer.tui.screens.palette import AppCommandPalette

        if self.use_command_palette and not AppCommandPalette.in_stack(self):
            self.push_screen(AppCommandPalette(id="--command-palette"))

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        from mj_trainer.tui.screens.palette import AppCommandPalette

        self.push_screen(AppCommandPalette(providers=[ThemeProvider],
                                           placeholder="Search for themes…"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand("Home", "Back to the home screen", self.go_home)
        yield SystemCommand("Learn: the course", "Lessons, one topic at a time, with drills",
                            partial(self.open_screen, "course"))
        yield SystemCommand("Quick round", "A round of random hands at your level",
                            self.action_quick_round)
        for level in ("easy", "medium", "hard", "mixed"):
            yield SystemCommand(f"Quick round: {level}", f"A round of random {level} hands",
                                partial(self.action_quick_round, level))
        yield SystemCommand("Play a curated set", "Browse the curated hand sets",
                            partial(self.open_screen, "sets"))
        yield SystemCommand("Review weak spots", "A round of the patterns due for review",
                            self.action_review)
        yield SystemCommand("Rules reference", "Patterns, families and rulings",
                            partial(self.open_screen, "reference"))
        yield SystemCommand("Calculator", "Score any hand: build it from tiles or notation",
                            partial(self.open_screen, "calculator"))
        yield SystemCommand("Stats", "Accuracy, trends and history",
                            partial(self.open_screen, "stats"))
        yield SystemCommand("Settings", "Ruleset, tiles, round length, kinds, theme",
                            self.open_settings)
        yield SystemCommand("Help", "Help for the screen you are on", self.action_help)
        yield from self._setting_commands()
        seen = {"Home", "Help", "Quit", "Settings", "Stats"}
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.description or not active.enabled or binding.description in seen:
                continue
            if active.node is self or not binding.show:
                continue  # hidden keys are widgets' own (scrolling, copy and paste)
            seen.add(binding.description)
            shown = self.get_key_display(binding) or key
            hint = "" if self.is_web and kept_by_browser(key) else f" (key {shown})"
            yield SystemCommand(binding.description,
                                f"{binding.tooltip or 'On this screen'}{hint}",
                                partial(self._run_binding, binding.action, active.node))
        # Textual's own commands (its theme picker, keys panel, screenshot, maximize) are
        # left out: the app's settings cover what a learner needs.
        yield SystemCommand("Theme", "Choose among all colour themes", self.action_change_theme)
        yield SystemCommand("Quit", f"Leave mj-trainer ({quit_key(self.is_web)})",
                            self.action_quit)

    def _setting_commands(self) -> Iterable[SystemCommand]:
        """A command for each choice of ruleset, tile style and theme."""
        current = self.settings
        for name in builtin_names():
            if name != current.ruleset:
                yield SystemCommand(f"Ruleset: {name}", "Score and quiz with these rules",
                                    partial(self.action_ruleset, name))
        for style in TileStyle:
            if style is not current.tile_style:
                yield SystemCommand(f"Tile style: {style.value}", "Change how tiles are drawn",
                                    partial(self.action_tile_style, style.value))
        for theme in THEMES:
            if theme.name != current.theme:
                yield SystemCommand(f"Theme: {theme.name}", "Change the colours",
                                    partial(self.action_theme, theme.name))

    def _run_binding(self, action: str, node: object) -> None:
        from textual.dom import DOMNode

        if isinstance(node, DOMNode):
            self.call_later(self._run_if_in_front, action, node)

    async def _run_if_in_front(self, action: str, node: Any) -> None:
        # A palette command acts on the screen the palette was opened over; keys typed
        # after it may have closed that screen (a calculator's Back ran on a closed
        # calculator: NoMatches), and then the command is dropped.
        screen = node if isinstance(node, Screen) else getattr(node, "screen", None)
        if node.is_attached and screen is self.screen:
            await self.run_action(action, node)

    # ---- size

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        guard = self._size_guard
        if guard is not None and guard not in self.screen_stack:
            guard = self._size_guard = None
        if small and guard is None:
            # Its module (the dialogs' screens) is loaded only for a window too small.
            from mj_trainer.tui.screens.notice import TooSmallScreen

            self._size_guard = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._size_guard)
        elif not small and guard is not None and self.screen is guard:
            self._size_guard = None
            self.pop_screen()
        if not small and self.start is not None:
            start, self.start = self.start, None
            self.call_after_refresh(self.post_message, start)


def make_app(config: Settings | None = None, data_dir: str | os.PathLike[str] | None = None,
             config_path: str | os.PathLike[str] | None = None,
             start: StartMessage | None = None, *, seed: int | None = None,
             clock: Clock | None = None, cursor_blink: bool = True,
             settle_memory: bool = False) -> TrainerApp:
    """The app, built the same way for `mj-trainer`, tests, snapshots and benchmarks.

    config       settings to use instead of reading the config file (then they are saved
                 only when `config_path` is given, never to the user's real file);
    data_dir     where the progress file lives (default: $MJ_TRAINER_DATA_DIR, then the
                 user data directory);
    config_path  the settings file (default: $MJ_TRAINER_CONFIG, then the user config dir);
    start        a navigation message to act on once the app is up (the CLI's
                 `quiz --set`, `quiz --random`, `reference PATTERN`);
    seed         makes random rounds reproducible (snapshots, tests);
    clock        the clock that times answers (tests pass a fixed one);
    cursor_blink False keeps text cursors steady (snapshots);
    settle_memory  keep what start-up built out of the garbage collector's full passes
                 (frozen from the start, settled once home shows its figures, with
                 `settle_after_start`), and warm up the screens a learner opens next: the
                 real app and the benchmarks; tests, which build many apps in one
                 process, leave it off.
    """
    if config is None:
        file = ConfigFile.load(config_path)
    elif config_path is not None:
        file = ConfigFile(Path(config_path), config)
    else:
        file = ConfigFile(None, config)
    return TrainerApp(config=file, data_dir=data_dir, start=start, seed=seed, clock=clock,
                      cursor_blink=cursor_blink, settle_memory=settle_memory)


def run_app(*, data_dir: str | None = None, config_path: str | None = None,
            start: StartMessage | None = None) -> int:
    """Run the app in the terminal (the `mj-trainer` command)."""
    app = make_app(data_dir=data_dir, config_path=config_path, start=start, settle_memory=True)
    app.run()
    return 0
