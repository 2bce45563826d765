"""`mj-trainer course`: the lessons of a ruleset's course.

For a person, the list of lessons with their status and where to take them (`mj-trainer
learn`); with `--json`, every lesson whole (the machine view of the contract: its
patterns and rules, its text, each pattern's definition, its worked hands with the
scorer's result, its drill), or one lesson with `--lesson ID`.  Reads the settings and
the progress file like the app (never creates one) and never loads Textual.
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
        description="List the course's lessons in order, with their status (locked, open, "
                    "passed) and what each teaches. Take the course in the trainer with "
                    "`mj-trainer learn`. For programs: --json gives every lesson whole "
                    "(--lesson ID one lesson), and `mj-trainer quiz --jsonl --lesson ID` "
                    "plays a lesson's drill.")
    p.add_argument("--ruleset", metavar="R", default=None,
                   help="a built-in ruleset or a .toml file (default: settings)")
    p.add_argument("--lesson", metavar="ID", default=None,
                   help="one lesson, whole (with --json; without, its text)")
    p.add_argument("--json", action="store_true", help="write JSON")
    from mj_trainer.cli.options import add_app_options

    add_app_options(p, sub=True)  # --data-dir, --config (also before the command)


def lesson_json(rules: Any, one: Any, status: Any, done: dict[str, Any]) -> dict[str, Any]:
    """One lesson whole, as the contract's machine view gives it."""
    from mj_trainer.engine.jsonio import score_to_json
    from mj_trainer.quizzes.course import definitions, worked_hands

    drill = one.drill
    from mj_trainer.quizzes.protocol import KIND_NAMES

    kinds = list(dict.fromkeys(KIND_NAMES[k] for k in drill.kinds))
    out: dict[str, Any] = {
        "id": one.id, "title": one.title, "covers": one.covers, "status": status.value,
        "targets": list(one.targets), "passed_at": done.get(one.id, {}).get("passed_at"),
        "kind": one.kind.value,
        "patterns": list(one.patterns),
        "rules": [r.value for r in one.rules],
        "terms": list(one.terms),
        "text": one.text,
        "definitions": definitions(rules, one),
        "worked": [{
            "hand": w.notation,
            "shows": list(w.shows),
            "note": w.note,
            "arithmetic": w.arithmetic,
            "not_counted": [{"id": pid, "why": why} for pid, why in w.not_counted],
            "given": list(w.given),
            "near_miss": w.near_miss,
            "result": score_to_json(w.result, all_arrangements=True),
        } for w in worked_hands(rules, one)],
        "drill": {"kinds": kinds, "questions": drill.questions, "pass": drill.pass_share,
                  "ask_winning": drill.ask_winning},
    }
    carried = done.get(one.id, {}).get("from")
    if carried:
        out["carried_from"] = carried  # a pass kept from the first course's lessons
    return out


def course_report(store: Any, rules: Any, lesson_id: str | None = None) -> dict[str, Any]:
    """The course as JSON: every lesson whole, or the one named (KeyError if none)."""
    from mj_trainer.quizzes.course import lesson, passed_lessons, statuses

    done = passed_lessons(store, rules)
    pairs = statuses(store, rules)
    if lesson_id is not None:
        one = lesson(rules, lesson_id)  # KeyError naming the lesson ids
        status = dict((x.id, st) for x, st in pairs)[one.id]
        # the lesson itself, as the contract shows one, and the ruleset it belongs to
        return {"ruleset": rules.id, **lesson_json(rules, one, status, done)}
    return {"ruleset": rules.id,
            "lessons": [lesson_json(rules, one, st, done) for one, st in pairs]}


def _human(rules: Any, store: Any, lesson_id: str | None) -> str:
    from mj_trainer.quizzes.course import PASS_SHARE, lesson, statuses

    if lesson_id is not None:
        one = lesson(rules, lesson_id)
        return (f"Lesson {one.id} · {one.title}\n\n{one.text}\n\n"
                f"Take it with its worked hands and drill in the trainer: mj-trainer learn")
    pairs = statuses(store, rules)
    passed = sum(st.value == "passed" for _, st in pairs)
    lines = [f"The {rules.id} course: {passed} of {len(pairs)} lessons passed. "
             "Take it in the trainer: mj-trainer learn",
             f"(each lesson ends with a drill; {PASS_SHARE:.0%} of its credit passes it)",
             ""]
    for one, st in pairs:
        lines.append(f"{one.id:<5} {st.value:<7} {one.title}: {one.covers}")
    return "\n".join(lines)


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
            if args.json:
                text = json.dumps(course_report(store, rules, args.lesson), ensure_ascii=False)
            else:
                text = _human(rules, store, args.lesson)
    except StoreError as err:
        print(f"mj-trainer: {err}", file=sys.stderr)
        return EXIT_INPUT
    except KeyError as err:
        print(f"mj-trainer: {err.args[0]}", file=sys.stderr)
        return EXIT_INPUT
    try:
        print(text, flush=True)
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK
