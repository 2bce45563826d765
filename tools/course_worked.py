"""Propose worked hands for a ruleset's course (a maintainer's tool, not shipped).

    .venv/bin/python tools/course_worked.py RULESET > /tmp/worked.toml

For every pattern of every lesson it looks for the simplest hand that shows the pattern
counting and is fair at that lesson (every rule it needs taught, limit patterns
excepted: their own worked hand shows the limit at work), preferring the curated sets'
hand-picked hands, then the generator's.  For every rule it looks for a hand where the
rule changes the total.  The output is a draft of quizzes/course/worked-RULESET.toml:
read every hand, keep or replace it, and write the notes the course needs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mj_trainer.engine.notation import format_hand
from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.engine.scoring import Score, Why, score
from mj_trainer.quizzes.course import Lesson, LessonKind, Rule, at_work, course, fair
from mj_trainer.quizzes.course.search import draw
from mj_trainer.quizzes.course.worked import _allowed
from mj_trainer.quizzes.sets import builtin_sets


def curated(rules: Ruleset) -> Iterator[tuple[str, Score]]:
    for s in builtin_sets():
        base = load(s.ruleset)
        if not rules.builds_on(base.id) and not base.builds_on(rules.id) \
                and base.id != rules.id:
            continue
        for h in s.hands:
            try:
                yield h.id, score(h.hand, rules)
            except ValueError:
                continue


def simplicity(result: Score) -> tuple[int, int, int, int]:
    best = result.best
    return (sum(h.count for h in best.counted), len(best.not_counted), len(result.others),
            len(result.hand.melds) + len(result.hand.bonus))


def pick(rules: Ruleset, one: Lesson, ok: Callable[[Score], bool], aims: list[str | None],
         shows: tuple[str, ...]) -> tuple[str, str] | None:
    taught = _allowed(rules, one, shows)
    reading = one.kind is LessonKind.READING

    def good(r: Score, strict: bool) -> bool:
        if not ok(r) or not fair(r, taught, one.scope, reading=reading):
            return False
        return not strict or all(h.pattern.id in one.scope for h in r.best.counted)

    for strict in (True, False):
        found = [(hid, r) for hid, r in curated(rules) if good(r, strict)]
        if found:
            hid, _ = min(found, key=lambda x: simplicity(x[1]))
            return "curated", hid
        made: list[Score] = []
        for seed in range(1, 6):
            for aim in aims:
                made.extend(draw(rules, seed=seed, target=aim, tries=300,
                                 accept=lambda r, s=strict: good(r, s)))
            if len(made) >= 8:
                break
        if made:
            return "hand", format_hand(min(made, key=simplicity).hand)
    return None


def entry(kind: str, value: str, shows: list[str], comment: str = "") -> str:
    lines = ["[[worked]]"]
    if comment:
        lines.insert(0, f"# {comment}")
    lines.append(f'{kind if kind == "hand" else "curated"} = "{value}"')
    lines.append("shows = [" + ", ".join(f'"{s}"' for s in shows) + "]")
    return "\n".join(lines) + "\n"


def counts(pid: str) -> Callable[[Score], bool]:
    return lambda r: any(h.pattern.id == pid for h in r.best.hits if h.counted) or (
        not r.winning and any(h.pattern.id == pid for h in r.best.hits))


def rule_test(rule: Rule, scope: frozenset[str]) -> Callable[[Score], bool]:
    def ok(r: Score) -> bool:
        if not r.winning:
            return False
        best = r.best
        if rule is Rule.FAMILIES:
            return any(h.why is Why.OUTRANKED and h.pattern.id in scope for h in best.not_counted)
        if rule is Rule.STACKING:
            fams: dict[str, int] = {}
            for h in best.counted:
                fams[h.pattern.family] = fams.get(h.pattern.family, 0) + 1
            return any(n > 1 for n in fams.values())
        if rule is Rule.LIMITS:
            return best.limit is not None and any(h.why is Why.LIMIT for h in best.not_counted)
        return rule in at_work(r)

    return ok


def main() -> None:
    rules = load(sys.argv[1])
    print(f"# Worked hands of the {rules.id} course (quizzes/course/worked.py reads this).\n"
          "# Each [[worked]]: `curated` (a curated hand's id) or `hand` (notation), `shows`\n"
          "# (pattern ids and rule names it shows), optional `note` and `near_miss`.\n")
    for one in course(rules):
        print(f"# ---- lesson {one.id}: {one.title}\n")
        if one.kind is LessonKind.READING:
            continue
        for pid in one.patterns:
            p = rules.pattern(pid)
            got = pick(rules, one, counts(pid), [pid], (pid,))
            if got is None:
                print(f"# NOTHING FOUND for {pid} {p.name}\n")
                continue
            print(entry(got[0], got[1], [pid], p.name))
        for rule in one.rules:
            aims: list[str | None] = [*one.targets] or [None]
            got = pick(rules, one, rule_test(rule, one.scope), aims, (rule.value,))
            if got is None:
                print(f"# NOTHING FOUND for rule {rule.value}\n")
                continue
            print(entry(got[0], got[1], [rule.value], f"rule {rule.value}"))


if __name__ == "__main__":
    main()
