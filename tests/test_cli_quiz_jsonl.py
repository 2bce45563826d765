"""`mj-trainer quiz --jsonl`, end to end in a subprocess: the quiz protocol of the
contract, bad lines, hints, skips, end, EOF, --clock and bad options."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from mj_trainer.quizzes.store import ProgressStore

CLOCK = "2026-03-02T08:30:00Z"


def run(args: list[str], lines: list[str], data_dir: Path, *, config: Path | None = None
        ) -> tuple[int, list[dict[str, Any]], str]:
    """Run the command with `lines` on stdin; (exit status, messages, stderr)."""
    cfg = config or data_dir / "none.toml"
    env = {**os.environ, "MJ_TRAINER_CONFIG": str(cfg)}
    env.pop("MJ_TRAINER_DATA_DIR", None)
    proc = subprocess.run(
        [sys.executable, "-m", "mj_trainer", "quiz", "--jsonl", "--data-dir", str(data_dir),
         *args],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True,
        env=env, timeout=300, check=False)
    messages = [json.loads(x) for x in proc.stdout.splitlines()]
    assert all(isinstance(m, dict) and "type" in m for m in messages)
    return proc.returncode, messages, proc.stderr


def answer_right(q: dict[str, Any], grade_source: dict[str, Any]) -> dict[str, Any]:
    """The right answer to question `q`, read from a grade's `expected` field."""
    assert grade_source["n"] == q["n"]
    return dict(grade_source["expected"])


def test_a_set_round_graded_and_recorded(tmp_path: Path) -> None:
    # First pass: skip every question to learn the right answers from the grades.
    code, msgs, err = run(["--set", "trivial", "--count", "3", "--clock", CLOCK],
                          ['{"skip": true}'] * 3, tmp_path / "a")
    assert code == 0 and err == ""
    questions = [m for m in msgs if m["type"] == "question"]
    grades = [m for m in msgs if m["type"] == "grade"]
    assert [m["type"] for m in msgs] == ["question", "grade"] * 3 + ["summary"]
    assert all(q["set"] == "trivial" and q["hand_id"] for q in questions)
    assert all(g["skipped"] is True and g["credit"] == 0 for g in grades)
    # Second pass, fresh data: answer each right; full credit and nothing missed.
    answers = [json.dumps(answer_right(q, g)) for q, g in zip(questions, grades, strict=True)]
    code, msgs, _ = run(["--set", "trivial", "--count", "3", "--clock", CLOCK], answers,
                        tmp_path / "b")
    assert code == 0
    grades = [m for m in msgs if m["type"] == "grade"]
    assert [g["credit"] for g in grades] == [1.0, 1.0, 1.0]
    assert all(g["missed"] == [] and g["wrong"] == [] for g in grades)
    summary = msgs[-1]
    assert summary == {**summary, "type": "summary", "questions": 3, "answered": 3,
                       "credit": 3.0, "missed": {}, "wrong": {}}
    with ProgressStore.open(tmp_path / "b") as store:
        recorded = store.answers()
    assert len(recorded) == 3 and all(r.correct for r in recorded)


def test_bad_lines_get_errors_and_the_question_stays_open(tmp_path: Path) -> None:
    bad = ["not json", "[1, 2]", '{"patterns": {"99.9": 1}, "total": 5}',
           '{"total": "many"}', '{"counts": true}', '{"skip": false}',
           '{"skip": true, "total": 3}', "", "[" * 5000, '{"total": ' + "9" * 5000 + "}",
           '{"patterns": {"1.1": -1}, "total": 5}']
    code, msgs, err = run(["--random", "--count", "1", "--seed", "3", "--kinds", "patterns",
                           "--clock", CLOCK], bad, tmp_path)
    assert code == 0 and err == ""
    kinds = [m["type"] for m in msgs]
    assert kinds == ["question"] + ["error"] * len(bad) + ["summary"]
    assert all(m["message"] for m in msgs if m["type"] == "error")
    assert "99.9" in msgs[3]["message"]
    assert msgs[-1]["answered"] == 0
    with ProgressStore.open(tmp_path) as store:
        assert store.answers() == []  # nothing recorded for a bad line


