"""One hand under every ruleset: what `score --compare` prints and the calculator shows.

Both the command line and the app compare rulesets side by side; this is the one
place that decides which rulesets take part and how a hand names each of them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import BUILTIN_DIR, Ruleset, RulesetError, builtin_names, load
from mj_trainer.engine.scoring import Score, score


def compare_rulesets(extra: str | None) -> list[Ruleset]:
    """Every built-in ruleset, plus a house-rules file given with --ruleset.

    Raises `RulesetError` naming every ruleset that cannot be read (each line
    starts with ``ruleset: ``).
    """
    names = builtin_names()
    if extra is not None and extra not in names:
        names.append(extra)
    out: list[Ruleset] = []
    errors: list[str] = []
    for name in names:
        try:
            out.append(load(name))
        except RulesetError as err:
            errors.extend(f"ruleset: {line}" for line in err.problems)
    if errors:
        raise RulesetError(errors)
    return out


def compare_scores(hand: Hand, rulesets: list[Ruleset]) -> list[Score]:
    """The hand scored under each ruleset.  Validation does not depend on the ruleset,
    so a hand that is valid under one is valid under all."""
    return [score(replace(hand, ruleset=ruleset_name(r)), r) for r in rulesets]


def ruleset_name(rules: Ruleset) -> str:
    """The name a hand uses for the ruleset: a built-in's id, else the file's path."""
    path = Path(rules.source)
    return path.stem if path.parent == BUILTIN_DIR else rules.source
