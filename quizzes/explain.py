"""Explanations of quiz mistakes, built from the engine's scoring trace.

Everything said here is read off an `engine.scoring.Score`: the chosen outcome's hits
(with `Hit.why` and `Hit.by` for patterns that did not count), the other
arrangements, the limit, the cap and the sum.  Nothing re-decides whether a pattern
is in a hand; the only extra knowledge is *which groups of the chosen arrangement to
point at* when saying where a pattern comes from, and that is looked up from the
pattern's detector name.

Each explanation is a small frozen object with a kind, the pattern it is about, the
rule to open in a reference screen (`R12` or a pattern id such as `8.1.3`), every id
the text mentions, the sets of the hand it points at, and the sentence itself.

Every ruleset is explained in its own terms: the rulings cited come from
`rule_refs` (R10/R12/R13 for the default ruleset and its early revision, R31 for
Zung Jung, R32 for the classical rules), and the numbers (the cap, a limit's value)
from the `Ruleset` and the score.  Under the doubling scheme a total is shown as its
computation, ``44 points x 2^3 = 352``, with the cap and limit hands spelled out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine import arrangements as arr
from engine import tiles
from engine.arrangements import Arrangement, Group, GroupKind, Shape
from engine.hand import Incidental
from engine.notation import format_tiles
from engine.ruleset import Pattern, Ruleset
from engine.scoring import Hit, Outcome, Score, Why, accepted_shapes


class ExplanationKind(Enum):
    """What went wrong, as a machine-readable tag."""

    MISSED = "missed"  # a pattern that counts was not claimed
    MISCOUNTED = "miscounted"  # a per-set/per-tile pattern claimed the wrong number of times
    NOT_PRESENT = "not_present"  # claimed, but the hand does not have it
    OUTRANKED = "outranked"  # present, but a higher pattern of its family counts (R10)
    SHAPE = "not_for_shape"  # does not apply to seven pairs / thirteen orphans (R5, R16)
    LIMIT = "replaced_by_limit"  # present, but a limit hand stands alone (R12)
    INCLUDED = "included"  # present, but a pattern that includes it counts instead
    WRONG_TOTAL = "wrong_total"  # the total given is not the hand's total
    WRONG_POINTS = "wrong_points"  # doubling scheme: the points before doubling are wrong
    WRONG_DOUBLES = "wrong_doubles"  # doubling scheme: the number of doublings is wrong
    ARRANGEMENT = "arrangement"  # the answer fits a reading of the hand that is not the best
    NOT_A_WIN = "not_a_win"  # called a win, but the tiles make no winning hand (R7)
    IS_A_WIN = "is_a_win"  # called not a win, but the tiles do make one
    COUNTS = "counts"  # a note, not a mistake: this pattern counts, and where it comes from


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


def _refs(*ids: str | None) -> tuple[str, ...]:
    """Distinct non-empty ids, in the order given."""
    out: list[str] = []
    for i in ids:
        if i and i not in out:
            out.append(i)
    return tuple(out)


# --------------------------------------------------------------------------- formatting


def group_text(group: Group) -> str:
    """A group in the notation: ``c123``, ``we we we``, ``[dr dr dr]``, ``{k8888}``."""
    if tiles.IS_NUMBER[group.tile]:
        body = format_tiles(group.tiles)
    else:
        body = " ".join(tiles.code(t) for t in group.tiles)
    if group.declared:
        return f"[{body}]" if not group.concealed else f"{{{body}}}"
    return body


def shape_text(shape: Shape) -> str:
    """A learner's name for a hand shape."""
    if shape is Shape.REGULAR:
        return "four sets and a pair"
    return shape.label


def arrangement_text(arrangement: Arrangement) -> str:
    """Every group of a reading, sets first and the eyes last."""
    return "  ".join(group_text(g) for g in arrangement.groups)


def pattern_label(pattern: Pattern) -> str:
    """``Wind Pung (8.1.1, 5 per set)``."""
    return f"{pattern.name} ({pattern.id}, {pattern.value_text()})"


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def points_breakdown(hits: Iterable[Hit]) -> str:
    """The counted patterns as an addition: ``120 (8.1.3) + 3 x 5 (8.1.1) + 5 (1.3)``."""
    parts = []
    for h in hits:
        value = f"{h.count} x {h.pattern.value}" if h.count > 1 else f"{h.pattern.value}"
        parts.append(f"{value} ({h.pattern.name} {h.pattern.id})")
    return " + ".join(parts)


