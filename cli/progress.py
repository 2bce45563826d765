"""`mj-trainer progress`: per-pattern mastery and answer counts, as a table or JSON.

Reads the same progress file and settings as the app; never writes, never loads
Textual.  A data directory without a progress file reads as "nothing practised yet"
and is not created.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

EXIT_OK = 0
EXIT_INPUT = 2


def add_progress_parser(sub: Any) -> None:
    p = sub.add_parser(
        "progress", help="how well you know each pattern (mastery, right, missed, wrong)",
        description="Per-pattern mastery from the review scheduler and your recent answers, "
                    "with counts of right, missed and wrongly claimed answers, and of "
                    "patterns revealed by a hint or skipped (neither is a miss).")
    p.add_argument("--ruleset", metavar="R", default=None,
                   help="a built-in ruleset or a .toml file (default: settings)")
    p.add_argument("--json", action="store_true", help="write JSON")
    from mj_trainer.cli.options import add_app_options

    add_app_options(p, sub=True)  # --data-dir, --config (also before the command)
    p.add_argument("--clock", metavar="ISO-8601", default=None,
                   help="compute mastery as of this moment (default: now)")


def _fail(line: str) -> int:
    print(f"mj-trainer: {line}", file=sys.stderr)
    return EXIT_INPUT


def progress_report(store: Any, rules: Any, now: datetime | None) -> dict[str, Any]:
    """The JSON report: totals, every pattern, and the categories and families."""
    from mj_trainer.quizzes.mastery import grouped, mastery, weakest

    rows = mastery(store, rules, now)
    # Mastery reads the store's statistics; the answers are read here too, so the report
    # counts them and every answer row that cannot be read is told (once) and left out.
    answered = len(store.answers())
    retention = store.reviewer.scheduler.desired_retention

    def groups(by: str) -> list[dict[str, Any]]:
        return [{"id": g.id, "name": g.name, "known": g.known, "patterns": g.total,
                 "mastery": round(g.level, 4)} for g in grouped(rows, rules, by)]

    return {
        "ruleset": rules.id,
        "desired_retention": retention,
        "known": sum(m.known for m in rows),
        "patterns": len(rows),
        "met": sum(m.status.value != "new" for m in rows),
        "answers": answered,
        "weakest": [m.pattern.id for m in weakest(rows)],
        "categories": groups("category"),
        "families": groups("family"),
        "per_pattern": [m.to_json() for m in rows],
    }


def _table(report: dict[str, Any]) -> str:
    n = report["answers"]
    answers = f"{n} answer" if n == 1 else f"{n} answers"
    lines = [f"{report['ruleset']}: known {report['known']} of {report['patterns']} patterns "
             f"(met {report['met']} in {answers}; "
             f"desired retention {report['desired_retention']:g})", "",
             f"{'id':<8} {'pattern':<30} {'mastery':>7}  {'status':<8} "
             f"{'right':>5} {'missed':>6} {'wrong':>5} {'hint':>4} {'skip':>4}"]
    for p in report["per_pattern"]:
        name = p["name"] if len(p["name"]) <= 30 else p["name"][:29] + "…"
        lines.append(f"{p['id']:<8} {name:<30} {p['mastery'] * 100:>6.0f}%  "
                     f"{p['status']:<8} {p['right']:>5} {p['missed']:>6} {p['wrong']:>5} "
                     f"{p['hinted']:>4} {p['skipped']:>4}")
    if report["weakest"]:
        lines += ["", "weakest: " + ", ".join(report["weakest"]) +
                  "  (drill one: mj-trainer quiz --random --target ID)"]
    return "\n".join(lines)


@contextmanager
def reading_store(data_dir: str | None, reviewer: Any = None) -> Iterator[Any]:
    """The progress store to read, or an empty one when the learner has none yet (so a
    report never creates a progress file)."""
    from mj_trainer.quizzes.store import ProgressStore, database_path

    if database_path(data_dir).exists():
        with ProgressStore.open(data_dir, reviewer=reviewer) as store:
            # What the store has to say (answers recovered, rows left out), as it says it.
            store.on_notice = lambda text: print(f"mj-trainer: {text}", file=sys.stderr)
            for notice in store.notices:
                store.on_notice(notice)
            yield store
        return
    import tempfile

    with tempfile.TemporaryDirectory() as tmp, \
            ProgressStore.open(tmp, reviewer=reviewer) as empty:
        yield empty


def run_progress(args: argparse.Namespace) -> int:
    from mj_trainer.cli.quiz import parse_clock
    from mj_trainer.engine.ruleset import RulesetError, load
    from mj_trainer.quizzes.config import ConfigFile
    from mj_trainer.quizzes.review import Reviewer
    from mj_trainer.quizzes.store import StoreError

    settings = ConfigFile.load(args.config).settings
    try:
        rules = load(args.ruleset or settings.ruleset)
    except RulesetError as err:
        return _fail(str(err))
    now = None
    if args.clock is not None:
        try:
            now = parse_clock(args.clock)
        except ValueError as err:
            return _fail(str(err))
    reviewer = Reviewer.with_retention(settings.desired_retention)
    try:
        with reading_store(args.data_dir, reviewer) as store:
            report = progress_report(store, rules, now)
    except StoreError as err:
        return _fail(str(err))
    text = json.dumps(report, ensure_ascii=False) if args.json else _table(report)
    try:
        print(text, flush=True)
    except BrokenPipeError:  # a pager or head closed early: not an error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK
