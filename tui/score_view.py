"""Readable output of `mj-trainer score`: the hand as tiles and the full breakdown."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from engine import tiles
from engine.notation import format_hand
from engine.payoff import payoff
from engine.scoring import Outcome, Score
from tui.tile_text import arrangement_text, tiles_text


def total_line(result: Score, outcome: Outcome | None = None) -> Text:
    """How the total came about: plain sum, capped sum, limit hand or penalty."""
    o = outcome or result.best
    rules = result.ruleset
    if not result.winning:
        return Text.assemble(("Not a winning hand: ", "bold red"),
                             f"Illegal Call, {o.total} points")
    if o.limit is not None:
        return Text.assemble(
            ("Total ", "bold"), (f"{o.total}", "bold green"),
            f"  limit: {o.limit.name} ({o.limit.id}) {o.limit.value} replaces the sum",
        )
    if o.capped:
        return Text.assemble(
            ("Total ", "bold"), (f"{o.total}", "bold green"),
            f"  the sum {o.sum} is capped at {rules.cap}",
        )
    return Text.assemble(("Total ", "bold"), (f"{o.total}", "bold green"))


def _patterns_table(o: Outcome) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("pattern")
    table.add_column("family", style="dim", no_wrap=True)
    table.add_column("count", justify="right")
    table.add_column("points", justify="right", style="bold")
    for h in o.counted:
        p = h.pattern
        name = f"{p.name} {p.chinese}".strip()
        table.add_row(p.id, name, p.family, str(h.count), str(h.points))
    return table


def _skipped_table(o: Outcome) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
                  title="present but not counted", title_justify="left", title_style="dim")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("pattern")
    table.add_column("points", justify="right", style="dim")
    table.add_column("why not", style="yellow")
    for h in o.not_counted:
        table.add_row(h.pattern.id, h.pattern.name, str(h.points), h.reason())
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


def outcome_renderables(result: Score, o: Outcome) -> list[object]:
    parts: list[object] = []
    if o.arrangement is not None:
        parts.append(Text.assemble(("as ", "dim"), (o.arrangement.shape.label, "bold"), ":"))
        parts.append(arrangement_text(o.arrangement, result.hand.winning_tile))
    if o.counted:
        parts.append(_patterns_table(o))
    if o.not_counted:
        parts.append(_skipped_table(o))
    parts.append(total_line(result, o))
    return parts


def render_score(result: Score, *, all_arrangements: bool = False) -> Panel:
    """One hand's full breakdown as a Rich panel."""
    hand = result.hand
    parts: list[object] = [Text(format_hand(hand), style="bold"), _context_line(result)]
    if hand.bonus:
        parts.append(Text.assemble(("bonus ", "dim"), tiles_text(hand.bonus)))
    parts.append(Text(""))
    parts.extend(outcome_renderables(result, result.best))
    pay = payoff(result)
    if pay is not None:
        parts.append(Text.assemble(("Payoff ", "bold"), pay.describe()))
    if all_arrangements:
        if result.others:
            for n, other in enumerate(result.others, start=2):
                parts.append(Text(""))
                parts.append(Text(f"Reading {n} (not chosen: scores {other.total})",
                                  style="bold dim"))
                parts.extend(outcome_renderables(result, other))
        elif result.winning:
            parts.append(Text("\nThis hand can be read only one way.", style="dim"))
    return Panel(Group(*parts), title="mj-trainer score", title_align="left", expand=False)  # type: ignore[arg-type]


def print_scores(results: list[Score], *, all_arrangements: bool = False) -> None:
    console = Console()
    for result in results:
        console.print(render_score(result, all_arrangements=all_arrangements))
