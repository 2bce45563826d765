"""`mj-trainer course`: the lessons of a ruleset's course, with status and topics.

Reads the settings and the progress file like the app (never creates one) and never
loads Textual.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

EXIT_OK = 0
EXIT_INPUT = 2


def add_course_parser(sub: Any) -> None:
    p = sub.add_parser(
        "course", help="the lessons of the course, with their status",
        description="List the course's lessons: id, status (locked, open, passed) and "
                    "what each covers. Drill one with `mj-trainer quiz --jsonl --lesson ID`, "
                    "or open the course in the trainer with `mj-trainer learn`.")
    p.add_argument("--ruleset", metavar="R", default=None,
                   help="a built-in ruleset or a .toml file (default: settings)")
    p.add_argument("--json", action="store_true", help="write JSON")
    from mj_trainer.cli.options import add_app_options

    add_app_options(p, sub=True)  # --data-dir, --config (also before the command)


def course_report(store: Any, rules: Any) -> dict[str, Any]:
    from mj_trainer.quizzes.course import passed_lessons, statuses

    done = passed_lessons(store, rules)
    return {
        "ruleset": rules.id,
        "lessons": [{"id": one.id, "title": one.title, "covers": one.covers,
                     "status": st.value, "targets": list(one.targets),
                     "passed_at": done.get(one.id, {}).get("passed_at")}
                    for one, st in statuses(store, rules)],
    }


def run_course(args: argparse.Namespace) -> int:
    from mj_trainer.cli.progress import reading_store
    from mj_trainer.engine.ruleset import RulesetError, load
    from mj_trainer.quizzes.config import ConfigFile
    from mj_trainer.quizzes.store import StoreError

    settings = ConfigFile.load(args.config).settings
    try:
        rules = load(args.ruleset or settings.ruleset)
    except RulesetError as err:
        print(f"mj-trainer: {err}", file=sys.stderr)
        return EXIT_INPUT
    try:
        with reading_store(args.data_dir) as store:
            report = course_report(store, rules)
    except StoreError as err:
        print(f"mj-trainer: {err}", file=sys.stderr)
        return EXIT_INPUT
    if args.json:
        text = json.dumps(report, ensure_ascii=False)
    else:
        lines = [f"The {rules.id} course (drill a lesson: mj-trainer quiz --jsonl --lesson ID)",
                 ""]
        for one in report["lessons"]:
            lines.append(f"{one['id']:<5} {one['status']:<7} {one['title']}: {one['covers']}")
        text = "\n".join(lines)
    try:
        print(text, flush=True)
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK
