"""Readable output of `mj-trainer score`: the hand as tiles and the full breakdown.

One renderer serves every ruleset: additive ones (a sum, a cap, limit hands) and the
classical doubling scheme (points x 2^doublings, the 1000 cap, limit hands), with the
payoff or the whole settlement underneath.  `--compare` draws one row per ruleset.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mj_trainer.engine import tiles
from mj_trainer.engine.jsonio import settlement_to_json
from mj_trainer.engine.notation import format_hand
from mj_trainer.engine.payoff import payoff
from mj_trainer.engine.scoring import Outcome, Score, ignored_context
from mj_trainer.engine.settlement import Table as SettlementTable
from mj_trainer.engine.tile_faces import arrangement_spans, tiles_spans
from mj_trainer.engine.total_basis import TotalBasis, total_basis


def how_text(result: Score, outcome: Outcome | None = None) -> str:
    """How the total came about, in a few words."""
    o = outcome or result.best
    rules = result.ruleset
    basis = total_basis(result, o)
    if basis is TotalBasis.NOT_A_WIN:
        return "not a winning hand: Illegal Call"
    if basis is TotalBasis.LIMIT:
        assert o.limit is not None
        return f"limit: {o.limit.name} {o.limit.value} stands alone"
    if basis.doubled:
        formula = f"{o.points} points × 2^{o.doubles}" if o.doubles else f"{o.points} points"
        if basis.capped:
            return f"{formula} = {o.sum}, capped at {rules.cap}"
        return formula
    if basis.capped:
        return f"sum {o.sum}, capped at {rules.cap}"
    return "sum"


def total_line(result: Score, outcome: Outcome | None = None) -> Text:
    """How the total came about: sum, points and doublings, cap, limit hand or penalty."""
    o = outcome or result.best
    rules = result.ruleset
    basis = total_basis(result, o)
    if basis is TotalBasis.NOT_A_WIN:
        return Text.assemble(("Not a winning hand: ", "bold red"),
                             f"Illegal Call, {o.total} points")
    total = (("Total ", "bold"), (f"{o.total}", "bold green"))
    if rules.doubling:
        joint = " = " if basis is TotalBasis.DOUBLED else ": "
        return Text.assemble(*total, joint + how_text(result, o))
    if basis is TotalBasis.LIMIT:
        assert o.limit is not None
        return Text.assemble(
            *total, f"  limit: {o.limit.name} ({o.limit.id}) {o.limit.value} replaces the sum")
    if basis.capped:
        return Text.assemble(*total, f"  the sum {o.sum} is capped at {rules.cap}")
    return Text.assemble(*total)


def _patterns_table(result: Score, o: Outcome) -> Table:
    doubling = result.ruleset.doubling
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("pattern")
    table.add_column("family", style="dim", no_wrap=True)
    table.add_column("count", justify="right")
    table.add_column("points", justify="right", style="bold")
    if doubling:
        table.add_column("doublings", justify="right", style="bold magenta")
    for h in o.counted:
        p = h.pattern
        name = f"{p.name} {p.chinese}".strip()
        row = [p.id, name, p.family, str(h.count)]
        if doubling:
            row += ["", str(h.doubles)] if p.doubles else [str(h.points), ""]
        else:
            row.append(str(h.points))
        table.add_row(*row)
    return table


def _skipped_table(o: Outcome) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
                  title="present but not counted", title_justify="left", title_style="dim")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("pattern")
    table.add_column("value", justify="right", style="dim")
    table.add_column("why not", style="yellow")
    for h in o.not_counted:
        value = str(h.points) if not h.pattern.doubles else h.pattern.value_text()
        table.add_row(h.pattern.id, h.pattern.name, value, h.reason())
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


def outcome_renderables(result: Score, o: Outcome) -> list[RenderableType]:
    """One reading: its tiles as grouped, what counts, what does not and the total."""
    parts: list[RenderableType] = []
    if o.arrangement is not None:
        parts.append(Text.assemble(("as ", "dim"), (o.arrangement.shape.label, "bold"), ":"))
        parts.append(Text.assemble(*arrangement_spans(o.arrangement, result.hand.winning_tile)))
    if o.counted:
        parts.append(_patterns_table(result, o))
    if o.not_counted:
        parts.append(_skipped_table(o))
    parts.append(total_line(result, o))
    return parts


def render_score(result: Score, *, all_arrangements: bool = False,
                 settlement: SettlementTable | None = None) -> Panel:
    """One hand's full breakdown as a Rich panel."""
    hand = result.hand
    parts: list[RenderableType] = [Text(format_hand(hand), style="bold"), _context_line(result)]
    if hand.bonus:
        parts.append(Text.assemble(("bonus ", "dim"), *tiles_spans(hand.bonus)))
    parts.append(Text(""))
    parts.extend(breakdown_renderables(result, all_arrangements=all_arrangements,
                                       settlement=settlement))
    return Panel(Group(*parts), title="mj-trainer score", title_align="left", expand=False)


