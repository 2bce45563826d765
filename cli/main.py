"""The `mj-trainer` command line: the parser, the entry point and the dispatch.

With no command it opens the app; each subcommand lives in a module named after it.

Subcommands import only what they need: `score --json` never loads Textual or Rich,
so scripts start fast and work without a terminal.  Opening the app (no command, at
most --data-dir and --config) skips the whole parser: building it imports every
subcommand's module, which the app's first screen would wait for.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from mj_trainer.cli.options import EXIT_OK, add_app_options


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mj-trainer")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


class _VersionAction(argparse._VersionAction):
    """--version, with the version looked up only when asked for (importing
    importlib.metadata at every start would slow the app's).  A kind of argparse's own,
    so that help, the man page and the completions treat it as they did."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        sys.stdout.write(f"mj-trainer {_version()}\n")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    from mj_trainer.cli.calc import add_calc_parser
    from mj_trainer.cli.course import add_course_parser
    from mj_trainer.cli.docs import SHELLS
    from mj_trainer.cli.export import add_export_parser
    from mj_trainer.cli.generate import add_generate_parser
    from mj_trainer.cli.learn import add_learn_parser
    from mj_trainer.cli.locate import add_locate_parser
    from mj_trainer.cli.progress import add_progress_parser
    from mj_trainer.cli.quiz import add_quiz_parser
    from mj_trainer.cli.reference import add_reference_parser
    from mj_trainer.cli.score_args import add_score_parser
    from mj_trainer.cli.serve import add_serve_parser
    from mj_trainer.cli.sets import add_sets_parser

    parser = argparse.ArgumentParser(
        prog="mj-trainer",
        description="Learn to score mahjong hands. With no command, opens the trainer.",
    )
    parser.add_argument("--version", action=_VersionAction)
    add_app_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_quiz_parser(sub)
    add_learn_parser(sub)
    add_reference_parser(sub)
    add_calc_parser(sub)
    add_score_parser(sub)
    add_generate_parser(sub)
    add_sets_parser(sub)
    add_serve_parser(sub)
    add_progress_parser(sub)
    add_course_parser(sub)
    add_export_parser(sub)
    add_locate_parser(sub)
    completion = sub.add_parser(
        "completion", help="print a shell completion script (bash or zsh)",
        description="Print a completion script for bash or zsh. For example: "
                    "mj-trainer completion bash > ~/.local/share/bash-completion/"
                    "completions/mj-trainer",
    )
    completion.add_argument("shell", choices=SHELLS, help="bash or zsh")
    sub.add_parser("manpage", help="print the man page (roff)",
                   description="Print this command's man page in roff, e.g. "
                               "mj-trainer manpage > mj-trainer.1; man ./mj-trainer.1")
    return parser


EXIT_OUTPUT = 1  # the output could not be written (a full disk, /dev/full, an I/O error)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script.

    A reader that stops early (`mj-trainer score --json | head`) closes the pipe under
    us; that is not an error, so every subcommand ends quietly here with the status it
    would have had, and Python's own flush at exit is pointed at /dev/null. An output
    that cannot be written (a full disk, /dev/full) is one line on stderr and status 1,
    never a traceback.
    """
    try:
        code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_OK
    except OSError as err:
        _quiet_stdout()
        print(f"mj-trainer: {_os_problem(err)}", file=sys.stderr)
        return EXIT_OUTPUT
    return code


def _os_problem(err: OSError) -> str:
    """What went wrong, in one line: a file that failed by its name, else the output."""
    import errno

    why = err.strerror or str(err)
    if err.filename:
        return f"{err.filename}: {why}"
    if err.errno in (errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EROFS, errno.EBADF,
                     getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"cannot write the output (standard output): {why}"
    return why


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # ValueError: no stdout at all
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _app_only(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The options of a plain `mj-trainer [--data-dir DIR] [--config FILE]`, which opens
    the app; None for anything else (a command, help, --version, an abbreviation, a
    mistake), which the whole parser reads and answers."""
    parser = argparse.ArgumentParser(prog="mj-trainer", add_help=False, allow_abbrev=False,
                                     exit_on_error=False)
    add_app_options(parser)
    try:
        args, rest = parser.parse_known_args(argv)
    except argparse.ArgumentError:
        return None
    if rest:
        return None
    args.command = None
    return args


def _run(argv: Sequence[str] | None) -> int:
    app_args = _app_only(argv)
    if app_args is not None:
        from mj_trainer.cli.app import open_app

        return open_app(app_args)
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command in ("completion", "manpage"):
        from mj_trainer.cli.docs import completion_script, man_page

        text = (completion_script(parser, args.shell) if args.command == "completion"
                else man_page(parser, _version()))
        sys.stdout.write(text)
        return EXIT_OK
    if args.command == "score":
        from mj_trainer.cli.score import run_score_command

        return run_score_command(args)
    if args.command == "generate":
        from mj_trainer.cli.generate import run_generate

        return run_generate(args)
    if args.command == "export":
        from mj_trainer.cli.export import run_export

        return run_export(args)
    if args.command == "serve":
        from mj_trainer.cli.serve import run_serve

        return run_serve(args)
    if args.command == "course":
        from mj_trainer.cli.course import run_course

        return run_course(args)
    if args.command == "progress":
        from mj_trainer.cli.progress import run_progress

        return run_progress(args)
    if args.command == "sets":
        from mj_trainer.cli.sets import run_sets

        return run_sets(args)
    if args.command == "quiz":
        from mj_trainer.cli.quiz import run_quiz

        return run_quiz(args)
    if args.command == "learn":
        from mj_trainer.cli.learn import run_learn

        return run_learn(args)
    if args.command == "reference":
        from mj_trainer.cli.reference import run_reference

        return run_reference(args)
    if args.command == "locate":
        from mj_trainer.cli.locate import run_locate

        return run_locate(args)
    if args.command == "calc":
        from mj_trainer.cli.calc import run_calc

        return run_calc(args)
    from mj_trainer.cli.app import open_app

    return open_app(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
