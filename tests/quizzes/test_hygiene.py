"""The quiz core imports no user interface (Textual, Rich or the tui package)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import quizzes

MODULES = ["quizzes.explain", "quizzes.export", "quizzes.grading", "quizzes.questions",
           "quizzes.review", "quizzes.round", "quizzes.sources", "quizzes.store"]


def test_every_quiz_module_is_listed() -> None:
    folder = Path(quizzes.__file__).parent
    mine = {f"quizzes.{p.stem}" for p in folder.glob("*.py")} - {"quizzes.__init__",
                                                                 "quizzes.sets"}
    assert mine == set(MODULES)


def test_quiz_modules_import_no_ui() -> None:
    code = (
        "import sys\n"
        f"for name in {MODULES!r}:\n"
        "    __import__(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == ""