def breakdown_renderables(result: Score, *, all_arrangements: bool = False,
                          settlement: SettlementTable | None = None) -> list[RenderableType]:
    """The breakdown under the hand: the chosen reading, what the ruleset ignores, the
    payoff or settlement and, when asked, every other reading (the calculator too)."""
    hand = result.hand
    parts: list[RenderableType] = []
    parts.extend(outcome_renderables(result, result.best))
    ignored = ignored_context(hand, result.ruleset)
    if ignored:
        parts.append(Text(f"Not scored by {result.ruleset.id}: " + ", ".join(
            i.replace("_", " ") for i in ignored), style="yellow"))
    if settlement is not None:
        parts.append(Text(""))
        parts.append(settlement_renderable(settlement))
    else:
        pay = payoff(result)
        if pay is not None:
            note = " (East pays and receives double)" if pay.scheme == "classical" else ""
            parts.append(Text.assemble(("Payoff ", "bold"), pay.describe() + note))
    if all_arrangements:
        if result.others:
            for n, other in enumerate(result.others, start=2):
                parts.append(Text(""))
                parts.append(Text(f"Reading {n} (not chosen: scores {other.total})",
                                  style="bold dim"))
                parts.extend(outcome_renderables(result, other))
        elif result.winning:
            parts.append(Text("\nThis hand can be read only one way.", style="dim"))
    return parts


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


def _hit_value(points: int, doubles: int) -> str:
    if doubles:
        return f"{doubles} doubling" + ("s" if doubles > 1 else "")
    return str(points)


def compare_table(results: list[Score]) -> RenderableType:
    """One row per ruleset: the total, how it came about and the counted patterns."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column("ruleset", style="cyan", no_wrap=True)
    table.add_column("total", justify="right", style="bold green")
    table.add_column("how")
    table.add_column("patterns that count")
    for r in results:
        lines = Text()
        for n, h in enumerate(r.counted):
            if n:
                lines.append("\n")
            times = f" (×{h.count})" if h.count > 1 else ""
            lines.append(f"{h.pattern.id} ", style="dim")
            lines.append(f"{h.pattern.name}{times} ")
            lines.append(_hit_value(h.points, h.doubles), style="bold")
        ignored = ignored_context(r.hand, r.ruleset)
        if ignored:
            lines.append(("\n" if r.counted else "") + "ignores: " + ", ".join(
                i.replace("_", " ") for i in ignored), style="yellow")
        table.add_row(Text(r.ruleset.id), str(r.total), Text(how_text(r)), lines)
    hand = results[0].hand if results else None
    head = Text(format_hand(replace(hand, ruleset="mj-score-eval")) if hand else "",
                style="bold")
    return Group(head, table)


def settlement_renderable(table: SettlementTable) -> RenderableType:
    """Every player's score, the payments between them and each balance."""
    data = settlement_to_json(table)
    scores = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
                   title="Settlement (East pays and receives double)", title_justify="left",
                   title_style="bold")
    scores.add_column("seat", style="cyan")
    scores.add_column("hand")
    scores.add_column("score", justify="right", style="bold")
    scores.add_column("how")
    scores.add_column("balance", justify="right", style="bold")
    net = data["net"]
    for player in data["players"]:
        seat = player["seat"]
        if player["role"] == "winner":
            hand_text = "winner"
            how = how_text(table.winner)
        else:
            hand_text = player["hand"].replace(f" seat:{seat}", "")
            how = _loser_how(player)
        balance = net[seat]
        scores.add_row(seat.capitalize(), Text(hand_text), str(player["total"]), Text(how),
                       Text(f"{balance:+d}", style="green" if balance >= 0 else "red"))
    payments = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    payments.add_column("pays")
    payments.add_column("to")
    payments.add_column("amount", justify="right", style="bold")
    for p in data["payments"]:
        payments.add_row(p["from"].capitalize(), p["to"].capitalize(), str(p["amount"]))
    return Group(scores, payments)


def _loser_how(player: dict[str, Any]) -> str:
    ready = player.get("ready")
    if ready is not None and ready["used"]:
        return f"ready for {ready['name']} ({ready['value']}): half is {ready['half']}"
    parts = [f"{p['id']} {p['name']}" + (f" ×{p['count']}" if p["count"] > 1 else "")
             for p in player["patterns"]]
    if not parts:
        return "nothing scores"
    formula = f"{player.get('points', player['sets_total'])} points"
    if player.get("doubles"):
        formula += f" × 2^{player['doubles']}"
    return f"{formula}: " + ", ".join(parts)
