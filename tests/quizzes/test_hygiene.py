"""The quiz core imports no user interface (Textual, Rich or the tui package)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mj_trainer import quizzes

MODULES = [f"mj_trainer.quizzes.{name}" for name in (
    "atomic_file", "config", "course", "evidence", "examples", "explain", "explain_shape",
    "explanation", "export", "far_win", "grading", "hints", "items", "mastery", "near_win",
    "outcomes", "pattern_hands", "pending", "placement", "protocol", "question_kind",
    "questions", "quiz_hand", "recorder", "records", "review", "review_queue", "round",
    "rule_refs", "rulings", "session", "sources", "split", "stacking", "stats", "store",
    "store_files", "store_schema", "totals", "wording",
    "course.drill", "course.glossary_entries", "course.hand_rules", "course.model",
    "course.plan", "course.rules", "course.search", "course.state", "course.texts",
    "course.worked")]


def test_every_quiz_module_is_listed() -> None:
    folder = Path(quizzes.__file__).parent
    mine = {f"mj_trainer.quizzes.{p.stem}" for p in folder.glob("*.py")} - {
        "mj_trainer.quizzes.__init__", "mj_trainer.quizzes.sets"}
    mine |= {f"mj_trainer.quizzes.course.{p.stem}" for p in (folder / "course").glob("*.py")
             if p.stem != "__init__"} | {"mj_trainer.quizzes.course"}
    assert mine == set(MODULES)


def test_quiz_modules_import_no_ui() -> None:
    code = (
        "import sys\n"
        f"for name in {MODULES!r}:\n"
        "    __import__(name)\n"
        "bad = sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] in ('textual', 'rich')\n"
        "             or m.startswith(('mj_trainer.tui', 'mj_trainer.cli')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == ""
