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

from mj_trainer.engine import arrangements as arr
from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind, Shape
from mj_trainer.engine.hand import Incidental
from mj_trainer.engine.notation import format_tiles
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why, accepted_shapes


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


# --------------------------------------------------------------------------- rulings


@dataclass(frozen=True, slots=True)
class RuleRefs:
    """The rulings that explain one ruleset's rules, and its word for a family.

    The default ruleset (and its early revision, R30) has a ruling per rule; Zung Jung
    (R31) and the classical rules (R32) each have one ruling that settles all of them,
    so their explanations cite that one instead of a default-ruleset number.
    """

    family: str  # only the best pattern of a family counts
    limit: str  # a limit hand stands alone
    cap: str  # the cap on an ordinary hand
    chicken: str  # the chicken hand
    seven_pairs: str  # what a seven pairs hand cannot score
    orphans: str  # what a thirteen orphans hand cannot score
    total: str  # how counted patterns make the total
    family_word: str  # "family", "series" or "group"


_DEFAULT_REFS = RuleRefs("R10", "R12", "R12", "R13", "R5", "R16", "R10", "family")
_ZUNG_JUNG_REFS = RuleRefs("R31", "R31", "R31", "R31", "R31", "R31", "R31", "series")
_CLASSICAL_REFS = RuleRefs("R32", "R32", "R32", "R32", "R32", "R32", "R32", "group")

BEST_READING = "R1"  # all rulesets: the best arrangement counts
NOT_A_WIN_RULE = "R7"  # all rulesets: a hand that is not a win is an illegal call


def rule_refs(rules: Ruleset) -> RuleRefs:
    """The rulings to cite for `rules`, read from what the ruleset is.

    The doubling scheme is the classical rules (R32); the Zung Jung payoff marks Zung
    Jung (R31); anything else is the default ruleset or a ruleset built on it.  A house
    ruleset that extends one of them keeps its parent's scheme and payoff, so it is
    explained with its parent's rulings.
    """
    if rules.doubling:
        return _CLASSICAL_REFS
    if rules.payoff == "zung-jung":
        return _ZUNG_JUNG_REFS
    return _DEFAULT_REFS


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
    if shape is Shape.SPECIAL:
        return "an irregular hand of single tiles"
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


def _doublings(n: int) -> str:
    return f"{n} doubling" if n == 1 else f"{n} doublings"


def _amount(hit: Hit) -> str:
    """What a counted hit adds: ``15 points`` or ``2 doublings``."""
    return _doublings(hit.doubles) if hit.pattern.doubles else _points(hit.points)


def points_breakdown(hits: Iterable[Hit]) -> str:
    """The counted patterns as an addition: ``120 (8.1.3) + 3 x 5 (8.1.1) + 5 (1.3)``.

    For doublings the numbers are doublings: ``1 (All Pungs 5.2) + 2 x 1 (...)``.
    """
    parts = []
    for h in hits:
        value = f"{h.count} x {h.pattern.value}" if h.count > 1 else f"{h.pattern.value}"
        parts.append(f"{value} ({h.pattern.name} {h.pattern.id})")
    return " + ".join(parts)


def _point_hits(hits: Iterable[Hit]) -> list[Hit]:
    return [h for h in hits if not h.pattern.doubles]


def _double_hits(hits: Iterable[Hit]) -> list[Hit]:
    return [h for h in hits if h.pattern.doubles]


def doubled(points: int, doubles: int) -> int:
    """`points` doubled `doubles` times (a learner's absurd count is held at 64)."""
    return points * (1 << min(max(doubles, 0), 64))


def formula(points: int, doubles: int) -> str:
    """The doubling scheme's computation: ``34 points x 2^2 = 136`` (before any cap)."""
    return f"{_points(points)} x 2^{doubles} = {doubled(points, doubles)}"


