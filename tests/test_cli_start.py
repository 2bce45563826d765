"""Opening the app from the command line skips the whole parser, and reads the same.

`mj-trainer` with no command (at most --data-dir and --config) opens the app without
building the parser of every subcommand, whose modules it would import first.  Whatever
that short path accepts, the whole parser must read the same way; everything else
(a command, help, --version, an abbreviation, a mistake) is left to the whole parser.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.cli.main import _app_only, _parser

TOKENS = ["--data-dir", "--config", "d", "c.toml", "-h", "--help", "--version", "quiz",
          "--data", "--conf", "--", "--data-dir=x", "--config=y", "-", ""]


def _whole(argv: Sequence[str]) -> dict[str, object] | None:
    """What the whole parser reads, or None when it refuses or exits (help, version)."""
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            return vars(_parser().parse_args(argv))
        except SystemExit:
            return None


@settings(deadline=None, max_examples=300)  # timing is no part of what is checked
@given(st.lists(st.sampled_from(TOKENS), max_size=5))
def test_what_the_short_path_takes_the_parser_reads_the_same(argv: list[str]) -> None:
    fast = _app_only(argv)
    if fast is not None:
        assert vars(fast) == _whole(argv)


@pytest.mark.parametrize("argv", [
    [], ["--data-dir", "d"], ["--config", "c.toml"], ["--config=c.toml", "--data-dir", "d"],
    ["--data-dir", "d", "--data-dir", "e"],
])
def test_a_plain_start_takes_the_short_path(argv: list[str]) -> None:
    fast = _app_only(argv)
    assert fast is not None
    assert vars(fast) == _whole(argv)
    assert fast.command is None


@pytest.mark.parametrize("argv", [
    ["-h"], ["--version"], ["quiz"], ["--data", "d"], ["--data-dir"], ["--config"],
    ["--data-dir", "d", "extra"], ["score", "--json"],
])
def test_anything_else_goes_to_the_whole_parser(argv: list[str]) -> None:
    assert _app_only(argv) is None


def test_opening_the_app_imports_no_subcommand() -> None:
    """Without a terminal the app refuses at once; by then no subcommand's module (nor
    msgspec, nor importlib.metadata for --version) has been imported."""
    code = (
        "import sys\n"
        "from mj_trainer.cli.main import main\n"
        "status = main(['--data-dir', sys.argv[1]])\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('mj_trainer.cli.') "
        "or m in ('msgspec', 'importlib.metadata'))\n"
        "print(status, *loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, "unused-data-dir"], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, check=False, timeout=60)
    status, *loaded = done.stdout.split()
    assert status == "2"
    assert "the trainer needs a terminal" in done.stderr
    assert set(loaded) <= {"mj_trainer.cli.main", "mj_trainer.cli.options",
                           "mj_trainer.cli.app"}


def test_version_is_printed_on_stdout() -> None:
    done = subprocess.run([sys.executable, "-m", "mj_trainer", "--version"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("mj-trainer ")
    assert done.stderr == ""
