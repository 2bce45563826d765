"""The dialog that loads a learner's own set file, listing every problem it has."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.suggester import Suggester
from textual.widgets import Button, Input, Static

from mj_trainer.quizzes.sets import HandSet, SetError, load_set_file
from mj_trainer.tui.safe_screen import SafeModalScreen
from mj_trainer.tui.widgets.lean_footer import LeanFooter


class PathSuggester(Suggester):
    """Completes a path from the file system: directories and .toml files."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        expanded = os.path.expanduser(value)
        folder, _, stem = expanded.rpartition(os.sep)
        base = Path(folder or ".") if folder or not expanded.startswith(os.sep) else Path("/")
        try:
            names = sorted(p.name + (os.sep if p.is_dir() else "") for p in base.iterdir()
                           if p.name.startswith(stem) and not p.name.startswith(".")
                           and (p.is_dir() or p.suffix == ".toml"))
        except (OSError, ValueError):  # no such folder, no access, a NUL in the text
            return None
        if not names:
            return None
        return value + names[0][len(stem):]


def problems_markup(err: SetError) -> str:
    """Every problem of a set file as a readable list in markup."""
    count = len(err.problems)
    head = f"[b $error]{count} problem{'s' if count != 1 else ''}[/] -- nothing was loaded:"
    lines = [head]
    for p in err.problems:
        where = " ".join(part for part in (
            f"hand {p.hand}" if p.hand else "", f"line {p.line}" if p.line else "") if part)
        prefix = f"[b]{escape(where)}[/b]: " if where else ""
        lines.append(f" • {prefix}{escape(p.message)}")
    return "\n".join(lines)


class LoadSetDialog(SafeModalScreen[HandSet | None]):
    """Ask for the path of a set file; dismiss with the loaded set, or None."""

    HELP_NAME = "sets"  # tui/help/sets.md explains set files
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+l", "submit", "Load"),
    ]
    DEFAULT_CSS = """
    LoadSetDialog {
        align: center middle;
    }
    LoadSetDialog #sets-dialog {
        width: 80%;
        max-width: 100;
        min-width: 40;
        height: auto;
        max-height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    LoadSetDialog #sets-dialog-problems {
        height: auto;
        max-height: 40vh;
        margin-top: 1;
        display: none;
    }
    LoadSetDialog #sets-dialog-problems.-shown {
        display: block;
    }
    LoadSetDialog #sets-dialog-buttons {
        height: auto;
        align-horizontal: right;
    }
    LoadSetDialog Button {
        margin-left: 2;
    }
    """

    def __init__(self, start: str = "") -> None:
        super().__init__()
        self.start = start

    def compose(self) -> ComposeResult:
        with Vertical(id="sets-dialog"):
            yield Static("[b]Load a set file[/b]  [$text-muted]a .toml file in the format of "
                         "quizzes/sets/FORMAT.md; → completes a name[/]")
            yield Input(value=self.start, placeholder="~/my-hands.toml", id="sets-path",
                        suggester=PathSuggester())
            with VerticalScroll(id="sets-dialog-problems"):
                yield Static(id="sets-dialog-report")
            with Horizontal(id="sets-dialog-buttons"):
                yield Button("Load", variant="primary", id="sets-load")
                yield Button("Cancel", id="sets-cancel")
        yield LeanFooter()

    def on_mount(self) -> None:
        self.query_one("#sets-path", Input).focus()

    @on(Input.Submitted, "#sets-path")
    @on(Button.Pressed, "#sets-load")
    def action_submit(self) -> None:
        text = self.query_one("#sets-path", Input).value.strip()
        if not text:
            self._report("[b $error]Type the path of a set file first.[/]")
            return
        self._report("[$text-muted]Loading...[/]")
        self._load(text)

    @on(Button.Pressed, "#sets-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)

    @work(thread=True, exclusive=True, group="sets-load-file")
    def _load(self, text: str) -> None:
        path = Path(os.path.expanduser(text))
        try:
            loaded = load_set_file(path)
        except SetError as err:
            self.deliver(self._report, problems_markup(err))
            return
        except Exception as err:
            self.deliver(
                self._report, f"[b $error]Could not load it:[/] {escape(str(err))}")
            return
        self.deliver(self.dismiss, loaded)

    def _report(self, markup: str) -> None:
        box = self.query_one("#sets-dialog-problems")
        box.add_class("-shown")
        self.query_one("#sets-dialog-report", Static).update(markup)
