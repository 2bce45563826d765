"""The command-line ways into the app: no command, `quiz` and `reference`.

    mj-trainer                                   the home screen
    mj-trainer quiz --set families [--shuffle]   a round of a curated set (or a set file)
    mj-trainer quiz --random --difficulty hard [--target 8.1]
    mj-trainer reference 8.1.3                   the reference at a pattern, family,
                                                 category or ruling (R12)
    mj-trainer calc "c123 c456 b234 b567 k5 +k5 self"   the calculator, prefilled
    --data-dir DIR, --config FILE (or $MJ_TRAINER_DATA_DIR, $MJ_TRAINER_CONFIG)

Everything the app would refuse (an unknown set, a broken set file, a pattern id
the ruleset does not have, a target the generator cannot aim at) is checked here
first: one clear line per problem on stderr and exit status 2, before any screen
is drawn.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Textual loads only when the app really starts
    from mj_trainer.tui.messages import (
        OpenCalculator,
        OpenReference,
        OpenScreen,
        StartRandom,
        StartSet,
    )

EXIT_OK = 0
EXIT_INPUT = 2
LEVELS = ("easy", "medium", "hard", "mixed")


def add_app_options(parser: argparse.ArgumentParser, *, sub: bool = False) -> None:
    """--data-dir and --config (on a subcommand they may also follow its name)."""
    default: Any = argparse.SUPPRESS if sub else None
    parser.add_argument("--data-dir", metavar="DIR", default=default,
                        help="where progress is saved (default: $MJ_TRAINER_DATA_DIR, "
                             "else your user data directory)")
    parser.add_argument("--config", metavar="FILE", default=default,
                        help="the settings file (default: $MJ_TRAINER_CONFIG, else "
                             "config.toml in your user config directory)")


def add_app_parsers(sub: Any) -> None:
    """Register `quiz` and `reference` on the CLI's subparsers."""
    quiz = sub.add_parser(
        "quiz", help="open the trainer straight into a round",
        description="Open the trainer in a round: a curated set (--set) or random hands "
                    "(--random). Examples: mj-trainer quiz --set families --shuffle; "
                    "mj-trainer quiz --random --difficulty hard --target 8.1",
    )
    what = quiz.add_mutually_exclusive_group()
    what.add_argument("--set", metavar="NAME", dest="set_name",
                      help="a built-in set id (see `mj-trainer sets`) or a set file path")
    what.add_argument("--random", action="store_true", help="random hands (the default)")
    what.add_argument("--review", action="store_true",
                      help="with --jsonl: hands aimed at what review has due")
    what.add_argument("--lesson", metavar="ID", default=None,
                      help="with --jsonl: the drill of a lesson of the course (see "
                           "`mj-trainer course`)")
    quiz.add_argument("--shuffle", action="store_true", help="with --set: shuffle its hands")
    quiz.add_argument("--restart", action="store_true",
                      help="with --set: start from the first hand instead of resuming")
    quiz.add_argument("--difficulty", choices=LEVELS, default=None,
                      help="with --random: easy, medium, hard or mixed (default: settings)")
    quiz.add_argument("--target", metavar="ID",
                      help="with --random: aim every hand at a pattern, family or category")
    script = quiz.add_argument_group(
        "scripted rounds (the quiz protocol: JSON lines on stdin and stdout)")
    script.add_argument("--jsonl", action="store_true",
                        help="play the round over stdin/stdout as JSON lines, no terminal")
    script.add_argument("--count", metavar="N", type=int, default=None,
                        help="questions in the round (default: settings)")
    script.add_argument("--seed", metavar="N", type=int, default=None,
                        help="the same seed gives the same round")
    script.add_argument("--ruleset", metavar="R", default=None,
                        help="a built-in ruleset or a .toml file (default: settings)")
    script.add_argument("--kinds", metavar="K[,K...]", default=None,
                        help="question kinds: patterns, total, counts, win "
                             "(default: settings)")
    script.add_argument("--clock", metavar="ISO-8601", default=None,
                        help="fix 'now' for scheduling, streaks and history, e.g. "
                             "2026-01-31T09:00:00Z")
    add_app_options(quiz, sub=True)
    learn = sub.add_parser(
        "learn", help="open the trainer at the course",
        description="Open the trainer at the course: lessons one topic at a time, each "
                    "with worked hands and a drill (see also `mj-trainer course`).")
    add_app_options(learn, sub=True)
    ref = sub.add_parser(
        "reference", help="open the rules reference",
        description="Open the rules reference at a pattern id (8.1.3), a family (8.1), a "
                    "category (8), a ruling (R12) or a pattern name.",
    )
    ref.add_argument("target", nargs="?", metavar="PATTERN",
                     help="pattern id, family, category, ruling or name")
    add_app_options(ref, sub=True)
    calc = sub.add_parser(
        "calc", help="open the calculator: score any hand, live",
        description="Open the calculator, prefilled with a hand in the notation of "
                    "`mj-trainer score` or a line copied with the share key. The hand may be "
                    "unfinished. Example: mj-trainer calc 'c123 c456 b234 b567 k5 +k5 self'",
    )
    calc.add_argument("hand", nargs="?", metavar="HAND", help="a hand (quote it)")
    add_app_options(calc, sub=True)