def test_hint_skip_and_end(tmp_path: Path) -> None:
    lines = ['{"hint": true}', '{"hint": true}', '{"skip": true}', '{"end": true}',
             '{"total": 5}']
    code, msgs, _ = run(["--random", "--count", "4", "--seed", "11", "--kinds", "patterns",
                         "--difficulty", "medium", "--clock", CLOCK], lines, tmp_path)
    assert code == 0
    kinds = [m["type"] for m in msgs]
    assert kinds[:3] == ["question", "hint", "hint"]
    hints = [m for m in msgs if m["type"] == "hint"]
    assert hints[0]["pattern"] != hints[1]["pattern"]
    grade = msgs[3]
    assert grade["type"] == "grade" and grade["skipped"] is True
    assert set(grade["hinted"]) == {h["pattern"] for h in hints}
    assert all(h["pattern"] in grade["expected"]["patterns"] for h in hints)
    # end: summary at once, no further question answered, the last line never read
    assert kinds[4:] == ["question", "summary"]
    assert msgs[-1]["questions"] == 4 and msgs[-1]["answered"] == 0
    # the skipped question's patterns are in its grade, but a skip is not a miss
    assert grade["missed"] and msgs[-1]["missed"] == {} and msgs[-1]["skipped"] == 1
    with ProgressStore.open(tmp_path) as store:
        assert len(store.answers()) == 1
        rounds = store.rounds()
    assert len(rounds) == 1 and rounds[0].finished


def test_eof_mid_round_keeps_every_answer(tmp_path: Path) -> None:
    code, msgs, _ = run(["--random", "--count", "5", "--seed", "2", "--kinds", "total",
                         "--clock", CLOCK], ['{"total": 10}', '{"total": 20}'], tmp_path)
    assert code == 0
    assert [m["type"] for m in msgs] == ["question", "grade"] * 2 + ["question", "summary"]
    assert msgs[-1]["questions"] == 5 and msgs[-1]["answered"] == 2
    with ProgressStore.open(tmp_path) as store:
        assert [r.answer for r in store.answers()] == [{"total": 10}, {"total": 20}]


def test_clock_fixes_now_for_history_and_review(tmp_path: Path) -> None:
    run(["--random", "--count", "2", "--seed", "5", "--kinds", "patterns", "--clock", CLOCK],
        ['{"patterns": {}, "total": 0}'] * 2, tmp_path)
    with ProgressStore.open(tmp_path) as store:
        stamps = {r.answered_at.isoformat() for r in store.answers() if r.answered_at}
        due_then = store.due_items(__import__("datetime").datetime.fromisoformat(
            "2026-03-02T09:00:00+00:00"))
    assert stamps == {"2026-03-02T08:30:00+00:00"}
    assert due_then  # missed an hour ago by the fixed clock: due now
    # Review at the fixed clock serves the missed patterns; long before, nothing is due,
    # and review still asks the patterns once missed and not known (home's "Work on").
    code, msgs, _ = run(["--review", "--count", "3", "--clock", "2026-03-02T09:00:00Z"],
                        ['{"end": true}'], tmp_path)
    assert code == 0 and msgs[0]["type"] == "question"
    code, msgs, _ = run(["--review", "--clock", "2026-03-01T00:00:00Z"], ['{"end": true}'],
                        tmp_path)
    assert code == 0 and msgs[0]["type"] == "question"
    # Nothing answered yet: nothing to review.
    code, msgs, _ = run(["--review", "--clock", "2026-03-01T00:00:00Z"], [],
                        tmp_path / "fresh")
    assert code == 0 and msgs == [{**msgs[0], "type": "summary", "questions": 0}]


def test_yes_no_kinds(tmp_path: Path) -> None:
    code, msgs, _ = run(["--random", "--count", "4", "--seed", "8", "--kinds", "counts,win",
                         "--clock", CLOCK], ['{"counts": true}', '{"win": true}'] * 4,
                        tmp_path)
    assert code == 0
    questions = [m for m in msgs if m["type"] == "question"]
    assert {q["kind"] for q in questions} == {"counts", "win"}
    assert all((q["pattern"] is not None) == (q["kind"] == "counts") for q in questions)
    grades = [m for m in msgs if m["type"] == "grade"]
    assert len(grades) == 4
    for g in grades:
        assert g["credit"] == (1.0 if g["correct"] else 0.0)


def test_bad_options_exit_2_with_nothing_on_stdout(tmp_path: Path) -> None:
    for args in (["--set", "no-such-set"], ["--kinds", "poems"], ["--clock", "yesterday"],
                 ["--ruleset", "nope"], ["--count", "0"], ["--set", "trivial", "--target", "1.1"],
                 ["--random", "--target", "99.9"]):
        proc = subprocess.run(
            [sys.executable, "-m", "mj_trainer", "quiz", "--jsonl", "--data-dir",
             str(tmp_path), *args], input="", capture_output=True, text=True, timeout=120,
            check=False)
        assert proc.returncode == 2, args
        assert proc.stdout == "" and proc.stderr.startswith("mj-trainer: "), args
        assert "Traceback" not in proc.stderr


