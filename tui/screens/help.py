"""Per-screen help: the Markdown file `tui/help/<name>.md` in a modal window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Markdown, Static

from mj_trainer.tui.browser_keys import for_browser
from mj_trainer.tui.safe_screen import HelpNamed, SafeModalScreen
from mj_trainer.tui.tile_legend import LEGEND_PAGES, legend_markdown
from mj_trainer.tui.tile_text import TileStyle

HELP_DIR = Path(__file__).resolve().parent.parent / "help"

_MISSING = """\
# Help

There is no help page for this screen yet.

* **F1** or **?** shows the help of the screen you are on.
* **ctrl+p** opens the command palette: every action of the app, searchable.
* **escape** goes back; **ctrl+q** quits.
"""


def help_text(name: str) -> str:
    """The Markdown help of a screen (a short general page when there is none)."""
    path = HELP_DIR / f"{name}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return _MISSING


def help_page(name: str, style: TileStyle = TileStyle.TEXT) -> str:
    """A screen's help; the screens that draw tiles end with the tile legend."""
    text = help_text(name)
    if name in LEGEND_PAGES:
        text = text.rstrip("\n") + "\n\n" + legend_markdown(style)
    return text


def help_name(screen: Screen[Any]) -> str:
    """Which help page a screen shows: its HELP_NAME, else its class name (a screen
    that is not the app's own, such as Textual's command palette, has none)."""
    name = screen.HELP_NAME if isinstance(screen, HelpNamed) else None
    if name:
        return name
    cls = type(screen).__name__
    return cls.removesuffix("Screen").lower() or "home"


class HelpScreen(SafeModalScreen[None]):
    """The help of one screen, scrollable; escape, F1 or q closes it."""

    CSS_PATH = "../styles/dialogs.tcss"
    HELP_NAME = "home"
    BINDINGS = [
        Binding("escape,f1,q,question_mark", "close", "Close help", id="help.close"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False),
        Binding("down,j", "scroll(1)", "Scroll down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, name: str, tile_style: TileStyle = TileStyle.TEXT) -> None:
        super().__init__()
        self.page = name
        self.tile_style = tile_style

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Content.assemble(("Help", "bold"), (f" · {self.page}", "$foreground 55%"),
                                          ("   escape closes", "$foreground 55%")), id="help-title")
            text = help_page(self.page, self.tile_style)
            with VerticalScroll(id="help-scroll"):
                yield Markdown(for_browser(text) if self.app.is_web else text,
                               id="help-markdown")

    def on_mount(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        scroll.scroll_relative(y=lines, animate=False)
