"""The Rich console of the scripted commands (`score`, `sets`, `--compare`).

Rich ends the process with status 1 when its reader goes away; here the closed pipe
is passed on as `BrokenPipeError`, so `cli.main` ends every subcommand the same way.
Imported only by commands that draw tables: `score --json` never loads Rich.
"""

from __future__ import annotations

from rich.console import Console


class PipeConsole(Console):
    """A console that reports a closed pipe to its caller instead of exiting."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def console() -> Console:
    """The console for standard output."""
    return PipeConsole()