def test_protocol_never_loads_textual(tmp_path: Path) -> None:
    code = (
        "import sys, io\n"
        "from mj_trainer.cli.main import main\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b'{\"end\": true}\\n'))\n"
        "out = io.BytesIO()\n"
        "sys.stdout = io.TextIOWrapper(out)\n"
        "main(['quiz', '--jsonl', '--count', '1', '--seed', '1',\n"
        f"      '--data-dir', {str(tmp_path)!r}])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "sys.stdout = sys.__stdout__\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == ""


def test_a_lesson_drill_passed_opens_the_next_lesson(tmp_path: Path) -> None:
    # Skip through the drill to learn the answers, then answer them right on fresh data.
    args = ["--lesson", "2.2", "--count", "3", "--seed", "6", "--clock", CLOCK]
    _, msgs, _ = run(args, ['{"skip": true}'] * 3, tmp_path / "a")
    grades = [m for m in msgs if m["type"] == "grade"]
    assert len(grades) == 3
    questions = [m for m in msgs if m["type"] == "question"]
    for q in questions:  # every drill question says what it grades and what it gives
        scope = set(q["scope"])
        assert "2.3.2" in scope and "1.1" in scope and "8.2.1" not in scope
        assert all(pid not in scope for pid in q["given"])
    answers = [json.dumps(answer_right(q, g)) for q, g in zip(questions, grades, strict=True)]
    code, msgs, _ = run(args, answers, tmp_path / "b")
    assert code == 0 and msgs[-1]["credit"] == 3.0
    course = subprocess.run(
        [sys.executable, "-m", "mj_trainer", "course", "--json", "--data-dir",
         str(tmp_path / "b"), "--config", str(tmp_path / "none.toml")],
        capture_output=True, text=True, check=True, timeout=120)
    status = {x["id"]: x["status"] for x in json.loads(course.stdout)["lessons"]}
    assert (status["2.2"], status["2.3"], status["2.4"]) == ("passed", "open", "locked")
    assert status["1.1"] == "open"  # any lesson can be taken out of order
    code, _, err = run(["--lesson", "9.9"], [], tmp_path / "c")
    assert code == 2 and "no lesson '9.9'" in err


def test_a_given_pattern_is_ignored_and_an_untaught_claim_is_wrong(tmp_path: Path) -> None:
    # Lesson 2.1 grades the trivial patterns only: a counting pattern of a later lesson
    # is given (claimed or not, it changes nothing); one claimed that does not count is
    # wrong.
    args = ["--lesson", "2.1", "--seed", "3", "--clock", CLOCK, "--kinds", "patterns"]
    _, msgs, _ = run(args, ['{"skip": true}'] * 6, tmp_path / "a")
    pairs = list(zip([m for m in msgs if m["type"] == "question"],
                     [m for m in msgs if m["type"] == "grade"], strict=True))
    k, (q, g) = next((k, qg) for k, qg in enumerate(pairs) if qg[0]["given"])
    right = answer_right(q, g)
    claims = {**right["patterns"], **{pid: 1 for pid in q["given"]}, "7.2.4": 1}
    lines = ['{"skip": true}'] * k + [json.dumps({"patterns": claims, "total": right["total"]})]
    _, msgs, _ = run(args, lines, tmp_path / "b")
    grade = [m for m in msgs if m["type"] == "grade"][k]
    assert grade["wrong"] == ["7.2.4"] and grade["missed"] == []
    assert set(grade["right"]) == set(right["patterns"])


def test_split_questions_over_the_protocol(tmp_path: Path) -> None:
    args = ["--random", "--kinds", "split", "--count", "2", "--seed", "4", "--clock", CLOCK]
    _, msgs, _ = run(args, ['{"skip": true}'] * 2, tmp_path / "a")
    questions = [m for m in msgs if m["type"] == "question"]
    grades = [m for m in msgs if m["type"] == "grade"]
    assert [q["kind"] for q in questions] == ["split", "split"]
    assert grades[0]["kind"] == "split" and grades[0]["credit"] == 0.0 and grades[0]["best"]
    best = grades[0]["best"]
    lines = ['{"sets": [["zz"]]}', '{"sets": "c123"}', '{"total": 5}', json.dumps({"sets": best})]
    _, msgs, _ = run(args, lines, tmp_path / "b")
    kinds = [m["type"] for m in msgs]
    assert kinds[:5] == ["question", "error", "error", "error", "grade"]
    right = next(m for m in msgs if m["type"] == "grade")
    assert right["ok"] is True and right["credit"] == 1.0 and not right["explanations"]
    _, msgs, _ = run(args, [json.dumps({"sets": best[:-1]})], tmp_path / "c")
    wrong = next(m for m in msgs if m["type"] == "grade")
    assert wrong["ok"] is False and wrong["credit"] == 0.0 and wrong["explanations"]
