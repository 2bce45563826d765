"""A first face for the trainer: type a hand, see how it scores.

The full trainer (quiz, sets, reference, stats) grows from here.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from engine.hand import HandError
from engine.notation import parse
from engine.ruleset import RulesetError
from engine.scoring import score
from tui.score_view import render_score

EXAMPLE = "c123 c456 b234 b567 k5 +k5 self"


class TrainerApp(App[None]):
    """Score pad: enter a hand in the notation and read the breakdown."""

    TITLE = "mj-trainer"
    SUB_TITLE = "score a hand"
    BINDINGS = [("ctrl+q", "quit", "Quit")]
    CSS = """
    Input { margin: 1 1 0 1; }
    #result { padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(value=EXAMPLE, placeholder="a hand, e.g. " + EXAMPLE, id="hand")
        with VerticalScroll():
            yield Static(id="result")
        yield Footer()

    def on_mount(self) -> None:
        self.show(EXAMPLE)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.show(event.value)

    def show(self, text: str) -> None:
        result = self.query_one("#result", Static)
        try:
            result.update(render_score(score(parse(text))))
        except HandError as err:
            result.update("\n".join(f"[red]{p}[/red]" for p in err.problems))
        except RulesetError as err:
            result.update(f"[red]{err}[/red]")
