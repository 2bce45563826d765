"""The `score` subcommand's options, apart from the command itself.

The parser of every subcommand is built at each start of `mj-trainer`, the app's too.
`cli.score` imports the batch scorer, the JSON stream readers and msgspec, which only
`score` needs: its options live here, and `cli.main` imports `cli.score` only when the
command runs.
"""

from __future__ import annotations

import argparse
from typing import Any

from mj_trainer.engine.ruleset import DEFAULT


def _jobs(text: str) -> int:
    """--jobs: a whole number of processes, 1 to 256."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(f"must be 1 to 256, got {value}")
    return value


def add_score_parser(sub: Any) -> None:
    """`score`: a hand in notation, or hand objects as JSON, scored and explained."""
    score = sub.add_parser(
        "score",
        help="score a hand and explain the result",
        description=(
            "Score a hand given in the human notation, or hand objects (JSON) from "
            "standard input or a file. Example: mj-trainer score 'c123 c456 b234 b567 k5 +k5'"
        ),
    )
    score.add_argument("hand", nargs="?", help="a hand in the human notation (quote it)")
    score.add_argument("--json", action="store_true", help="read and write JSON (docs/contract.md)")
    score.add_argument("--input", metavar="FILE", help="read the hand(s) from FILE")
    score.add_argument(
        "--jsonl", action="store_true",
        help="JSON Lines: one hand object per input line, one result (or an error object "
             "for a bad line) per output line, written as it is scored",
    )
    score.add_argument(
        "--jobs", metavar="N", type=_jobs, default=None,
        help="score a long list on N processes (default: every core); the output does "
             "not change",
    )
    score.add_argument(
        "--ruleset", metavar="NAME", default=None,
        help=f"ruleset name or .toml path (default: the hand's own, else {DEFAULT})",
    )
    score.add_argument(
        "--all-arrangements", action="store_true",
        help="also show every other reading of the hand and its score",
    )
    score.add_argument(
        "--compare", action="store_true",
        help="score the hand under every built-in ruleset (and a --ruleset file) side by side",
    )
    score.add_argument(
        "--loser", metavar="HAND", action="append", default=None,
        help="classical settlement: a loser's 13 tiles and seat, e.g. "
             "'c123 b456 [dr dr dr] k19 we seat:south' (give all three)",
    )
