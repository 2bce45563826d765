"""A reader that stops early (`| head`) ends every subcommand quietly, with no traceback.

Each command writes into a pipe whose reading end is already closed, which is what
`head` leaves behind once it has its lines: the write fails at once with EPIPE.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HAND = "c123 c456 b234 b567 k5 +k5"
COMMANDS = {
    "score": ["score", HAND],
    "score --json": ["score", HAND, "--json"],
    "score --compare --json": ["score", HAND, "--compare", "--json"],
    "score --compare": ["score", HAND, "--compare"],
    "generate": ["generate", "--count", "3", "--seed", "1"],
    "generate --json": ["generate", "--count", "3", "--seed", "1", "--json"],
    "sets": ["sets"],
    "sets --json": ["sets", "--json"],
    "completion": ["completion", "bash"],
    "manpage": ["manpage"],
    "--help": ["--help"],
}


def _into_closed_pipe(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "mj_trainer", *args], input=stdin,
                              stdout=write_end, stderr=subprocess.PIPE, timeout=120,
                              check=False)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_closed_pipe_is_quiet(name: str) -> None:
    # The cases that broke: `score --json | head`, `score --compare --json | head`.
    result = _into_closed_pipe(COMMANDS[name])
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    assert b"BrokenPipe" not in result.stderr
    assert result.returncode == 0


def test_generate_into_score_into_a_closed_pipe(tmp_path: Path) -> None:
    # `generate | score --json | head`: the scorer's side of the pipeline.
    hands = subprocess.run([sys.executable, "-m", "mj_trainer", "generate", "--count", "50",
                            "--seed", "3", "--json"], capture_output=True, check=True,
                           timeout=120).stdout
    result = _into_closed_pipe(["score", "--json"], stdin=hands)
    assert b"Traceback" not in result.stderr and result.returncode == 0


def test_a_real_pipe_into_head_keeps_the_first_lines() -> None:
    shell = (f"{sys.executable} -m mj_trainer generate --count 200 --seed 2 --json "
             f"| {sys.executable} -m mj_trainer score --json | head -c 40")
    result = subprocess.run(["sh", "-c", shell], capture_output=True, timeout=120, check=False)
    assert result.stdout.startswith(b"[{") and len(result.stdout) == 40
    assert result.stderr == b"", result.stderr.decode()
