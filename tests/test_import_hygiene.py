"""The engine and quizzes must not depend on the user interface (ARCHITECTURE.md)."""

from __future__ import annotations

import subprocess
import sys


def test_engine_and_quizzes_import_no_ui() -> None:
    code = (
        "import sys, engine, engine.scoring, engine.notation, engine.jsonio, quizzes\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
