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

from collections.abc import Mapping

from mj_trainer.engine import arrangements as arr
from mj_trainer.engine.notation import group_text, shape_text
from mj_trainer.engine.patterns.gaps import listed
from mj_trainer.engine.patterns.registry import pattern_shapes
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.ruleset_model import CHICKEN_HAND, ILLEGAL_CALL
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why, accepted_shapes
from mj_trainer.engine.shape import (
    PEKING_GARDEN,
    SPECIAL_FORMS,
    STRAIGHT_OF_DRAGONS,
    STRAIGHT_OF_WINDS,
    Shape,
)
from mj_trainer.quizzes.evidence import chicken_condition, evidence, gap, only_points
from mj_trainer.quizzes.explain_shape import (
    four_alike_note,
    group_needs,
    kept_out,
    never_in_shape,
    set_need,
)
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind, distinct_refs
from mj_trainer.quizzes.near_win import why_not_a_win
from mj_trainer.quizzes.placement import PLACEMENT_RULE, placement_sentence, placement_words, twins
from mj_trainer.quizzes.rule_refs import (
    BEST_READING,
    NOT_A_WIN_RULE,
    SINGLE_TILE_FORMS_RULE,
    rule_refs,
)
from mj_trainer.quizzes.stacking import stacking_rule, stacking_sentence, stacks_on
from mj_trainer.quizzes.totals import limit_replaced
from mj_trainer.quizzes.wording import (
    amount_text,
    arrangement_text,
    computation_text,
    pattern_label,
    times_text,
)

# --------------------------------------------------------------------------- mistakes


def _hit_in(outcome: Outcome, pattern_id: str) -> Hit | None:
    return next((h for h in outcome.hits if h.pattern.id == pattern_id), None)


def _worth(hit: Hit) -> str:
    """``" 3 times, 3 x 5 = 15 points"`` or ``", 2 doublings"``, after "counts"."""
    p = hit.pattern
    if hit.count > 1 or p.unit != "hand":
        return f" {times_text(hit.count)}, {hit.count} x {p.value} = {amount_text(hit)}"
    return f", {amount_text(hit)}"


def missed(result: Score, hit: Hit, claimed: int = 0, *, skipped: bool = False
           ) -> Explanation:
    """A counted pattern the learner left out or counted too few times (or, for a
    skipped question, one of the patterns the answer had: no "you missed" then)."""
    p = hit.pattern
    where, sets = evidence(result, result.best, p)
    worth = _worth(hit)
    if claimed:
        text = (f"{p.name} ({p.id}) counts{worth}, not {times_text(claimed)}: {where}.")
        kind = ExplanationKind.MISCOUNTED
    elif skipped:
        text = f"{p.name} ({p.id}) counts{worth} — {where}."
        kind = ExplanationKind.MISSED
    else:
        text = f"You missed {p.name} ({p.id}): it counts{worth} — {where}."
        kind = ExplanationKind.MISSED
    refs = distinct_refs(p.id)
    rule = p.id
    placed = None if claimed else placement_sentence(result, p.id)
    if placed is not None:
        text += f" {placed}"
        refs = distinct_refs(p.id, PLACEMENT_RULE)
        rule = PLACEMENT_RULE
    stacked = None if claimed else stacking_sentence(result.best, p, result.ruleset)
    if stacked is not None:
        on = stacks_on(result.best, p)
        assert on is not None
        text += f" {stacked}"
        rule = stacking_rule(result.ruleset)
        refs = distinct_refs(p.id, on.pattern.id, rule)
    elif p.description and placed is None and only_points(result, result.best, p):
        # Sets listed, or the whole hand read out, need the rule in words; a phrase
        # ("every tile is a number from 2 to 8") already says it.
        text += f" {p.description}"
    # The rule to open is the point made: the stacking or placement ruling when said.
    return Explanation(kind, text, p.id, rule, refs, sets)


def _shape_rule(rules: Ruleset, shape: Shape | None) -> str:
    refs = rule_refs(rules)
    if shape is Shape.THIRTEEN_ORPHANS:
        return refs.orphans_hand
    if shape is Shape.SPECIAL:
        return refs.total
    return refs.pairs_hand


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
        text = (f"{name} counts {times_text(hit.count)} here, not {times_text(claimed)}: {where}. "
                f"That is {hit.count} x {pattern.value} = {amount_text(hit)}.")
        return Explanation(ExplanationKind.MISCOUNTED, text, pid, pid, distinct_refs(pid), sets)
    if hit is not None:
        return _not_counted(result, hit)
    return _absent(result, pattern)


