"""`mj-trainer locate config|data|cache`: where the settings file, the progress data and
the cache of parsed rulesets and course texts live.

The answer follows the same rules as every other command (the `--config` or
`--data-dir` option, then the environment variable, then the platform's user folder),
so it names the very file the app would read. It only prints a path: nothing is
created, opened or checked, and a path that does not exist yet is still the answer.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Final

from mj_trainer.cli.options import EXIT_INPUT, EXIT_OK, add_app_options

THINGS: Final = ("config", "data", "cache")


def add_locate_parser(sub: Any) -> None:
    locate = sub.add_parser(
        "locate", help="print where the settings (config), the progress (data) or the cache "
                       "live",
        description="Print the path of the settings file (config), of the folder that "
                    "holds the progress database (data) or of the cache of parsed "
                    "rulesets and course texts (cache), as the other commands would use "
                    "it: --config or --data-dir, else $MJ_TRAINER_CONFIG, "
                    "$MJ_TRAINER_DATA_DIR or $MJ_TRAINER_CACHE_DIR, else your user config, "
                    "data or cache directory.")
    locate.add_argument("what", choices=THINGS,
                        help="config: the settings file; data: the progress folder; cache: "
                             "the parsed TOML, safe to delete")
    add_app_options(locate, sub=True)  # --data-dir, --config (also before the command)


def located(what: str, args: argparse.Namespace) -> Path | None:
    """The absolute path `what` names under these options and this environment (None:
    the cache is switched off)."""
    if what == "config":
        from mj_trainer.quizzes.config import config_path

        return config_path(args.config).absolute()
    if what == "cache":
        from mj_trainer.engine.toml_cache import cache_dir

        where = cache_dir()
        return None if where is None else where.absolute()
    from mj_trainer.quizzes.store_files import data_dir

    return data_dir(args.data_dir).absolute()


def run_locate(args: argparse.Namespace) -> int:
    """Print the path on a line of its own, for `cd "$(mj-trainer locate data)"`."""
    path = located(args.what, args)
    if path is None:
        from mj_trainer.engine.toml_cache import CACHE_ENV

        print(f"mj-trainer locate: no cache: ${CACHE_ENV} is set empty", file=sys.stderr)
        return EXIT_INPUT
    print(path)
    return EXIT_OK
