"""`mj-trainer reference [PATTERN]`: open the rules reference, at a rule if given."""

from __future__ import annotations

import argparse
from typing import Any

from mj_trainer.cli.options import add_app_options, fail


def add_reference_parser(sub: Any) -> None:
    ref = sub.add_parser(
        "reference", help="open the rules reference",
        description="Open the rules reference at a pattern id (8.1.3), a family (8.1), a "
                    "category (8), a ruling (R12) or a pattern name.",
    )
    ref.add_argument("target", nargs="?", metavar="PATTERN",
                     help="pattern id, family, category, ruling or name")
    add_app_options(ref, sub=True)


def _reference_target(text: str, ruleset_name: str) -> tuple[str | None, str | None]:
    """(the target to open, None) or (None, why it is not one)."""
    from mj_trainer.engine.ruleset import RulesetError, load

    try:
        rules = load(ruleset_name)
    except RulesetError as err:
        return None, str(err)
    key = text.strip()
    if not key:
        return None, "an empty target: give a pattern id such as 8.1.3"
    from mj_trainer.quizzes.rulings import ruling_key

    ruling = ruling_key(key)
    if ruling is not None:
        return ruling, None
    if key in rules.by_id() or key in rules.categories or any(
            p.family == key for p in rules.patterns):
        return key, None
    low = key.casefold()
    for p in rules.patterns:
        if low in (p.name.casefold(), p.chinese):
            return p.id, None
    return None, (f"no pattern, family, category or ruling {key!r} in {rules.id} "
                  f"(try an id such as 8.1.3, a family such as 8.1, or R12)")


def run_reference(args: argparse.Namespace) -> int:
    """Check the target against the ruleset of the settings, then open the app there."""
    from mj_trainer.cli.app import ReferenceStart, open_app
    from mj_trainer.quizzes.config import ConfigFile

    if args.target is None:
        return open_app(args, ReferenceStart(None))
    settings = ConfigFile.load(args.config).settings
    target, problem = _reference_target(args.target, settings.ruleset)
    if problem:
        return fail([problem])
    return open_app(args, ReferenceStart(target))