def limit_group(result: Score, replaced: list[Pattern]) -> Explanation:
    """One line for every claimed pattern that is in the hand but replaced by its limit
    hand: ``All Green (10.1, 400) is a limit hand: Concealed Hand and All Pungs (35)
    are not added``, instead of one sentence per pattern."""
    rules = result.ruleset
    refs = rule_refs(rules)
    lim = result.best.limit
    assert lim is not None
    hits = [h for p in replaced if (h := _hit_in(result.best, p.id)) is not None]
    names = listed([h.pattern.name + (f" x{h.count}" if h.count > 1 else "") for h in hits],
                   limit=len(hits))
    if rules.doubling:
        added = "adds no points and no doublings" if len(hits) == 1 else \
            "add no points and no doublings"
        text = (f"{lim.name} ({lim.id}, {lim.value}) is a limit hand, and a limit hand "
                f"stands alone: {names} {added} ({refs.limit}).")
    else:
        # The one figure the total line gives too: every pattern the limit keeps out.
        every = limit_replaced(result.best)
        rest = sum(h.points for h in every)
        if len(hits) == len(every):
            whose = f"{names}, {rest} points in all"
        else:
            whose = f"the {rest} points of the other patterns, {names} among them"
        text = (f"{lim.name} ({lim.id}, {lim.value}) is a limit hand, and a limit hand "
                f"stands alone: it replaces {whose} ({refs.limit}).")
    sets = tuple(dict.fromkeys(s for h in hits for s in evidence(result, result.best,
                                                                 h.pattern)[1]))
    # About the claimed patterns (the first of them names the line), under the limit rule.
    return Explanation(ExplanationKind.LIMIT, text, hits[0].pattern.id, refs.limit,
                       distinct_refs(*(h.pattern.id for h in hits), lim.id, refs.limit), sets)


def shape_lines(result: Score, shaped: list[Explanation]) -> list[Explanation]:
    """The explanations of claims that do not count for the hand's shape: the set
    patterns the hand cannot have in one line (when there are several), each pattern
    its ruleset keeps out of the shape on its own line, with its reason."""
    ids = result.ruleset.by_id()
    absent = [e for e in shaped if e.pattern_id is not None
              and _hit_in(result.best, e.pattern_id) is None]
    kept = [e for e in shaped if e not in absent]
    if len(absent) > 1:
        absent = [shape_group(result, [ids[e.pattern_id] for e in absent
                                       if e.pattern_id is not None])]
    return [*absent, *kept]


def shape_group(result: Score, claimed: list[Pattern]) -> Explanation:
    """One line for claimed set patterns that a seven pairs or thirteen orphans hand
    cannot have, each with the sets it needs, instead of one sentence each."""
    rules = result.ruleset
    a = result.best.arrangement
    assert a is not None
    rule = _shape_rule(rules, a.shape)
    names = listed([f"{p.name} ({p.id})" for p in claimed], limit=len(claimed))
    has = ("the hand has only pairs" if a.shape is Shape.SEVEN_PAIRS
           else "the hand is single tiles and one pair")
    text = (f"{names} do not count for a {a.shape.label} hand ({rule}): "
            f"{group_needs(claimed)}, and {has}.")
    note, sets = four_alike_note(a, claimed)
    if note:
        text += f" {note[0].upper()}{note[1:]}."
    return Explanation(ExplanationKind.SHAPE, text, claimed[0].id, rule,
                       distinct_refs(*(p.id for p in claimed), rule), sets)


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
    if hit.why is Why.OUTRANKED:
        # Outranked by a pattern that is itself included in a bigger one, which includes
        # this one too (the early guide's All Bonus Tiles holds both sets of four): the
        # pattern that counts is the one to name, not the one beside it that does not.
        by = next((h.pattern for h in result.best.counted if p.id in h.pattern.replaces), by)
        if by is not None and p.id in by.replaces:
            hit = Hit(p, hit.count, False, Why.REPLACED, by=by)
    if hit.why is Why.OUTRANKED and by is not None:
        combine = " (the patterns of a group do not combine)" if rules.doubling else ""
        text = (f"{name} is in the hand ({where}) but does not count: only the highest "
                f"pattern of {refs.family_word} {p.family} counts{combine}, and "
                f"{pattern_label(by)} outranks it ({refs.family}).")
        return Explanation(ExplanationKind.OUTRANKED, text, p.id, refs.family,
                           distinct_refs(p.id, by.id, refs.family), sets)
    if hit.why is Why.LIMIT and by is not None:
        text = (f"{name} is in the hand but does not count: {by.name} ({by.id}) is a limit "
                f"hand worth {by.value}, and a limit hand stands alone, "
                f"{_limit_replaces(rules)} ({refs.limit}).")
        return Explanation(ExplanationKind.LIMIT, text, p.id, refs.limit,
                           distinct_refs(p.id, by.id, refs.limit), sets)
    if hit.why is Why.REPLACED and by is not None:
        text = (f"{name} is in the hand but is already included in {pattern_label(by)}, "
                f"which counts in its place; {by.name} covers it, so it is not added again.")
        return Explanation(ExplanationKind.INCLUDED, text, p.id, by.id, distinct_refs(p.id, by.id),
                           sets)
    if hit.why is Why.VOID:
        text = f"{name} is in the hand but does not count: {hit.note}."
        return Explanation(ExplanationKind.VOID, text, p.id, p.id, distinct_refs(p.id), sets)
    if hit.why is Why.SHAPE:
        shape = hit.shape or (result.arrangement.shape if result.arrangement else None)
        rule = _shape_rule(rules, shape)
        if shape is None:
            text = f"{name} does not count for this hand under these rules ({rule})."
        else:
            text = (f"{name} is in the tiles, but these rules do not count it for a "
                    f"{shape.label} hand: {kept_out(rules, p, shape)} ({rule}).")
        return Explanation(ExplanationKind.SHAPE, text, p.id, rule, distinct_refs(p.id, rule))
    return Explanation(ExplanationKind.NOT_PRESENT, f"{name} does not count here.", p.id, p.id,
                       distinct_refs(p.id))


