"""Readable output of `mj-trainer score`: the hand as tiles and the full breakdown.

What the breakdown says is the engine's score sheet (`engine.score_sheet`), which the
app's calculator shows too; this module draws it with Rich, in a panel under the hand
and its context, and `--compare` as one table row per ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mj_trainer.engine import tiles
from mj_trainer.engine.notation import format_hand
from mj_trainer.engine.score_sheet import Block, Grid, Line, breakdown, comparison
from mj_trainer.engine.scoring import Score
from mj_trainer.engine.settlement import Table as SettlementTable
from mj_trainer.engine.tile_faces import tiles_spans


def rich_blocks(blocks: Iterable[Block]) -> list[RenderableType]:
    """The sheet's blocks as Rich renderables (the app's `tui.sheet_text` does the same
    for the calculator; a test keeps the two drawings equal)."""
    return [_rich_grid(b) if isinstance(b, Grid) else _rich_line(b) for b in blocks]


def _rich_line(line: Line) -> Text:
    return Text.assemble(*line.spans, style=line.style)


def _rich_grid(grid: Grid) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
                  title=grid.title or None, title_justify="left",
                  title_style=grid.title_style or None)
    for c in grid.columns:
        table.add_column(c.header, style=c.style, justify=c.justify, no_wrap=c.no_wrap)
    for row in grid.rows:
        table.add_row(*(c if isinstance(c, str) else _rich_line(c) for c in row))
    return table


def _context_line(result: Score) -> Text:
    hand = result.hand
    bits = [
        f"ruleset {result.ruleset.id}",
        "self-drawn" if hand.self_drawn else "won on a discard",
        f"seat {tiles.WIND_NAMES[hand.seat_wind - tiles.EAST]}",
        f"wind {tiles.WIND_NAMES[hand.prevailing_wind - tiles.EAST]}",
    ]
    bits.extend(i.value.replace("_", " ") for i in sorted(hand.incidentals, key=lambda i: i.value))
    return Text(" · ".join(bits), style="dim")


def render_score(result: Score, *, all_arrangements: bool = False,
                 settlement: SettlementTable | None = None) -> Panel:
    """One hand's full breakdown as a Rich panel."""
    hand = result.hand
    parts: list[RenderableType] = [Text(format_hand(hand), style="bold"), _context_line(result)]
    if hand.bonus:
        parts.append(Text.assemble(("bonus ", "dim"), *tiles_spans(hand.bonus)))
    parts.append(Text(""))
    parts.extend(rich_blocks(breakdown(result, all_arrangements=all_arrangements,
                                       settlement=settlement)))
    return Panel(Group(*parts), title="mj-trainer score", title_align="left", expand=False)


def print_scores(results: list[Score], settlements: list[SettlementTable | None] | None = None,
                 *, settlement_asked: list[bool] | None = None,
                 all_arrangements: bool = False) -> None:
    """Print each result; a settlement under the hands that have one."""
    from mj_trainer.cli.console import console as pipe_console

    console = pipe_console()
    tables = settlements or [None] * len(results)
    asked = settlement_asked or [False] * len(results)
    for result, table, wanted in zip(results, tables, asked, strict=True):
        console.print(render_score(result, all_arrangements=all_arrangements,
                                   settlement=table))
        if wanted and table is None:
            console.print(Text("No settlement: the hand is not a win.", style="yellow"))


def compare_table(results: list[Score]) -> RenderableType:
    """The hand, then one row per ruleset: the total, how it came about and the counted
    patterns."""
    return Group(*rich_blocks(comparison(results)))
