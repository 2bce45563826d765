"""One explained point of a graded answer: its kind, the pattern and the rule it is
about, the sets it points at, and the sentence (a small frozen, JSON-ready record)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class ExplanationKind(Enum):
    """What went wrong, as a machine-readable tag."""

    MISSED = "missed"  # a pattern that counts was not claimed
    MISCOUNTED = "miscounted"  # a per-set/per-tile pattern claimed the wrong number of times
    NOT_PRESENT = "not_present"  # claimed, but the hand does not have it
    OUTRANKED = "outranked"  # present, but a higher pattern of its family counts (R10)
    SHAPE = "not_for_shape"  # does not apply to seven pairs / thirteen orphans (R5, R16)
    LIMIT = "replaced_by_limit"  # present, but a limit hand stands alone (R12)
    INCLUDED = "included"  # present, but a pattern that includes it counts instead
    VOID = "void"  # present, but a condition of its rule voids it (a blessing after a kong)
    WRONG_TOTAL = "wrong_total"  # the total given is not the hand's total
    WRONG_POINTS = "wrong_points"  # doubling scheme: the points before doubling are wrong
    WRONG_DOUBLES = "wrong_doubles"  # doubling scheme: the number of doublings is wrong
    ARRANGEMENT = "arrangement"  # the answer fits a reading of the hand that is not the best
    NOT_A_WIN = "not_a_win"  # called a win, but the tiles make no winning hand (R7)
    IS_A_WIN = "is_a_win"  # called not a win, but the tiles do make one
    COUNTS = "counts"  # a note, not a mistake: this pattern counts, and where it comes from
    READING = "reading"  # split questions: the groups given are not a reading of the hand


@dataclass(frozen=True, slots=True)
class Explanation:
    """One explained point: what, about which pattern, under which rule, in words."""

    kind: ExplanationKind
    text: str
    pattern_id: str | None = None
    rule_id: str | None = None  # the rule to open: "R12" or a pattern id
    refs: tuple[str, ...] = ()  # every rule and pattern id the text mentions
    sets: tuple[str, ...] = ()  # the sets or tiles of the hand it points at, in notation

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "pattern_id": self.pattern_id,
            "rule_id": self.rule_id,
            "refs": list(self.refs),
            "sets": list(self.sets),
            "text": self.text,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Explanation:
        return cls(
            kind=ExplanationKind(data["kind"]),
            text=str(data["text"]),
            pattern_id=data.get("pattern_id"),
            rule_id=data.get("rule_id"),
            refs=tuple(data.get("refs", ())),
            sets=tuple(data.get("sets", ())),
        )


def distinct_refs(*ids: str | None) -> tuple[str, ...]:
    """Distinct non-empty ids, in the order given."""
    out: list[str] = []
    for i in ids:
        if i and i not in out:
            out.append(i)
    return tuple(out)


def cites(text: str, ref: str) -> bool:
    """Does `text` already name `ref` (a ruling or a pattern id) inside parentheses,
    as in ``... (R7).`` or ``Self Drawn (1.4, 5)``?  Then a tag would say it twice."""
    token = re.escape(ref)
    return re.search(rf"\((?:[^()]*[\s,;])?{token}(?:[\s,;][^()]*)?\)", text) is not None