def computation_text(outcome: Outcome, rules: Ruleset) -> str:
    """How an outcome's total comes about, in numbers, ending with the total.

    Additive: ``120 (Big Three Winds 8.1.3) + 3 x 5 (Wind Pung 8.1.1) = 135``, with the
    cap when it applies.  Doubling: the points, the doublings, then
    ``44 points x 2^3 = 352``, with the cap when it applies.  A limit hand: its value.
    """
    if outcome.limit is not None:
        lim = outcome.limit
        return f"the limit hand {lim.name} ({lim.id}) = {outcome.total}"
    counted = outcome.counted
    if not rules.doubling:
        text = f"{points_breakdown(counted) or 'nothing'} = {outcome.sum}"
        if outcome.capped:
            text += f", capped at {rules.cap} = {outcome.total}"
        return text
    points = _point_hits(counted)
    doubles = _double_hits(counted)
    text = f"points {points_breakdown(points) or 'none'} = {outcome.points}; "
    if doubles:
        text += f"doublings {points_breakdown(doubles)} = {outcome.doubles}; "
    else:
        text += "no doublings; "
    text += formula(outcome.points, outcome.doubles)
    if outcome.capped:
        text += f", over the cap of {rules.cap} for an ordinary hand, so {rules.cap}"
    return text


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
     "shifted_pairs_characters", "all_honor_pairs", "twins", "twins_clean",
     "twins_very_clean", "twins_pure", "twins_honors"}
)
_EYES = frozenset({"pair_of_dragons", "pair_of_seat_wind", "pair_of_prevailing_wind"})
_BONUS = frozenset({"bonus_tile", "bonus_tile_loose", "all_flowers", "all_seasons",
                    "all_bonus_tiles"})
_INCIDENTAL_BY_DETECTOR = {
    "final_draw": Incidental.FINAL_DRAW,
    "final_discard": Incidental.FINAL_DISCARD,
    "win_on_kong": Incidental.WIN_ON_KONG,
    "win_on_bonus": Incidental.WIN_ON_BONUS,
    "robbing_kong": Incidental.ROBBING_KONG,
    "blessing_of_heaven": Incidental.BLESSING_OF_HEAVEN,
    "blessing_of_earth": Incidental.BLESSING_OF_EARTH,
    "kong_on_kong": Incidental.KONG_ON_KONG,
}
# The classical set-points detectors: {pung|kong}_{simples|majors}_{exposed|concealed}.
_SET_POINTS = frozenset(
    f"{kind}_{what}_{how}" for kind in ("pung", "kong") for what in ("simples", "majors")
    for how in ("exposed", "concealed")
)


def _chows(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.kind is GroupKind.CHOW]


def _pungs(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.is_pung]