def _fail(lines: list[str]) -> int:
    for line in lines:
        print(f"mj-trainer: {line}", file=sys.stderr)
    return EXIT_INPUT


def _reference_target(text: str, ruleset_name: str) -> tuple[str | None, str | None]:
    """(the target to open, None) or (None, why it is not one)."""
    from mj_trainer.engine.ruleset import RulesetError, load

    try:
        rules = load(ruleset_name)
    except RulesetError as err:
        return None, str(err)
    key = text.strip()
    if not key:
        return None, "an empty target: give a pattern id such as 8.1.3"
    from mj_trainer.quizzes.rulings import ruling_key

    ruling = ruling_key(key)
    if ruling is not None:
        return ruling, None
    if key in rules.by_id() or key in rules.categories or any(
            p.family == key for p in rules.patterns):
        return key, None
    low = key.casefold()
    for p in rules.patterns:
        if low in (p.name.casefold(), p.chinese):
            return p.id, None
    return None, (f"no pattern, family, category or ruling {key!r} in {rules.id} "
                  f"(try an id such as 8.1.3, a family such as 8.1, or R12)")


def _check_set(name: str) -> str | None:
    """Why `--set NAME` cannot be played, or None when it can."""
    from mj_trainer.quizzes.session import SessionError, _set_hands

    try:
        _set_hands(name)
    except SessionError as err:
        return str(err)
    return None


def _check_random(difficulty: str | None, target: str | None, ruleset: str) -> str | None:
    from mj_trainer.engine.generator import GenerationError, plan
    from mj_trainer.engine.ruleset import RulesetError

    level = None if difficulty in (None, "mixed") else difficulty
    try:
        plan(target=target, difficulty=level, ruleset=ruleset)
    except (GenerationError, RulesetError) as err:
        return str(err)
    return None


def _calc_text(hand: str | None) -> tuple[str, list[str]]:
    """The calculator's starting text, or the lines saying why it is not notation.
    An unfinished hand is fine: the calculator says what is missing."""
    if hand is None:
        return "", []
    from mj_trainer.engine.notation import NotationError, read
    from mj_trainer.engine.share import unquote
    from mj_trainer.tui.score_command import notation_error_lines

    text = unquote(hand)
    try:
        read(text)
    except NotationError as err:
        return "", notation_error_lines(text, err, "calc: ")
    return text, []


def run_app_command(args: argparse.Namespace) -> int:
    """Check the command line, then run the app at the place it names."""
    from mj_trainer.tui.config import ConfigFile
    from mj_trainer.tui.messages import (
        OpenCalculator,
        OpenReference,
        OpenScreen,
        StartRandom,
        StartSet,
    )

    data_dir = args.data_dir
    config_path = args.config
    config = ConfigFile.load(config_path)
    settings = config.settings
    start: StartSet | StartRandom | OpenReference | OpenCalculator | OpenScreen | None = None
    if args.command == "quiz":
        given = {"--review": args.review, "--lesson": args.lesson, "--count": args.count,
                 "--seed": args.seed, "--ruleset": args.ruleset, "--kinds": args.kinds,
                 "--clock": args.clock}
        scripted = [flag for flag, value in given.items() if value not in (None, False)]
        if scripted:
            return _fail([f"{', '.join(scripted)}: only with --jsonl"])
        if args.set_name is not None:
            if args.difficulty is not None or args.target is not None:
                return _fail(["--difficulty and --target go with --random, not --set"])
            problem = _check_set(args.set_name)
            if problem:
                return _fail(problem.splitlines())
            start = StartSet(args.set_name, shuffled=args.shuffle, resume=not args.restart)
        else:
            if args.shuffle or args.restart:
                return _fail(["--shuffle and --restart go with --set NAME"])
            difficulty = args.difficulty or settings.difficulty
            problem = _check_random(difficulty, args.target, settings.ruleset)
            if problem:
                return _fail(problem.splitlines())
            start = StartRandom(difficulty=difficulty, target=args.target)
    elif args.command == "reference" and args.target is not None:
        target, problem = _reference_target(args.target, settings.ruleset)
        if problem:
            return _fail([problem])
        start = OpenReference(target)
    elif args.command == "reference":
        start = OpenReference(None)
    elif args.command == "calc":
        text, lines = _calc_text(args.hand)
        if lines:
            return _fail(lines)
        start = OpenCalculator(text)
    elif args.command == "learn":
        start = OpenScreen("course")
    from mj_trainer.tui.serve import under_web_driver

    if not (sys.stdin.isatty() and sys.stdout.isatty()) and not under_web_driver():
        return _fail(["the trainer needs a terminal; for scripts use `mj-trainer score`, "
                      "`generate` or `sets` (see --help)"])
    from mj_trainer.tui.app import run_app

    return run_app(data_dir=data_dir, config_path=config_path, start=start)