def _absent(result: Score, pattern: Pattern) -> Explanation:
    pid = pattern.id
    rules = result.ruleset
    refs = rule_refs(rules)
    name = f"{pattern.name} ({pid})"
    best = result.best
    if not result.winning:
        return not_a_win_claims(result, [pattern])
    if pattern.detector == ILLEGAL_CALL:
        a = best.arrangement
        read = f" ({arrangement_text(a)})" if a else ""
        text = f"The hand is a win{read}, so it is no Illegal Call ({NOT_A_WIN_RULE})."
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, NOT_A_WIN_RULE,
                           distinct_refs(pid, NOT_A_WIN_RULE))
    if pattern.detector == CHICKEN_HAND:
        counted = [f"{h.pattern.name} ({h.pattern.id})" for h in best.counted]
        others = listed(counted, limit=len(counted))
        text = (f"{name} counts only when {chicken_condition(rules)} ({refs.chicken}); "
                f"this hand scores {others}.")
        return Explanation(ExplanationKind.NOT_PRESENT, text, pid, refs.chicken,
                           distinct_refs(pid, refs.chicken))
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
                           distinct_refs(pid, BEST_READING), sets)
    if shape is not None and shape is not Shape.REGULAR and shape not in pattern_shapes(pattern):
        rule = _shape_rule(rules, shape)
        note, sets = ("", ()) if best.arrangement is None else \
            four_alike_note(best.arrangement, [pattern])
        if note:  # the point is the four alike (R5), not the shape in general
            text = (f"{name} needs {set_need(pattern)}, and this hand is seven pairs: "
                    f"{note} ({rule}).")
        else:
            text = f"{name} {never_in_shape(pattern, shape)}, so it does not apply ({rule})."
        return Explanation(ExplanationKind.SHAPE, text, pid, rule, distinct_refs(pid, rule), sets)
    found = gap(result, pattern)
    if found is not None:
        phrase, sets = found
        return Explanation(ExplanationKind.NOT_PRESENT, f"{name} {phrase}.", pid, pid,
                           distinct_refs(pid), sets)
    text = f"{name} is not in this hand."
    if pattern.description:
        text += f" It needs this: {pattern.description}"
    return Explanation(ExplanationKind.NOT_PRESENT, text, pid, pid, distinct_refs(pid))


def not_a_win_claims(result: Score, claimed: list[Pattern], *, reading: bool = True
                     ) -> Explanation:
    """Patterns claimed on a hand that is not a win, in one line: none of them can
    score, and the nearest reading says what spoils the hand (unless `reading` is
    False: another line of the same feedback says it already)."""
    names = [f"{p.name} ({p.id})" for p in claimed]
    if len(names) == 1:
        subject = f"{names[0]} cannot"  # "... cannot score"
    elif len(names) == 2:
        subject = f"neither {names[0]} nor {names[1]} can"
    else:
        subject = f"none of {', '.join(names[:-1])} or {names[-1]} can"
    text = f"The hand is not a win, so {subject} score ({NOT_A_WIN_RULE})."
    found = why_not_a_win(result) if reading else None
    sets: tuple[str, ...] = ()
    if found is not None:
        words, sets = found
        text += f" {words[0].upper()}{words[1:]}."
    first = claimed[0].id
    return Explanation(ExplanationKind.NOT_PRESENT, text, first, NOT_A_WIN_RULE,
                       distinct_refs(*(p.id for p in claimed), NOT_A_WIN_RULE), sets)


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
    sets = tuple(group_text(g) for g in best.arrangement.groups)
    moved = _placed_elsewhere(result, match, best)
    if moved is not None:
        return Explanation(ExplanationKind.ARRANGEMENT, moved, None, PLACEMENT_RULE,
                           (PLACEMENT_RULE,), sets)
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
    return Explanation(ExplanationKind.ARRANGEMENT, text, None, BEST_READING, (BEST_READING,),
                       sets)


