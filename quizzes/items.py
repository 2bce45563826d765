"""The keys progress and review are kept under, one per pattern or family of a ruleset
(``pattern:8.1.1``, ``family:6.4@classical``), and the parts records read from them.

Apart from grading so that the progress store, review scheduling and mastery (all
that home reads) use the keys without loading the grader and what explains a mistake.
"""

from __future__ import annotations

from mj_trainer.engine.ruleset import DEFAULT


def _qualified(kind: str, ref: str, ruleset: str | None) -> str:
    if ruleset is None or ruleset == DEFAULT:
        return f"{kind}:{ref}"
    return f"{kind}:{ref}@{ruleset}"


def pattern_item(pattern_id: str, ruleset: str | None = None) -> str:
    """The progress/review key of a pattern of a ruleset (by id).

    The same id names different patterns in different rulesets (1.1 is Chicken Hand
    in the default ruleset and Exposed Pung of Simples in the classical one), so the
    key names the ruleset: ``pattern:8.1.1`` for the default ruleset (the form every
    progress file has always used) and ``pattern:1.1@classical`` for any other.
    """
    return _qualified("pattern", pattern_id, ruleset)


def family_item(family_id: str, ruleset: str | None = None) -> str:
    """The progress/review key of a family (distinct from a pattern with the same id);
    ``family:8.1`` or ``family:6.4@classical``, as for `pattern_item`."""
    return _qualified("family", family_id, ruleset)


def split_item(item: str) -> tuple[str, str]:
    """``("pattern", "8.1.1")`` from ``"pattern:8.1.1"`` (or ``"pattern:8.1.1@zung-jung"``:
    the ruleset is left out; see `item_ruleset`)."""
    kind, _, rest = item.partition(":")
    ref, _, _rules = rest.partition("@")
    return kind, ref


def item_ruleset(item: str) -> str:
    """The id of the ruleset a progress/review key belongs to (the default when unnamed)."""
    _, _, rest = item.partition(":")
    _, at, rules = rest.partition("@")
    return rules if at else DEFAULT


class ItemKey:
    """The parts of a progress/review key, for records that carry one as `item`."""

    __slots__ = ()
    item: str

    @property
    def kind(self) -> str:
        return split_item(self.item)[0]

    @property
    def ref(self) -> str:
        return split_item(self.item)[1]

    @property
    def ruleset(self) -> str:
        """The id of the ruleset the pattern or family belongs to."""
        return item_ruleset(self.item)


class Tally:
    """Accuracy and misses, for records that count `attempts` and `correct` answers."""

    __slots__ = ()
    attempts: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0

    @property
    def misses(self) -> int:
        return self.attempts - self.correct
