"""The one door from the command line into the Textual app.

`mj-trainer` with no command, `quiz` (without --jsonl), `learn`, `reference` and
`calc` each check their request first (one clear line per problem on stderr and exit
status 2, before any screen is drawn) and then call `open_app` with where the app
should start.  This is the only module of the command line that imports the app
(`mj_trainer.tui`), and only inside `open_app`, so every other command runs without
loading Textual.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from mj_trainer.cli.options import fail, under_web_driver


@dataclass(frozen=True, slots=True)
class SetStart:
    """A round of a curated set or a set file: where the app opens, and what `quiz
    --jsonl --set` plays (it is the `quizzes.session.SetRequest` of both)."""

    set_id: str
    shuffled: bool = False
    resume: bool = True


@dataclass(frozen=True, slots=True)
class RandomStart:
    """A round of generated hands (the `quizzes.session.RandomRequest` of the app's
    start and of `quiz --jsonl`)."""

    difficulty: str
    target: str | None = None


@dataclass(frozen=True, slots=True)
class ReferenceStart:
    """Open the reference, at a pattern, family, category or ruling if given."""

    target: str | None


@dataclass(frozen=True, slots=True)
class CalculatorStart:
    """Open the calculator, prefilled with notation (possibly unfinished)."""

    text: str


@dataclass(frozen=True, slots=True)
class ScreenStart:
    """Open a screen by name (the course)."""

    name: str


AppStart = SetStart | RandomStart | ReferenceStart | CalculatorStart | ScreenStart


def open_app(args: argparse.Namespace, start: AppStart | None = None) -> int:
    """Run the app at `start` (home when None); refuse without a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()) and not under_web_driver():
        return fail(["the trainer needs a terminal; for scripts use `mj-trainer score`, "
                     "`generate` or `sets` (see --help)"])
    if under_web_driver():  # drawn for `mj-trainer serve`: end with the server
        from mj_trainer.cli.web_child import end_with_server

        end_with_server()
    from mj_trainer.tui.app import run_app
    from mj_trainer.tui.messages import (
        OpenCalculator,
        OpenReference,
        OpenScreen,
        StartRandom,
        StartSet,
    )

    message: StartSet | StartRandom | OpenReference | OpenCalculator | OpenScreen | None
    match start:
        case SetStart(set_id, shuffled, resume):
            message = StartSet(set_id, shuffled=shuffled, resume=resume)
        case RandomStart(difficulty, target):
            message = StartRandom(difficulty=difficulty, target=target)
        case ReferenceStart(target):
            message = OpenReference(target)
        case CalculatorStart(text):
            message = OpenCalculator(text)
        case ScreenStart(name):
            message = OpenScreen(name)
        case _:
            message = None
    return run_app(data_dir=args.data_dir, config_path=args.config, start=message)