def _suit_groups(groups: list[Group], at_least: int) -> list[Group]:
    """Number groups of the suits that hold at least `at_least` of them."""
    per_suit: dict[int, list[Group]] = {}
    for g in groups:
        if tiles.IS_NUMBER[g.tile]:
            per_suit.setdefault(g.tile // 9, []).append(g)
    return [g for gs in per_suit.values() if len(gs) >= at_least for g in gs]


def _set_points_groups(det: str, a: Arrangement) -> list[Group]:
    kind_word, what, how = det.split("_")
    kind = GroupKind.PUNG if kind_word == "pung" else GroupKind.KONG
    major = what == "majors"
    concealed = how == "concealed"
    return [g for g in a.groups
            if g.kind is kind and g.concealed is concealed and tiles.IS_ORPHAN[g.tile] is major]


def _focus(pattern: Pattern, a: Arrangement, result: Score) -> list[Group] | None:
    """The groups of reading `a` that make `pattern`, or None for the whole hand."""
    det = pattern.detector
    rank = tiles.RANK
    hand = result.hand
    if det in _SET_POINTS:
        return _set_points_groups(det, a)
    if det in _EYES:
        return [g for g in a.groups[-1:] if g.kind in (GroupKind.PAIR, GroupKind.PE_LING_PAIR)]
    if det in _WIND_SETS:
        return [g for g in _pungs(a) if tiles.IS_WIND[g.tile]]
    if det == "seat_wind_pung":
        return [g for g in _pungs(a) if g.tile == hand.seat_wind]
    if det == "prevailing_wind_pung":
        return [g for g in _pungs(a) if g.tile == hand.prevailing_wind]
    if det in _WIND_HANDS:
        return [g for g in a.groups if tiles.IS_WIND[g.tile]]
    if det in _DRAGON_SETS:
        return [g for g in _pungs(a) if tiles.IS_DRAGON[g.tile]]
    if det in _DRAGON_HANDS:
        return [g for g in a.groups if tiles.IS_DRAGON[g.tile]]
    if det.startswith("concealed_pungs_"):
        return [g for g in _pungs(a) if g.concealed]
    if det in ("concealed_kongs_3", "four_hidden_kongs"):
        return [g for g in a.groups if g.kind is GroupKind.KONG and g.concealed]
    if det.startswith("kongs_"):
        return [g for g in a.groups if g.kind is GroupKind.KONG]
    if det == "all_chows":
        return _chows(a)
    if det == "all_pungs":
        return _pungs(a)
    if det == "value_honor":
        # Zung Jung: the dragons and the seat wind; the prevailing wind earns nothing.
        return [g for g in _pungs(a) if tiles.IS_DRAGON[g.tile] or g.tile == hand.seat_wind]
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


def _chicken_condition(rules: Ruleset) -> str:
    """When the chicken hand counts, in words (R13 default; R31 Zung Jung)."""
    ignored = sorted(rules.chicken_ignores, key=lambda c: int(c) if c.isdigit() else 0)
    if not ignored:
        return "no other pattern scores at all, not even a bonus tile"
    names = " or ".join(rules.categories.get(c, c).lower() for c in ignored)
    return f"nothing but {names} scores"


def _bonus_shown(result: Score, det: str) -> tuple[str, ...]:
    """The bonus tiles a bonus pattern is about (Zung Jung splits proper and improper)."""
    hand = result.hand
    own = hand.seat_wind - tiles.EAST + 1
    chosen = hand.bonus
    if det == "bonus_tile_proper":
        chosen = tuple(t for t in hand.bonus if tiles.RANK[t] == own)
    elif det == "bonus_tile_improper":
        chosen = tuple(t for t in hand.bonus if tiles.RANK[t] != own)
    return tuple(tiles.code(t) for t in chosen)


def evidence(result: Score, outcome: Outcome, pattern: Pattern) -> tuple[str, tuple[str, ...]]:
    """Where `pattern` is in the hand: a phrase and the sets it points at.

    The phrase completes "... counts here: <phrase>".
    """
    hand = result.hand
    rules = result.ruleset
    det = pattern.detector
    win = tiles.code(hand.winning_tile)
    if det == "self_drawn":
        return f"the winning tile {win} was drawn from the wall", (win,)
    if det == "self_drawn_live_wall":
        return (f"the winning tile {win} was drawn from the live wall, not as a kong's "
                "replacement", (win,))
    if det == "mahjong":
        return "the hand went out, which every winning hand scores", ()
    if det == "only_possible_tile":
        return f"no tile but {win} could have completed the hand", (win,)
    if det == "hidden_treasure":
        return f"nothing was exposed and the winning tile {win} was self-drawn", (win,)
    if det == "plum_blossom":
        return f"the hand was won on a kong's replacement tile, and that tile was {win}", (win,)
    if det == "moon_from_the_sea":
        return f"the hand was won on the last tile of the wall, and that tile was {win}", (win,)
    if det == "concealed_hand":
        kongs = tuple(group_text(g) for g in outcome.arrangement.groups
                      if g.declared) if outcome.arrangement else ()
        extra = f" (a concealed kong such as {kongs[0]} is allowed)" if kongs else ""
        how = "by self-draw" if hand.self_drawn else f"on the discarded {win}"
        return f"no set was exposed before winning {how}{extra}", kongs
    if det in _INCIDENTAL_BY_DETECTOR:
        what = _INCIDENTAL_BY_DETECTOR[det].value.replace("_", " ")
        return f"the hand was won with {what}", ()
    if det in _BONUS or det in ("bonus_tile_proper", "bonus_tile_improper"):
        shown = _bonus_shown(result, det)
        return f"the bonus tiles {' '.join(shown)}", shown
    if det == "chicken_hand":
        return f"{_chicken_condition(rules)} ({rule_refs(rules).chicken})", ()
    if det == "illegal_call":
        return f"the tiles make no winning hand ({NOT_A_WIN_RULE})", ()
    if det == "all_types":
        return f"one tile of every type: {_types_text(result)}", ()
    if det == "all_simples":
        return "every tile is a number from 2 to 8", ()
    if det == "imperial_jade":
        return "every tile is green: b2, b3, b4, b6, b8 or the green dragon", ()
    if det == "heads_and_tails":
        return "every set and the pair are 1s and 9s", ()
    suits = sorted({tiles.SUIT[t] for t in hand.all_tiles() if tiles.IS_NUMBER[t]})
    suit_names = " and ".join(tiles.SUIT_NAMES[s] for s in suits)
    if det == "mixed_one_suit":
        return f"every number tile is {suit_names}, and the rest are honors", ()
    if det == "clean_hand":
        if len(suits) == 1:
            return f"every number tile is {suit_names}, and the rest are honors", ()
        return "every tile is a 1, a 9 or an honor", ()
    if det == "very_clean_hand":
        return f"only the 1s and 9s of {suit_names}, and honors", ()
    if det in ("pure_one_suit", "pure_hand"):
        if not suits:
            return "every tile is a wind or a dragon", ()
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
    if det == "completing_the_pair":
        pair = next((g for g in a.groups if g.winning), None)
        if pair is not None:
            return f"the winning tile {win} made the pair {group_text(pair)}", (group_text(pair),)
    if det == "pe_ling":
        pair = a.groups[-1]
        return (f"the winning {win} made the pair with the lone "
                f"{tiles.code(arr.PE_LING_PARTNER)}", (group_text(pair),))
    groups = _focus(pattern, a, result)
    if groups:
        sets = tuple(group_text(g) for g in groups)
        return ", ".join(sets), sets
    sets = tuple(group_text(g) for g in a.groups)
    return f"the whole hand, read as {shape_text(a.shape)}: {'  '.join(sets)}", sets


# --------------------------------------------------------------------------- mistakes


def _hit_in(outcome: Outcome, pattern_id: str) -> Hit | None:
    return next((h for h in outcome.hits if h.pattern.id == pattern_id), None)


def _worth(hit: Hit) -> str:
    """``" 3 times, 3 x 5 = 15 points"`` or ``", 2 doublings"``, after "counts"."""
    p = hit.pattern
    if hit.count > 1 or p.unit != "hand":
        return f" {_times(hit.count)}, {hit.count} x {p.value} = {_amount(hit)}"
    return f", {_amount(hit)}"


def missed(result: Score, hit: Hit, claimed: int = 0) -> Explanation:
    """A counted pattern the learner left out or counted too few times."""
    p = hit.pattern
    where, sets = evidence(result, result.best, p)
    worth = _worth(hit)
    if claimed:
        text = (f"{p.name} ({p.id}) counts{worth}, not {_times(claimed)}: {where}.")
        kind = ExplanationKind.MISCOUNTED
    else:
        text = f"You missed {p.name} ({p.id}): it counts{worth} — {where}."
        kind = ExplanationKind.MISSED
    if p.description:
        text += f" {p.description}"
    return Explanation(kind, text, p.id, p.id, _refs(p.id), sets)


def _shape_rule(rules: Ruleset, shape: Shape | None) -> str:
    refs = rule_refs(rules)
    if shape is Shape.THIRTEEN_ORPHANS:
        return refs.orphans
    if shape is Shape.SPECIAL:
        return _CLASSICAL_REFS.total
    return refs.seven_pairs


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
                f"That is {hit.count} x {pattern.value} = {_amount(hit)}.")
        return Explanation(ExplanationKind.MISCOUNTED, text, pid, pid, _refs(pid), sets)
    if hit is not None:
        return _not_counted(result, hit)
    return _absent(result, pattern)


