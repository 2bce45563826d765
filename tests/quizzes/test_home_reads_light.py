"""What home reads before its first screen loads no round, grader or scorer (issue 24).

Home needs the settings, the progress store, and (in a worker) the learner's figures:
mastery, what review would ask and what is due, the lessons passed and the next one.
A fresh interpreter imports exactly those and reads them from a learner's data folder
(answers given, a lesson passed); none of the modules a round, a question, a grade or
the glossary needs may be loaded by then.  The figures it reads are the ones the
round and session modules give in this process, so the light homes are the same
functions.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.course import next_lesson, passed_lessons, record_pass
from mj_trainer.quizzes.mastery import climbing, mastery
from mj_trainer.quizzes.round import review_refs
from mj_trainer.quizzes.session import due_count
from mj_trainer.quizzes.store import ProgressStore

_HOME_READS = r"""
import json, sys
from datetime import datetime
from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.config import ConfigFile
from mj_trainer.quizzes.course import effective_difficulty, next_lesson, passed_lessons
from mj_trainer.quizzes.mastery import back_text, climbing, mastery, step_text
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.review_queue import due_count, review_refs
from mj_trainer.quizzes.store import ProgressStore

settings = ConfigFile.load(sys.argv[2]).settings
rules = load(settings.ruleset)
store = ProgressStore.open(sys.argv[1])
moment = utc(datetime.fromisoformat(sys.argv[3]))
rows = mastery(store, rules, moment)
queue, weak = review_refs(store, moment, ruleset=rules, rows=rows)
words = [f"{step_text(m)} · {back_text(m.due, moment)}" for m in rows if m.due is not None]
upcoming = next_lesson(store, rules)
passed = len(passed_lessons(store, rules))
print(json.dumps({
    "queue": queue, "due": due_count(store, moment, ruleset=rules.id),
    "climbing": climbing(rows), "seen": len(words), "passed": passed,
    "next": upcoming.id if upcoming else None,
    "level": effective_difficulty("medium", passed),
    "modules": sorted(m for m in sys.modules if m.startswith("mj_trainer")),
}))
"""

# Loaded by a round, a question, a grade, the scorer and its pattern detectors, the hand
# generator or the glossary: never by home's readings.
NOT_FOR_HOME = (
    "mj_trainer.quizzes.questions", "mj_trainer.quizzes.grading",
    "mj_trainer.quizzes.explain", "mj_trainer.quizzes.explanation",
    "mj_trainer.quizzes.hints", "mj_trainer.quizzes.sources", "mj_trainer.quizzes.split",
    "mj_trainer.quizzes.round", "mj_trainer.quizzes.session",
    "mj_trainer.quizzes.course.glossary_entries", "mj_trainer.quizzes.course.drill",
    "mj_trainer.quizzes.course.hand_rules", "mj_trainer.engine.scoring",
    "mj_trainer.engine.patterns", "mj_trainer.engine.generator",
)
NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def learner(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two answered questions (one right, one wrong) and lesson 1.1 passed."""
    home = tmp_path_factory.mktemp("learner")
    for seed, stdin in ((5, '{"total": 5}\n'), (6, '{"patterns": {"1.1": 1}, "total": 8}\n')):
        kinds = "total" if seed == 5 else "patterns"
        proc = subprocess.run(
            [sys.executable, "-m", "mj_trainer", "--data-dir", str(home / "data"),
             "--config", str(home / "config.toml"), "quiz", "--jsonl", "--random",
             "--count", "1", "--seed", str(seed), "--kinds", kinds],
            input=stdin, capture_output=True, text=True, timeout=120, cwd=home, check=False)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert '"type": "grade"' in proc.stdout
    store = ProgressStore.open(home / "data")
    try:
        record_pass(store, load("mj-score-eval"), "1.1", 1.0, NOW)
    finally:
        store.close()
    return home


def test_home_reads_its_figures_without_rounds_grades_or_the_scorer(learner: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _HOME_READS, str(learner / "data"),
         str(learner / "config.toml"), NOW.isoformat()],
        capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    loaded = set(seen["modules"])
    assert "mj_trainer.quizzes.store" in loaded  # the listing really is of the readings
    early = sorted(m for m in loaded if m.startswith(NOT_FOR_HOME))
    assert early == []
    # The same figures as the round's and the session's names give here.
    rules = load("mj-score-eval")
    store = ProgressStore.open(learner / "data")
    try:
        queue, _weak = review_refs(store, NOW, ruleset=rules)
        upcoming = next_lesson(store, rules)
        assert seen["queue"] == queue
        assert seen["due"] == due_count(store, NOW, ruleset=rules.id)
        assert seen["climbing"] == climbing(mastery(store, rules, NOW))
        assert seen["passed"] == len(passed_lessons(store, rules)) == 1
        assert seen["next"] == (upcoming.id if upcoming else None) == "1.2"
        assert seen["seen"] > 0  # the answers are there: patterns with a review card
        assert seen["level"] == "easy"  # one lesson passed: quick rounds still start easy
    finally:
        store.close()
