"""A starter house-rules file for the settings screen.

The example that ships with the package lives deep inside the installed tree, where a
learner should not edit it. The settings screen names it, and offers to copy it next
to the config file, where it can be edited and then chosen as the ruleset. An existing
file of that name is never replaced: it is simply offered again.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from mj_trainer.quizzes.atomic_file import UnsafeDestination, write_atomically

STARTER_NAME = "house-rules.toml"


def example_path() -> Path:
    """Where the installed example house-rules file is."""
    return Path(str(files("mj_trainer.engine.rulesets.examples") / STARTER_NAME))


@dataclass(frozen=True)
class Starter:
    """The starter file's path, and whether this call wrote it (False: it was there)."""

    path: Path
    created: bool


class StarterProblem(Exception):
    """The starter file could not be written; the message says why, in the user's words."""


def write_starter(folder: Path) -> Starter:
    """Copy the example into `folder` unless a file of that name is already there."""
    target = folder / STARTER_NAME
    if target.is_file() and not target.is_symlink():
        return Starter(target, created=False)
    try:
        text = example_path().read_text(encoding="utf-8")
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(target, text, replace=False)
    except UnsafeDestination as problem:
        raise StarterProblem(f"not written: {problem}") from None
    except OSError as problem:
        reason = problem.strerror or str(problem)
        raise StarterProblem(f"{target} could not be written: {reason}") from None
    return Starter(target, created=True)
