"""`mj-trainer score`: read hands, score them, print JSON or readable tables.

Input mistakes never produce a traceback: every problem becomes one line on
stderr naming the hand and the field, and the exit code is 2 (CONTRACT.md).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.hand import Hand, HandError, Problem
from engine.jsonio import HandJSONError, hand_from_json, score_to_json
from engine.notation import NotationError, parse
from engine.ruleset import RulesetError, load
from engine.scoring import Score, score

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


def _score_all(hands: list[Hand]) -> list[Score]:
    """Score every hand or report every bad ruleset; nothing partial."""
    errors: list[str] = []
    results: list[Score] = []
    for i, hand in enumerate(hands):
        try:
            rules = load(hand.ruleset)
        except RulesetError as err:
            errors.append(f"hand {i}: ruleset: {err}")
            continue
        results.append(score(hand, rules))
    if errors:
        raise InputError(errors)
    return results


def parse_json_hands(text: str) -> tuple[list[Hand], bool]:
    """Hands from JSON text, and whether the text held a list."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError([f"input: not valid JSON: {err.msg} (line {err.lineno}, "
                          f"column {err.colno})"]) from None
    is_list = isinstance(data, list)
    items = data if is_list else [data]
    hands: list[Hand] = []
    errors: list[str] = []
    for i, obj in enumerate(items):
        try:
            hands.append(hand_from_json(obj))
        except HandJSONError as err:
            errors.extend(_problem_lines(i, err.problems))
    if errors:
        raise InputError(errors)
    return hands, is_list


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


def run_score(
    *,
    hand_text: str | None,
    as_json: bool,
    input_path: str | None,
    ruleset: str | None,
    all_arrangements: bool,
) -> int:
    """Run the command; returns the exit code."""
    try:
        is_list = False
        if hand_text is not None:
            if input_path is not None:
                raise InputError(["input: give either a hand or --input FILE, not both"])
            try:
                hands = [parse(hand_text)]
            except HandError as err:
                if as_json:
                    # The machine interface: one line per problem, naming hand and field.
                    raise InputError(_problem_lines(0, err.problems)) from None
                raise InputError(_notation_error(hand_text, err, "")) from None
        else:
            text = _read_source(input_path)
            if as_json or text.lstrip()[:1] in ("{", "["):
                hands, is_list = parse_json_hands(text)
            else:
                hands = parse_notation_lines(text)
                is_list = len(hands) > 1
        hands = [_with_ruleset(h, ruleset) for h in hands]
        results = _score_all(hands)
    except InputError as err:
        for line in err.lines:
            print(line, file=sys.stderr)
        return EXIT_INPUT
    if as_json:
        out = [score_to_json(r, all_arrangements=all_arrangements) for r in results]
        sys.stdout.write(json.dumps(out if is_list else out[0], ensure_ascii=False))
        sys.stdout.write("\n")
        return 0
    from tui.score_view import print_scores

    print_scores(results, all_arrangements=all_arrangements)
    return 0