def _limit_replaces(rules: Ruleset) -> str:
    if rules.doubling:
        return "replacing the whole computation: no points and no doublings are added"
    return "replacing the sum of every other pattern"


def _not_counted(result: Score, hit: Hit) -> Explanation:
    rules = result.ruleset
    refs = rule_refs(rules)
    p, by = hit.pattern, hit.by
    name = f"{p.name} ({p.id})"
    where, sets = evidence(result, result.best, p)
    if hit.why is Why.OUTRANKED and by is not None:
        combine = " (the patterns of a group do not combine)" if rules.doubling else ""
        text = (f"{name} is in the hand ({where}) but does not count: only the highest "
                f"pattern of {refs.family_word} {p.family} counts{combine}, and "
                f"{pattern_label(by)} outranks it ({refs.family}).")
        return Explanation(ExplanationKind.OUTRANKED, text, p.id, refs.family,
                           _refs(p.id, by.id, refs.family), sets)
    if hit.why is Why.LIMIT and by is not None:
        text = (f"{name} is in the hand but does not count: {by.name} ({by.id}) is a limit "
                f"hand worth {by.value}, and a limit hand stands alone, "
                f"{_limit_replaces(rules)} ({refs.limit}).")
        return Explanation(ExplanationKind.LIMIT, text, p.id, refs.limit,
                           _refs(p.id, by.id, refs.limit), sets)
    if hit.why is Why.REPLACED and by is not None:
        text = (f"{name} is in the hand but is already included in {pattern_label(by)}, "
                f"which counts in its place; {by.name} covers it, so it is not added again.")
        return Explanation(ExplanationKind.INCLUDED, text, p.id, by.id, _refs(p.id, by.id),
                           sets)
    if hit.why is Why.SHAPE:
        shape = hit.shape or (result.arrangement.shape if result.arrangement else None)
        label = shape.label if shape else "this"
        rule = _shape_rule(rules, shape)
        text = f"{name} never counts for a {label} hand ({rule})."
        return Explanation(ExplanationKind.SHAPE, text, p.id, rule, _refs(p.id, rule), sets)
    return Explanation(ExplanationKind.NOT_PRESENT, f"{name} does not count here.", p.id, p.id,
                       _refs(p.id))


