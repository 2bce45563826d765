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
from typing import Any

from mj_trainer.engine.hand import Hand, HandError, Problem
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json, losers_from_json, score_to_json
from mj_trainer.engine.notation import NotationError, parse
from mj_trainer.engine.ruleset import BUILTIN_DIR, Ruleset, RulesetError, builtin_names, load
from mj_trainer.engine.scoring import Score, score
from mj_trainer.engine.settlement import (
    LoserHand,
    Table,
    parse_loser,
    settle_table,
    table_problems,
)

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
    from mj_trainer.tui.score_view import print_scores

    print_scores(results, tables, settlement_asked=[given is not None for given in got.losers],
                 all_arrangements=all_arrangements)
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

    from mj_trainer.tui.score_view import compare_table

    console = Console()
    for results in per_hand:
        console.print(compare_table(results))
    return 0


