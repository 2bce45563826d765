"""Progress statistics: accuracy by category, family and pattern, the trend, the
most-missed patterns, the round history, the review queue, and mastery: per category
or family how many patterns are known, each pattern's level (new, learning, known),
and the weakest patterns met so far, which `w` drills.

Everything is read from the progress store (`load_stats`) and shown in tabs: when the
screen arrives, before its first frame; again in a worker thread when the learner comes
back to it.  A tab's tables are made when the tab is first shown, so the first frame
holds the overview alone.  The accuracy tables sort by accuracy, attempts, misses or
id (`s`, or a click on a column header); `o` or Enter opens the selected row's rule in
the reference and `v` starts a review round -- both by posting `tui.messages`.

The statistics are those of one ruleset (a pattern id means another pattern in
another ruleset): the one in use, named in the summary line; `r` switches to the
next ruleset the learner has answered questions under.

Mastery (`quizzes.mastery`) follows the review scheduler of the store, so a change of
the desired retention in settings shows here the next time the numbers are read.  It
is shown as a climb in words (not met, not yet, right once, 3 in a row, known) with
when review brings each pattern back; the line under the table says it in a sentence
for the row picked.  The review queue counts as home counts (a pattern and its
one-member family are one line) and says the same words, never the model's numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import ClassVar, Final

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color, ColorParseError
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import AwaitMount, Widget
from textual.widgets import DataTable, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.mastery import (
    GroupMastery,
    PatternMastery,
    Status,
    Step,
    climb_text,
    grouped,
    mastery,
    next_rung_text,
    step_text,
    streak_text,
    weakest,
    when_back,
)
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.stats import (
    AccuracyRow,
    ReviewRow,
    StatsData,
    item_name,
    load_stats,
)
from mj_trainer.quizzes.store import ProgressStore, StoreError
from mj_trainer.tui.messages import OpenReference, StartReview
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.parts_line import PartsLine
from mj_trainer.tui.widgets.safe_header import SafeHeader

STACKED_BELOW: Final = 100  # columns: narrower, the overview stacks its two boxes
# Narrower, the mastery table and the weakest list stack: side by side at 120 columns
# the weakest list cut its last column ("not ye"), and a wider list cut the table.
# The longest rows (a 6-character id, a 31-character name, "10/12 known") need about
# 80 columns for the table and 65 for the list.
MASTERY_STACKED_BELOW: Final = 145
TABS: Final = ("overview", "categories", "families", "patterns", "review", "history",
                "mastery")
ACCURACY_TABLES: Final = ("stats-categories", "stats-families", "stats-patterns",
                          "stats-missed")
GROUPINGS: Final = ("category", "family")  # how the mastery table groups its patterns
WEAKEST: Final = 5  # patterns in the weakest list, and in the round `w` starts
BAR_WIDTH: Final = 8


def level_bar(level: float, width: int = BAR_WIDTH) -> str:
    """A level (0..1) as a bar that reads without colours: '█████░░░' is 5/8."""
    filled = round(max(0.0, min(1.0, level)) * width)
    return "█" * filled + "░" * (width - filled)


CLIMB_WIDTH: Final = 4  # one cell a rung: met, right once, in a row, known


def climb_bar(step: Step, width: int = CLIMB_WIDTH) -> str:
    """The rung a pattern stands on as a bar: '███░' is right in a row, one rung
    below known."""
    return level_bar(step / Step.KNOWN, width)


def known_text(group: GroupMastery) -> str:
    """'known 4 of 9'."""
    return f"known {group.known} of {group.total}"


@dataclass(frozen=True, slots=True)
class SortMode:
    """One way to order an accuracy table."""

    name: str
    key: Callable[[AccuracyRow], tuple[float | int | str | tuple[int, ...], ...]]


def _id_key(ref: str) -> tuple[int, ...]:
    return tuple(int(x) if x.isdigit() else 0 for x in ref.split("."))


SORTS: Final = (
    SortMode("weakest first", lambda r: (r.accuracy, -r.attempts, _id_key(r.ref))),
    SortMode("most tries", lambda r: (-r.attempts, r.accuracy, _id_key(r.ref))),
    SortMode("most misses", lambda r: (-r.misses, r.accuracy, _id_key(r.ref))),
    SortMode("by id", lambda r: (_id_key(r.ref),)),
)


def when_text(moment: datetime, now: datetime) -> str:
    """'due now', 'in 12 min', 'in 3 h', 'in 4 days' or a date."""
    seconds = (moment - now).total_seconds()
    if seconds <= 0:
        return "due now"
    minutes = seconds / 60
    if minutes < 60:
        return f"in {max(1, round(minutes))} min"
    hours = minutes / 60
    if hours < 36:
        return f"in {round(hours)} h"
    days = hours / 24
    if days < 60:
        return f"in {round(days)} days"
    return moment.astimezone().strftime("%Y-%m-%d")


def duration_text(seconds: float) -> str:
    """'0:42', '12:05' or '1:02:03'."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class StatsScreen(SafeScreen[None]):
    """The learner's progress, loaded from the store in a worker."""

    CSS_PATH = "../styles/stats.tcss"
    SUB_TITLE = "Progress"
    HELP_NAME = "stats"  # tui/help/stats.md
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("v", "review", "Review", tooltip="Start a review round of what is due"),
        Binding("o", "open_rule", "Rule", tooltip="Open the selected pattern's rule"),
        Binding("s", "sort", "Sort", tooltip="Sort the table another way"),
        Binding("r", "next_ruleset", "Ruleset",
                tooltip="Show the stats of another ruleset you have played"),
        Binding("w", "drill_weakest", "Drill weak",
                tooltip="A round aimed at your weakest patterns"),
        Binding("g", "regroup", "Group", show=False,
                tooltip="Group mastery by category or by family"),
        Binding("m", "tab('mastery')", "Mastery tab", show=False),
        *(Binding(str(i), f"tab('{name}')", f"{name.title()} tab", show=False)
          for i, name in enumerate(TABS, start=1)),
    ]

    def __init__(self, store: ProgressStore | None, ruleset: Ruleset, *,
                 now: Callable[[], datetime] | None = None,
                 today: date | None = None) -> None:
        super().__init__()
        self.store = store
        self.home_ruleset = ruleset  # the ruleset in use: review and the reference use it
        self.ruleset = ruleset  # the ruleset whose statistics are shown
        self.now = now or utc  # tests and snapshots pass a fixed clock
        self.today = today
        self.data: StatsData | None = None
        self.error: str | None = None
        self.sorts: dict[str, int] = {table: 0 for table in ACCURACY_TABLES}
        self.sorts["stats-missed"] = 2  # most misses first
        self.mastery: list[PatternMastery] = []  # every pattern's mastery, read with data
        self.grouping = 0  # index into GROUPINGS
        self._groups: dict[str, GroupMastery] = {}  # the mastery table's group rows
        self._review_rows: dict[str, ReviewRow] = {}  # the review table's rows, by key
        self._arrived = False  # shown once: see _on_screen_resume
        self._opened: set[str] = set()  # tabs whose content is mounted or on its way
        self._opening: dict[str, AwaitMount] = {}  # being mounted

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        yield PartsLine(id="stats-summary")
        yield Static("Loading your progress...", id="stats-message")
        with TabbedContent(id="stats-tabs", initial="overview"):
            with TabPane("Overview", id="overview"), Horizontal(id="stats-overview"):
                yield PlotextPlot(id="stats-trend")
                with Vertical(id="stats-missed-box"):
                    yield DataTable(id="stats-missed", cursor_type="row", zebra_stripes=True)
            # The other tabs are filled when first shown (`_open_tab`): the first frame
            # holds the overview alone.
            for name in TABS[1:]:
                yield TabPane(name.title(), id=name)
        yield LeanFooter()

    @staticmethod
    def _tab_content(name: str) -> list[Widget]:
        """What a tab holds, made when the tab is first shown."""
        def table(table_id: str, zebra: bool = True) -> DataTable[object]:
            return DataTable(id=table_id, cursor_type="row", zebra_stripes=zebra)

        if name == "review":
            return [Static(id="stats-review-summary"), table("stats-review"),
                    Static(id="stats-review-detail", classes="stats-detail")]
        if name == "mastery":
            weakest = Vertical(table("stats-weakest"), id="stats-weakest-box")
            weakest.border_title = "Weakest · w drills them"
            return [Horizontal(
                Vertical(table("stats-mastery", zebra=False),
                         Static(id="stats-mastery-detail", classes="stats-detail"),
                         id="stats-mastery-box"),
                weakest, id="stats-mastery-pane")]
        return [table(f"stats-{name}")]  # categories, families, patterns, history

    def size_classes(self, width: int, height: int) -> dict[str, bool]:
        # Below 100 columns the chart and the most-missed box stack, so each pattern's
        # name is read in full instead of being cut off beside the chart.
        return {"-stacked": width < STACKED_BELOW,
                "-mastery-stacked": width < MASTERY_STACKED_BELOW}

    def on_resize(self, event: events.Resize) -> None:
        for name, wanted in self.size_classes(*event.size).items():
            self.set_class(wanted, name)  # update_classes is newer than textual 6.2

    def on_mount(self) -> None:
        self.query_one("#stats-tabs").display = False
        self.query_one("#stats-summary").display = False
        self.query_one("#stats-trend").border_title = "Score per round (%)"
        self.query_one("#stats-missed-box").border_title = "Most missed"
        self._add_columns("overview")

    def _built(self, name: str) -> bool:
        """True once the tab's content is mounted (the overview always is)."""
        return name == "overview" or (name in self._opened and name not in self._opening)

    async def _open_tab(self, name: str) -> None:
        """Mount a tab's content the first time it is shown, with its columns and, once
        the statistics are read, its rows."""
        if name not in TABS or name == "overview":
            return
        if name in self._opened:
            waiting = self._opening.get(name)
            if waiting is not None:
                await waiting  # being mounted for an earlier key or click
            return
        self._opened.add(name)
        waiting = self.query_one(f"#{name}", TabPane).mount_all(self._tab_content(name))
        self._opening[name] = waiting
        try:
            await waiting
        finally:
            self._opening.pop(name, None)
        self._add_columns(name)
        if self.data is not None and not self.data.empty:
            self._fill_tab(name, self.data)

    def _add_columns(self, name: str) -> None:
        """The columns of the tables of one tab."""
        for table_id in {"overview": ("stats-missed",), "mastery": ()}.get(
                name, (f"stats-{name}",)):
            if table_id in ACCURACY_TABLES:
                table = self.query_one(f"#{table_id}", DataTable)
                for label, key in self._columns(table_id):
                    table.add_column(label, key=key)
        if name == "review":
            review = self.query_one("#stats-review", DataTable)
            # The name last: it is long ("Two Concealed Pungs to Four Concealed
            # Pungs"), and at 80 columns it pushed "due now" off the edge as "due no";
            # the line under the table shows the picked one whole.
            for label, key in (("id", "id"), ("now", "now"), ("back", "back"),
                               ("name", "name")):
                review.add_column(label, key=key)
        elif name == "history":
            history = self.query_one("#stats-history", DataTable)
            for label in ("started", "what", "answered", "score", "right", "time"):
                history.add_column(label, key=label)
        elif name == "mastery":
            table = self.query_one("#stats-mastery", DataTable)
            for label, key in (("pattern", "name"), ("climb", "bar"), ("now", "status"),
                               ("back", "back")):
                table.add_column(label, key=key)
            weak = self.query_one("#stats-weakest", DataTable)
            for label, key in (("id", "id"), ("missed", "missed"), ("pattern", "name"),
                               ("now", "now")):
                weak.add_column(label, key=key)

    def _fill_tab(self, name: str, data: StatsData) -> None:
        if name == "overview":
            self._fill_accuracy("stats-missed")
            self._draw_trend(data)
        elif name == "review":
            self._fill_review(data)
        elif name == "history":
            self._fill_history(data)
        elif name == "mastery":
            self._fill_mastery()
        else:
            self._fill_accuracy(f"stats-{name}")

    @staticmethod
    def _columns(table_id: str) -> list[tuple[str, str]]:
        """The columns of an accuracy table; the narrow most-missed box puts numbers first."""
        if table_id == "stats-missed":
            # Missed and wrongly claimed apart; accuracy is on the Patterns tab.
            return [("id", "id"), ("missed", "missed"), ("claimed", "wrong"),
                    ("pattern", "name")]
        name = {"stats-families": "family", "stats-categories": "category"}.get(
            table_id, "pattern")
        return [("id", "id"), (name, "name"), ("tries", "attempts"), ("right", "accuracy"),
                ("missed", "misses")]

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Textual lays the screen out and draws it.  On arrival the numbers
        # are read here, on the app's own thread, so the first frame shows them (about
        # 15 ms for a week of answers); a worker drew "Loading" frames first, then the
        # tables.  The screen may have been built ahead, while home was read
        # (tui/spare_screens.py): it is read when shown, never before.
        # (Textual calls one of _on_screen_resume and on_screen_resume per class.)
        if not self._arrived:
            self._arrived = True
            self.reload(now=True)
        elif self.data is not None or self.error is not None:
            # Coming back from a quiz or a review round: the numbers have changed.
            self.reload()

    # ------------------------------------------------------------------ loading

    def reload(self, *, now: bool = False) -> None:
        """Read the statistics again: in a worker, or with `now` before returning."""
        if self.store is None:
            self._show_message(
                "[b]No progress data[/b]\n\n"
                "The progress file is not available, so nothing can be shown here and "
                "answers are not being saved.  Check the data directory (--data-dir or "
                "MJ_TRAINER_DATA_DIR) and start the trainer again.", error=True)
            return
        if now:
            self._read(self.store, lambda callback, *args: callback(*args))
        else:
            self._load(self.store)

    @work(thread=True, exclusive=True, group="stats-load")
    def _load(self, store: ProgressStore) -> None:
        self._read(store, self.deliver)

    def _read(self, store: ProgressStore,
              deliver: Callable[..., None]) -> None:
        """Read the statistics and hand them (or the problem) to `deliver`."""
        try:
            data = load_stats(store, self.ruleset, self.now, self.today)
            rows = mastery(store, self.ruleset, self.now())
        except StoreError as err:
            deliver(self._failed, str(err))
            return
        except Exception as err:
            deliver(self._failed, f"Unexpected problem: {type(err).__name__}: {err}")
            return
        deliver(self._loaded, data, rows)

    def _failed(self, problem: str) -> None:
        self.error = problem
        self.data = None
        self._show_message("[b]Your progress could not be read[/b]\n\n"
                           f"{problem.replace('[', chr(92) + '[')}\n\n"
                           "Nothing was changed in the file.", error=True)

    def _show_message(self, markup: str, *, error: bool = False) -> None:
        message = self.query_one("#stats-message", Static)
        message.update(markup)
        message.set_class(error, "-error")
        message.display = True
        self.query_one("#stats-tabs").display = False
        self.query_one("#stats-summary").display = False
        self.refresh_bindings()

    def _loaded(self, data: StatsData, rows: list[PatternMastery] | None = None) -> None:
        self.data = data
        self.error = None
        self.mastery = rows or []
        if data.empty:
            others = [r for r in self._switchable() if r != self.ruleset.id]
            also = (f"\n\nYou have played under {', '.join(others)}: press [b]r[/b] to see "
                    "those statistics." if others else "")
            self._show_message(
                f"[b]No rounds played yet under {self.ruleset.id}[/b]\n\n"
                "Play a round -- a quick random one or a curated set -- and your accuracy "
                "by pattern, family and category, your trend and your review queue will "
                f"appear here.{also}\n\nPress escape to go back.")
            return
        self.query_one("#stats-message").display = False
        self.query_one("#stats-tabs").display = True
        summary = self.query_one("#stats-summary", PartsLine)
        summary.display = True
        summary.show(Content(""), self._summary(data))
        for name in TABS:
            if self._built(name):
                self._fill_tab(name, data)
        if self.focused is None:
            self.query_one("#stats-missed", DataTable).focus()
        self.refresh_bindings()

    # ------------------------------------------------------------------ drawing

    def _summary(self, data: StatsData) -> list[Content]:
        """The parts of the line at the top (it breaks between parts, never inside)."""
        streak = data.streak
        days = "day" if streak.current == 1 else "days"
        rounds, answers = len(data.rounds), data.answered
        parts = [
            Content.styled(self.ruleset.id, "bold $accent"),
            Content.from_markup(f"[b]{rounds}[/b] round{'s' if rounds != 1 else ''}"),
            Content.from_markup(f"[b]{answers}[/b] answer{'s' if answers != 1 else ''}"),
            Content.from_markup(f"[b]{data.accuracy:.0%}[/b] right"),
            Content.from_markup(f"streak [b]{streak.current}[/b] {days}, best {streak.best}"),
        ]
        if data.due:
            # Counted as home and the Review tab count it: a pattern and its one-member
            # family are one.
            parts.append(Content.from_markup(
                f"[b $warning]{data.due_count} due[/] for review"))
        else:
            parts.append(Content("nothing due"))
        if len(self._switchable()) > 1:
            parts.append(Content("r: other rulesets"))
        return parts

    def _color(self, accuracy: float) -> Style:
        name = "success" if accuracy >= 0.8 else ("warning" if accuracy >= 0.5 else "error")
        return self._theme_style(name, bold=True)

    def _theme_style(self, name: str, *, bold: bool = False) -> Style:
        """A Rich style in the theme's colour `name` ("success", "warning", "error").
        Textual's names are not all Rich's: the ANSI themes say "ansi_red", which Rich
        refused with a traceback as the stats were drawn."""
        try:
            color = Color.parse(self.app.theme_variables[name]).rich_color
        except (KeyError, ColorParseError):
            color = None  # the terminal's own colour
        return Style(color=color, bold=bold)

    def _rows(self, table_id: str) -> list[AccuracyRow]:
        data = self.data
        if data is None:
            return []
        return {"stats-categories": data.categories, "stats-families": data.families,
                "stats-patterns": data.patterns, "stats-missed": data.missed}[table_id]

    def _fill_accuracy(self, table_id: str) -> None:
        table = self.query_one(f"#{table_id}", DataTable)
        mode = SORTS[self.sorts[table_id]]
        rows = sorted(self._rows(table_id), key=mode.key)
        selected = self._selected_key(table)
        table.clear()
        for row in rows:
            cells = {
                "id": Text(row.ref), "name": Text(row.name),
                "attempts": Text(str(row.attempts), justify="right"),
                "accuracy": Text(f"{row.accuracy:4.0%}", style=self._color(row.accuracy),
                                 justify="right"),
                "misses": Text(str(row.misses), justify="right"),
                "missed": Text(str(row.missed), justify="right"),
                "wrong": Text(str(row.wrongly_claimed), justify="right"),
            }
            table.add_row(*(cells[key] for _, key in self._columns(table_id)), key=row.key)
        if table_id != "stats-missed":
            table.border_title = f"{mode.name} · s sorts another way"
        if not rows and table_id == "stats-missed":
            table.add_row("", "", "", "no misses yet")
        if selected is not None and selected in table.rows:
            table.move_cursor(row=table.get_row_index(selected))

    @staticmethod
    def _selected_key(table: DataTable[object]) -> str | None:
        if not table.row_count:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        except Exception:
            return None
        return key.value

    def _fill_review(self, data: StatsData) -> None:
        now = data.now or utc()
        summary = self.query_one("#stats-review-summary", Static)
        rows = data.review_rows()
        due = data.due_count
        more = max(0, data.to_review - due)
        if due:
            text = f"[b]{due}[/b] of {len(rows)} due now."
            if more:
                text += f"  {more} more once missed and not yet known."
            text += "  Press [b]v[/b] to review them."
        elif more:
            text = (f"Nothing is due now; {more} once missed and not yet known: press "
                    "[b]v[/b] to work on them.")
        elif rows:
            text = f"Nothing is due now; {len(rows)} in review."
        else:
            text = "Nothing in review yet: every pattern you answer comes back here."
        ahead = next((r for r in rows if r.due > now), None)
        if ahead is not None:
            name = item_name(self.ruleset, ahead.kind, ahead.ref).replace("[", "\\[")
            text += f"  Next: {name}, {when_back(ahead.due, now)}."
        summary.update(text)
        table = self.query_one("#stats-review", DataTable)
        selected = self._selected_key(table)
        table.clear()
        self._review_rows = {f"{r.kind}:{r.ref}": r for r in rows}
        for r in rows:
            when = when_back(r.due, now)
            table.add_row(
                f"{r.ref}" + (" family" if r.kind == "family" else ""),
                streak_text(r.streak),
                Text("due now" if when == "now" else when,
                     style="bold" if r.due <= now else ""),
                item_name(self.ruleset, r.kind, r.ref),
                key=f"{r.kind}:{r.ref}",
            )
        if selected is not None and selected in table.rows:
            table.move_cursor(row=table.get_row_index(selected))
        self._show_review_detail()

    def _show_review_detail(self) -> None:
        """The picked line of the review queue, whole: its name and where it stands."""
        detail = self.query_one("#stats-review-detail", Static)
        row = self._review_rows.get(self._selected_key(
            self.query_one("#stats-review", DataTable)) or "")
        if row is None or self.data is None:
            detail.update("")
            return
        now = self.data.now or utc()
        name = item_name(self.ruleset, row.kind, row.ref)
        when = when_back(row.due, now)
        back = "due now" if when == "now" else f"back {when}"
        run = ("not right last time" if row.streak <= 0 else "right last time"
               if row.streak == 1 else f"right {row.streak} times in a row")
        detail.update(Content.assemble((f"{row.ref} {name}", "bold"),
                                       f": {run} · {back}"))

    def _fill_history(self, data: StatsData) -> None:
        table = self.query_one("#stats-history", DataTable)
        table.clear()
        for r in data.rounds:
            what = r.source_name if r.source == "set" else r.source_name or r.source
            if not r.finished:
                what += " (unfinished)"
            percent = 100.0 * r.score / r.answered if r.answered else 0.0
            table.add_row(
                r.started_at.astimezone().strftime("%Y-%m-%d %H:%M"), what,
                Text(f"{r.answered}/{r.planned}", justify="right"),
                Text(f"{percent:.0f}%", style=self._color(percent / 100), justify="right"),
                Text(str(r.correct), justify="right"),
                Text(duration_text(r.seconds), justify="right"),
                key=str(r.id),
            )

    def weakest(self) -> list[PatternMastery]:
        """The weakest patterns met so far, lowest mastery first (`quizzes.mastery`)."""
        return weakest(self.mastery, WEAKEST)

    def _status_text(self, m: PatternMastery) -> Text:
        """The rung in a word or two, coloured by how far up it is."""
        words = step_text(m)
        if m.status is Status.KNOWN:
            return Text(words, style=self._theme_style("success", bold=True))
        if m.status is Status.LEARNING:
            return Text(words, style=self._theme_style("warning"))
        return Text(words, style="dim")

    def _back_text(self, m: PatternMastery) -> Text:
        if m.due is None or m.status is Status.NEW:
            return Text("")
        now = self.now()
        when = when_back(m.due, now)
        return Text("due now" if when == "now" else when,
                    style="bold" if m.due <= now else "")

    def _fill_mastery(self) -> None:
        """The mastery table (groups with their patterns) and the weakest list."""
        table = self.query_one("#stats-mastery", DataTable)
        by = GROUPINGS[self.grouping]
        selected = self._selected_key(table)
        table.clear()
        members: dict[str, list[PatternMastery]] = {}
        for m in self.mastery:
            members.setdefault(m.pattern.category if by == "category" else m.pattern.family,
                               []).append(m)
        groups = grouped(self.mastery, self.ruleset, by)
        self._groups = {f"{by}:{g.id}": g for g in groups}
        for g in groups:
            table.add_row(Text(f"{g.id} {g.name}", style="bold"),
                          Text(level_bar(g.climb, CLIMB_WIDTH), style=self._color(g.climb)),
                          Text(f"{g.known}/{g.total} known", style="bold"), Text(""),
                          key=f"{by}:{g.id}")
            for m in members.get(g.id, []):
                bar_style = self._color(m.step / Step.KNOWN) if m.status is not Status.NEW \
                    else "dim"
                table.add_row(Text(f"  {m.pattern.id} {m.pattern.name}"),
                              Text(climb_bar(m.step), style=bar_style),
                              self._status_text(m), self._back_text(m),
                              key=f"pattern:{m.pattern.id}")
        known = sum(m.known for m in self.mastery)
        other = GROUPINGS[1 - self.grouping]
        table.border_title = f"known {known} of {len(self.mastery)} · g: by {other}"
        if selected is not None and selected in table.rows:
            table.move_cursor(row=table.get_row_index(selected))
        self._show_mastery_detail()
        weak = self.query_one("#stats-weakest", DataTable)
        weak.clear()
        for m in self.weakest():
            misses = m.outcomes.mistakes
            weak.add_row(m.pattern.id, Text(str(misses), justify="right"), m.pattern.name,
                         self._status_text(m), key=f"pattern:{m.pattern.id}")
        if not weak.row_count:
            weak.add_row("", "", "none yet: play a round", "")

    def _show_mastery_detail(self) -> None:
        """The picked row of the mastery table in a sentence: where the pattern stands,
        when it comes back and what known asks; for a group, how far its patterns are."""
        detail = self.query_one("#stats-mastery-detail", Static)
        key = self._selected_key(self.query_one("#stats-mastery", DataTable)) or ""
        if key.startswith("pattern:"):
            m = next((m for m in self.mastery if m.pattern.id == key[8:]), None)
            if m is not None:
                detail.update(Content.assemble(
                    (f"{m.pattern.id} {m.pattern.name}", "bold"),
                    f": {climb_text(m, self.now())}. ",
                    (next_rung_text(m), "$foreground 70%")))
                return
        group = self._groups.get(key)
        if group is None:
            detail.update("")
            return
        on_the_way = f", {group.climbing} on the way up" if group.climbing else ""
        detail.update(Content.assemble((f"{group.id} {group.name}", "bold"),
                                       f": {known_text(group)}{on_the_way}."))

    def _draw_trend(self, data: StatsData) -> None:
        plot = self.query_one("#stats-trend", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        points = data.trend
        if not points:
            plot.refresh()
            return
        xs = [p.number for p in points]
        ys = [round(p.percent, 1) for p in points]
        color = Color.parse(self.app.theme_variables.get("primary", "#0178D4")).rgb
        plt.plot(xs, ys, marker="braille", color=color, label="score")
        if len(points) >= 4:
            window = 3
            avg = [sum(ys[max(0, i - window + 1): i + 1]) / len(ys[max(0, i - window + 1): i + 1])
                   for i in range(len(ys))]
            accent = Color.parse(self.app.theme_variables.get("accent", "#ffa62b")).rgb
            plt.plot(xs, avg, marker="braille", color=accent, label="last 3")
        plt.ylim(0, 100)
        plt.xlim(1, max(2, len(xs)))
        plt.xlabel("round")
        step = max(1, len(xs) // 6)
        plt.xticks([float(x) for x in xs[::step]], [str(x) for x in xs[::step]])
        plt.yticks([0.0, 50.0, 100.0], ["0", "50", "100"])
        plot.refresh()

    # ------------------------------------------------------------------ actions

    def _active_table(self) -> DataTable[object] | None:
        focused = self.focused
        if isinstance(focused, DataTable):
            return focused
        tabs = self.query_one("#stats-tabs", TabbedContent)
        pane = tabs.active_pane
        if pane is None:
            return None
        tables = list(pane.query(DataTable))
        return tables[-1] if tables else None

    def _selected_ref(self) -> str | None:
        table = self._active_table()
        if table is None or table.id == "stats-history":
            return None
        key = self._selected_key(table)
        if not key or ":" not in key or key.startswith("category:"):
            return None
        return key.partition(":")[2] or None

    # ------------------------------------------------------------------ rulesets

    def _rules_for(self, ruleset_id: str) -> Ruleset | None:
        """A ruleset with data, by id: the one in use, or a built-in one (a house
        ruleset that is not in use has no file to read its names from)."""
        if ruleset_id == self.home_ruleset.id:
            return self.home_ruleset
        if ruleset_id == self.ruleset.id:
            return self.ruleset
        from mj_trainer.engine.ruleset import RulesetError, builtin_names, load

        if ruleset_id not in builtin_names():
            return None
        try:
            return load(ruleset_id)
        except RulesetError:
            return None

    def _switchable(self) -> list[str]:
        """The ids of the rulesets whose statistics can be shown."""
        data = self.data
        found = data.rulesets if data is not None else ()
        ids = sorted(set(found) | {self.ruleset.id, self.home_ruleset.id})
        return [i for i in ids if i in (self.ruleset.id, self.home_ruleset.id)
                or (i in found and self._rules_for(i) is not None)]

    def show_ruleset(self, rules: Ruleset) -> None:
        """Show the statistics of another ruleset."""
        self.ruleset = rules
        self.reload()

    def action_next_ruleset(self) -> None:
        ids = self._switchable()
        if len(ids) < 2:
            self.notify("You have only played under this ruleset so far.", timeout=3)
            return
        nxt = ids[(ids.index(self.ruleset.id) + 1) % len(ids)]
        rules = self._rules_for(nxt)
        if rules is not None:
            self.show_ruleset(rules)
            in_use = " (in use)" if rules is self.home_ruleset else ""
            self.notify(f"Showing the stats of {rules.id}{in_use}.", timeout=2)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_ruleset":
            if self.data is None:
                return False
            return True if len(self._switchable()) > 1 else None
        if action == "review":
            if self.data is None or self.data.empty:
                return False
            return True if self.data.to_review else None
        if action == "open_rule":
            if self.data is None or self.data.empty:
                return False
            return True if self._selected_ref() is not None else None
        if action == "sort":
            if self.data is None or self.data.empty:
                return False
            table = self._active_table()
            return True if table is not None and table.id in ACCURACY_TABLES else None
        if action == "drill_weakest":
            if self.data is None or self.data.empty:
                return False
            return True if self.weakest() else None
        if action == "regroup":
            return self.data is not None and not self.data.empty
        if action == "tab":
            return self.data is not None and not self.data.empty
        return True

    def action_back(self) -> None:
        self.dismiss(None)

    def _elsewhere(self, what: str) -> bool:
        """True (with a note) when the stats shown are not of the ruleset in use."""
        if self.ruleset.id == self.home_ruleset.id:
            return False
        self.notify(f"{what} uses the ruleset in use, {self.home_ruleset.id}; these stats "
                    f"are of {self.ruleset.id}. Choose {self.ruleset.id} in settings, or "
                    "press r.", timeout=5)
        return True

    def action_review(self) -> None:
        if self._elsewhere("Review"):
            return
        if self.data is not None and self.data.to_review:
            self.post_message(StartReview())
        else:
            self.notify("Nothing to review right now: nothing is due, and every pattern "
                        "you missed is known again.")

    def action_drill_weakest(self) -> None:
        """A round aimed at the weakest patterns, played and recorded like any round."""
        if self._elsewhere("The drill"):
            return
        ids = tuple(m.pattern.id for m in self.weakest())
        if ids:
            self.post_message(StartReview(patterns=ids))
        else:
            self.notify("No weak patterns yet: the patterns you meet and miss show up "
                        "on the Mastery tab.", timeout=4)

    def action_regroup(self) -> None:
        self.grouping = 1 - self.grouping
        if self._built("mastery"):
            self._fill_mastery()  # else drawn so when the tab is first shown
        self.notify(f"Mastery by {GROUPINGS[self.grouping]}", timeout=1.5)

    def action_open_rule(self) -> None:
        ref = self._selected_ref()
        if ref is not None and not self._elsewhere("The reference"):
            self.post_message(OpenReference(ref))

    def action_sort(self) -> None:
        table = self._active_table()
        if table is None or table.id not in ACCURACY_TABLES:
            return
        table_id = str(table.id)
        self.sorts[table_id] = (self.sorts[table_id] + 1) % len(SORTS)
        self._fill_accuracy(table_id)
        self.notify(f"Sorted: {SORTS[self.sorts[table_id]].name}", timeout=1.5)

    async def action_tab(self, name: str) -> None:
        await self._open_tab(name)  # its content first, so its table can take the focus
        tabs = self.query_one("#stats-tabs", TabbedContent)
        tabs.active = name
        pane = tabs.active_pane
        if pane is not None:
            tables = list(pane.query(DataTable))
            if tables:
                # The overview's one table is its last; mastery's main table is its first.
                (tables[0] if name == "mastery" else tables[-1]).focus()

    @on(DataTable.HeaderSelected)
    def _header_clicked(self, event: DataTable.HeaderSelected) -> None:
        table_id = str(event.data_table.id)
        if table_id not in ACCURACY_TABLES:
            return
        key = self._columns(table_id)[event.column_index][1]
        index = {"name": 3, "id": 3, "attempts": 1, "accuracy": 0, "misses": 2}[key]
        self.sorts[table_id] = index
        self._fill_accuracy(table_id)

    @on(DataTable.RowSelected)
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id != "stats-history":
            self.action_open_rule()

    @on(DataTable.RowHighlighted)
    def _moved(self) -> None:
        self.refresh_bindings()

    @on(TabbedContent.TabActivated)
    async def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        # A click on a tab, or the arrows on the tab row: its content on first show.
        await self._open_tab(str(event.pane.id))
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#stats-mastery")
    def _mastery_moved(self) -> None:
        self._show_mastery_detail()

    @on(DataTable.RowHighlighted, "#stats-review")
    def _review_moved(self) -> None:
        self._show_review_detail()
