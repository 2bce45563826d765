"""The engine and quizzes must not depend on the user interface (README, "Architecture")."""

from __future__ import annotations

import subprocess
import sys


def test_engine_and_quizzes_import_no_ui() -> None:
    code = (
        "import sys, mj_trainer.engine, mj_trainer.engine.scoring, mj_trainer.engine.notation\n"
        "import mj_trainer.engine.jsonio, mj_trainer.quizzes\n"
        "bad = sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] in ('textual', 'rich')\n"
        "             or m.startswith('mj_trainer.tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_scripted_commands_do_not_load_the_ui() -> None:
    # `score --json`, `generate` and `sets --json` are for scripts: they must start fast
    # and never load Textual (Rich only for the human-readable tables).
    code = (
        "import sys, io\n"
        "from mj_trainer.cli.main import main\n"
        "sys.stdout = io.StringIO()\n"
        "main(['score', 'c123 c456 b234 b567 k5 +k5', '--json'])\n"
        "main(['generate', '--count', '2', '--seed', '1', '--json'])\n"
        "main(['sets', '--json'])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "sys.stdout = sys.__stdout__\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
