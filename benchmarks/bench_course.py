"""Does the course teach before it tests?  A student who knows exactly what the
lessons so far have taught, through every drill in course order.

    .venv/bin/python benchmarks/bench_course.py [--ruleset R ...] [--seeds 1,2,3]
                                                [--in-process]

For each ruleset and seed, the student takes every lesson in course order, one data
directory shared across the lessons: it reads the lesson (`mj-trainer course --lesson
ID --json`), learns its patterns and rules, then plays the lesson's drill over the quiz
protocol (`mj-trainer quiz --jsonl --lesson ID --seed S`).  It answers from what it
was taught, applied perfectly (it reads the hand with the engine, as a careful learner
reads it with the rules in hand), and from nothing else.  Before a rule is taught it
does what a learner who never heard of it does:

* families: claims the patterns that are present but outranked;
* stacking: keeps only the best pattern of each family (given ones included), once it
  knows the family rule (before that it claims everything present);
* limits: claims what a limit replaces, and adds the limit to the sum like any pattern;
* the cap: gives the uncapped sum;
* arrangements: takes the reading that scores worst;
* doublings (classical): adds the points and ignores the doublings;
* winning hands: calls every hand a win.

It never claims a pattern it was not taught; the patterns a question gives (`given`) it
adds to its total.  Reported: the credit per lesson (the share of the drill's credit,
80% passes) and whether the lesson was passed, per ruleset and seed.  `--in-process`
drives the same protocol without starting processes (what the quick test in tests/
does).  Every drill should pass on every seed: the drills are fair by construction.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mj_trainer.engine import tiles
from mj_trainer.engine.jsonio import hand_from_json
from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why, score

RULESETS = ("mj-score-eval", "zung-jung", "mj-score-eval-early", "classical")
Message = dict[str, Any]


@dataclass
class Student:
    """What the student has been taught so far, and how it answers."""

    rules: Ruleset
    patterns: set[str] = field(default_factory=set)
    taught: set[str] = field(default_factory=set)

    def learn(self, lesson: Message) -> None:
        """Study a lesson: its patterns and its rules (course --json fields)."""
        self.patterns.update(lesson["patterns"])
        self.taught.update(lesson["rules"])

    # ---- answers

    def answer(self, question: Message) -> Message:
        kind = question["kind"]
        hand = hand_from_json(question["hand"])
        result = score(hand, self.rules)
        if kind == "win":
            return {"win": result.winning if "winning" in self.taught else True}
        if kind == "split":
            return self._split(result, bool(question.get("ask_winning")))
        scope = set(question.get("scope") or self.patterns)
        given = question.get("given") or {}
        claims, total, points, doubles = self._score(result, scope, given)
        if kind == "counts":
            return {"counts": question["pattern"] in claims}
        if kind == "total":
            return {"total": total}
        out: Message = {"patterns": claims, "total": total}
        if self.rules.doubling:
            out["points"] = points
            out["doubles"] = doubles
        return out

    def _split(self, result: Score, ask_winning: bool) -> Message:
        a = result.best.arrangement
        assert a is not None, "split questions are asked of wins only"
        if a.shape.value == "thirteen_orphans":
            pair = next(g.tile for g in a.groups if g.kind.name == "PAIR")
            codes = sorted((*tiles.ORPHANS, pair))
            return {"sets": [[tiles.code(t) for t in codes]], "winning": 0}
        groups = [[tiles.code(t) for t in g.tiles] for g in a.groups]
        win = tiles.code(result.hand.winning_tile)
        home = next(i for i, g in enumerate(a.groups)
                    if not g.declared and win in groups[i])
        out: Message = {"sets": groups}
        if ask_winning:
            out["winning"] = home
        return out

    def _reading(self, result: Score) -> Outcome:
        readings = (result.best, *result.others)
        if "arrangements" in self.taught:
            return result.best
        return min(readings, key=lambda o: o.total)

    def _score(self, result: Score, scope: set[str], given: dict[str, Message]
               ) -> tuple[dict[str, int], int, int, int]:
        """(claims, total, points, doublings) as this student sees the hand."""
        taught = self.taught
        rules = self.rules
        if not result.winning:
            illegal = rules.illegal_call
            if "winning" in taught and illegal is not None:
                claims = {illegal.id: 1} if illegal.id in scope else {}
                return claims, illegal.value, illegal.value, 0
            # calls it a win: nothing it knows counts in a hand it cannot read
            return {}, 0, 0, 0
        o = self._reading(result)
        picked: list[Hit] = []
        for h in o.hits:
            if h.pattern.id not in scope or h.pattern.id in given:
                continue
            if h.counted or self._claims_anyway(h):
                picked.append(h)
        if "families" in taught and "stacking" not in taught and not rules.doubling:
            # knows that a family's best counts, not yet that some patterns stack on it
            picked = self._best_per_family(picked, given)
        claims = {h.pattern.id: h.count for h in picked}
        all_hits = [*picked, *(self._given_hit(pid, g) for pid, g in given.items())]
        points = sum(h.points for h in all_hits)
        doubles = sum(h.doubles for h in all_hits)
        limits = [h for h in all_hits if h.pattern.is_limit]
        if limits and "limits" in taught:
            top = max(h.pattern.value for h in limits)
            return claims, top, top, 0
        if rules.doubling:
            total = points * 2 ** doubles if "doublings" in taught else points
            if "cap" in taught:
                total = min(total, rules.cap)
            return claims, total, points, doubles
        total = min(points, rules.cap) if "cap" in taught else points
        return claims, total, points, 0

    def _claims_anyway(self, h: Hit) -> bool:
        """A pattern present but not counting, claimed for want of the rule that says so:
        outranked (families), included in a bigger one (stacking), replaced by a limit."""
        taught = self.taught
        if h.why is Why.OUTRANKED:
            return "families" not in taught
        if h.why is Why.REPLACED:
            return not {"families", "stacking"} <= taught
        return h.why is Why.LIMIT and "limits" not in taught

    def _given_hit(self, pid: str, g: Message) -> Hit:
        return Hit(self.rules.pattern(pid), int(g["count"]))

    def _best_per_family(self, picked: list[Hit], given: dict[str, Message]) -> list[Hit]:
        """Before stacking: of each family only the best pattern (given ones compete)."""
        best: dict[str, int] = {}
        for h in picked:
            best[h.pattern.family] = max(best.get(h.pattern.family, 0), h.points)
        for pid, g in given.items():
            fam = self.rules.pattern(pid).family
            best[fam] = max(best.get(fam, 0), int(g["points"]))
        out: list[Hit] = []
        done: set[str] = set()
        for h in sorted(picked, key=lambda h: -h.points):
            fam = h.pattern.family
            if fam in done or h.points < best[fam]:
                continue
            done.add(fam)
            out.append(h)
        return out


# --------------------------------------------------------------------------- driving


Talk = Callable[[list[str]], Iterator[Message]]


@dataclass
class LessonResult:
    lesson: str
    title: str
    questions: int
    credit: float
    passed: bool

    @property
    def share(self) -> float:
        return self.credit / self.questions if self.questions else 0.0


def _run(args: list[str]) -> str:
    out = subprocess.run([sys.executable, "-m", "mj_trainer", *args], capture_output=True,
                         text=True, check=True)
    return out.stdout


def course_json(ruleset: str, data_dir: str, *, in_process: bool) -> list[Message]:
    """Every lesson of the course, whole (`course --json`)."""
    args = ["course", "--ruleset", ruleset, "--json", "--data-dir", data_dir]
    if in_process:
        from mj_trainer.cli.course import course_report
        from mj_trainer.quizzes.store import ProgressStore

        with ProgressStore.open(data_dir) as store:
            report = course_report(store, load(ruleset))
        lessons: list[Message] = json.loads(json.dumps(report))["lessons"]
        return lessons
    lessons = json.loads(_run(args))["lessons"]
    return lessons


def play_lesson(student: Student, lesson: Message, seed: int, data_dir: str, *,
                in_process: bool) -> LessonResult:
    """The lesson's drill over the quiz protocol, answered by the student."""
    args = ["quiz", "--jsonl", "--lesson", lesson["id"], "--seed", str(seed), "--ruleset",
            student.rules.id, "--data-dir", data_dir, "--clock", "2026-03-02T09:00:00Z"]
    summary = _in_process(student, args) if in_process else _over_pipes(student, args)
    questions = int(summary["questions"])
    credit = float(summary["credit"])
    passed = questions > 0 and credit >= 0.8 * questions - 1e-9
    return LessonResult(lesson["id"], lesson["title"], questions, credit, passed)