# --------------------------------------------------------------------------- evidence

_WIND_SETS = frozenset({"wind_pung"})
_WIND_HANDS = frozenset(
    {"little_three_winds", "big_three_winds", "little_four_winds", "big_four_winds"}
)
_DRAGON_SETS = frozenset({"dragon_pung"})
_DRAGON_HANDS = frozenset({"little_three_dragons", "big_three_dragons"})
_IDENTICAL = frozenset(
    {"two_identical_chows", "two_identical_chows_twice", "three_identical_chows",
     "four_identical_chows"}
)
_RUN_CHOWS = frozenset(
    {"three_consecutive_chows", "three_consecutive_chows_twice", "four_consecutive_chows",
     "nine_tile_straight"}
)
_RUN_PUNGS = frozenset({"three_consecutive_pungs", "four_consecutive_pungs", "three_mothers"})
_PAIR_HANDS = frozenset(
    {"seven_pairs", "seven_shifted_pairs", "shifted_pairs_coins", "shifted_pairs_bamboo",
     "shifted_pairs_characters", "all_honor_pairs"}
)
_INCIDENTAL_BY_DETECTOR = {
    "final_draw": Incidental.FINAL_DRAW,
    "final_discard": Incidental.FINAL_DISCARD,
    "win_on_kong": Incidental.WIN_ON_KONG,
    "win_on_bonus": Incidental.WIN_ON_BONUS,
    "robbing_kong": Incidental.ROBBING_KONG,
    "blessing_of_heaven": Incidental.BLESSING_OF_HEAVEN,
    "blessing_of_earth": Incidental.BLESSING_OF_EARTH,
}


def _is_pung(g: Group) -> bool:
    return g.kind is GroupKind.PUNG or g.kind is GroupKind.KONG


def _chows(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.kind is GroupKind.CHOW]


def _pungs(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if _is_pung(g)]


