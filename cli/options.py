"""What every command shares: exit statuses, --data-dir and --config, the web driver.

The app's commands, `serve` and the headless commands all read these, so they live
here, below all of them, and no command module needs another to build its parser.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Final

EXIT_OK: Final = 0
EXIT_INPUT: Final = 2
LEVELS: Final = ("easy", "medium", "hard", "mixed")
WEB_DRIVER: Final = "textual.drivers.web_driver:WebDriver"


def add_app_options(parser: argparse.ArgumentParser, *, sub: bool = False) -> None:
    """--data-dir and --config (on a subcommand they may also follow its name)."""
    default: Any = argparse.SUPPRESS if sub else None
    parser.add_argument("--data-dir", metavar="DIR", default=default,
                        help="where progress is saved (default: $MJ_TRAINER_DATA_DIR, "
                             "else your user data directory)")
    parser.add_argument("--config", metavar="FILE", default=default,
                        help="the settings file (default: $MJ_TRAINER_CONFIG, else "
                             "config.toml in your user config directory)")


def under_web_driver(environ: dict[str, str] | os._Environ[str] | None = None) -> bool:
    """Whether Textual will draw through its web driver (textual-serve sets this)."""
    env = os.environ if environ is None else environ
    return env.get("TEXTUAL_DRIVER", "").strip() == WEB_DRIVER


def fail(lines: list[str]) -> int:
    """Each line on stderr after the program's name; the input error status."""
    for line in lines:
        print(f"mj-trainer: {line}", file=sys.stderr)
    return EXIT_INPUT
