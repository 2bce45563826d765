"""Hostile sizes, files and outputs on the command line (issue 23, finding 8).

The cases that broke: `generate --count 10^20` gave a traceback; `sets --file
/dev/zero` ran out of memory and a FIFO hung; output to `/dev/full` gave a traceback.
Now each is one line on stderr saying what is wrong and where, and an exit status:
2 for the input, 1 for an output that cannot be written.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.quizzes.sets import MAX_SET_FILE

ENV = {**os.environ, "MJ_TRAINER_CONFIG": os.devnull}


def mj(*args: str, stdout: Any = subprocess.PIPE, timeout: float = 60
       ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mj_trainer", *args], stdout=stdout,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                          timeout=timeout, check=False, env=ENV)


def test_a_count_beyond_any_use_is_refused() -> None:
    done = mj("generate", "--count", str(10**20))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == ("generate: --count: at most 1000000000 hands, got "
                                   "100000000000000000000")


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_a_set_file_is_refused_at_once(path: str) -> None:
    done = mj("sets", "--file", path, timeout=30)  # it ran out of memory
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{Path(path).name}: {path} is not a regular file" in done.stderr


def test_a_fifo_as_a_set_file_is_refused_not_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "sets.toml"
    os.mkfifo(fifo)
    done = mj("sets", "--file", str(fifo), timeout=30)  # it waited for a writer forever
    assert done.returncode == 2 and "is not a regular file" in done.stderr


def test_a_set_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with big.open("wb") as fh:
        fh.truncate(MAX_SET_FILE + 1)  # sparse: no disk used
    done = mj("sets", "--file", str(big))
    assert done.returncode == 2
    assert f"big.toml: too large for a set file ({MAX_SET_FILE + 1} bytes" in done.stderr


@pytest.mark.parametrize("args", [
    ["score", "c123 c456 b234 b567 k5 +k5", "--json"],
    ["score", "c123 c456 b234 b567 k5 +k5"],
    ["generate", "--count", "3", "--seed", "1"],
    ["generate", "--count", "3", "--seed", "1", "--json"],
    ["sets"],
    ["sets", "--json"],
    ["completion", "bash"],
    ["manpage"],
], ids=lambda a: " ".join(a[:2]))
def test_output_to_a_full_device_is_one_line_and_status_1(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = mj(*args, stdout=full)
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert done.returncode == 1, done.stderr
    assert done.stderr == ("mj-trainer: cannot write the output (standard output): "
                           "No space left on device\n")
