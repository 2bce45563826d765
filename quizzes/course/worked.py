"""Worked hands: the hands a lesson shows, scored by the engine, with their arithmetic.

Each built-in ruleset has a file of worked hands (`worked-RULESET.toml`): a hand of a
curated set (by set and id, its note read from there) or a hand in notation, what it
shows (pattern ids and rule names) and, where the course's own words help, a note.  A
hand belongs to the lesson that teaches the last of what it shows.  The engine scores
every hand each time: nothing here stores a result.

A worked hand shows its total as a sum ("40 + 10 + 10 + 5 = 65", with the cap or the
limit when they decide it), every pattern present that adds nothing and why, and the
patterns that count but are taught by a later lesson.  A lesson whose pattern has no
worked hand in the file (a house ruleset's new pattern) gets one from the generator,
checked by the engine like every drill hand.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine.evidence import evidence, what_breaks
from mj_trainer.engine.notation import format_hand, group_text, parse
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why, score
from mj_trainer.quizzes.course.hand_rules import at_work, fair
from mj_trainer.quizzes.course.model import Lesson, LessonKind, WorkedHand
from mj_trainer.quizzes.course.plan import base_id, build
from mj_trainer.quizzes.course.rules import Rule
from mj_trainer.quizzes.quiz_hand import QuizHand

HERE: Final = Path(__file__).resolve().parent
RULE_NAMES: Final = frozenset(r.value for r in Rule)


@dataclass(frozen=True, slots=True)
class Stored:
    """One entry of a worked-hands file."""

    hand: str  # notation
    shows: tuple[str, ...]
    note: str = ""
    near_miss: str | None = None
    ref: str = ""  # the id of a curated hand


@cache
def _file(name: str, ruleset_id: str) -> tuple[Stored, ...]:
    """The entries of `worked-NAME.toml`, their notes kept for `ruleset_id` (a curated
    hand's note only when its set is written for that ruleset)."""
    path = HERE / f"worked-{name}.toml"
    if not path.is_file():
        return ()
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    return tuple(_entry(e, ruleset_id) for e in data.get("worked", ()))


def _entry(e: dict[str, Any], ruleset_id: str) -> Stored:
    ref = str(e.get("curated", ""))
    hand = str(e.get("hand", ""))
    note = str(e.get("note", ""))
    if ref:
        text, curated_note, set_ruleset = _curated(ref)
        hand = hand or text
        if not note and set_ruleset == ruleset_id:
            note = curated_note
    return Stored(hand, tuple(e.get("shows", ())), note, e.get("near_miss"), ref)


@cache
def _curated(ref: str) -> tuple[str, str, str]:
    """(notation, note, the set's ruleset) of a curated hand, by its id."""
    from mj_trainer.quizzes.sets import builtin_sets

    for s in builtin_sets():
        for h in s.hands:
            if h.id == ref:
                return format_hand(h.hand), h.note, s.ruleset
    raise KeyError(f"no curated hand {ref!r}")


def stored_hands(rules: Ruleset) -> tuple[Stored, ...]:
    """The reading lessons' hands, then the ruleset's own worked hands.  A ruleset
    without a file of its own (the early guide, a house ruleset) uses its base's hands
    without their notes: those were written for the base's values, so its notes come
    from the engine's trace instead."""
    illegal = rules.illegal_call.id if rules.illegal_call is not None else ""
    reading = tuple(Stored(s.hand, tuple(illegal if x == "@illegal-call" else x
                                         for x in s.shows), s.note, s.near_miss, s.ref)
                    for s in _file("reading", ""))
    own = _file(rules.id, rules.id)
    if own:
        return (*reading, *own)
    base = tuple(Stored(s.hand, s.shows, "", s.near_miss, s.ref)
                 for s in _file(base_id(rules), base_id(rules)))
    return (*reading, *base)


def _teacher(rules: Ruleset) -> dict[str, int]:
    """pattern id or rule name -> the position of the lesson that teaches it."""
    out: dict[str, int] = {}
    for k, one in enumerate(build(rules)):
        for p in one.patterns:
            out[p] = k
        for r in one.rules:
            out[r.value] = k
    return out


@lru_cache(maxsize=8)
def _placed(rules: Ruleset) -> tuple[tuple[int, Stored, Score], ...]:
    """Every stored hand that holds under `rules`, with its lesson's position."""
    teacher = _teacher(rules)
    out: list[tuple[int, Stored, Score]] = []
    for s in stored_hands(rules):
        keys = [*s.shows, *([s.near_miss] if s.near_miss else [])]
        if not keys or any(k not in teacher for k in keys):
            continue
        try:
            hand = parse(s.hand if "ruleset:" in s.hand else f"{s.hand} ruleset:{rules.id}")
        except ValueError:
            continue
        result = score(hand, rules)
        if not shows_what_it_says(result, s.shows, s.near_miss):
            continue
        out.append((max(teacher[k] for k in keys), s, result))
    return tuple(out)


def shows_what_it_says(result: Score, shows: tuple[str, ...], near_miss: str | None) -> bool:
    """Does the hand show each pattern it names (counting) and each rule (at work), and
    is the near-missed pattern really missing?"""
    counted = {h.pattern.id for h in result.counted}
    if result.winning is False:
        counted = {h.pattern.id for h in result.best.hits}
    work = {r.value for r in at_work(result)}
    for item in shows:
        if item in RULE_NAMES:
            if item not in work:
                return False
        elif item not in counted:
            return False
    return near_miss is None or near_miss not in counted


def worked_hands(rules: Ruleset, one: Lesson, *, seed: int = 7) -> list[WorkedHand]:
    """The lesson's worked hands: the stored ones that fit it, then one generated for
    each of its patterns no stored hand shows."""
    lessons = build(rules)
    position = next(k for k, x in enumerate(lessons) if x.id == one.id)
    out: list[WorkedHand] = []
    for k, s, result in _placed(rules):
        if k == position and fair(result, _allowed(rules, one, s.shows), one.scope,
                                  reading=one.kind is LessonKind.READING):
            out.append(make_worked(rules, one, result, s.shows, s.note, s.near_miss))
    out = _merged(out)
    shown = {x for w in out for x in w.shows}
    for pid in one.patterns:
        if pid not in shown:
            made = _generated(rules, one, pid, seed)
            if made is not None:
                out.append(made)
    return out


def _merged(hands: list[WorkedHand]) -> list[WorkedHand]:
    """One worked hand per hand: a hand the file lists for several things (a curated
    hand showing two patterns and a rule) is shown once, with all it shows and each of
    its notes, where its first listing stood."""
    out: list[WorkedHand] = []
    at: dict[tuple[str, str | None], int] = {}
    for w in hands:
        key = (w.notation, w.near_miss)
        k = at.get(key)
        if k is None:
            at[key] = len(out)
            out.append(w)
            continue
        first = out[k]
        shows = tuple(dict.fromkeys((*first.shows, *w.shows)))
        note = first.note if w.note in first.note else f"{first.note} {w.note}"
        out[k] = replace(first, shows=shows, note=note)
    return out


def _allowed(rules: Ruleset, one: Lesson, shows: tuple[str, ...]) -> frozenset[Rule]:
    """The rules a worked hand of `one` may show at work: those taught so far; the
    limits for the hand of a limit pattern (its lesson teaches it before the limits are
    drilled, and its worked hand shows what it replaces); and under the classical scheme
    the groups that do not combine, once doublings or limits are taught.  Drills never
    ask what a rule not taught decides; worked hands may show it, explained."""
    by_id = rules.by_id()
    allowed = set(one.taught)
    if any(s in by_id and by_id[s].is_limit for s in shows):
        allowed.add(Rule.LIMITS)
    if rules.doubling and allowed & {Rule.DOUBLINGS, Rule.LIMITS}:
        # The classical groups whose doublings (or limits) do not combine: the lessons on
        # doublings and on limits say only the largest counts, and the hands show it.
        allowed.add(Rule.FAMILIES)
    return frozenset(allowed)


def _generated(rules: Ruleset, one: Lesson, pid: str, seed: int) -> WorkedHand | None:
    from mj_trainer.quizzes.course.search import first

    allowed = _allowed(rules, one, (pid,))
    found = first(rules, seed=seed, target=pid, tries=400, accept=lambda r: (
        any(h.pattern.id == pid for h in r.counted) and fair(r, allowed, one.scope)))
    if found is None:
        return None
    return make_worked(rules, one, found, (pid,), "", None)


def make_worked(rules: Ruleset, one: Lesson, result: Score, shows: tuple[str, ...],
                note: str, near_miss: str | None) -> WorkedHand:
    """A worked hand of `one`: its arithmetic, what did not count, what is given."""
    best = result.best
    marks = []
    for h in result.counted:
        ev = evidence(result, h.pattern)
        marks.append((h.pattern.id, ev.phrase, ev.sets))
    given = tuple(h.pattern.id for h in best.counted if h.pattern.id not in one.scope)
    why_not = ""
    if near_miss is not None:
        gap = what_breaks(result, near_miss)
        if gap is not None:
            why_not = f"{rules.pattern(near_miss).name} {gap.phrase}"
    text = note or default_note(rules, result, shows, near_miss, why_not)
    return WorkedHand(
        item=QuizHand(f"worked-{one.id}-{format_hand(result.hand)}", result.hand,
                      source=f"lesson {one.id}"),
        result=result, shows=shows, note=text, arithmetic=arithmetic(result),
        not_counted=tuple((h.pattern.id, h.reason()) for h in best.not_counted),
        evidence=tuple(marks), given=given, near_miss=near_miss,
        notation=format_hand(result.hand) + _ruleset_suffix(rules), near_miss_why=why_not)


def _ruleset_suffix(rules: Ruleset) -> str:
    """Built-in rulesets are named in the lesson's JSON, not in the notation."""
    del rules
    return ""


# --------------------------------------------------------------------------- words


def _terms(hits: list[Hit]) -> list[str]:
    """Each counted points pattern as added: one term per set or tile (up to four)."""
    out: list[str] = []
    for h in hits:
        p = h.pattern
        if p.doubles:
            continue
        if h.count > 1 and h.count <= 4:
            out.extend([str(p.value)] * h.count)
        elif h.count > 4:
            out.append(f"{h.count} x {p.value}")
        else:
            out.append(str(h.points))
    return out


def _sum_text(terms: list[str], total: int) -> str:
    joined = " + ".join(terms).replace("+ -", "- ")
    return f"{joined} = {total}" if len(terms) > 1 else f"{joined}"


def arithmetic(result: Score, outcome: Outcome | None = None) -> str:
    """The total as arithmetic: ``40 + 10 + 10 + 5 = 65``; ``... = 350, capped at 320``;
    ``Big Four Winds, a limit hand: 400``; classical ``20 + 4 + 8 = 32 points; 2
    doublings: 32 x 2 x 2 = 128``."""
    o = outcome or result.best
    rules = result.ruleset
    if not result.winning:
        hit = o.hits[0] if o.hits else None
        return f"not a win: {hit.pattern.name} {o.total}" if hit else f"not a win: {o.total}"
    if o.limit is not None:
        return f"{o.limit.name}, a limit hand: {o.total}"
    hits = list(o.counted)
    terms = _terms(hits)
    if not rules.doubling:
        text = _sum_text(terms, o.sum)
        if len(terms) == 1:
            text = f"{terms[0]}"
        if o.capped:
            text += f", capped at {rules.cap}"
        return text
    points = _sum_text(terms, o.points) if terms else "0"
    if o.doubles == 0:
        text = points if len(terms) > 1 else f"{o.points}"
    else:
        times = " x 2" * o.doubles
        word = "doubling" if o.doubles == 1 else "doublings"
        head = f"{points} points" if len(terms) > 1 else f"{o.points} points"
        text = f"{head}; {o.doubles} {word}: {o.points}{times} = {o.sum}"
    if o.capped:
        text += f", capped at {rules.cap}"
    return text


def default_note(rules: Ruleset, result: Score, shows: tuple[str, ...],
                 near_miss: str | None, why_not: str) -> str:
    """Why the hand is in the lesson, in a sentence, from the engine's trace."""
    best = result.best
    if near_miss is not None:
        name = rules.pattern(near_miss).name
        return f"A near miss: no {name} here. {why_not}." if why_not else (
            f"A near miss: {name} does not count here.")
    bits: list[str] = []
    for item in shows:
        if item in RULE_NAMES:
            bits.append(_rule_note(rules, result, Rule(item)))
        elif result.winning:
            hit = next(h for h in best.counted if h.pattern.id == item)
            ev = evidence(result, hit.pattern)
            bits.append(f"{hit.pattern.name} counts: {ev.phrase}.")
        else:
            bits.append(f"No reading makes these tiles a winning hand: "
                        f"{rules.pattern(item).name}, {best.total}.")
    return " ".join(b for b in bits if b)


def _rule_note(rules: Ruleset, result: Score, rule: Rule) -> str:
    best = result.best
    a = best.arrangement
    groups = "  ".join(group_text(g) for g in a.groups) if a is not None else ""
    fam = rules.family_word
    if rule in (Rule.TILES, Rule.SETS):
        return f"Read into four sets and the eyes: {groups}."
    if rule is Rule.WINNING:
        if not result.winning:
            return ""
        shape = a.shape.label if a is not None else ""
        extra = (" The bonus tiles are set aside: they are not part of the fourteen."
                 if result.hand.bonus else "")
        return f"A winning hand read as {shape}: {groups}.{extra}"
    if rule is Rule.EXPOSURE:
        how = "self-drawn" if result.hand.self_drawn else "taken from a discard"
        home = next((g for g in a.groups if g.winning), None) if a is not None else None
        where = f" it completed {group_text(home)}" if home is not None else ""
        return f"The winning tile was {how};{where}."
    if rule is Rule.FAMILIES:
        out = [h for h in best.not_counted if h.why is Why.OUTRANKED and h.by is not None]
        return " ".join(f"{h.pattern.name} is present but outranked by {h.by.name}: only the "
                        f"best of the {fam} counts." for h in out if h.by is not None)
    if rule is Rule.STACKING:
        fams: dict[str, list[Hit]] = {}
        for h in best.counted:
            fams.setdefault(h.pattern.family, []).append(h)
        parts = []
        for hits in fams.values():
            stack = [h for h in hits if h.pattern.stacks]
            top = [h for h in hits if not h.pattern.stacks]
            if len(hits) > 1 and stack:
                under = top[0].pattern.name if top else stack[0].pattern.name
                parts.append(f"{_names(stack)} {'is' if len(stack) == 1 else 'are'} added on "
                             f"top of {under}.")
        return " ".join(parts)
    if rule is Rule.LIMITS:
        lim = best.limit
        if lim is None:
            return ""
        gone = [h.pattern.name for h in best.not_counted if h.why is Why.LIMIT]
        others = [n for n in gone if rules.pattern(_id_of(rules, n)).is_limit]
        plain = [n for n in gone if n not in others]
        text = f"The limit hand {lim.name} ({lim.value}) stands alone"
        text += f": {_join(plain)} add nothing." if plain else "."
        if others:
            text += f" {_join(others)} {'is' if len(others) == 1 else 'are'} a limit too, but "
            text += "only the highest limit counts."
        return text
    if rule is Rule.CAP:
        return (f"The patterns come to {best.sum}, over the cap: the total stops at "
                f"{rules.cap}.")
    if rule is Rule.ARRANGEMENTS:
        worse = max((o for o in result.others if o.total < best.total),
                    key=lambda o: o.total, default=None)
        if worse is None or worse.arrangement is None or a is None:
            return ""
        other = "  ".join(group_text(g) for g in worse.arrangement.groups)
        return (f"Read as {groups}, the hand scores {best.total}; read as {other}, only "
                f"{worse.total}. It scores its best reading.")
    if rule is Rule.DOUBLINGS:
        return (f"{best.points} points, doubled {best.doubles} "
                f"{'time' if best.doubles == 1 else 'times'}: {best.sum}.")
    return ""


def _id_of(rules: Ruleset, name: str) -> str:
    return next(p.id for p in rules.patterns if p.name == name)


def _names(hits: list[Hit]) -> str:
    return _join([h.pattern.name + (f" ({h.count} x {h.pattern.value})" if h.count > 1
                                    else "") for h in hits])


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
