"""The headless commands never import the app or Textual (issue: the command line apart
from the app).

Each command runs in its own interpreter under ``python -X importtime``, which lists
every module the process imported, lazily imported ones included; none of them may be
part of ``mj_trainer.tui`` or ``textual``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

_IMPORTED = re.compile(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)\s*$", re.MULTILINE)

COMMANDS: list[tuple[list[str], str]] = [
    (["score", "c123 c456 b234 b567 k5 +k5 self"], ""),
    (["score", "c123 c456 b234 b567 k5 +k5", "--json"], ""),
    (["score", "--json"], '{"concealed": ["c1","c2","c3","c4","c5","c6","b2","b3","b4",'
                          '"b5","b6","b7","k5","k5"], "winning_tile": "k5"}'),
    (["generate", "--count", "2", "--seed", "1", "--json"], ""),
    (["generate", "--count", "1", "--seed", "2"], ""),
    (["sets"], ""),
    (["sets", "--json"], ""),
    (["course"], ""),
    (["course", "--json"], ""),
    (["progress"], ""),
    (["progress", "--json"], ""),
    (["export", "-"], ""),
    (["locate", "config"], ""),
    (["locate", "data"], ""),
    (["quiz", "--jsonl", "--random", "--count", "1", "--seed", "3"], '{"skip": true}\n'),
]


def _run(args: list[str], stdin: str, home: Path,
         *python: str) -> subprocess.CompletedProcess[str]:
    options = ["--data-dir", str(home / "data"), "--config", str(home / "config.toml")]
    return subprocess.run(
        [sys.executable, *python, "-m", "mj_trainer", *options, *args],
        input=stdin, capture_output=True, text=True, timeout=120, cwd=home, check=False,
    )


@pytest.fixture(scope="module")
def learner(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with one answered question, so progress and export have rows."""
    home = tmp_path_factory.mktemp("learner")
    proc = _run(["quiz", "--jsonl", "--random", "--count", "1", "--seed", "5",
                 "--kinds", "total"], '{"total": 5}\n', home)
    assert proc.returncode == 0, proc.stderr
    assert '"type": "grade"' in proc.stdout
    return home


@pytest.mark.parametrize(("args", "stdin"), COMMANDS, ids=lambda v: " ".join(v)
                         if isinstance(v, list) else "")
def test_headless_command_loads_no_app(args: list[str], stdin: str, learner: Path) -> None:
    proc = _run(args, stdin, learner, "-X", "importtime")
    assert proc.returncode == 0, proc.stderr[-2000:]
    modules = set(_IMPORTED.findall(proc.stderr))
    assert "mj_trainer.cli.main" in modules  # the listing really is of this command
    bad = sorted(m for m in modules
                 if m == "textual" or m.startswith(("textual.", "mj_trainer.tui")))
    assert bad == []
