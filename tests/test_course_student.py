"""The student of issue 22 through the default course on one seed, in course order,
one data directory across the lessons: it knows exactly what the lessons so far have
taught and applies it perfectly, and it passes every drill.  The same student who skips
a rule's lesson fails that lesson's drill: the drills test what they teach.
(`benchmarks/bench_course.py` runs it on more seeds and every ruleset.)"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.bench_course import Student, course_json, play_lesson, run_course
from mj_trainer.engine.ruleset import load


def test_the_student_passes_every_drill_of_the_default_course() -> None:
    results = run_course("mj-score-eval", seed=20260302, in_process=True)
    assert len(results) == 19
    failed = [(r.lesson, round(r.share, 2)) for r in results if not r.passed]
    assert not failed
    assert all(r.questions == 6 for r in results)


def test_a_student_who_skipped_a_rule_fails_its_drill(tmp_path: Path) -> None:
    lessons = course_json("mj-score-eval", str(tmp_path), in_process=True)
    by_rule = {rule: x for x in lessons for rule in x["rules"]}
    for rule in ("families", "stacking", "limits", "cap", "arrangements", "winning"):
        student = Student(load("mj-score-eval"))
        for x in lessons:
            skipped = json.loads(json.dumps(x))
            skipped["rules"] = [r for r in x["rules"] if r != rule]
            student.learn(skipped)
            if x is by_rule[rule]:
                break
        result = play_lesson(student, by_rule[rule], 7, str(tmp_path / rule),
                             in_process=True)
        assert not result.passed, rule
