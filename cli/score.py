"""`mj-trainer score`: read hands, score them, print JSON or readable tables.

Input mistakes never produce a traceback: every problem becomes one line on
stderr naming the hand and the field, and the exit code is 2 (docs/contract.md).

Beyond one ruleset's score, the command can:

* `--compare`: score the hand under every built-in ruleset side by side;
* `--loser HAND` (three times, or `"losers"` in a JSON hand object): settle a
  classical hand between all four players (R32).  Without the losers' hands a
  classical result shows the winner's payments alone.

Rich is imported only inside the functions that draw tables, so `--json` never loads it.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import chain
from typing import Final, TextIO

from mj_trainer.cli.json_stream import (
    JSONReader,
    Lines,
    Prefixed,
    StreamError,
    TextSource,
    peek_first,
)
from mj_trainer.cli.score_batch import (
    BLOCK_CHARS,
    Options,
    Problems,
    Progress,
    Spool,
    default_jobs,
    line_batches,
    list_batches,
    quiet_collector,
    stderr_line,
    write_lines,
    write_list,
)
from mj_trainer.engine.compare import compare_rulesets, compare_scores
from mj_trainer.engine.hand import Hand, HandError, Problem
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json, losers_from_json, score_to_json
from mj_trainer.engine.notation import NotationError, in_notation_words, parse
from mj_trainer.engine.ruleset import RulesetError
from mj_trainer.engine.scoring import Score, score
from mj_trainer.engine.settlement import (
    LoserHand,
    Table,
    parse_loser,
    settle_table,
    table_problems,
)

EXIT_INPUT = 2
MAX_NOTATION_LINE: Final = 10_000  # a hand in notation is under a hundred characters


def run_score_command(args: argparse.Namespace) -> int:
    """`score` with its parsed options."""
    return run_score(
        hand_text=args.hand,
        as_json=args.json,
        input_path=args.input,
        ruleset=args.ruleset,
        all_arrangements=args.all_arrangements,
        compare=args.compare,
        losers=args.loser,
        jsonl=args.jsonl,
        jobs=args.jobs,
    )


class InputError(Exception):
    """Lines for stderr describing why the input is not acceptable."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("\n".join(lines))


@contextmanager
def _opened(input_path: str | None) -> Iterator[TextIO]:
    """The input as a text stream (a file, or standard input), read lazily.

    Reading errors that happen later (text that is not UTF-8) are turned into input
    errors by `_reading`.
    """
    if input_path is None:
        if sys.stdin is None or sys.stdin.isatty():
            raise InputError(["input: give a hand, --input FILE, or pipe hands to stdin"])
        yield sys.stdin
        return
    try:
        source = open(input_path, encoding="utf-8")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        raise InputError([f"input: no such file: {input_path}"]) from None
    except IsADirectoryError:
        raise InputError([f"input: {input_path} is a directory"]) from None
    except OSError as err:
        raise InputError([f"input: cannot read {input_path}: {err.strerror}"]) from None
    with source:
        yield source


@contextmanager
def _reading(input_path: str | None) -> Iterator[None]:
    """Stream and decoding errors met while reading, as input errors."""
    what = "standard input" if input_path is None else input_path
    try:
        yield
    except StreamError as err:
        raise InputError([str(err)]) from None
    except UnicodeDecodeError:
        raise InputError([f"input: {what} is not UTF-8 text"]) from None
    except OSError as err:
        if isinstance(err, BrokenPipeError):
            raise
        raise InputError([f"input: cannot read {what}: {err.strerror}"]) from None


_HAND_INDEX: Final = re.compile(r"^hand (\d+):")


def _counted_from_one(line: str) -> str:
    """A message for people: the first hand is hand 1 (the JSON contract counts from 0)."""
    return _HAND_INDEX.sub(lambda m: f"hand {int(m.group(1)) + 1}:", line)


def _with_ruleset(hand: Hand, ruleset: str | None) -> Hand:
    return hand if ruleset is None else replace(hand, ruleset=ruleset)


def _ruleset_lines(prefix: str, err: RulesetError) -> list[str]:
    return [f"{prefix}{line}" for line in err.problems]


def _score_all(hands: list[Hand]) -> list[Score]:
    """Score every hand or report every bad ruleset; nothing partial."""
    errors: list[str] = []
    results: list[Score] = []
    options = Options()  # each ruleset is read once per call, a broken one too
    for i, hand in enumerate(hands):
        try:
            rules = options.rules(hand.ruleset)
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
    with _reading(None):
        got = _parse_json(JSONReader(io.StringIO(text)))
    return got.hands, got.is_list


def _parse_json(reader: JSONReader) -> _Input:
    hands: list[Hand] = []
    losers: list[list[LoserHand] | None] = []
    errors: list[str] = []
    for i, obj in enumerate(reader.items()):
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
    return _Input(hands, losers, reader.is_list)


def _problem_lines(index: int, problems: list[Problem]) -> list[str]:
    return [f"hand {index}: {p}" if p.field else f"hand {index}: {p.message}" for p in problems]