def _illegal_outcome(rules: Ruleset) -> str:
    """What an illegal call scores under `rules`, as a phrase after "an Illegal Call"."""
    illegal = rules.with_detector("illegal_call")
    if illegal is None or illegal.value == 0:
        return "which scores nothing"
    return "which scores its penalty and nothing else"


def _absent(result: Score, pattern: Pattern) -> Explanation:
    pid = pattern.id
    rules = result.ruleset
    refs = rule_refs(rules)
    name = f"{pattern.name} ({pid})"
    best = result.best
    if not result.winning:
        text = (f"The hand is not a win, so {name} cannot score: it is an Illegal Call, "
                f"{_illegal_outcome(rules)} ({NOT_A_WIN_RULE}).")
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, NOT_A_WIN_RULE,
                           _refs(pid, NOT_A_WIN_RULE))
    if pattern.detector == "illegal_call":
        a = best.arrangement
        read = f" ({arrangement_text(a)})" if a else ""
        text = f"The hand is a win{read}, so it is no Illegal Call ({NOT_A_WIN_RULE})."
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, NOT_A_WIN_RULE,
                           _refs(pid, NOT_A_WIN_RULE))
    if pattern.detector == "chicken_hand":
        others = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in best.counted)
        text = (f"{name} counts only when {_chicken_condition(rules)} ({refs.chicken}); "
                f"this hand scores {others}.")
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, refs.chicken,
                           _refs(pid, refs.chicken))
    shape = best.arrangement.shape if best.arrangement else None
    other = _other_with(result, pid)
    if other is not None:
        o, _ = other
        assert o.arrangement is not None and best.arrangement is not None
        text = (f"{name} appears only if the hand is read as "
                f"{arrangement_text(o.arrangement)}, which scores {o.total}; the best "
                f"reading, {arrangement_text(best.arrangement)}, scores {best.total} and "
                f"does not have it ({BEST_READING}).")
        sets = tuple(group_text(g) for g in o.arrangement.groups)
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, pid,
                           _refs(pid, BEST_READING), sets)
    if shape is not None and shape is not Shape.REGULAR and not pattern.applies_to(shape):
        rule = _shape_rule(rules, shape)
        if shape is Shape.SEVEN_PAIRS:
            text = (f"{name} needs chows, pungs or kongs, and a seven pairs hand has none, "
                    f"so it does not apply ({rule}).")
        elif shape is Shape.THIRTEEN_ORPHANS:
            text = (f"{name} needs sets, and thirteen orphans is made of single tiles and "
                    f"one pair, so it does not apply ({rule}).")
        else:
            text = (f"{name} needs sets, and this hand is {shape_text(shape)}, so it does "
                    f"not apply ({rule}).")
        return Explanation(ExplanationKind.SHAPE, text, pid, rule, _refs(pid, rule))
    text = f"{name} is not in this hand."
    if pattern.description:
        text += f" It needs this: {pattern.description}"
    return Explanation(ExplanationKind.NOT_PRESENT, text, pid, pid, _refs(pid))


# --------------------------------------------------------------------------- totals


def total_explanation(result: Score, given: int | None, *, points: int | None = None,
                      doubles: int | None = None) -> Explanation:
    """How the hand's total comes about, for a learner who gave `given`.

    `points` and `doubles` are the learner's own points and doublings (doubling scheme,
    patterns questions): when given, the text says whether the total follows from them.
    """
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    total = result.total
    said = "You gave no total" if given is None else f"You said {given}"
    if not result.winning:
        illegal = best.hits[0].pattern if best.hits else None
        pid = illegal.id if illegal else None
        if illegal is None:
            what = f"so it scores {total}"
        elif illegal.value == 0:
            what = f"so it is an Illegal Call, which scores {total} under these rules"
        else:
            what = f"so the score is the Illegal Call penalty, {total}"
        text = f"{said}; the hand is not a win, {what} ({NOT_A_WIN_RULE})."
        return Explanation(ExplanationKind.WRONG_TOTAL, text, pid, NOT_A_WIN_RULE,
                           _refs(NOT_A_WIN_RULE, pid))
    if best.limit is not None:
        return _limit_total(result, said, given)
    if rules.doubling:
        return _doubling_total(result, said, given, points, doubles)
    breakdown = points_breakdown(best.counted)
    if best.capped:
        text = (f"{said}; the patterns add up to {breakdown} = {best.sum}, which is over the "
                f"cap, so the total is {rules.cap} ({refs.cap}).")
        if given == best.sum:
            text += f" You added correctly but forgot the cap of {rules.cap}."
        return Explanation(ExplanationKind.WRONG_TOTAL, text, None, refs.cap, (refs.cap,))
    counted = best.counted
    if len(counted) == 1 and counted[0].count == 1:
        only = counted[0].pattern
        text = f"{said}; the total is {total}, from {only.name} ({only.id}) alone."
    else:
        text = f"{said}; the total is {total}: {breakdown} = {total}."
    hints = _total_hints(best, given)
    if hints:
        text += " " + hints
    return Explanation(ExplanationKind.WRONG_TOTAL, text, None, refs.total, (refs.total,))


