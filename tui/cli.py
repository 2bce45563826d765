"""The `mj-trainer` command line: the app by default, and scriptable subcommands.

Subcommands import only what they need: `score --json` never loads Textual or Rich,
so scripts start fast and work without a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from mj_trainer.engine.ruleset import DEFAULT

EXIT_OK = 0
EXIT_INPUT = 2


def _jobs(text: str) -> int:
    """--jobs: a whole number of processes, 1 to 256."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(f"must be 1 to 256, got {value}")
    return value


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mj-trainer")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


def _parser() -> argparse.ArgumentParser:
    ver = _version()
    parser = argparse.ArgumentParser(
        prog="mj-trainer",
        description="Learn to score mahjong hands. With no command, opens the trainer.",
    )
    parser.add_argument("--version", action="version", version=f"mj-trainer {ver}")
    from mj_trainer.tui.app_command import add_app_options, add_app_parsers

    add_app_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_app_parsers(sub)
    score = sub.add_parser(
        "score",
        help="score a hand and explain the result",
        description=(
            "Score a hand given in the human notation, or hand objects (JSON) from "
            "standard input or a file. Example: mj-trainer score 'c123 c456 b234 b567 k5 +k5'"
        ),
    )
    score.add_argument("hand", nargs="?", help="a hand in the human notation (quote it)")
    score.add_argument("--json", action="store_true", help="read and write JSON (docs/contract.md)")
    score.add_argument("--input", metavar="FILE", help="read the hand(s) from FILE")
    score.add_argument(
        "--jsonl", action="store_true",
        help="JSON Lines: one hand object per input line, one result (or an error object "
             "for a bad line) per output line, written as it is scored",
    )
    score.add_argument(
        "--jobs", metavar="N", type=_jobs, default=None,
        help="score a long list on N processes (default: every core); the output does "
             "not change",
    )
    score.add_argument(
        "--ruleset", metavar="NAME", default=None,
        help=f"ruleset name or .toml path (default: the hand's own, else {DEFAULT})",
    )
    score.add_argument(
        "--all-arrangements", action="store_true",
        help="also show every other reading of the hand and its score",
    )
    score.add_argument(
        "--compare", action="store_true",
        help="score the hand under every built-in ruleset (and a --ruleset file) side by side",
    )
    score.add_argument(
        "--loser", metavar="HAND", action="append", default=None,
        help="classical settlement: a loser's 13 tiles and seat, e.g. "
             "'c123 b456 [dr dr dr] k19 we seat:south' (give all three)",
    )
    from mj_trainer.tui.generate_command import add_generate_parser

    add_generate_parser(sub)
    from mj_trainer.tui.sets_command import add_sets_parser

    add_sets_parser(sub)
    from mj_trainer.tui.serve import add_serve_parser

    add_serve_parser(sub)
    from mj_trainer.tui.progress_command import add_progress_parser

    add_progress_parser(sub)
    from mj_trainer.tui.course_command import add_course_parser

    add_course_parser(sub)
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
    completion = sub.add_parser(
        "completion", help="print a shell completion script (bash or zsh)",
        description="Print a completion script for bash or zsh. For example: "
                    "mj-trainer completion bash > ~/.local/share/bash-completion/"
                    "completions/mj-trainer",
    )
    from mj_trainer.tui.cli_docs import SHELLS

    completion.add_argument("shell", choices=SHELLS, help="bash or zsh")
    sub.add_parser("manpage", help="print the man page (roff)",
                   description="Print this command's man page in roff, e.g. "
                               "mj-trainer manpage > mj-trainer.1; man ./mj-trainer.1")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script.

    A reader that stops early (`mj-trainer score --json | head`) closes the pipe under
    us; that is not an error, so every subcommand ends quietly here with the status it
    would have had, and Python's own flush at exit is pointed at /dev/null.
    """
    try:
        code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    return code


def _run(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command in ("completion", "manpage"):
        from mj_trainer.tui.cli_docs import completion_script, man_page

        text = (completion_script(parser, args.shell) if args.command == "completion"
                else man_page(parser, _version()))
        sys.stdout.write(text)
        return EXIT_OK
    if args.command == "score":
        from mj_trainer.tui.score_command import run_score

        return run_score(
            hand_text=args.hand,
            as_json=args.json,
            input_path=args.input,
            ruleset=args.ruleset,
            all_arrangements=args.all_arrangements,
            compare=args.compare,
            losers=args.loser,
            jsonl=args.jsonl,
            jobs=args.jobs,
        )
    if args.command == "generate":
        from mj_trainer.tui.generate_command import run_generate

        return run_generate(args)
    if args.command == "export":
        from mj_trainer.quizzes.export import run_export

        failed = run_export(args.path, args.format, args.data_dir,
                            force=args.force)
        return EXIT_INPUT if failed else EXIT_OK
    if args.command == "serve":
        from mj_trainer.tui.serve import run_serve

        return run_serve(args)
    if args.command == "course":
        from mj_trainer.tui.course_command import run_course

        return run_course(args)
    if args.command == "progress":
        from mj_trainer.tui.progress_command import run_progress

        return run_progress(args)
    if args.command == "sets":
        from mj_trainer.tui.sets_command import run_sets

        return run_sets(args)
    if args.command == "quiz" and args.jsonl:  # the quiz protocol: never loads Textual
        from mj_trainer.tui.quiz_jsonl import run_quiz_jsonl

        return run_quiz_jsonl(args)
    from mj_trainer.tui.app_command import run_app_command

    return run_app_command(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
