"""A scored hand laid out as lines and tables, without a drawing library.

The `score` command prints a hand's breakdown and the app's calculator shows the same
breakdown, so what it says (which readings, which rows, which words and colors) is
decided here, once, as plain data: a `Line` is a run of ``(text, style)`` spans like
the tile faces of `engine.tile_faces`, a `Grid` is a table with a header row. The
command line and the app each turn these blocks into Rich renderables with a few lines
of their own (`cli.score_view`, `tui.sheet_text`).

One layout serves every ruleset: additive ones (a sum, a cap, limit hands) and the
classical doubling scheme (points x 2^doublings, the 1000 cap, limit hands), with the
payoff or the whole settlement underneath; `comparison` lays out one row per ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from mj_trainer.engine.jsonio import settlement_to_json
from mj_trainer.engine.notation import format_hand
from mj_trainer.engine.payoff import payoff
from mj_trainer.engine.scoring import Outcome, Score, ignored_context
from mj_trainer.engine.settlement import Table as SettlementTable
from mj_trainer.engine.tile_faces import Span, arrangement_spans
from mj_trainer.engine.total_basis import TotalBasis, total_basis


@dataclass(frozen=True, slots=True)
class Line:
    """Styled text: its spans, and a style under the whole of it ("" for none)."""

    spans: tuple[Span, ...] = ()
    style: str = ""

    @classmethod
    def of(cls, text: str, style: str = "") -> Line:
        """One piece of text in one style."""
        return cls(((text, ""),), style)


BLANK = Line()

# A table cell: a Line is drawn exactly as styled; a str is plain text that the drawing
# library may still decorate (Rich highlights the numbers of a plain cell).
Cell = str | Line


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its header and how its cells are drawn."""

    header: str
    style: str = ""
    justify: Literal["left", "right"] = "left"
    no_wrap: bool = False