def _limit_total(result: Score, said: str, given: int | None) -> Explanation:
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    lim = best.limit
    assert lim is not None
    total = result.total
    skipped = [h for h in best.not_counted if h.why is Why.LIMIT]
    if not rules.doubling:
        rest = sum(h.points for h in skipped)
        instead = (f": the other patterns, {points_breakdown(skipped)} = {rest}, are not "
                   f"added" if skipped else "")
        text = (f"{said}; the total is {total}: {lim.name} ({lim.id}) is a limit hand worth "
                f"{lim.value}, and it replaces the sum{instead} ({refs.limit}).")
        return Explanation(ExplanationKind.WRONG_TOTAL, text, lim.id, refs.limit,
                           _refs(refs.limit, lim.id))
    points = sum(h.points for h in _point_hits(skipped))
    doubles = sum(h.doubles for h in _double_hits(skipped))
    text = (f"{said}; the total is {total}: {lim.name} ({lim.id}) is a limit hand worth "
            f"{lim.value}, and it replaces the whole computation")
    if skipped:
        text += (f": the other patterns' {_points(points)} and {_doublings(doubles)} are "
                 "not counted")
    text += f" ({refs.limit})."
    if given is not None and skipped and given in (doubled(points, doubles),
                                                   _capped(rules, points, doubles)):
        text += (f" You worked out {formula(points, doubles)}, but a limit hand is not "
                 "computed: its value is the score.")
    return Explanation(ExplanationKind.WRONG_TOTAL, text, lim.id, refs.limit,
                       _refs(refs.limit, lim.id))


def _doubling_total(result: Score, said: str, given: int | None, points: int | None,
                    doubles: int | None) -> Explanation:
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    total = result.total
    text = f"{said}; the total is {total}: {computation_text(best, rules)}."
    if best.capped and given == best.sum:
        text += f" You worked it out right but forgot the cap of {rules.cap}."
    hints = _doubling_hints(best, rules, given, points, doubles)
    if hints:
        text += " " + hints
    return Explanation(ExplanationKind.WRONG_TOTAL, text, None, refs.total, (refs.total,))


def _capped(rules: Ruleset, points: int, doubles: int) -> int:
    return min(doubled(points, doubles), rules.cap)


def _doubling_hints(best: Outcome, rules: Ruleset, given: int | None, points: int | None,
                    doubles: int | None) -> str:
    """A guess at the slip behind a wrong total under the doubling scheme."""
    if given is None:
        return ""
    p, d = best.points, best.doubles
    if points is not None and doubles is not None and (points, doubles) != (p, d):
        own = _capped(rules, points, doubles)
        if given == own:
            return (f"Your total follows from your own points and doublings "
                    f"({formula(points, doubles)}); the slip is in those.")
    if points == p and doubles == d:
        return (f"Your points and doublings are right; the total is "
                f"{formula(p, d)}{f', capped at {rules.cap}' if best.capped else ''}.")
    if best.capped:
        return ""
    if d and given == p:
        return "It looks as if you added the points but did not double them."
    for k in range(0, d + 8):
        if k != d and given == doubled(p, k):
            return (f"It looks as if you doubled {_times(k)}; the hand has "
                    f"{_doublings(d)}.")
    if d and given == p + d:
        return ("It looks as if you added the doublings as points; each doubling doubles "
                "the whole sum instead.")
    counted = best.counted
    points_out = [h for h in _point_hits(counted) if given == _capped(rules, p - h.points, d)]
    if 0 < len(points_out) <= _MAX_GUESSES:
        return f"It looks as if you left out {_either(points_out, points=True)}."
    doubles_out = [h for h in _double_hits(counted)
                   if given == _capped(rules, p, d - h.doubles)]
    if 0 < len(doubles_out) <= _MAX_GUESSES:
        return f"It looks as if you left out {_either(doubles_out, points=False)}."
    skipped = best.not_counted
    if skipped:
        more_p = p + sum(h.points for h in _point_hits(skipped))
        more_d = d + sum(h.doubles for h in _double_hits(skipped))
        if given == _capped(rules, more_p, more_d):
            names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in skipped)
            return f"It looks as if you also counted {names}, which do not count."
    return ""


