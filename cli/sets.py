"""`mj-trainer sets`: list the curated hand sets, or dump their hands as JSON.

    mj-trainer sets                    a table of the built-in sets
    mj-trainer sets families           the hands of one set
    mj-trainer sets --json             every curated hand as contract hand objects
    mj-trainer sets --file my.toml     the same for a set file of your own

A broken set file never gives a traceback: each problem is one stderr line naming
the file, the hand and the line, and the exit status is 2.  `--json` output never
loads Rich, so scripts stay fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mj_trainer.engine.jsonio import hand_to_json
from mj_trainer.quizzes.sets import HandSet, SetError, builtin_sets, load_set_file

EXIT_OK = 0
EXIT_BROKEN_BUILTIN = 1
EXIT_INPUT = 2


def add_sets_parser(sub: Any) -> None:
    """Register the `sets` subcommand on the CLI's subparsers."""
    parser = sub.add_parser(
        "sets",
        help="list the curated hand sets (or print their hands as JSON)",
        description=(
            "List the curated hand sets with their number of hands, or print every "
            "curated hand as JSON hand objects. --file checks and shows a set file of "
            "your own (format: quizzes/sets/FORMAT.md)."
        ),
    )
    parser.add_argument("set_id", nargs="?", metavar="SET",
                        help="show only this set, with its hands")
    parser.add_argument("--json", action="store_true",
                        help='print a JSON list of {"set", "id", "hand"} objects')
    parser.add_argument("--file", metavar="PATH",
                        help="use this set file instead of the built-in sets")


def hand_rows(sets: list[HandSet]) -> list[dict[str, Any]]:
    """Every hand of `sets` as {"set": ..., "id": ..., "hand": <contract hand object>}."""
    return [{"set": s.id, "id": h.id, "hand": hand_to_json(h.hand)} for s in sets for h in s]


def _error(lines: list[str]) -> None:
    for line in lines:
        print(line, file=sys.stderr)


def _select(set_id: str | None, file: str | None) -> tuple[list[HandSet], int]:
    """The sets to show and an exit code (non-zero when nothing can be shown)."""
    if file is not None:
        try:
            sets = [load_set_file(file)]
        except SetError as err:
            _error(err.lines)
            return [], EXIT_INPUT
    else:
        try:
            sets = list(builtin_sets())
        except SetError as err:  # a broken built-in file is our bug, not the user's input
            _error(["sets: the built-in hand sets are broken:", *err.lines])
            return [], EXIT_BROKEN_BUILTIN
    if set_id is None:
        return sets, EXIT_OK
    chosen = [s for s in sets if s.id == set_id]
    if not chosen:
        known = ", ".join(s.id for s in sets)
        _error([f"sets: unknown set {set_id!r} (known: {known})"])
        return [], EXIT_INPUT
    return chosen, EXIT_OK


def run_sets(args: argparse.Namespace) -> int:
    """Run the command from parsed arguments; returns the exit code."""
    set_id: str | None = args.set_id
    sets, code = _select(set_id, args.file)
    if code != EXIT_OK:
        return code
    # A reader that stops early (`| head`) is handled once, in cli.main.
    if args.json:
        sys.stdout.write(json.dumps(hand_rows(sets), ensure_ascii=False))
        sys.stdout.write("\n")
    else:
        show_hands = set_id is not None or args.file is not None
        _print_tables(sets, show_hands=show_hands)
    return EXIT_OK


def _print_tables(sets: list[HandSet], *, show_hands: bool) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from mj_trainer.cli.console import console as pipe_console

    console = pipe_console()
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Curated hand sets",
                  title_justify="left", title_style="bold")
    table.add_column("set", style="cyan", no_wrap=True)
    table.add_column("name", style="bold")
    table.add_column("hands", justify="right")
    table.add_column("description")
    for s in sets:
        # Text cells: names and hands contain brackets that Rich must not read as markup.
        table.add_row(Text(s.id), Text(s.name), str(len(s)), Text(s.description))
    console.print(table)
    total = sum(len(s) for s in sets)
    console.print(f"{len(sets)} set{'s' if len(sets) != 1 else ''}, "
                  f"{total} hand{'s' if total != 1 else ''}", style="dim")
    if not show_hands:
        return
    for s in sets:
        hands = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=s.name,
                      title_justify="left", title_style="bold")
        hands.add_column("id", style="cyan", no_wrap=True)
        hands.add_column("title")
        hands.add_column("hand", no_wrap=True)
        for h in s:
            hands.add_row(Text(h.id), Text(h.title), Text(h.text))
        console.print(hands)
