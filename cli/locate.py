"""`mj-trainer locate config|data`: where the settings file and the progress data live.

The answer follows the same rules as every other command (the `--config` or
`--data-dir` option, then the environment variable, then the platform's user folder),
so it names the very file the app would read. It only prints a path: nothing is
created, opened or checked, and a path that does not exist yet is still the answer.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Final

from mj_trainer.cli.options import EXIT_OK, add_app_options

THINGS: Final = ("config", "data")


def add_locate_parser(sub: Any) -> None:
    locate = sub.add_parser(
        "locate", help="print where the settings (config) or the progress (data) live",
        description="Print the path of the settings file (config) or of the folder that "
                    "holds the progress database (data), as the other commands would "
                    "use it: --config or --data-dir, else $MJ_TRAINER_CONFIG or "
                    "$MJ_TRAINER_DATA_DIR, else your user config or data directory.")
    locate.add_argument("what", choices=THINGS,
                        help="config: the settings file; data: the progress folder")
    add_app_options(locate, sub=True)  # --data-dir, --config (also before the command)


def located(what: str, args: argparse.Namespace) -> Path:
    """The absolute path `what` names under these options and this environment."""
    if what == "config":
        from mj_trainer.quizzes.config import config_path

        return config_path(args.config).absolute()
    from mj_trainer.quizzes.store_files import data_dir

    return data_dir(args.data_dir).absolute()


def run_locate(args: argparse.Namespace) -> int:
    """Print the path on a line of its own, for `cd "$(mj-trainer locate data)"`."""
    print(located(args.what, args))
    return EXIT_OK
