"""Shell completion and the man page, both generated from the command line's own parser.

Nothing here is written by hand, so neither can drift from `mj-trainer --help`:
`completion_script` asks `shtab` for a bash or zsh script, and `man_page` walks the
argparse parser (options, then each subcommand with its own options) and writes roff.
`docs/mj-trainer.1` is this output, and a test keeps it in step.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import Final

SHELLS: Final = ("bash", "zsh")
PROG: Final = "mj-trainer"


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """A completion script for `shell` (bash or zsh) that completes every subcommand."""
    import shtab

    return str(shtab.complete(parser, shell=shell))


def _roff(text: str) -> str:
    """Text safe in a roff line: backslashes doubled, leading dots and quotes guarded."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[
        argparse.ArgumentParser] | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def _option_lines(parser: argparse.ArgumentParser) -> list[str]:
    lines: list[str] = []
    for action in parser._actions:
        if isinstance(action, (argparse._SubParsersAction, argparse._HelpAction)):
            continue
        if action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            names = ", ".join(action.option_strings)
            if action.nargs != 0:
                names += " " + str(action.metavar or action.dest.upper())
        else:
            names = str(action.metavar or action.dest)
        lines += [".TP", f"\\fB{_roff(names)}\\fR", _roff(action.help or "")]
    return lines


def man_page(parser: argparse.ArgumentParser, version: str) -> str:
    """The man page (section 1) of `parser`, in roff."""
    today = date(2026, 1, 1).strftime("%B %Y")  # fixed, so the output is reproducible
    lines = [
        f'.TH MJ\\-TRAINER 1 "{today}" "{PROG} {_roff(version)}" "User Commands"',
        ".SH NAME",
        f"{PROG} \\- {_roff(parser.description or '')}",
        ".SH SYNOPSIS",
        f"\\fB{PROG}\\fR [\\fIOPTIONS\\fR] [\\fICOMMAND\\fR [\\fIARGS\\fR]]",
        ".SH OPTIONS",
        *_option_lines(parser),
    ]
    subs = _subparsers(parser)
    if subs is not None:
        helps = {a.dest: a.help or "" for a in subs._choices_actions}
        lines.append(".SH COMMANDS")
        for name, sub in subs.choices.items():
            lines += [f'.SS "{PROG} {name}"', _roff(sub.description or helps.get(name, ""))]
            lines += _option_lines(sub)
    lines += [
        ".SH FILES",
        "Settings live in \\fIconfig.toml\\fR in the user config directory, progress in "
        "\\fIprogress.sqlite3\\fR in the user data directory (see \\fB\\-\\-config\\fR and "
        "\\fB\\-\\-data\\-dir\\fR); \\fBmj\\-trainer locate config\\fR and "
        "\\fBmj\\-trainer locate data\\fR print where they are. The rulesets' and the "
        "course's TOML, parsed once per text, is kept in \\fIparsed\\fR in the user cache "
        "directory (\\fBmj\\-trainer locate cache\\fR), which may be deleted at any time.",
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBMJ_TRAINER_CONFIG\\fR",
        "The settings file, when \\fB\\-\\-config\\fR is not given.",
        ".TP",
        "\\fBMJ_TRAINER_DATA_DIR\\fR",
        "The folder of the progress database, when \\fB\\-\\-data\\-dir\\fR is not given.",
        ".TP",
        "\\fBMJ_TRAINER_CACHE_DIR\\fR",
        "The folder of the parsed TOML cache; set empty, nothing is kept.",
        ".SH EXIT STATUS",
        "0 on success, 2 for input that cannot be used (the reason is printed on standard "
        "error).",
        ".SH SEE ALSO",
        "\\fBmj\\-trainer\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR; the README.md of the "
        "source distribution, and its docs/contract.md (\\fBscore \\-\\-json\\fR) and "
        "docs/quiz\\-protocol.md (\\fBquiz \\-\\-jsonl\\fR).",
    ]
    return "\n".join(lines) + "\n"
