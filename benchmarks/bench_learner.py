"""Does review find the weak spots?  A simulated learner, review rounds against random.

    .venv/bin/python benchmarks/bench_learner.py [--days 60] [--per-day 10] [--seed 1]
                                                 [--learn-after 2] [--learners 3]

The learner answers through the quiz protocol (the in-process driver that
`mj-trainer quiz --jsonl` runs: protocol messages in and out, the app's rounds, a real
progress store, `--clock` set to the simulated day).  It knows some patterns and not
others: a patterns question is answered by claiming exactly the patterns it knows
that count in the hand, and the total only when it knows all of them.  It learns a
pattern once it has seen it explained `--learn-after` times.

The syllabus is every pattern that counts in at least 3% of random hands; the learner
starts not knowing a seeded half of it.  Each simulated day has one session of
`--per-day` questions:

* review: a review round of what is due (`--review`), filled up to the day's length
  with a random round when fewer are due;
* random: a random round of the same length.

Reported, per learner and in total:

(a) the share of review-round questions whose hand holds (counts) a pattern the
    learner has already missed and not yet mastered (target at least 70%);
(b) questions until every pattern the learner started without is mastered at once
    (mastery as `mj-trainer progress` reports it), review against random (target:
    review at most 60% as many); and, for information, until the whole syllabus is
    (the patterns it already knew must be met and confirmed too, and review cannot
    aim at a pattern before the learner has met it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.benchutil import machine_lines, table
from mj_trainer.cli.main import _parser
from mj_trainer.cli.quiz import NothingDue, protocol_round
from mj_trainer.engine.generator import generate
from mj_trainer.engine.jsonio import hand_from_json
from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.engine.scoring import score
from mj_trainer.quizzes.mastery import mastery
from mj_trainer.quizzes.review import Reviewer
from mj_trainer.quizzes.store import ProgressStore

RULESET = "mj-score-eval"
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
SYLLABUS_SHARE = 0.03  # a pattern counting in at least 3% of random hands is taught
TARGET_SHARE = 0.70
TARGET_RATIO = 0.60
NO_CONFIG = str(Path(tempfile.gettempdir()) / "bench-learner-no-config.toml")  # defaults


def syllabus(rules: Ruleset, sample: int = 400, seed: int = 99) -> list[str]:
    """The patterns that count in at least SYLLABUS_SHARE of random hands."""
    seen: Counter[str] = Counter()
    for h in generate(sample, seed=seed, ruleset=rules):
        seen.update({x.pattern.id for x in score(h, rules).counted})
    ids = [p.id for p in rules.patterns if seen[p.id] >= SYLLABUS_SHARE * sample]
    return ids


@dataclass
class Learner:
    """Knows some patterns; learns one after seeing it explained `learn_after` times."""

    rules: Ruleset
    knows: set[str]
    learn_after: int
    seen: Counter[str] = field(default_factory=Counter)
    missed_ever: set[str] = field(default_factory=set)

    def answer(self, question: dict[str, Any]) -> dict[str, Any]:
        if question["kind"] != "patterns":
            raise ValueError(f"the simulated learner answers patterns questions, not "
                             f"{question['kind']}")
        result = score(hand_from_json(question["hand"]), self.rules)
        claims = {h.pattern.id: h.count for h in result.counted if h.pattern.id in self.knows}
        whole = all(h.pattern.id in self.knows for h in result.counted)
        total = result.total if whole else sum(h.points for h in result.counted
                                               if h.pattern.id in self.knows)
        return {"patterns": claims, "total": total}

    def read(self, grade: dict[str, Any]) -> None:
        self.missed_ever.update(grade["missed"])
        self.missed_ever.update(grade["wrong"])
        for e in grade["explanations"]:
            about = e.get("about")
            if about and e["mistake"] in ("missed", "miscounted"):
                self.seen[about] += 1
                if self.seen[about] >= self.learn_after:
                    self.knows.add(about)


@dataclass
class Tally:
    review_questions: int = 0
    review_on_weak: int = 0
    questions: int = 0
    mastered_at: int | None = None  # every pattern it started without
    all_mastered_at: int | None = None  # every syllabus pattern, known ones too
    days: int = 0


def play(argv: list[str], store: ProgressStore, learner: Learner, now: datetime,
         tally: Tally, *, review: bool) -> int:
    """One round through the protocol; returns the questions asked."""
    args = _parser().parse_args(["quiz", "--jsonl", "--config", NO_CONFIG, *argv])
    try:
        pr = protocol_round(args, store)
    except NothingDue:
        return 0
    known = _known(store, learner.rules, now)
    asked = 0
    messages = pr.start()
    while messages:
        out: list[dict[str, Any]] = []
        for m in messages:
            if m["type"] == "question":
                asked += 1
                if review:
                    tally.review_questions += 1
                    held = {p["id"] for p in _counted(m, learner.rules)}
                    if held & (learner.missed_ever - known):
                        tally.review_on_weak += 1
                out = pr.handle(json.dumps(learner.answer(m)))
            elif m["type"] == "grade":
                learner.read(m)
            elif m["type"] == "error":
                raise RuntimeError(m["message"])
        messages = out
    return asked


def _counted(question: dict[str, Any], rules: Ruleset) -> list[dict[str, str]]:
    result = score(hand_from_json(question["hand"]), rules)
    return [{"id": h.pattern.id} for h in result.counted]


def _known(store: ProgressStore, rules: Ruleset, now: datetime) -> set[str]:
    return {m.pattern.id for m in mastery(store, rules, now) if m.known}


def _all_mastered(store: ProgressStore, rules: Ruleset, ids: list[str], now: datetime) -> bool:
    return set(ids) <= _known(store, rules, now)


def simulate(mode: str, seed: int, days: int, per_day: int, learn_after: int,
             ids: list[str], rules: Ruleset) -> Tally:
    rng = random.Random(seed)
    unknown = set(rng.sample(ids, len(ids) // 2))
    everything = {p.id for p in rules.patterns}
    learner = Learner(rules, everything - unknown, learn_after)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp, ProgressStore.open(
            tmp, reviewer=Reviewer.with_retention(0.9)) as store:
        for day in range(days):
            now = START + timedelta(days=day)
            clock = now.isoformat().replace("+00:00", "Z")
            common = ["--ruleset", RULESET, "--kinds", "patterns", "--clock", clock]
            asked = 0
            if mode == "review":
                asked = play(["--review", "--count", str(per_day), "--seed",
                              str(seed * 1000 + day), *common], store, learner, now,
                             tally, review=True)
            if asked < per_day:
                asked += play(["--random", "--difficulty", "mixed", "--count",
                               str(per_day - asked), "--seed", str(seed * 7919 + day),
                               *common], store, learner, now, tally, review=False)
            tally.questions += asked
            tally.days = day + 1
            later = now + timedelta(hours=1)
            if tally.mastered_at is None and _all_mastered(store, rules, sorted(unknown),
                                                           later):
                tally.mastered_at = tally.questions
            if tally.all_mastered_at is None and _all_mastered(store, rules, ids, later):
                tally.all_mastered_at = tally.questions
            if tally.mastered_at is not None and tally.all_mastered_at is not None:
                break
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=60)
    ap.add_argument("--per-day", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--learners", type=int, default=3)
    ap.add_argument("--learn-after", type=int, default=2)
    opts = ap.parse_args(argv)
    rules = load(RULESET)
    ids = syllabus(rules)
    print("\n".join(machine_lines()))
    print(f"syllabus ({len(ids)} patterns of {RULESET}): {' '.join(ids)}")
    rows = []
    review_q = review_weak = 0
    totals = {"review": 0, "random": 0}
    all_totals = {"review": 0, "random": 0}
    finished = {"review": True, "random": True}
    for k in range(opts.learners):
        seed = opts.seed + k
        got = {mode: simulate(mode, seed, opts.days, opts.per_day, opts.learn_after, ids,
                              rules) for mode in ("review", "random")}
        rv, rd = got["review"], got["random"]
        review_q += rv.review_questions
        review_weak += rv.review_on_weak
        for mode, t in got.items():
            totals[mode] += t.mastered_at if t.mastered_at is not None else t.questions
            all_totals[mode] += (t.all_mastered_at if t.all_mastered_at is not None
                                 else t.questions)
            finished[mode] &= t.mastered_at is not None
        share = rv.review_on_weak / rv.review_questions if rv.review_questions else 0.0
        rows.append([str(seed), f"{share:.0%} of {rv.review_questions}",
                     _until(rv.mastered_at, rv), _until(rd.mastered_at, rd),
                     _until(rv.all_mastered_at, rv), _until(rd.all_mastered_at, rd)])
    print(table(["learner seed", "(a) review on weak", "(b) review", "(b) random",
                 "whole syllabus: review", "random"], rows))
    share = review_weak / review_q if review_q else 0.0
    ratio = totals["review"] / totals["random"] if totals["random"] else float("inf")
    note = "" if finished["random"] else " (random did not finish: a lower bound)"
    print(f"(a) review questions on a missed, not mastered pattern: {share:.1%} "
          f"(target >= {TARGET_SHARE:.0%}) {'met' if share >= TARGET_SHARE else 'NOT met'}")
    print(f"(b) questions to master every pattern it started without, review / random: "
          f"{totals['review']} / "
          f"{totals['random']} = {ratio:.2f}{note} (target <= {TARGET_RATIO:.2f}) "
          f"{'met' if ratio <= TARGET_RATIO and finished['review'] else 'NOT met'}")
    whole = all_totals["review"] / all_totals["random"] if all_totals["random"] else 0.0
    print(f"    and to master the whole syllabus (known patterns too, which review cannot "
          f"aim at before they are met): {all_totals['review']} / {all_totals['random']} = "
          f"{whole:.2f}")
    return 0


def _until(at: int | None, t: Tally) -> str:
    return f">{t.questions}" if at is None else str(at)


if __name__ == "__main__":
    sys.exit(main())
