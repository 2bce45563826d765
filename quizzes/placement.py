"""Where the winning tile went, said in words when it decides a pattern (R2, R3).

A discarded winning tile that could finish either a chow (or the pair) or a pung
makes two readings with the very same sets: written in notation they look alike,
and only the tile's place tells them apart.  Placed in the pung, the pung counts as
exposed (R3); placed elsewhere, the pung stays concealed.  The explanations of the
patterns that this decides, and of an answer that fits the other placement, say it:
"the discarded b9 completes b789, so b999 stays concealed".
"""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.scoring import Outcome, Score

PLACEMENT_RULE = "R2"  # all rulesets: the winning tile is placed where it scores best


def _shape(a: Arrangement) -> list[tuple[int, int, bool]]:
    return sorted((int(g.kind), g.tile, g.declared) for g in a.groups)


def _winning_group(a: Arrangement) -> Group | None:
    return next((g for g in a.groups if g.winning), None)


def twins(result: Score, outcome: Outcome | None = None) -> list[Outcome]:
    """The other readings with the same sets as `outcome` (default: the chosen one)
    that differ only in where a discarded winning tile sits."""
    chosen = outcome if outcome is not None else result.best
    a = chosen.arrangement
    if a is None or result.hand.self_drawn:
        return []
    mine = _shape(a)
    return [o for o in (result.best, *result.others)
            if o is not chosen and o.arrangement is not None
            and _shape(o.arrangement) == mine
            and _winning_group(o.arrangement) != _winning_group(a)]


def placement_words(result: Score, outcome: Outcome) -> tuple[str, tuple[str, ...]] | None:
    """Where the discarded winning tile sits in `outcome`, and what that does to the
    pung of its kind: a phrase and the sets it names (None: there is no choice)."""
    a = outcome.arrangement
    if a is None or not twins(result, outcome):
        return None
    home = _winning_group(a)
    if home is None:
        return None
    w = tiles.code(result.hand.winning_tile)
    if home.is_pung:
        return (f"the discarded {w} completes {group_text(home)}, so that pung counts as "
                f"exposed", (group_text(home),))
    pung = next((g for g in a.groups if g.is_pung and not g.declared
                 and g.tile == result.hand.winning_tile), None)
    if pung is None:
        return None
    return (f"the discarded {w} completes {group_text(home)}, so {group_text(pung)} stays "
            f"concealed", (group_text(home), group_text(pung)))


def decides(result: Score, pattern_id: str) -> bool:
    """Does where the winning tile sits decide whether `pattern_id` counts?"""
    def counts(o: Outcome) -> bool:
        return any(h.pattern.id == pattern_id for h in o.counted)

    mine = counts(result.best)
    return any(counts(o) != mine for o in twins(result))


def placement_sentence(result: Score, pattern_id: str) -> str | None:
    """``Here the discarded b9 completes b789, so b999 stays concealed (R2).``, when the
    placement decides `pattern_id`; else None."""
    if not decides(result, pattern_id):
        return None
    found = placement_words(result, result.best)
    if found is None:
        return None
    phrase = found[0]
    return f"Here {phrase} ({PLACEMENT_RULE})."