def notation_error_lines(text: str, err: HandError, label: str) -> list[str]:
    if isinstance(err, NotationError):
        lines = []
        for p in err.problems:
            col = int(p.field.split()[1])
            lines.append(f"{label}{p}")
            lines.append(f"  {text}")
            lines.append("  " + " " * (col - 1) + "^")
        return lines
    return [f"{label}{in_notation_words(p)}" for p in err.problems]


def parse_notation_lines(text: str) -> list[Hand]:
    """One hand per non-blank line (lines starting with # are comments)."""
    with _reading(None):
        return _notation_lines(io.StringIO(text))


def _notation_lines(source: TextSource) -> list[Hand]:
    hands: list[Hand] = []
    errors: list[str] = []
    for lineno, stripped in chain.from_iterable(Lines(source, MAX_NOTATION_LINE)):
        if stripped is None:
            errors.append(f"line {lineno}: longer than {MAX_NOTATION_LINE:,} characters: "
                          "not a hand")
            continue
        if stripped.startswith("#"):
            continue
        try:
            hands.append(parse(stripped))
        except HandError as err:
            errors.extend(notation_error_lines(stripped, err, f"line {lineno}: "))
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
                raise InputError(_problem_lines(
                    0, [in_notation_words(p) for p in err.problems])) from None
            raise InputError(notation_error_lines(hand_text, err, "")) from None
    with _opened(input_path) as source, _reading(input_path):
        first, head = peek_first(source)
        stream = Prefixed(head, source)
        if as_json or first in ("{", "["):
            return _parse_json(JSONReader(stream))
        hands = _notation_lines(stream)
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
                errors.extend(notation_error_lines(text.strip(), err, f"--loser {i + 1}: "))
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
    jsonl: bool = False,
    jobs: int | None = None,
) -> int:
    """Run the command; returns the exit code."""
    try:
        if hand_text is None and (as_json or jsonl) and not compare and not losers:
            return _run_stream(input_path, Options(ruleset, all_arrangements), jsonl,
                               default_jobs() if jobs is None else jobs)
        if jsonl:
            raise InputError(["--jsonl: reads hand objects from --input FILE or standard "
                              "input; leave out the hand, --compare and --loser"])
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
        for line in err.lines if as_json else map(_counted_from_one, err.lines):
            print(line, file=sys.stderr)
        return EXIT_INPUT
    if as_json:
        out = [score_to_json(r, all_arrangements=all_arrangements, table=t)
               for r, t in zip(results, tables, strict=True)]
        sys.stdout.write(json.dumps(out if got.is_list else out[0], ensure_ascii=False))
        sys.stdout.write("\n")
        return 0
    from mj_trainer.cli.score_view import print_scores

    print_scores(results, tables, settlement_asked=[given is not None for given in got.losers],
                 all_arrangements=all_arrangements)
    return 0


# --- many hands, streamed --------------------------------------------------------------

def _run_stream(input_path: str | None, options: Options, jsonl: bool, jobs: int) -> int:
    """`score --json` (or `--jsonl`) on hands from a file or standard input."""
    with quiet_collector():
        return _stream(input_path, options, jsonl, jobs)


def _stream(input_path: str | None, options: Options, jsonl: bool, jobs: int) -> int:
    if jsonl:
        with _opened(input_path) as source, _reading(input_path):
            bad = write_lines(line_batches(Lines(source), options, jobs), sys.stdout,
                              stderr_line)
        return EXIT_INPUT if bad else 0
    problems = Problems()
    progress = Progress()
    spool = Spool()
    try:
        with _opened(input_path) as source, _reading(input_path):
            reader = JSONReader(source, block_chars=BLOCK_CHARS)
            write_list(list_batches(reader, options, jobs, progress), spool, problems,
                       progress, is_list=reader.is_list)
    except InputError as err:
        spool.close()
        # A syntax error stands alone, as when the whole text was decoded at once.
        lines = err.lines if err.lines[0].startswith("input:") else [*problems.all_lines(),
                                                                      *err.lines]
        raise InputError(lines) from None
    if problems:
        spool.close()
        raise InputError(problems.all_lines())
    spool.copy_to(sys.stdout)
    spool.close()
    return 0


# --- compare ----------------------------------------------------------------------------

def _run_compare(got: _Input, ruleset: str | None, as_json: bool) -> int:
    try:
        rulesets = compare_rulesets(ruleset)
    except RulesetError as err:
        raise InputError(err.problems) from None
    per_hand = [compare_scores(h, rulesets) for h in got.hands]
    if as_json:
        out = [[score_to_json(r) for r in results] for results in per_hand]
        sys.stdout.write(json.dumps(out if got.is_list else out[0], ensure_ascii=False))
        sys.stdout.write("\n")
        return 0
    from mj_trainer.cli.console import console
    from mj_trainer.cli.score_view import compare_table

    out_console = console()
    for results in per_hand:
        out_console.print(compare_table(results))
    return 0


