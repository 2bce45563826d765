"""Which rulesets the trainer offers, and which ruleset a house-rules file builds on.

The settings keep the chosen ruleset as a built-in name or as the path of a
house-rules TOML file.  A house file `extends` another ruleset (a built-in name or
another file), so the curated hands and the example hands of that ruleset also serve
the house file: `lineage` is the `extends` chain the loader recorded.

Plain Python (no Textual); the engine's loader validates the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mj_trainer.engine.ruleset import BUILTIN_DIR, Ruleset, RulesetError, builtin_names, load


def is_builtin(name: str) -> bool:
    """A built-in ruleset name (not a path)."""
    return name in builtin_names()


def lineage(rules: Ruleset) -> tuple[str, ...]:
    """The ruleset's id and the ids of every ruleset it extends, nearest first.

    ``("our-club", "mj-score-eval")`` for the example house file; the engine's loader
    records the chain as it follows `extends`.
    """
    return rules.lineage


def builds_on(rules: Ruleset, other: str) -> bool:
    """Whether `rules` is the ruleset `other` (an id) or extends it."""
    return rules.builds_on(other)


@dataclass(frozen=True, slots=True)
class RulesetCheck:
    """A ruleset name or house-rules path, checked: the ruleset or every problem."""

    text: str
    rules: Ruleset | None
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.rules is not None


def check_ruleset(text: str) -> RulesetCheck:
    """Load a built-in name or a house-rules TOML path, reporting every problem."""
    cleaned = text.strip()
    if not cleaned:
        return RulesetCheck(text, None, ("Type the path of a house-rules .toml file.",))
    candidate = cleaned if is_builtin(cleaned) else str(Path(cleaned).expanduser())
    if not is_builtin(cleaned):
        path = Path(candidate)
        if not path.exists():
            return RulesetCheck(candidate, None, (f"{candidate}: no such file",))
        if path.is_dir():
            return RulesetCheck(candidate, None, (f"{candidate} is a folder, not a .toml file",))
    try:
        return RulesetCheck(candidate, load(candidate))
    except RulesetError as err:
        return RulesetCheck(candidate, None, tuple(err.problems) or (str(err),))
    except OSError as err:
        return RulesetCheck(candidate, None, (f"{candidate}: {err.strerror or err}",))


def ruleset_label(rules: Ruleset) -> str:
    """'zung-jung' for a built-in ruleset; "Our club's rules (our-club)" for a house one."""
    if Path(rules.source).parent == BUILTIN_DIR:
        return rules.id
    return f"{rules.name} ({rules.id})" if rules.name != rules.id else rules.id