@dataclass(frozen=True, slots=True)
class Grid:
    """A table with a header row (and a title above it when `title` is given)."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    title: str = ""
    title_style: str = ""


Block = Line | Grid


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


def total_line(result: Score, outcome: Outcome | None = None) -> Line:
    """How the total came about: sum, points and doublings, cap, limit hand or penalty."""
    o = outcome or result.best
    rules = result.ruleset
    basis = total_basis(result, o)
    if basis is TotalBasis.NOT_A_WIN:
        return Line((("Not a winning hand: ", "bold red"),
                     (f"Illegal Call, {o.total} points", "")))
    total: tuple[Span, ...] = (("Total ", "bold"), (f"{o.total}", "bold green"))
    if rules.doubling:
        joint = " = " if basis is TotalBasis.DOUBLED else ": "
        return Line((*total, (joint + how_text(result, o), "")))
    if basis is TotalBasis.LIMIT:
        assert o.limit is not None
        return Line((*total, (f"  limit: {o.limit.name} ({o.limit.id}) {o.limit.value} "
                              "replaces the sum", "")))
    if basis.capped:
        return Line((*total, (f"  the sum {o.sum} is capped at {rules.cap}", "")))
    return Line(total)


def _patterns_grid(result: Score, o: Outcome) -> Grid:
    doubling = result.ruleset.doubling
    columns = [Column("id", style="cyan", no_wrap=True), Column("pattern"),
               Column("family", style="dim", no_wrap=True), Column("count", justify="right"),
               Column("points", justify="right", style="bold")]
    if doubling:
        columns.append(Column("doublings", justify="right", style="bold magenta"))
    rows: list[tuple[Cell, ...]] = []
    for h in o.counted:
        p = h.pattern
        name = f"{p.name} {p.chinese}".strip()
        row = [p.id, name, p.family, str(h.count)]
        if doubling:
            row += ["", str(h.doubles)] if p.doubles else [str(h.points), ""]
        else:
            row.append(str(h.points))
        rows.append(tuple(row))
    return Grid(tuple(columns), tuple(rows))


def _skipped_grid(o: Outcome) -> Grid:
    columns = (Column("id", style="cyan", no_wrap=True), Column("pattern"),
               Column("value", justify="right", style="dim"),
               Column("why not", style="yellow"))
    rows = tuple(
        (h.pattern.id, h.pattern.name,
         str(h.points) if not h.pattern.doubles else h.pattern.value_text(), h.reason())
        for h in o.not_counted)
    return Grid(columns, rows, title="present but not counted", title_style="dim")


def outcome_blocks(result: Score, o: Outcome) -> list[Block]:
    """One reading: its tiles as grouped, what counts, what does not and the total."""
    parts: list[Block] = []
    if o.arrangement is not None:
        parts.append(Line((("as ", "dim"), (o.arrangement.shape.label, "bold"), (":", ""))))
        parts.append(Line(tuple(arrangement_spans(o.arrangement, result.hand.winning_tile))))
    if o.counted:
        parts.append(_patterns_grid(result, o))
    if o.not_counted:
        parts.append(_skipped_grid(o))
    parts.append(total_line(result, o))
    return parts


def breakdown(result: Score, *, all_arrangements: bool = False,
              settlement: SettlementTable | None = None) -> list[Block]:
    """The breakdown under the hand: the chosen reading, what the ruleset ignores, the
    payoff or settlement and, when asked, every other reading (the calculator too)."""
    hand = result.hand
    parts: list[Block] = []
    parts.extend(outcome_blocks(result, result.best))
    ignored = ignored_context(hand, result.ruleset)
    if ignored:
        parts.append(Line.of(f"Not scored by {result.ruleset.id}: " + ", ".join(
            i.replace("_", " ") for i in ignored), "yellow"))
    if settlement is not None:
        parts.append(BLANK)
        parts.extend(settlement_blocks(settlement))
    else:
        pay = payoff(result)
        if pay is not None:
            note = " (East pays and receives double)" if pay.scheme == "classical" else ""
            parts.append(Line((("Payoff ", "bold"), (pay.describe() + note, ""))))
    if all_arrangements:
        if result.others:
            for n, other in enumerate(result.others, start=2):
                parts.append(BLANK)
                parts.append(Line.of(f"Reading {n} (not chosen: scores {other.total})",
                                     "bold dim"))
                parts.extend(outcome_blocks(result, other))
        elif result.winning:
            parts.append(Line.of("\nThis hand can be read only one way.", "dim"))
    return parts


def _hit_value(points: int, doubles: int) -> str:
    if doubles:
        return f"{doubles} doubling" + ("s" if doubles > 1 else "")
    return str(points)


def comparison(results: Sequence[Score]) -> list[Block]:
    """The hand, then one row per ruleset: the total, how it came about and the counted
    patterns."""
    columns = (Column("ruleset", style="cyan", no_wrap=True),
               Column("total", justify="right", style="bold green"), Column("how"),
               Column("patterns that count"))
    rows: list[tuple[Cell, ...]] = []
    for r in results:
        spans: list[Span] = []
        for n, h in enumerate(r.counted):
            if n:
                spans.append(("\n", ""))
            times = f" (×{h.count})" if h.count > 1 else ""
            spans += [(f"{h.pattern.id} ", "dim"), (f"{h.pattern.name}{times} ", ""),
                      (_hit_value(h.points, h.doubles), "bold")]
        ignored = ignored_context(r.hand, r.ruleset)
        if ignored:
            spans.append((("\n" if r.counted else "") + "ignores: " + ", ".join(
                i.replace("_", " ") for i in ignored), "yellow"))
        rows.append((Line.of(r.ruleset.id), str(r.total), Line.of(how_text(r)),
                     Line(tuple(spans))))
    hand = results[0].hand if results else None
    head = Line.of(format_hand(replace(hand, ruleset="mj-score-eval")) if hand else "",
                   "bold")
    return [head, Grid(columns, tuple(rows))]


def settlement_blocks(table: SettlementTable) -> list[Block]:
    """Every player's score and balance, then the payments between them."""
    data = settlement_to_json(table)
    net = data["net"]
    rows: list[tuple[Cell, ...]] = []
    for player in data["players"]:
        seat = player["seat"]
        if player["role"] == "winner":
            hand_text = "winner"
            how = how_text(table.winner)
        else:
            hand_text = player["hand"].replace(f" seat:{seat}", "")
            how = _loser_how(player)
        balance = net[seat]
        rows.append((seat.capitalize(), Line.of(hand_text), str(player["total"]), Line.of(how),
                     Line.of(f"{balance:+d}", "green" if balance >= 0 else "red")))
    scores = Grid((Column("seat", style="cyan"), Column("hand"),
                   Column("score", justify="right", style="bold"), Column("how"),
                   Column("balance", justify="right", style="bold")), tuple(rows),
                  title="Settlement (East pays and receives double)", title_style="bold")
    payments = Grid((Column("pays"), Column("to"),
                     Column("amount", justify="right", style="bold")),
                    tuple((p["from"].capitalize(), p["to"].capitalize(), str(p["amount"]))
                          for p in data["payments"]))
    return [scores, payments]


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
