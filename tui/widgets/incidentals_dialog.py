"""Choose the circumstances of the win (incidentals) for the calculator's hand."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import SelectionList, Static

from mj_trainer.engine.hand import NEEDS_DISCARD, NEEDS_SELF_DRAWN, Incidental
from mj_trainer.tui.safe_screen import SafeModalScreen
from mj_trainer.tui.widgets.lean_footer import LeanFooter


def incidental_label(item: Incidental) -> str:
    """'final draw (self-drawn)': the name and what kind of win it needs."""
    need = (" (self-drawn)" if item in NEEDS_SELF_DRAWN else
            " (on a discard)" if item in NEEDS_DISCARD else "")
    return item.value.replace("_", " ") + need


class IncidentalsDialog(SafeModalScreen[frozenset[Incidental] | None]):
    """Space ticks an incidental, enter keeps the choice, escape drops it."""

    HELP_NAME = "calculator"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "done", "Done"),
    ]
    DEFAULT_CSS = """
    IncidentalsDialog { align: center middle; background: $background 60%; }
    IncidentalsDialog #incidentals-box {
        width: 56; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    IncidentalsDialog SelectionList { height: auto; max-height: 12; border: none; }
    IncidentalsDialog #incidentals-help { color: $text-muted; }
    """

    def __init__(self, chosen: frozenset[Incidental]) -> None:
        super().__init__()
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        with Vertical(id="incidentals-box"):
            yield Static("[b]How was the hand won?[/b]", id="incidentals-title")
            yield SelectionList[str](
                *[(incidental_label(i), i.value, i in self.chosen) for i in Incidental],
                id="incidentals-list")
            yield Static("space ticks · enter keeps · escape cancels", id="incidentals-help")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()

    def action_done(self) -> None:
        values = self.query_one(SelectionList).selected
        self.dismiss(frozenset(Incidental(v) for v in values))

    def action_cancel(self) -> None:
        self.dismiss(None)