# More patterns than this that could each explain a slip make no useful guess.
_MAX_GUESSES = 3


def _either(hits: list[Hit], *, points: bool) -> str:
    """``A (1.1, 2 points) or B (2.2, 2 points)``: every pattern that explains a slip."""
    amount = _points if points else _doublings
    return " or ".join(
        f"{h.pattern.name} ({h.pattern.id}, {amount(h.points if points else h.doubles)})"
        for h in hits)


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


# ------------------------------------------------------------ points and doublings


def points_explanation(result: Score, given: int | None) -> Explanation:
    """Doubling scheme: how the points before doubling add up, for a learner who gave
    `given` (an ordinary winning hand; a limit hand has no such sum)."""
    best = result.best
    refs = rule_refs(result.ruleset)
    hits = _point_hits(best.counted)
    p = best.points
    said = "You gave no points" if given is None else f"You said {_points(given)}"
    text = (f"{said}; before doubling the hand has {_points(p)}: "
            f"{points_breakdown(hits) or 'nothing'} = {p}.")
    hint = ""
    if given is not None:
        left_out = [h for h in hits if len(hits) > 1 and given == p - h.points]
        once = [h for h in hits if h.count > 1 and given == p - h.points + h.pattern.value]
        if 0 < len(left_out) <= _MAX_GUESSES:
            hint = f"It looks as if you left out {_either(left_out, points=True)}."
        elif once:
            h = once[0]
            hint = (f"It looks as if you counted {h.pattern.name} once; it counts "
                    f"{_times(h.count)}.")
        skipped = _point_hits(best.not_counted)
        if not hint and skipped and given == p + sum(h.points for h in skipped):
            names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in skipped)
            hint = f"It looks as if you also added {names}, which do not count."
        if not hint and given == best.total and best.doubles:
            hint = "That is the total; the points are the sum before any doubling."
    if hint:
        text += " " + hint
    pids = [h.pattern.id for h in hits]
    return Explanation(ExplanationKind.WRONG_POINTS, text, None, refs.total,
                       _refs(refs.total, *pids))


def doubles_explanation(result: Score, given: int | None) -> Explanation:
    """Doubling scheme: which doublings apply and how many there are, for a learner who
    gave `given`."""
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    hits = _double_hits(best.counted)
    d = best.doubles
    said = ("You gave no number of doublings" if given is None
            else f"You said {_doublings(given)}")
    if hits:
        text = (f"{said}; the hand has {_doublings(d)}: {points_breakdown(hits)} = {d}, "
                f"so the points are doubled {_times(d)}.")
    else:
        text = f"{said}; no doubling applies to this hand, so its total is its points."
    hint = ""
    if given is not None:
        big = [h for h in hits if h.doubles > h.count]
        if big and given == sum(h.count for h in hits):
            names = " and ".join(f"{h.pattern.name} ({h.pattern.id}) gives "
                                 f"{_doublings(h.doubles)}" for h in big)
            hint = f"It looks as if you counted each doubling pattern once; {names}."
        left_out = [h for h in hits if given == d - h.doubles]
        if not hint and 0 < len(left_out) <= _MAX_GUESSES:
            hint = f"It looks as if you left out {_either(left_out, points=False)}."
        skipped = _double_hits(best.not_counted)
        if not hint and skipped and given == d + sum(h.doubles for h in skipped):
            names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in skipped)
            hint = (f"It looks as if you also counted {names}; only the largest doubling "
                    f"of a {refs.family_word} counts.")
    if hint:
        text += " " + hint
    pids = [h.pattern.id for h in hits]
    return Explanation(ExplanationKind.WRONG_DOUBLES, text, None, refs.total,
                       _refs(refs.total, *pids))


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
    rules = result.ruleset
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
    their_sum = computation_text(match, rules)
    our_sum = computation_text(best, rules)
    if match.total < best.total:
        text = (f"Your answer fits another reading of the hand: {theirs}, which gives "
                f"{their_sum}. The hand scores more read as {ours}: "
                f"{our_sum}, and the best reading is the one that counts ({BEST_READING}).")
    else:
        text = (f"Your answer fits another reading of the hand: {theirs}, which also scores "
                f"{match.total}. When readings tie, the one with fewer patterns (then more "
                f"chows) is chosen: {ours}, with {our_sum} ({BEST_READING}).")
    sets = tuple(group_text(g) for g in best.arrangement.groups)
    return Explanation(ExplanationKind.ARRANGEMENT, text, None, BEST_READING, (BEST_READING,),
                       sets)