def _in_process(student: Student, args: list[str]) -> Message:
    from mj_trainer.cli.main import _parser
    from mj_trainer.cli.quiz import protocol_round
    from mj_trainer.quizzes.store import ProgressStore

    parsed = _parser().parse_args(args)
    with ProgressStore.open(parsed.data_dir) as store:
        pr = protocol_round(parsed, store)
        messages = pr.start()
        while not pr.done:
            q: Message = messages[-1]
            if q["type"] == "summary":
                return q
            assert q["type"] == "question", q
            messages = pr.handle(json.dumps(student.answer(q)))
            errors = [m for m in messages if m["type"] == "error"]
            assert not errors, errors
        last: Message = messages[-1]
        return last


def _over_pipes(student: Student, args: list[str]) -> Message:
    proc = subprocess.Popen([sys.executable, "-m", "mj_trainer", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    summary: Message = {}
    for line in proc.stdout:
        m = json.loads(line)
        if m["type"] == "question":
            proc.stdin.write(json.dumps(student.answer(m)) + "\n")
            proc.stdin.flush()
        elif m["type"] == "summary":
            summary = m
        elif m["type"] == "error":
            raise RuntimeError(f"the student's answer was refused: {m}")
    proc.stdin.close()
    proc.wait()
    return summary


def run_course(ruleset: str, seed: int, *, in_process: bool = False,
               data_dir: str | None = None) -> list[LessonResult]:
    """The student through every drill of a ruleset's course, in order."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = data_dir or tmp
        lessons = course_json(ruleset, folder, in_process=in_process)
        student = Student(load(ruleset))
        out = []
        for lesson in lessons:
            student.learn(lesson)
            out.append(play_lesson(student, lesson, seed, folder, in_process=in_process))
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", choices=RULESETS,
                        help="a ruleset (repeat; default: all four)")
    parser.add_argument("--seeds", default="1,2,3,4,5", help="comma-separated seeds")
    parser.add_argument("--in-process", action="store_true",
                        help="drive the protocol in this process (no subprocesses)")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    failed = 0
    for ruleset in args.ruleset or RULESETS:
        per_seed = {seed: run_course(ruleset, seed, in_process=args.in_process)
                    for seed in seeds}
        first = per_seed[seeds[0]]
        print(f"\n{ruleset}: credit per lesson (80% passes), seeds {args.seeds}")
        print(f"{'lesson':<7} {'title':<44} " + " ".join(f"{s:>5}" for s in seeds))
        for k, one in enumerate(first):
            row = [per_seed[s][k] for s in seeds]
            failed += sum(not r.passed for r in row)
            print(f"{one.lesson:<7} {one.title[:44]:<44} "
                  + " ".join(f"{r.share:>5.0%}" for r in row))
        means = [sum(r.share for r in per_seed[s]) / len(per_seed[s]) for s in seeds]
        print(f"{'mean':<7} {'':<44} " + " ".join(f"{m:>5.0%}" for m in means))
    print(f"\ndrills failed: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
