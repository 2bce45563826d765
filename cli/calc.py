"""`mj-trainer calc [HAND]`: open the calculator, prefilled with a hand."""

from __future__ import annotations

import argparse
from typing import Any

from mj_trainer.cli.options import add_app_options, fail


def add_calc_parser(sub: Any) -> None:
    calc = sub.add_parser(
        "calc", help="open the calculator: score any hand, live",
        description="Open the calculator, prefilled with a hand in the notation of "
                    "`mj-trainer score` or a line copied with the share key. The hand may be "
                    "unfinished. Example: mj-trainer calc 'c123 c456 b234 b567 k5 +k5 self'",
    )
    calc.add_argument("hand", nargs="?", metavar="HAND", help="a hand (quote it)")
    add_app_options(calc, sub=True)


def _calc_text(hand: str | None) -> tuple[str, list[str]]:
    """The calculator's starting text, or the lines saying why it is not notation.
    An unfinished hand is fine: the calculator says what is missing."""
    if hand is None:
        return "", []
    from mj_trainer.cli.score import notation_error_lines
    from mj_trainer.engine.notation import NotationError, read
    from mj_trainer.engine.share import unquote

    text = unquote(hand)
    try:
        read(text)
    except NotationError as err:
        return "", notation_error_lines(text, err, "calc: ")
    return text, []


def run_calc(args: argparse.Namespace) -> int:
    """Check the notation (an unfinished hand is fine), then open the calculator."""
    from mj_trainer.cli.app import CalculatorStart, open_app

    text, lines = _calc_text(args.hand)
    if lines:
        return fail(lines)
    return open_app(args, CalculatorStart(text))
