"""`mj-trainer score`: read hands, score them, print JSON or readable tables.

Input mistakes never produce a traceback: every problem becomes one line on
stderr naming the hand and the field, and the exit code is 2 (CONTRACT.md).

Beyond one ruleset's score, the command can:

* `--compare`: score the hand under every built-in ruleset side by side;
* `--loser HAND` (three times, or `"losers"` in a JSON hand object): settle a
  classical hand between all four players (R32).  Without the losers' hands a
  classical result shows the winner's payments alone.

Rich is imported only inside the functions that draw tables, so `--json` never loads it.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.hand import Hand, HandError, Problem
from engine.jsonio import HandJSONError, hand_from_json, losers_from_json, score_to_json
from engine.notation import NotationError, parse
from engine.ruleset import BUILTIN_DIR, Ruleset, RulesetError, builtin_names, load
from engine.scoring import Outcome, Score, ignored_context, score
from engine.settlement import (
    LoserHand,
    Table,
    parse_loser,
    seat_name,
    settle_table,
    table_problems,
)

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

EXIT_INPUT = 2


class InputError(Exception):
    """Lines for stderr describing why the input is not acceptable."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("\n".join(lines))


def _read_source(input_path: str | None) -> str:
    if input_path is None:
        if sys.stdin is None or sys.stdin.isatty():
            raise InputError(["input: give a hand, --input FILE, or pipe hands to stdin"])
        try:
            return sys.stdin.read()
        except UnicodeDecodeError:
            raise InputError(["input: standard input is not UTF-8 text"]) from None
    try:
        return Path(input_path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([f"input: no such file: {input_path}"]) from None
    except IsADirectoryError:
        raise InputError([f"input: {input_path} is a directory"]) from None
    except UnicodeDecodeError:
        raise InputError([f"input: {input_path} is not UTF-8 text"]) from None
    except OSError as err:
        raise InputError([f"input: cannot read {input_path}: {err.strerror}"]) from None


def _with_ruleset(hand: Hand, ruleset: str | None) -> Hand:
    return hand if ruleset is None else replace(hand, ruleset=ruleset)


def _ruleset_lines(prefix: str, err: RulesetError) -> list[str]:
    return [f"{prefix}{line}" for line in err.problems]


def _score_all(hands: list[Hand]) -> list[Score]:
    """Score every hand or report every bad ruleset; nothing partial."""
    errors: list[str] = []
    results: list[Score] = []
    for i, hand in enumerate(hands):
        try:
            rules = load(hand.ruleset)
        except RulesetError as err:
            errors.extend(_ruleset_lines(f"hand {i}: ruleset: ", err))
            continue
        results.append(score(hand, rules))
    if errors:
        raise InputError(errors)
    return results


@dataclass(slots=True)
class _Input:
    """The hands read, the losers given with each (or None), and whether it was a list."""

    hands: list[Hand]
    losers: list[list[LoserHand] | None]
    is_list: bool


def parse_json_hands(text: str) -> tuple[list[Hand], bool]:
    """Hands from JSON text, and whether the text held a list."""
    got = _parse_json(text)
    return got.hands, got.is_list


def _parse_json(text: str) -> _Input:
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError([f"input: not valid JSON: {err.msg} (line {err.lineno}, "
                          f"column {err.colno})"]) from None
    is_list = isinstance(data, list)
    items = data if is_list else [data]
    hands: list[Hand] = []
    losers: list[list[LoserHand] | None] = []
    errors: list[str] = []
    for i, obj in enumerate(items):
        try:
            hand = hand_from_json(obj)
        except HandJSONError as err:
            errors.extend(_problem_lines(i, err.problems))
            continue
        try:
            losers.append(losers_from_json(obj, hand))
        except HandJSONError as err:
            errors.extend(_problem_lines(i, err.problems))
            continue
        hands.append(hand)
    if errors:
        raise InputError(errors)
    return _Input(hands, losers, is_list)


def _problem_lines(index: int, problems: list[Problem]) -> list[str]:
    return [f"hand {index}: {p}" if p.field else f"hand {index}: {p.message}" for p in problems]


def _notation_error(text: str, err: HandError, label: str) -> list[str]:
    if isinstance(err, NotationError):
        lines = []
        for p in err.problems:
            col = int(p.field.split()[1])
            lines.append(f"{label}{p}")
            lines.append(f"  {text}")
            lines.append("  " + " " * (col - 1) + "^")
        return lines
    return [f"{label}{p}" for p in err.problems]


def parse_notation_lines(text: str) -> list[Hand]:
    """One hand per non-blank line (lines starting with # are comments)."""
    hands: list[Hand] = []
    errors: list[str] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            hands.append(parse(stripped))
        except HandError as err:
            errors.extend(_notation_error(stripped, err, f"line {lineno}: "))
    if errors:
        raise InputError(errors)
    if not hands:
        raise InputError(["input: no hands found"])
    return hands


def _read_hands(hand_text: str | None, input_path: str | None, as_json: bool) -> _Input:
    if hand_text is not None:
        if input_path is not None:
            raise InputError(["input: give either a hand or --input FILE, not both"])
        try:
            return _Input([parse(hand_text)], [None], False)
        except HandError as err:
            if as_json:
                # The machine interface: one line per problem, naming hand and field.
                raise InputError(_problem_lines(0, err.problems)) from None
            raise InputError(_notation_error(hand_text, err, "")) from None
    text = _read_source(input_path)
    if as_json or text.lstrip()[:1] in ("{", "["):
        return _parse_json(text)
    hands = parse_notation_lines(text)
    return _Input(hands, [None] * len(hands), len(hands) > 1)


def _parse_losers(texts: list[str], winner: Hand, as_json: bool) -> list[LoserHand]:
    out: list[LoserHand] = []
    errors: list[str] = []
    for i, text in enumerate(texts):
        try:
            out.append(parse_loser(text, winner.prevailing_wind))
        except HandError as err:
            if as_json:
                errors.extend(f"hand 0: losers[{i}]: {p}" if p.field else
                              f"hand 0: losers[{i}]: {p.message}" for p in err.problems)
            else:
                errors.extend(_notation_error(text.strip(), err, f"--loser {i + 1}: "))
    if errors:
        raise InputError(errors)
    return out


def _tables(results: list[Score], losers: list[list[LoserHand] | None]) -> list[Table | None]:
    """Settle each hand that came with its losers; check the four hands fit together."""
    out: list[Table | None] = []
    errors: list[str] = []
    for i, (result, given) in enumerate(zip(results, losers, strict=True)):
        if given is None:
            out.append(None)
            continue
        if result.ruleset.payoff != "classical":
            errors.append(f"hand {i}: losers: the {result.ruleset.id} ruleset does not settle "
                          "between losers; use --ruleset classical")
            out.append(None)
            continue
        problems = table_problems(result.hand, given)
        if problems:
            errors.extend(_problem_lines(i, problems))
            out.append(None)
            continue
        out.append(settle_table(result, given) if result.winning else None)
    if errors:
        raise InputError(errors)
    return out


def run_score(
    *,
    hand_text: str | None,
    as_json: bool,
    input_path: str | None,
    ruleset: str | None,
    all_arrangements: bool,
    compare: bool = False,
    losers: list[str] | None = None,
) -> int:
    """Run the command; returns the exit code."""
    try:
        got = _read_hands(hand_text, input_path, as_json)
        if losers:
            if compare:
                raise InputError(["--loser: settle one ruleset at a time; leave out --compare"])
            if len(got.hands) != 1:
                raise InputError(["--loser: give the losers of a single hand"])
            if got.losers[0] is not None:
                raise InputError(["--loser: the hand object already lists its losers"])
            got.losers[0] = _parse_losers(losers, got.hands[0], as_json)
        if compare:
            return _run_compare(got, ruleset, as_json)
        hands = [_with_ruleset(h, ruleset) for h in got.hands]
        results = _score_all(hands)
        tables = _tables(results, got.losers)
    except InputError as err:
        for line in err.lines:
            print(line, file=sys.stderr)
        return EXIT_INPUT
    if as_json:
        out = [score_to_json(r, all_arrangements=all_arrangements, table=t)
               for r, t in zip(results, tables, strict=True)]
        sys.stdout.write(json.dumps(out if got.is_list else out[0], ensure_ascii=False))
        sys.stdout.write("\n")
        return 0
    _print_results(results, tables, got.losers, all_arrangements=all_arrangements)
    return 0


# --- compare ----------------------------------------------------------------------------

def compare_rulesets(extra: str | None) -> list[Ruleset]:
    """Every built-in ruleset, plus a house-rules file given with --ruleset."""
    names = builtin_names()
    if extra is not None and extra not in names:
        names.append(extra)
    out: list[Ruleset] = []
    errors: list[str] = []
    for name in names:
        try:
            out.append(load(name))
        except RulesetError as err:
            errors.extend(_ruleset_lines("ruleset: ", err))
    if errors:
        raise InputError(errors)
    return out


def compare_scores(hand: Hand, rulesets: list[Ruleset]) -> list[Score]:
    """The hand scored under each ruleset.  Validation does not depend on the ruleset,
    so a hand that is valid under one is valid under all."""
    return [score(replace(hand, ruleset=_ruleset_name(r)), r) for r in rulesets]


def _ruleset_name(rules: Ruleset) -> str:
    """The name a hand uses for the ruleset: a built-in's id, else the file's path."""
    path = Path(rules.source)
    return path.stem if path.parent == BUILTIN_DIR else rules.source


def _run_compare(got: _Input, ruleset: str | None, as_json: bool) -> int:
    rulesets = compare_rulesets(ruleset)
    per_hand = [compare_scores(h, rulesets) for h in got.hands]
    if as_json:
        out = [[score_to_json(r) for r in results] for results in per_hand]
        sys.stdout.write(json.dumps(out if got.is_list else out[0], ensure_ascii=False))
        sys.stdout.write("\n")
        return 0
    from rich.console import Console

    console = Console()
    for results in per_hand:
        console.print(compare_table(results))
    return 0


def how_text(result: Score, outcome: Outcome | None = None) -> str:
    """How the total came about, in a few words."""
    o = outcome or result.best
    rules = result.ruleset
    if not result.winning:
        return "not a winning hand: Illegal Call"
    if o.limit is not None:
        return f"limit: {o.limit.name} {o.limit.value} stands alone"
    if rules.doubling:
        formula = f"{o.points} points × 2^{o.doubles}" if o.doubles else f"{o.points} points"
        if o.capped:
            return f"{formula} = {o.sum}, capped at {rules.cap}"
        return formula
    if o.capped:
        return f"sum {o.sum}, capped at {rules.cap}"
    return "sum"


def _hit_value(points: int, doubles: int) -> str:
    if doubles:
        return f"{doubles} doubling" + ("s" if doubles > 1 else "")
    return str(points)


def compare_table(results: list[Score]) -> RenderableType:
    """One row per ruleset: the total, how it came about and the counted patterns."""
    from rich import box
    from rich.console import Group
    from rich.table import Table as RichTable
    from rich.text import Text

    from engine.notation import format_hand

    table = RichTable(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
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


# --- readable output --------------------------------------------------------------------

def _print_results(results: list[Score], tables: list[Table | None],
                   losers: list[list[LoserHand] | None], *, all_arrangements: bool) -> None:
    from rich.console import Console
    from rich.text import Text

    from tui.score_view import render_score

    console = Console()
    for result, table, given in zip(results, tables, losers, strict=True):
        if result.ruleset.doubling:
            console.print(render_doubling(result, table, all_arrangements=all_arrangements))
            if given is not None and table is None:
                console.print(Text("No settlement: the hand is not a win.", style="yellow"))
            continue
        console.print(render_score(result, all_arrangements=all_arrangements))
        ignored = ignored_context(result.hand, result.ruleset)
        if ignored:
            console.print(Text("Not scored by " + result.ruleset.id + ": " + ", ".join(
                i.replace("_", " ") for i in ignored), style="yellow"))


def _doubling_patterns(o: Outcome) -> RenderableType:
    from rich import box
    from rich.table import Table as RichTable
    from rich.text import Text

    table = RichTable(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("pattern")
    table.add_column("count", justify="right")
    table.add_column("points", justify="right", style="bold")
    table.add_column("doublings", justify="right", style="bold magenta")
    for h in o.counted:
        doubling = h.pattern.kind == "doubles"
        table.add_row(h.pattern.id, Text(h.pattern.name), str(h.count),
                      "" if doubling else str(h.points), str(h.doubles) if doubling else "")
    return table


def _skipped(o: Outcome) -> RenderableType:
    from rich import box
    from rich.table import Table as RichTable
    from rich.text import Text

    table = RichTable(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
                      title="present but not counted", title_justify="left", title_style="dim")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("pattern")
    table.add_column("value", justify="right", style="dim")
    table.add_column("why not", style="yellow")
    for h in o.not_counted:
        table.add_row(h.pattern.id, Text(h.pattern.name), h.pattern.value_text(),
                      Text(h.reason()))
    return table


def doubling_total_line(result: Score, outcome: Outcome | None = None) -> Text:
    """'Total 224: 28 points × 2^3' and its cap or limit."""
    from rich.text import Text

    o = outcome or result.best
    if not result.winning:
        return Text.assemble(("Not a winning hand: ", "bold red"),
                             f"Illegal Call, {o.total} points")
    joint = " = " if o.limit is None and not o.capped else ": "
    return Text.assemble(("Total ", "bold"), (str(o.total), "bold green"),
                         joint + how_text(result, o))


def _outcome_parts(result: Score, o: Outcome) -> list[RenderableType]:
    from rich.text import Text

    from tui.tile_text import arrangement_text

    parts: list[RenderableType] = []
    if o.arrangement is not None:
        parts.append(Text.assemble(("as ", "dim"), (o.arrangement.shape.label, "bold"), ":"))
        parts.append(arrangement_text(o.arrangement, result.hand.winning_tile))
    if o.counted:
        parts.append(_doubling_patterns(o))
    if o.not_counted:
        parts.append(_skipped(o))
    parts.append(doubling_total_line(result, o))
    return parts


def render_doubling(result: Score, table: Table | None = None, *,
                    all_arrangements: bool = False) -> RenderableType:
    """A classical result: points and doublings, the payments or the whole settlement."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from engine.notation import format_hand
    from engine.payoff import payoff

    hand = result.hand
    bits = [f"ruleset {result.ruleset.id}",
            "self-drawn" if hand.self_drawn else "won on a discard",
            f"seat {seat_name(hand.seat_wind)}", f"wind {seat_name(hand.prevailing_wind)}"]
    bits.extend(i.value.replace("_", " ") for i in sorted(hand.incidentals, key=lambda i: i.value))
    parts: list[RenderableType] = [Text(format_hand(hand), style="bold"),
                                   Text(" · ".join(bits), style="dim"), Text("")]
    parts.extend(_outcome_parts(result, result.best))
    ignored = ignored_context(hand, result.ruleset)
    if ignored:
        parts.append(Text("Not scored by this ruleset: " + ", ".join(
            i.replace("_", " ") for i in ignored), style="yellow"))
    if table is not None:
        parts.append(Text(""))
        parts.append(settlement_renderable(table))
    else:
        pay = payoff(result)
        if pay is not None:
            note = " (East pays and receives double)" if pay.scheme == "classical" else ""
            parts.append(Text.assemble(("Payments ", "bold"), pay.describe() + note))
    if all_arrangements:
        for n, other in enumerate(result.others, start=2):
            parts.append(Text(""))
            parts.append(Text(f"Reading {n} (not chosen: scores {other.total})",
                              style="bold dim"))
            parts.extend(_outcome_parts(result, other))
        if not result.others and result.winning:
            parts.append(Text("\nThis hand can be read only one way.", style="dim"))
    return Panel(Group(*parts), title="mj-trainer score", title_align="left", expand=False)


def settlement_renderable(table: Table) -> RenderableType:
    """Every player's score, the payments between them and each balance."""
    from rich import box
    from rich.console import Group
    from rich.table import Table as RichTable
    from rich.text import Text

    from engine.jsonio import settlement_to_json

    data = settlement_to_json(table)
    scores = RichTable(box=box.SIMPLE_HEAD, expand=False, pad_edge=False,
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
    payments = RichTable(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
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

