"""Browse the curated hand sets: progress, best score, a preview of every hand.

The left pane lists the built-in sets, then any set files the learner loaded (with
`l`, or dropped in the `sets` folder of the data directory).  The right pane shows
the highlighted set: its description, how far the learner got and their best round,
and its hands; the highlighted hand is drawn as tiles, without its grouping or
score, so the preview gives nothing away.

Playing posts `StartSet` (in order, shuffled, or resuming where the last round
stopped); the app builds the round.  A broken set file is shown with all its
problems and never stops the screen.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar
from weakref import WeakKeyDictionary

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.data_table import RowKey
from textual.widgets.option_list import Option

from mj_trainer.engine.hand import DEFAULT_RULESET
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.session import set_round_length
from mj_trainer.quizzes.sets import HandSet, SetError, builtin_sets, load_set_file
from mj_trainer.quizzes.store import ProgressStore, SetProgress, StoreError
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.reference_tiles import TileFlow, bonus_piece, context_text, hand_pieces
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.safe_list import SafeOptionList
from mj_trainer.tui.widgets.sets_dialog import LoadSetDialog, problems_markup

# Set files loaded during this run of the app, so the list survives leaving the screen.
_LOADED: WeakKeyDictionary[App[object], list[Path]] = WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class SetEntry:
    """A row of the list: a usable set, or a user's file that failed to load."""

    key: str  # the StartSet id: a built-in id or the file's path
    hand_set: HandSet | None
    path: Path | None = None
    error: SetError | None = None
    progress: SetProgress | None = None

    @property
    def name(self) -> str:
        if self.hand_set is not None:
            return self.hand_set.name
        return self.path.name if self.path is not None else self.key

    @property
    def builtin(self) -> bool:
        return self.hand_set is not None and self.hand_set.builtin

    @property
    def resumable(self) -> bool:
        """A round of this set stopped part-way, and the set has not changed since."""
        p = self.progress
        return (p is not None and self.hand_set is not None and 0 < p.position < p.size
                and p.size == len(self.hand_set))


def progress_text(entry: SetEntry) -> str:
    """'4/11', 'done', 'new' or 'changed' for the list."""
    p = entry.progress
    if entry.hand_set is None:
        return "broken"
    if p is None:
        return "new"
    if p.size != len(entry.hand_set):
        return "changed"
    if p.finished:
        return "done"
    return f"{p.position}/{p.size}"


def best_text(progress: SetProgress | None) -> str:
    if progress is None or progress.best_score is None:
        return "-"
    return f"{progress.best_score:.0%}"


