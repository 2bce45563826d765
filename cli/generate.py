"""`mj-trainer generate`: random hands from the engine's generator, for people
and for scripts.

    mj-trainer generate --target 8.1.3 --count 5 --seed 7
    mj-trainer generate --difficulty easy --natural --json | mj-trainer score --json

Without --json each hand is one line of the human notation followed by its
total; with --json the output is exactly a JSON list of hand objects (docs/contract.md),
which `mj-trainer score --json` reads back.  Hands are written as they are made, so
any --count runs in flat memory.  Any problem with the request is one
line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mj_trainer.engine.generator import Generated

EXIT_INPUT = 2
TEXT_BLOCK = 1000  # hands written at once; memory stays flat for any --count
MAX_COUNT = 1_000_000_000  # about a day of generating: more is surely a slip


def add_generate_parser(sub: Any) -> None:
    """Register the `generate` subcommand on the CLI's subparsers."""
    from mj_trainer.engine.ruleset import DEFAULT

    gen = sub.add_parser(
        "generate",
        help="generate random hands, optionally aimed at a pattern or a difficulty",
        description=(
            "Generate legal hands, each verified by the scorer. Example: "
            "mj-trainer generate --target 8.1.3 --count 5 --seed 7"
        ),
    )
    gen.add_argument(
        "--target", metavar="ID",
        help="a pattern id (6.2), a family (8.1), a category (8) or a pattern name; "
        "every hand scores it",
    )
    gen.add_argument(
        "--avoid", metavar="ID", nargs="+", action="extend", default=[],
        help="patterns, families or categories that must not score (repeatable)",
    )
    gen.add_argument("--difficulty", metavar="D", help="easy, medium or hard")
    gen.add_argument(
        "--ruleset", metavar="R", default=DEFAULT,
        help=f"ruleset name or .toml path (default {DEFAULT})",
    )
    gen.add_argument("--count", metavar="N", default="1",
                     help=f"how many hands (default 1, at most {MAX_COUNT:,})")
    gen.add_argument("--seed", metavar="S", help="the same seed gives the same hands")
    gen.add_argument("--min-total", metavar="N", help="smallest total a hand may have")
    gen.add_argument("--max-total", metavar="N", help="largest total a hand may have")
    gen.add_argument(
        "--natural", action="store_true",
        help="hands that look like real play (default: pattern-rich hands for drills)",
    )
    gen.add_argument(
        "--not-winning", action="store_true",
        help="hands that are not a win (for 'is this a win?' questions)",
    )
    gen.add_argument("--json", action="store_true", help="print a JSON list of hand objects")


class _Bad(Exception):
    """A request problem, already worded for the user."""


def _whole(value: str | None, option: str, *, least: int | None = None,
           most: int | None = None, unit: str = "") -> int | None:
    if value is None:
        return None
    try:
        number = int(value.strip())
    except ValueError:
        raise _Bad(f"{option}: expected a whole number, got {value!r}") from None
    if least is not None and number < least:
        raise _Bad(f"{option}: must be at least {least}, got {number}")
    if most is not None and number > most:
        raise _Bad(f"{option}: at most {most}{unit}, got {number}")
    return number


def _seed(value: str | None) -> int | str | None:
    if value is None:
        return None
    text = value.strip()
    try:
        return int(text)
    except ValueError:
        return text  # any text works as a seed, and stays reproducible


def run_generate(args: argparse.Namespace) -> int:
    """Run the command from parsed arguments; returns the exit code."""
    from mj_trainer.engine.generator import GenerationError, iter_generated
    from mj_trainer.engine.ruleset import RulesetError

    try:
        count = _whole(args.count, "--count", least=1, most=MAX_COUNT, unit=" hands")
        min_total = _whole(args.min_total, "--min-total")
        max_total = _whole(args.max_total, "--max-total")
        stream = iter_generated(
            seed=_seed(args.seed),
            target=args.target,
            avoid=args.avoid,
            difficulty=args.difficulty,
            min_total=min_total,
            max_total=max_total,
            mode="natural" if args.natural else "rich",
            ruleset=args.ruleset,
            winning=False if args.not_winning else None,
        )
        # The first hand is made before anything is written, so a request that cannot
        # be met is refused with nothing on stdout.
        first = next(stream)
    except (_Bad, GenerationError, RulesetError) as err:
        print(f"generate: {err}", file=sys.stderr)
        return EXIT_INPUT
    hands = islice(chain([first], stream), count or 1)
    try:  # a closed pipe (`| head`) is handled once, in cli.main
        _write_json(hands) if args.json else _write_text(hands)
    except GenerationError as err:  # a later hand could not be made after all
        sys.stdout.write("\n")
        print(f"generate: {err}", file=sys.stderr)
        return EXIT_INPUT
    return 0


def _write_json(hands: Iterator[Generated]) -> None:
    """A JSON list of hand objects, written a hand at a time (as json.dumps writes it)."""
    from mj_trainer.engine.jsonio import hand_to_json

    out = sys.stdout
    out.write("[")
    for i, g in enumerate(hands):
        if i:
            out.write(", ")
        out.write(json.dumps(hand_to_json(g.hand), ensure_ascii=False))
    out.write("]\n")


def _write_text(hands: Iterator[Generated]) -> None:
    """One line per hand, its total aligned within each block of `TEXT_BLOCK` lines."""
    from mj_trainer.engine.notation import format_hand

    while block := [(format_hand(g.hand), g.total) for g in islice(hands, TEXT_BLOCK)]:
        width = max(len(text) for text, _ in block)
        sys.stdout.write("".join(f"{text:<{width}}  {total:>4}\n" for text, total in block))
