"""`mj-trainer course`: every lesson whole in JSON (the contract's machine view), worked
hands whose results equal a fresh `score --json --all-arrangements`, and a list for a
person that points at `mj-trainer learn`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.engine.jsonio import hand_to_json
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.quizzes.course import Rule, at_work, course

FIELDS = {"id", "title", "covers", "status", "targets", "passed_at", "patterns", "rules",
          "text", "definitions", "worked", "drill"}


def _cli(args: list[str], tmp_path: Path, stdin: str | None = None
         ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MJ_TRAINER_CONFIG": str(tmp_path / "none.toml")}
    env.pop("MJ_TRAINER_DATA_DIR", None)
    return subprocess.run([sys.executable, "-m", "mj_trainer", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=300, check=False)


def _course(name: str, tmp_path: Path) -> list[dict[str, Any]]:
    out = _cli(["course", "--ruleset", name, "--json", "--data-dir", str(tmp_path)], tmp_path)
    assert out.returncode == 0, out.stderr
    lessons: list[dict[str, Any]] = json.loads(out.stdout)["lessons"]
    return lessons


@pytest.mark.parametrize("name", sorted(builtin_names()))
def test_every_lesson_whole_with_worked_hands_equal_to_a_fresh_score(
        name: str, tmp_path: Path) -> None:
    lessons = _course(name, tmp_path)
    rules = load(name)
    assert [x["id"] for x in lessons] == [one.id for one in course(rules)]
    worked: list[dict[str, Any]] = []
    for x in lessons:
        assert set(x) >= FIELDS
        assert list(x["definitions"]) == x["patterns"]
        assert x["drill"]["pass"] == 0.8 and x["drill"]["questions"] == 6
        shown = {s for w in x["worked"] for s in w["shows"]}
        # each hand once, with all it shows (a curated hand may show two patterns)
        hands = [w["hand"] for w in x["worked"] if not w["near_miss"]]
        assert len(hands) == len(set(hands)), x["id"]
        # a worked hand where each pattern of the lesson counts, one for each rule
        assert set(x["patterns"]) | set(x["rules"]) <= shown, x["id"]
        for w in x["worked"]:
            counted = {p["id"] for p in w["result"]["patterns"]}
            for item in w["shows"]:
                if item in {r.value for r in Rule}:
                    continue
                assert item in counted, (x["id"], w["hand"], item)
            if w["near_miss"]:
                assert w["near_miss"] not in counted
            assert w["arithmetic"].endswith(str(w["result"]["total"])) or "capped" in \
                w["arithmetic"], w["arithmetic"]
            assert [n["id"] for n in w["not_counted"]] == [
                p["id"] for p in w["result"]["not_counted"]]
            worked.append(w)
    # Stored results equal a fresh `score --json --all-arrangements`: all of them in one
    # call (a list of hand objects), and the first few from their notation too.
    hands = [hand_to_json(parse(w["hand"])) for w in worked]
    fresh = _cli(["score", "--json", "--all-arrangements", "--ruleset", name], tmp_path,
                 json.dumps(hands))
    assert fresh.returncode == 0, fresh.stderr
    assert json.loads(fresh.stdout) == [w["result"] for w in worked]
    for w in worked[:3]:
        one = _cli(["score", w["hand"], "--ruleset", name, "--json", "--all-arrangements"],
                   tmp_path)
        assert json.loads(one.stdout) == w["result"]


def test_rule_lessons_show_their_rule_at_work() -> None:
    from mj_trainer.quizzes.course import worked_hands

    rules = load("mj-score-eval")
    for one in course(rules):
        for w in worked_hands(rules, one):
            for item in w.shows:
                if item in {r.value for r in Rule}:
                    assert Rule(item) in at_work(w.result), (one.id, w.notation)


def test_one_lesson_whole_and_an_unknown_one(tmp_path: Path) -> None:
    out = _cli(["course", "--lesson", "2.3", "--json", "--data-dir", str(tmp_path)], tmp_path)
    one = json.loads(out.stdout)  # the lesson itself, with its ruleset
    assert one["ruleset"] == "mj-score-eval"
    assert one["id"] == "2.3" and one["rules"] == ["stacking"] and "8.2.2" in one["patterns"]
    assert one["status"] == "locked" and one["passed_at"] is None
    assert one["drill"]["kinds"] == ["patterns", "counts"]
    bad = _cli(["course", "--lesson", "7.7", "--json", "--data-dir", str(tmp_path)], tmp_path)
    assert bad.returncode == 2 and "no lesson '7.7'" in bad.stderr and not bad.stdout


def test_a_person_is_pointed_at_the_trainer(tmp_path: Path) -> None:
    out = _cli(["course", "--data-dir", str(tmp_path)], tmp_path)
    assert out.returncode == 0
    head = out.stdout.splitlines()[0]
    assert "mj-trainer learn" in head and "--jsonl" not in out.stdout
    assert "1.1   open    The tiles and the sets" in out.stdout
    text = _cli(["course", "--lesson", "1.2", "--data-dir", str(tmp_path)], tmp_path).stdout
    assert text.startswith("Lesson 1.2 · What a winning hand is") and "seven pairs" in text


def test_each_lesson_alone_is_the_lesson_of_the_whole_course(tmp_path: Path) -> None:
    from mj_trainer.cli.course import course_report
    from mj_trainer.quizzes.store import ProgressStore

    rules = load("mj-score-eval")
    with ProgressStore.open(str(tmp_path)) as store:
        whole = course_report(store, rules)["lessons"]
        for x in whole:
            alone = course_report(store, rules, x["id"])
            assert alone.pop("ruleset") == "mj-score-eval"
            assert alone == x, x["id"]