# --------------------------------------------------------------------------- is it a win

# Irregular single-tile hands that only some rulesets accept (the classical rules).
_FORM_NAMES = {
    arr.PEKING_GARDEN: "Peking Garden",
    arr.STRAIGHT_OF_WINDS: "Straight of Winds",
    arr.STRAIGHT_OF_DRAGONS: "Straight of Dragons",
}


def winning_shapes(rules: Ruleset) -> list[str]:
    """The shapes a winning hand may take under `rules`, in words."""
    special, _ = accepted_shapes(rules)
    out = ["four sets and a pair", "seven pairs", "thirteen orphans"]
    for form in sorted(special):
        p = rules.with_detector(form)
        out.append(p.name if p is not None else _FORM_NAMES.get(form, form))
    return out


def _words(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _form_elsewhere(result: Score) -> str | None:
    """The irregular hand these tiles make that this ruleset does not accept, if any."""
    hand = result.hand
    if hand.melds or len(hand.concealed) != 14:
        return None
    special, _ = accepted_shapes(result.ruleset)
    counts = arr.count_vector(hand.concealed)
    for form in sorted(arr.SPECIAL_FORMS - special):
        if arr.special_form(counts, form):
            return _FORM_NAMES.get(form, form)
    return None


def win_explanation(result: Score, said_win: bool) -> Explanation:
    """Why the hand is, or is not, a win (for a yes/no answer that got it wrong or right)."""
    best = result.best
    rules = result.ruleset
    if result.winning:
        a = best.arrangement
        assert a is not None
        sets = tuple(group_text(g) for g in a.groups)
        lead = "It is a win" if not said_win else "Right, it is a win"
        if a.shape is Shape.SPECIAL and best.limit is not None:
            lim = best.limit
            rule = _CLASSICAL_REFS.total
            text = (f"{lead}: the tiles make {lim.name} ({lim.id}), an irregular hand that "
                    f"these rules accept as a win: {'  '.join(sets)} ({rule}).")
            return Explanation(ExplanationKind.IS_A_WIN, text, lim.id, rule,
                               _refs(rule, lim.id, BEST_READING), sets)
        text = f"{lead}: the tiles read as {shape_text(a.shape)}: {'  '.join(sets)} (R1)."
        return Explanation(ExplanationKind.IS_A_WIN, text, None, BEST_READING, (BEST_READING,),
                           sets)
    penalty = best.hits[0].pattern if best.hits else None
    pid = penalty.id if penalty else None
    if penalty is None:
        cost = ""
    elif penalty.value == 0:
        cost = f" ({penalty.name} {penalty.id}), which scores nothing under these rules"
    else:
        cost = f" ({penalty.name} {penalty.id}, {penalty.value})"
    lead = "It is not a win" if said_win else "Right, it is not a win"
    text = (f"{lead}: the tiles cannot be split into {_words(winning_shapes(rules))}, so "
            f"declaring it is an Illegal Call{cost} ({NOT_A_WIN_RULE}).")
    refs = _refs(pid, NOT_A_WIN_RULE)
    form = _form_elsewhere(result)
    if form is not None:
        text += (f" The tiles do make {form}, an irregular hand that the classical rules "
                 f"accept and these rules do not ({_CLASSICAL_REFS.total}).")
        refs = _refs(pid, NOT_A_WIN_RULE, _CLASSICAL_REFS.total)
    return Explanation(ExplanationKind.NOT_A_WIN, text, pid, NOT_A_WIN_RULE, refs)


def counts_note(result: Score, pattern: Pattern) -> Explanation:
    """Why one pattern does or does not count (for "does X count?" answers)."""
    hit = _hit_in(result.best, pattern.id)
    if hit is not None and hit.counted:
        p = hit.pattern
        where, sets = evidence(result, result.best, p)
        times = f" {_times(hit.count)}" if p.unit != "hand" else ""
        text = f"{p.name} ({p.id}) counts{times} for {_amount(hit)}: {where}."
        return Explanation(ExplanationKind.COUNTS, text, p.id, p.id, _refs(p.id), sets)
    return wrong_claim(result, pattern)
