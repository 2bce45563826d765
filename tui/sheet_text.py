"""The engine's score sheet drawn with Rich, for the app's calculator and feedback.

What a hand's breakdown says is decided once in `engine.score_sheet`, which the
`score` command prints too; this module only turns its lines and tables into Rich
renderables, the way the command line does (a test keeps the two drawings equal).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from mj_trainer.engine.score_sheet import Block, Grid, Line


def sheet_renderables(blocks: Iterable[Block]) -> list[RenderableType]:
    """Each block as a Rich renderable: a line as text, a grid as a table."""
    return [grid_table(b) if isinstance(b, Grid) else line_text(b) for b in blocks]


def line_text(line: Line) -> Text:
    """A line of the sheet as Rich text."""
    return Text.assemble(*line.spans, style=line.style)


def grid_table(grid: Grid) -> Table:
    """A table of the sheet, with a simple rule under its header."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
                  title=grid.title or None, title_justify="left",
                  title_style=grid.title_style or None)
    for c in grid.columns:
        table.add_column(c.header, style=c.style, justify=c.justify, no_wrap=c.no_wrap)
    for row in grid.rows:
        table.add_row(*(c if isinstance(c, str) else line_text(c) for c in row))
    return table