def _suit_groups(groups: list[Group], at_least: int) -> list[Group]:
    """Number groups of the suits that hold at least `at_least` of them."""
    per_suit: dict[int, list[Group]] = {}
    for g in groups:
        if tiles.IS_NUMBER[g.tile]:
            per_suit.setdefault(g.tile // 9, []).append(g)
    return [g for gs in per_suit.values() if len(gs) >= at_least for g in gs]


def _focus(pattern: Pattern, a: Arrangement) -> list[Group] | None:
    """The groups of reading `a` that make `pattern`, or None for the whole hand."""
    det = pattern.detector
    rank = tiles.RANK
    if det in _WIND_SETS:
        return [g for g in _pungs(a) if tiles.IS_WIND[g.tile]]
    if det in _WIND_HANDS:
        return [g for g in a.groups if tiles.IS_WIND[g.tile]]
    if det in _DRAGON_SETS:
        return [g for g in _pungs(a) if tiles.IS_DRAGON[g.tile]]
    if det in _DRAGON_HANDS:
        return [g for g in a.groups if tiles.IS_DRAGON[g.tile]]
    if det.startswith("concealed_pungs_"):
        return [g for g in _pungs(a) if g.concealed]
    if det.startswith("kongs_"):
        return [g for g in a.groups if g.kind is GroupKind.KONG]
    if det == "all_chows":
        return _chows(a)
    if det in ("all_pungs", "value_honor"):
        pungs = _pungs(a)
        if det == "value_honor":
            return [g for g in pungs if tiles.IS_HONOR[g.tile]]
        return pungs
    if det in _IDENTICAL:
        starts = [g.tile for g in _chows(a)]
        return [g for g in _chows(a) if starts.count(g.tile) >= 2]
    if det == "three_similar_chows":
        chows = _chows(a)
        return [g for g in chows
                if len({h.tile // 9 for h in chows if rank[h.tile] == rank[g.tile]}) == 3]
    if det in ("three_similar_pungs", "little_three_similar_pungs"):
        numbered = [g for g in a.groups if tiles.IS_NUMBER[g.tile] and g.kind is not
                    GroupKind.CHOW]
        return [g for g in numbered
                if len({h.tile // 9 for h in numbered if rank[h.tile] == rank[g.tile]}) >= 2]
    if det in _RUN_CHOWS:
        return _suit_groups(_chows(a), 3)
    if det in _RUN_PUNGS:
        pungs = _suit_groups(_pungs(a), 3)
        if det == "three_mothers":
            suits = {g.tile // 9 for g in pungs}
            pungs += [g for g in _chows(a) if g.tile // 9 in suits]
        return pungs
    if det == "two_tailed_terminal_chows":
        return [g for g in _chows(a) if rank[g.tile] in (1, 7)]
    if det == "two_tailed_terminal_pungs":
        return [g for g in _pungs(a) if rank[g.tile] in (1, 9) and tiles.IS_NUMBER[g.tile]]
    if det == "two_tailed_terminals":
        return [g for g in a.groups if g.kind is not GroupKind.PAIR
                and tiles.IS_NUMBER[g.tile] and (
                    rank[g.tile] in (1, 7) if g.kind is GroupKind.CHOW else rank[g.tile] in (1, 9)
                )]
    if det in _PAIR_HANDS:
        return [g for g in a.groups if g.kind is GroupKind.PAIR]
    return None


def _types_text(result: Score) -> str:
    firsts: dict[tiles.Suit, int] = {}
    for t in sorted(result.hand.all_tiles()):
        firsts.setdefault(tiles.SUIT[t], t)
    return ", ".join(f"{tiles.SUIT_NAMES[s]} ({tiles.code(t)})" for s, t in firsts.items())


def evidence(result: Score, outcome: Outcome, pattern: Pattern) -> tuple[str, tuple[str, ...]]:
    """Where `pattern` is in the hand: a phrase and the sets it points at.

    The phrase completes "... counts here: <phrase>".
    """
    hand = result.hand
    det = pattern.detector
    win = tiles.code(hand.winning_tile)
    if det == "self_drawn":
        return f"the winning tile {win} was drawn from the wall", (win,)
    if det == "concealed_hand":
        kongs = tuple(group_text(g) for g in outcome.arrangement.groups
                      if g.declared) if outcome.arrangement else ()
        extra = f" (a concealed kong such as {kongs[0]} is allowed)" if kongs else ""
        how = "by self-draw" if hand.self_drawn else f"on the discarded {win}"
        return f"no set was exposed before winning {how}{extra}", kongs
    if det in _INCIDENTAL_BY_DETECTOR:
        what = _INCIDENTAL_BY_DETECTOR[det].value.replace("_", " ")
        return f"the hand was won with {what}", ()
    if det in ("bonus_tile", "all_flowers", "all_seasons", "all_bonus_tiles"):
        shown = tuple(tiles.code(t) for t in hand.bonus)
        return f"the bonus tiles {' '.join(shown)}", shown
    if det == "chicken_hand":
        return "nothing else scores (bonus tiles aside, R13)", ()
    if det == "illegal_call":
        return "the tiles make no winning hand (R7)", ()
    if det == "all_types":
        return f"one tile of every type: {_types_text(result)}", ()
    if det == "all_simples":
        return "every tile is a number from 2 to 8", ()
    suits = sorted({tiles.SUIT[t] for t in hand.all_tiles() if tiles.IS_NUMBER[t]})
    suit_names = " and ".join(tiles.SUIT_NAMES[s] for s in suits)
    if det == "mixed_one_suit":
        return f"every number tile is {suit_names}, and the rest are honors", ()
    if det == "pure_one_suit":
        return f"every tile is {suit_names}", ()
    if det == "pure_greater_terminals":
        return "every tile is a 1 or a 9", ()
    if det == "mixed_greater_terminals":
        return "every tile is a 1, a 9 or an honor, with some of each", ()
    if det == "all_honors":
        return "every tile is a wind or a dragon", ()
    a = outcome.arrangement
    if a is None:
        return "the whole hand", ()
    groups = _focus(pattern, a)
    if groups:
        sets = tuple(group_text(g) for g in groups)
        return ", ".join(sets), sets
    sets = tuple(group_text(g) for g in a.groups)
    return f"the whole hand, read as {shape_text(a.shape)}: {'  '.join(sets)}", sets


# --------------------------------------------------------------------------- mistakes


def _hit_in(outcome: Outcome, pattern_id: str) -> Hit | None:
    return next((h for h in outcome.hits if h.pattern.id == pattern_id), None)


def missed(result: Score, hit: Hit, claimed: int = 0) -> Explanation:
    """A counted pattern the learner left out or counted too few times."""
    p = hit.pattern
    where, sets = evidence(result, result.best, p)
    if hit.count > 1 or p.unit != "hand":
        worth = f" {_times(hit.count)}, {hit.count} x {p.value} = {_points(hit.points)}"
    else:
        worth = f", {_points(hit.points)}"
    if claimed:
        text = (f"{p.name} ({p.id}) counts{worth}, not {_times(claimed)}: {where}.")
        kind = ExplanationKind.MISCOUNTED
    else:
        text = f"You missed {p.name} ({p.id}): it counts{worth} — {where}."
        kind = ExplanationKind.MISSED
    if p.description:
        text += f" {p.description}"
    return Explanation(kind, text, p.id, p.id, _refs(p.id), sets)


def _shape_rule(shape: Shape | None) -> str:
    return "R16" if shape is Shape.THIRTEEN_ORPHANS else "R5"


def _other_with(result: Score, pattern_id: str) -> tuple[Outcome, Hit] | None:
    """The best-scoring other reading in which the pattern is present."""
    for o in result.others:
        h = _hit_in(o, pattern_id)
        if h is not None:
            return o, h
    return None


def wrong_claim(result: Score, pattern: Pattern, claimed: int = 1) -> Explanation:
    """A claimed pattern that does not count (or counts fewer times than claimed)."""
    best = result.best
    pid = pattern.id
    name = f"{pattern.name} ({pid})"
    hit = _hit_in(best, pid)
    if hit is not None and hit.counted:
        where, sets = evidence(result, best, pattern)
        text = (f"{name} counts {_times(hit.count)} here, not {_times(claimed)}: {where}. "
                f"That is {hit.count} x {pattern.value} = {_points(hit.points)}.")
        return Explanation(ExplanationKind.MISCOUNTED, text, pid, pid, _refs(pid), sets)
    if hit is not None:
        return _not_counted(result, hit)
    return _absent(result, pattern)


def _not_counted(result: Score, hit: Hit) -> Explanation:
    p, by = hit.pattern, hit.by
    name = f"{p.name} ({p.id})"
    where, sets = evidence(result, result.best, p)
    if hit.why is Why.OUTRANKED and by is not None:
        text = (f"{name} is in the hand ({where}) but does not count: only the highest "
                f"pattern of family {p.family} counts, and {pattern_label(by)} outranks it "
                f"(R10).")
        return Explanation(ExplanationKind.OUTRANKED, text, p.id, "R10",
                           _refs(p.id, by.id, "R10"), sets)
    if hit.why is Why.LIMIT and by is not None:
        text = (f"{name} is in the hand but does not count: {by.name} ({by.id}) is a limit "
                f"hand worth {by.value}, and a limit hand stands alone, replacing the sum "
                f"of every other pattern (R12).")
        return Explanation(ExplanationKind.LIMIT, text, p.id, "R12",
                           _refs(p.id, by.id, "R12"), sets)
    if hit.why is Why.REPLACED and by is not None:
        text = (f"{name} is in the hand but is already included in {pattern_label(by)}, "
                f"which counts in its place; {by.name} covers it, so it is not added again.")
        return Explanation(ExplanationKind.INCLUDED, text, p.id, by.id, _refs(p.id, by.id),
                           sets)
    if hit.why is Why.SHAPE:
        shape = hit.shape or (result.arrangement.shape if result.arrangement else None)
        label = shape.label if shape else "this"
        rule = _shape_rule(shape)
        text = f"{name} never counts for a {label} hand ({rule})."
        return Explanation(ExplanationKind.SHAPE, text, p.id, rule, _refs(p.id, rule), sets)
    return Explanation(ExplanationKind.NOT_PRESENT, f"{name} does not count here.", p.id, p.id,
                       _refs(p.id))


def _absent(result: Score, pattern: Pattern) -> Explanation:
    pid = pattern.id
    name = f"{pattern.name} ({pid})"
    best = result.best
    if not result.winning:
        text = (f"The hand is not a win, so {name} cannot score: an Illegal Call scores "
                f"its penalty and nothing else (R7).")
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, "R7", _refs(pid, "R7"))
    if pattern.detector == "illegal_call":
        a = best.arrangement
        read = f" ({arrangement_text(a)})" if a else ""
        text = f"The hand is a win{read}, so there is no Illegal Call penalty (R7)."
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, "R7", _refs(pid, "R7"))
    if pattern.detector == "chicken_hand":
        others = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in best.counted)
        text = (f"{name} counts only when nothing but bonus tiles scores (R13); this hand "
                f"scores {others}.")
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, "R13", _refs(pid, "R13"))
    shape = best.arrangement.shape if best.arrangement else None
    other = _other_with(result, pid)
    if other is not None:
        o, _ = other
        assert o.arrangement is not None and best.arrangement is not None
        text = (f"{name} appears only if the hand is read as "
                f"{arrangement_text(o.arrangement)}, which scores {o.total}; the best "
                f"reading, {arrangement_text(best.arrangement)}, scores {best.total} and "
                f"does not have it (R1).")
        sets = tuple(group_text(g) for g in o.arrangement.groups)
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, pid, _refs(pid, "R1"), sets)
    if shape is Shape.SEVEN_PAIRS and not pattern.applies_to(shape):
        text = (f"{name} needs chows, pungs or kongs, and a seven pairs hand has none, so "
                f"it does not apply (R5).")
        return Explanation(ExplanationKind.SHAPE, text, pid, "R5", _refs(pid, "R5"))
    if shape is Shape.THIRTEEN_ORPHANS and not pattern.applies_to(shape):
        text = (f"{name} needs sets, and thirteen orphans is made of single tiles and one "
                f"pair, so it does not apply (R16).")
        return Explanation(ExplanationKind.SHAPE, text, pid, "R16", _refs(pid, "R16"))
    text = f"{name} is not in this hand."
    if pattern.description:
        text += f" It needs this: {pattern.description}"
    return Explanation(ExplanationKind.NOT_PRESENT, text, pid, pid, _refs(pid))


# --------------------------------------------------------------------------- totals


def total_explanation(result: Score, given: int | None) -> Explanation:
    """How the hand's total comes about, for a learner who gave `given`."""
    best = result.best
    rules = result.ruleset
    total = result.total
    said = "You gave no total" if given is None else f"You said {given}"
    if not result.winning:
        illegal = best.hits[0].pattern if best.hits else None
        pid = illegal.id if illegal else None
        text = (f"{said}; the hand is not a win, so the score is the Illegal Call penalty, "
                f"{total} (R7).")
        return Explanation(ExplanationKind.WRONG_TOTAL, text, pid, "R7", _refs("R7", pid))
    if best.limit is not None:
        lim = best.limit
        skipped = [h for h in best.not_counted if h.why is Why.LIMIT]
        rest = sum(h.points for h in skipped)
        instead = (f": the other patterns, {points_breakdown(skipped)} = {rest}, are not "
                   f"added" if skipped else "")
        text = (f"{said}; the total is {total}: {lim.name} ({lim.id}) is a limit hand worth "
                f"{lim.value}, and it replaces the sum{instead} (R12).")
        return Explanation(ExplanationKind.WRONG_TOTAL, text, lim.id, "R12",
                           _refs("R12", lim.id))
    breakdown = points_breakdown(best.counted)
    if best.capped:
        text = (f"{said}; the patterns add up to {breakdown} = {best.sum}, which is over the "
                f"cap, so the total is {rules.cap} (R12).")
        if given == best.sum:
            text += f" You added correctly but forgot the cap of {rules.cap}."
        return Explanation(ExplanationKind.WRONG_TOTAL, text, None, "R12", ("R12",))
    counted = best.counted
    if len(counted) == 1 and counted[0].count == 1:
        only = counted[0].pattern
        text = f"{said}; the total is {total}, from {only.name} ({only.id}) alone."
    else:
        text = f"{said}; the total is {total}: {breakdown} = {total}."
    hints = _total_hints(best, given)
    if hints:
        text += " " + hints
    return Explanation(ExplanationKind.WRONG_TOTAL, text, None, "R10", ("R10",))


def _total_hints(best: Outcome, given: int | None) -> str:
    """A guess at the slip behind a wrong total, when one explains it exactly."""
    if given is None or given <= 0:
        return ""
    skipped = best.not_counted
    if skipped and given == best.sum + sum(h.points for h in skipped):
        names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in skipped)
        return f"It looks as if you also added {names}, which do not count."
    for h in best.counted:
        if len(best.counted) > 1 and given == best.sum - h.points:
            return f"It looks as if you left out {h.pattern.name} ({h.pattern.id}, {h.points})."
        if h.count > 1 and given == best.sum - h.points + h.pattern.value:
            return (f"It looks as if you counted {h.pattern.name} once; it counts "
                    f"{_times(h.count)}.")
    return ""


# --------------------------------------------------------------------------- arrangements


def _multiset_overlap(a: Mapping[str, int], b: Mapping[str, int]) -> float:
    keys = set(a) | set(b)
    union = sum(max(a.get(k, 0), b.get(k, 0)) for k in keys)
    if union == 0:
        return 1.0
    return sum(min(a.get(k, 0), b.get(k, 0)) for k in keys) / union


def counts_of(outcome: Outcome) -> dict[str, int]:
    """pattern id -> count for the patterns that count in an outcome."""
    return {h.pattern.id: h.count for h in outcome.counted}


def other_arrangement(
    result: Score, claimed: Mapping[str, int] | None, given_total: int | None
) -> Explanation | None:
    """The reading the learner seems to have scored, when it is not the chosen one.

    It applies when the claimed patterns fit another reading better than the chosen
    one, and either fit it exactly or come with that reading's total; or, with no
    patterns claimed, when the total given is another reading's total (and not the
    hand's own).
    """
    best = result.best
    if not result.others or best.arrangement is None:
        return None
    match: Outcome | None = None
    if claimed:
        own = _multiset_overlap(claimed, counts_of(best))
        scored = [(_multiset_overlap(claimed, counts_of(o)), i) for i, o in
                  enumerate(result.others)]
        fit, index = max(scored, key=lambda s: (s[0], -s[1]))
        candidate = result.others[index]
        if fit > own and (fit == 1.0 or given_total == candidate.total):
            match = candidate
    elif given_total is not None and given_total != best.total:
        match = next((o for o in result.others if o.total == given_total), None)
    if match is None or match.arrangement is None:
        return None
    theirs = f"{arrangement_text(match.arrangement)} ({shape_text(match.arrangement.shape)})"
    ours = f"{arrangement_text(best.arrangement)} ({shape_text(best.arrangement.shape)})"
    their_sum = points_breakdown(match.counted) or "nothing"
    our_sum = points_breakdown(best.counted)
    if match.total < best.total:
        text = (f"Your answer fits another reading of the hand: {theirs}, which gives "
                f"{their_sum} = {match.total}. The hand scores more read as {ours}: "
                f"{our_sum} = {best.total}, and the best reading is the one that counts (R1).")
    else:
        text = (f"Your answer fits another reading of the hand: {theirs}, which also scores "
                f"{match.total}. When readings tie, the one with fewer patterns (then more "
                f"chows) is chosen: {ours}, with {our_sum} (R1).")
    sets = tuple(group_text(g) for g in best.arrangement.groups)
    return Explanation(ExplanationKind.ARRANGEMENT, text, None, "R1", ("R1",), sets)


# --------------------------------------------------------------------------- is it a win


def win_explanation(result: Score, said_win: bool) -> Explanation:
    """Why the hand is, or is not, a win (for a yes/no answer that got it wrong or right)."""
    best = result.best
    if result.winning:
        a = best.arrangement
        assert a is not None
        sets = tuple(group_text(g) for g in a.groups)
        lead = "It is a win" if not said_win else "Right, it is a win"
        text = f"{lead}: the tiles read as {shape_text(a.shape)}: {'  '.join(sets)} (R1)."
        kind = ExplanationKind.IS_A_WIN
        return Explanation(kind, text, None, "R1", ("R1",), sets)
    penalty = best.hits[0].pattern if best.hits else None
    pid = penalty.id if penalty else None
    cost = f" ({penalty.name} {penalty.id}, {penalty.value})" if penalty else ""
    lead = "It is not a win" if said_win else "Right, it is not a win"
    text = (f"{lead}: the tiles cannot be split into four sets and a pair, seven pairs or "
            f"thirteen orphans, so declaring it is an Illegal Call{cost} (R7).")
    return Explanation(ExplanationKind.NOT_A_WIN, text, pid, "R7", _refs(pid, "R7"))


def counts_note(result: Score, pattern: Pattern) -> Explanation:
    """Why one pattern does or does not count (for "does X count?" answers)."""
    hit = _hit_in(result.best, pattern.id)
    if hit is not None and hit.counted:
        p = hit.pattern
        where, sets = evidence(result, result.best, p)
        times = f" {_times(hit.count)}" if p.unit != "hand" else ""
        text = f"{p.name} ({p.id}) counts{times} for {_points(hit.points)}: {where}."
        return Explanation(ExplanationKind.COUNTS, text, p.id, p.id, _refs(p.id), sets)
    return wrong_claim(result, pattern)