class SetsScreen(SafeScreen[None]):
    """The curated sets and the learner's own set files."""

    CSS_PATH = "../styles/sets.tcss"
    SUB_TITLE = "Curated sets"
    HELP_NAME = "sets"  # tui/help/sets.md
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("p", "play", "Play", tooltip="Play the set (resuming if started)"),
        # r and o are in the help and on the screen; the footer keeps room for quit and help.
        Binding("r", "resume", "Resume", tooltip="Resume where the last round stopped",
                show=False),
        Binding("o", "in_order", "From start", tooltip="Play the set in order from the start",
                show=False),
        Binding("s", "shuffled", "Shuffled", tooltip="Play the set shuffled"),
        Binding("l", "load_file", "Load file", tooltip="Load a set file from disk"),
    ]

    def __init__(self, store: ProgressStore | None, *, ruleset: Ruleset,
                 tile_style: TileStyle = TileStyle.TEXT, round_length: int = 10) -> None:
        super().__init__()
        self.store = store
        self.per_round = set_round_length(round_length)  # a set's hands in one round
        self.ruleset = ruleset
        self.tile_style = tile_style
        self.entries: list[SetEntry] = []
        self.current: SetEntry | None = None
        self.progress_error: str | None = None
        self._name_width = 0
        self._layout: tuple[int, bool] = (0, False)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Horizontal(id="sets-body"):
            yield DataTable(id="sets-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="sets-side"):
                yield Static(id="sets-info")
                yield SafeOptionList(id="sets-hands")
                with VerticalScroll(id="sets-preview-box"):
                    yield Static(id="sets-preview")
        yield LeanFooter()

    def on_mount(self) -> None:
        table = self.query_one("#sets-table", DataTable)
        table.border_title = "Sets"
        self.query_one("#sets-hands").border_title = "Hands"
        self.query_one("#sets-preview-box").border_title = "Preview"
        self.query_one("#sets-info", Static).update("[$text-muted]Loading the sets...[/]")
        table.focus()
        self._load()

    def _load(self) -> None:
        """Read the sets and their progress in a worker thread."""
        self._read_in_worker(list(_LOADED.get(self.app, [])))

    @work(thread=True, exclusive=True, group="sets-load")
    def _read_in_worker(self, loaded: list[Path]) -> None:
        entries, problem = self._read_entries(loaded)
        self.deliver(self._loaded, entries, problem)

    def _read_entries(self, loaded: list[Path]) -> tuple[list[SetEntry], str | None]:
        """The built-in sets, the data directory's set files and the loaded ones."""
        problem: str | None = None
        progress: dict[str, SetProgress] = {}
        if self.store is not None:
            try:
                progress = {p.set_name: p for p in self.store.all_set_progress()}
            except StoreError as err:
                problem = f"Progress could not be read: {err}"
        entries: list[SetEntry] = []
        try:
            sets = builtin_sets()
        except SetError as err:
            sets = ()
            problem = "The built-in sets are broken:\n" + "\n".join(err.lines[:5])
        for s in sets:
            entries.append(SetEntry(s.id, s, None, None, progress.get(s.id)))
        for path in self._user_paths(loaded):
            entries.append(self._user_entry(path, progress))
        return entries, problem

    def _user_paths(self, loaded: list[Path]) -> list[Path]:
        """The data directory's set files, then the ones loaded in this session."""
        paths: list[Path] = []
        if self.store is not None:
            folder = self.store.path.parent / "sets"
            with contextlib.suppress(OSError):
                paths.extend(sorted(folder.glob("*.toml")))
        for path in loaded:
            if path not in paths:
                paths.append(path)
        return paths

    @staticmethod
    def _user_entry(path: Path, progress: dict[str, SetProgress]) -> SetEntry:
        try:
            hand_set = load_set_file(path)
        except SetError as err:
            return SetEntry(str(path), None, path, err)
        except Exception as err:
            from mj_trainer.quizzes.sets import SetProblem

            return SetEntry(str(path), None, path, SetError([SetProblem(path.name, str(err))]))
        found = progress.get(hand_set.id) or progress.get(str(path))
        return SetEntry(str(path), hand_set, path, None, found)

    def _loaded(self, entries: list[SetEntry], problem: str | None) -> None:
        self.entries = entries
        self.progress_error = problem
        if problem:
            self.notify(problem, severity="error", timeout=8)
        self._fill_table()

    # ------------------------------------------------------------------ the list

    def _fill_table(self, select: str | None = None) -> None:
        table = self.query_one("#sets-table", DataTable)
        keep = select or (self.current.key if self.current is not None else None)
        width = self._name_width = self._name_column_width()
        wide = self._wide()
        self._layout = (width, wide)
        table.clear(columns=True)
        table.add_column("set", key="name", width=width)
        if wide:
            table.add_column("hands", key="hands")
        table.add_column("done", key="progress")
        table.add_column("best", key="best")
        for entry in self.entries:
            # A long name wraps onto a second line of its row: at 80 columns "Families —
            # only the highest counts" was cut to "Families — only t…".
            name = Text(entry.name)
            if not entry.builtin:
                name = Text.assemble(("⚠ " if entry.error else "◆ ", "bold"), name)
            size = len(entry.hand_set) if entry.hand_set is not None else 0
            cells = [name]
            if wide:
                cells.append(Text(str(size) if size else "-", justify="right"))
            cells += [Text(progress_text(entry), justify="right"),
                      Text(best_text(entry.progress), justify="right")]
            table.add_row(*cells, key=entry.key, height=None)
        if not self.entries:
            self.query_one("#sets-info", Static).update("No sets could be loaded.")
            return
        index = next((i for i, e in enumerate(self.entries) if e.key == keep), 0)
        table.move_cursor(row=index)
        self.show(self.entries[index])

    def _name_column_width(self) -> int:
        table = self.query_one("#sets-table", DataTable)
        # "done" and "best" take about 14 cells with the cell padding, "hands" 7 more.
        others = 23 if self._wide() else 16
        return max(12, table.scrollable_content_region.width - others)

    def _wide(self) -> bool:
        """Room for the "hands" column as well."""
        return self.query_one("#sets-table", DataTable).scrollable_content_region.width >= 50

    def on_resize(self) -> None:
        if self.entries and (self._name_column_width(), self._wide()) != self._layout:
            self._fill_table()

    @on(DataTable.RowHighlighted, "#sets-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # While the table is being refilled (a reload, a resize) a highlight may still
        # arrive for a row that is gone: Textual sends it with no row key.
        row_key: RowKey | None = event.row_key
        if row_key is None:
            return
        key = row_key.value
        entry = next((e for e in self.entries if e.key == key), None)
        if entry is not None and entry != self.current:
            self.show(entry)

    @on(DataTable.RowSelected, "#sets-table")
    def _row_selected(self) -> None:
        self.action_play()

    # ------------------------------------------------------------------ the detail

    def show(self, entry: SetEntry) -> None:
        self.current = entry
        info = self.query_one("#sets-info", Static)
        hands = self.query_one("#sets-hands", OptionList)
        preview = self.query_one("#sets-preview", Static)
        hands.clear_options()
        preview.update("")
        if entry.hand_set is None:
            where = escape(str(entry.path)) if entry.path else ""
            report = problems_markup(entry.error) if entry.error else ""
            info.update(f"[b]{escape(entry.name)}[/b]\n[$text-muted]{where}[/]\n\n{report}\n\n"
                        "[$text-muted]Fix the file and load it again with l.[/]")
            hands.display = False
            self.query_one("#sets-preview-box").display = False
            self.refresh_bindings()
            return
        hands.display = True
        self.query_one("#sets-preview-box").display = True
        s = entry.hand_set
        # What a round plays: the set to its end, a long one `per_round` at a time.
        size = f"{len(s)} hands" + (f", {self.per_round} a round" if len(s) > self.per_round
                                    else "")
        lines = [f"[b]{escape(s.name)}[/b]  [$text-muted]{size}[/]"]
        if s.description:
            lines.append(escape(s.description))
        lines.append(self._progress_line(entry))
        if s.ruleset != DEFAULT_RULESET:
            lines.append(f"[$text-muted]ruleset {escape(s.ruleset)}[/]")
        if entry.path is not None:
            lines.append(f"[$text-muted]{escape(str(entry.path))}[/]")
        info.update("\n".join(lines))
        p = entry.progress
        in_order = p is not None and p.order == "in_order" and p.size == len(s)
        for i, h in enumerate(s.hands):
            mark = "  "
            if in_order and p is not None:
                if i < p.position:
                    mark = "✓ "
                elif i == p.position:
                    mark = "▶ "
            hands.add_option(Option(Text.assemble((mark, "bold"), (f"{i + 1:>2} ", "dim"),
                                                  h.title), id=h.id))
        start = p.position if in_order and p is not None and p.position < len(s) else 0
        hands.highlighted = start
        self._preview(start)
        self.refresh_bindings()

    def _progress_line(self, entry: SetEntry) -> str:
        p = entry.progress
        s = entry.hand_set
        if s is None:
            return ""
        if self.store is None:
            return "[$text-muted]Progress is not saved (no progress file).[/]"
        if p is None:
            return "[$text-muted]Not played yet.[/]"
        best = (f"best round [b]{p.best_score:.0%}[/b]" if p.best_score is not None
                else "no round finished yet")
        rounds = f"{p.rounds} round{'s' if p.rounds != 1 else ''}"
        order = "shuffled" if p.order == "shuffled" else "in order"
        if p.size != len(s):
            where = "[$warning]the set changed since your last round: it starts again[/]"
        elif p.finished:
            where = "[$success]finished[/] -- play it again from the start"
        elif p.position == 0:
            where = "not started"
        else:
            where = (f"[b $accent]resume at hand {p.position + 1} of {p.size}[/] ({order}, "
                     "press r)")
        return f"{where}\n{best} · {rounds}"

    @on(OptionList.OptionHighlighted, "#sets-hands")
    def _hand_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview(event.option_index)

    @on(OptionList.OptionSelected, "#sets-hands")
    def _hand_selected(self) -> None:
        self.action_play()

    def _preview(self, index: int) -> None:
        entry = self.current
        preview = self.query_one("#sets-preview", Static)
        if entry is None or entry.hand_set is None or not entry.hand_set.hands:
            preview.update("")
            return
        index = max(0, min(index, len(entry.hand_set) - 1))
        h = entry.hand_set.hands[index]
        box = self.query_one("#sets-preview-box")
        box.border_title = f"Hand {index + 1}: {h.title}"
        pieces = hand_pieces(h.hand, style=self.tile_style)
        bonus = bonus_piece(h.hand, style=self.tile_style)
        if bonus is not None:
            pieces.append(bonus)
        preview.update(Group(TileFlow(pieces), Text(context_text(h.hand), style="dim")))

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        entry = self.current
        playable = entry is not None and entry.hand_set is not None
        if action in ("play", "in_order", "shuffled"):
            return True if playable else None
        if action == "resume":
            return True if playable and entry is not None and entry.resumable else None
        return True

    def action_back(self) -> None:
        self.dismiss(None)

    def action_play(self) -> None:
        entry = self.current
        if entry is None or entry.hand_set is None:
            return
        if entry.resumable:
            self.action_resume()
        else:
            self.post_message(StartSet(entry.key, shuffled=False, resume=False))

    def action_resume(self) -> None:
        entry = self.current
        if entry is None or not entry.resumable or entry.progress is None:
            return
        self.post_message(StartSet(entry.key, shuffled=entry.progress.order == "shuffled",
                                   resume=True))

    def action_in_order(self) -> None:
        entry = self.current
        if entry is not None and entry.hand_set is not None:
            self.post_message(StartSet(entry.key, shuffled=False, resume=False))

    def action_shuffled(self) -> None:
        entry = self.current
        if entry is not None and entry.hand_set is not None:
            self.post_message(StartSet(entry.key, shuffled=True, resume=False))

    def action_load_file(self) -> None:
        start = ""
        if self.current is not None and self.current.path is not None:
            start = str(self.current.path)
        self.app.push_screen(LoadSetDialog(start), self._file_loaded)

    def _file_loaded(self, hand_set: HandSet | None) -> None:
        if hand_set is None or hand_set.path is None:
            return
        loaded = _LOADED.setdefault(self.app, [])
        if hand_set.path not in loaded:
            loaded.append(hand_set.path)
        progress: dict[str, SetProgress] = {}
        if self.store is not None:
            try:
                progress = {p.set_name: p for p in self.store.all_set_progress()}
            except StoreError:
                progress = {}
        entry = self._user_entry(hand_set.path, progress)
        self.entries = [e for e in self.entries if e.key != entry.key] + [entry]
        self._fill_table(select=entry.key)
        self.notify(f"Loaded {hand_set.name}: {len(hand_set)} hands.")

    def on_screen_resume(self) -> None:
        # Back from a round: positions and best scores may have moved.
        if self.entries:
            self._load()
