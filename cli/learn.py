"""`mj-trainer learn`: open the trainer at the course."""

from __future__ import annotations

import argparse
from typing import Any

from mj_trainer.cli.options import add_app_options


def add_learn_parser(sub: Any) -> None:
    learn = sub.add_parser(
        "learn", help="open the trainer at the course",
        description="Open the trainer at the course: lessons one topic at a time, each "
                    "with worked hands and a drill (see also `mj-trainer course`).")
    add_app_options(learn, sub=True)


def run_learn(args: argparse.Namespace) -> int:
    """Open the app at the course screen."""
    from mj_trainer.cli.app import ScreenStart, open_app

    return open_app(args, ScreenStart("course"))
