"""Small screens the app shows over the others: a notice, a yes/no question, and the
"make the window larger" screen shown below the minimum terminal size."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from mj_trainer.tui.browser_keys import quit_key
from mj_trainer.tui.safe_screen import SafeModalScreen, SafeScreen


class NoticeScreen(SafeModalScreen[None]):
    """A message the learner must see (a damaged progress file, a broken config)."""

    CSS_PATH = "../styles/dialogs.tcss"
    HELP_NAME = "home"
    BINDINGS = [
        Binding("escape,enter", "close", "Close", id="notice.close"),
    ]

    def __init__(self, title: str, body: str, *, severity: str = "warning") -> None:
        super().__init__(classes=f"-{severity}")
        self.notice_title = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="notice-box"):
            yield Static(Content.assemble((self.notice_title, "bold")), id="notice-title")
            with VerticalScroll(id="notice-scroll"):
                yield Static(Content(self.body), id="notice-body")
            with Horizontal(id="notice-buttons"):
                yield Button("OK", variant="primary", id="notice-ok")

    def on_mount(self) -> None:
        self.query_one("#notice-ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(SafeModalScreen[bool]):
    """A yes/no question; y says yes, n or escape says no, enter the focused button
    (yes, unless `safe_no`)."""

    CSS_PATH = "../styles/dialogs.tcss"
    HELP_NAME = "quiz"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No",
                 safe_no: bool = False) -> None:
        super().__init__()
        self.question = question
        self.yes_label = yes
        self.no_label = no
        self.safe_no = safe_no  # enter says no: yes loses something

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Content(self.question), id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes_label} (y)", variant="primary", id="confirm-yes")
                yield Button(f"{self.no_label} (n)", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no" if self.safe_no else "#confirm-yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TooSmallScreen(SafeScreen[None]):
    """Covers everything while the terminal is smaller than the app can use."""

    CSS_PATH = "../styles/dialogs.tcss"
    HELP_NAME = "home"

    def __init__(self, min_width: int, min_height: int) -> None:
        super().__init__()
        self.min_width = min_width
        self.min_height = min_height

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()

    def update_text(self) -> None:
        w, h = self.app.size
        text = Content.assemble(
            ("Make the window larger\n\n", "bold $warning"),
            f"mj-trainer needs at least {self.min_width}×{self.min_height} cells;\n",
            f"this terminal is {w}×{h}.\n\n",
            ("It carries on where you were as soon as it fits.\n"
             f"{quit_key(self.app.is_web)} quits.", "$foreground 55%"),
        )
        self.query_one("#too-small-text", Static).update(text)