def _placed_elsewhere(result: Score, theirs: Outcome, ours: Outcome) -> str | None:
    """The answer fits the same sets with the winning tile in another place (R2)."""
    if theirs not in twins(result, ours):
        return None
    their_place = placement_words(result, theirs)
    our_place = placement_words(result, ours)
    if their_place is None or our_place is None:
        return None
    rules = result.ruleset
    return (f"Your answer fits the reading in which {their_place[0]}: "
            f"{computation_text(theirs, rules)}. The tile goes where it scores best, and "
            f"here {our_place[0]}: {computation_text(ours, rules)} ({PLACEMENT_RULE}).")


# --------------------------------------------------------------------------- is it a win


# Irregular single-tile hands that only some rulesets accept (the classical rules).
_FORM_NAMES = {
    PEKING_GARDEN: "Peking Garden",
    STRAIGHT_OF_WINDS: "Straight of Winds",
    STRAIGHT_OF_DRAGONS: "Straight of Dragons",
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
    for form in sorted(SPECIAL_FORMS - special):
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
            rule = rule_refs(rules).total
            text = (f"{lead}: the tiles make {lim.name} ({lim.id}), an irregular hand that "
                    f"these rules accept as a win: {'  '.join(sets)} ({rule}).")
            return Explanation(ExplanationKind.IS_A_WIN, text, lim.id, rule,
                               distinct_refs(rule, lim.id, BEST_READING), sets)
        text = f"{lead}: the tiles read as {shape_text(a.shape)}: {'  '.join(sets)} (R1)."
        return Explanation(ExplanationKind.IS_A_WIN, text, None, BEST_READING, (BEST_READING,),
                           sets)
    penalty = best.hits[0].pattern if best.hits else None
    pid = penalty.id if penalty else None
    if penalty is None:
        cost = ""
    elif penalty.value == 0:
        cost = f" ({penalty.name} {penalty.id}), which scores nothing under these rules"
    elif penalty.name.casefold() == "illegal call":
        cost = f" ({penalty.id}), which costs {-penalty.value} points"  # named already
    else:
        cost = f" ({penalty.name} {penalty.id}), which costs {-penalty.value} points"
    lead = "It is not a win" if said_win else "Right, it is not a win"
    text = (f"{lead}: the tiles cannot be split into {_words(winning_shapes(rules))}, so "
            f"declaring it is an Illegal Call{cost} ({NOT_A_WIN_RULE}).")
    refs = distinct_refs(pid, NOT_A_WIN_RULE)
    found = why_not_a_win(result)
    pointed: tuple[str, ...] = ()
    if found is not None:
        words, pointed = found
        text += f" {words[0].upper()}{words[1:]}."
    form = _form_elsewhere(result)
    if form is not None:
        text += (f" The tiles do make {form}, an irregular hand that the classical rules "
                 f"accept and these rules do not ({SINGLE_TILE_FORMS_RULE}).")
        refs = distinct_refs(pid, NOT_A_WIN_RULE, SINGLE_TILE_FORMS_RULE)
    return Explanation(ExplanationKind.NOT_A_WIN, text, pid, NOT_A_WIN_RULE, refs, pointed)


def counts_note(result: Score, pattern: Pattern) -> Explanation:
    """Why one pattern does or does not count (for "does X count?" answers)."""
    hit = _hit_in(result.best, pattern.id)
    if hit is not None and hit.counted:
        p = hit.pattern
        where, sets = evidence(result, result.best, p)
        times = f" {times_text(hit.count)}" if p.unit != "hand" else ""
        text = f"{p.name} ({p.id}) counts{times} for {amount_text(hit)}: {where}."
        if p.description and only_points(result, result.best, p):
            text += f" {p.description}"
        return Explanation(ExplanationKind.COUNTS, text, p.id, p.id, distinct_refs(p.id), sets)
    return wrong_claim(result, pattern)
