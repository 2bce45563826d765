"""`mj-trainer export FILE`: the answer history and per-pattern statistics as CSV or JSON."""

from __future__ import annotations

import argparse
from typing import Any

from mj_trainer.cli.options import EXIT_INPUT, EXIT_OK


def add_export_parser(sub: Any) -> None:
    export = sub.add_parser(
        "export",
        help="export your answer history as CSV or JSON",
        description="Write every answer and the per-pattern statistics to a file "
                    "(or - for standard output).",
    )
    export.add_argument("path", metavar="FILE", help="where to write; '-' for standard output")
    export.add_argument("--format", choices=("csv", "json"), default=None,
                        help="default: from the file name, else json")
    export.add_argument("--force", action="store_true",
                        help="replace FILE if it exists (never the progress database)")
    # SUPPRESS: given after `export` it sets the value, else the global one stands.
    export.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help="where the progress database lives (default: the user data "
                             "directory, or MJ_TRAINER_DATA_DIR)")


def run_export(args: argparse.Namespace) -> int:
    """Write the export; a problem is reported by the exporter and exits 2."""
    from mj_trainer.quizzes.export import run_export as export

    failed = export(args.path, args.format, args.data_dir, force=args.force)
    return EXIT_INPUT if failed else EXIT_OK
