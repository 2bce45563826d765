"""`mj-trainer quiz --jsonl`: the app's rounds over stdin and stdout (the quiz protocol).

The round is built by the same plans as the app's (`quizzes.session`), from the same
settings file and progress store, so answers are graded, explained and recorded as
in the app.  Options are checked before anything is read: a bad one is a line on
stderr and exit status 2.  After that only JSON lines go to stdout; the round ends
after its last question, on ``{"end": true}`` or at EOF, always with a summary, and
exit status 0, or 1 when the progress file could not keep an answer (its grade says
``"saved": false``) or the round (a fatal ``error`` message first).  Never imports
Textual.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any, Final

from mj_trainer.cli.options import EXIT_OK, LEVELS, add_app_options, fail

EXIT_STORE = 1  # the progress file could not keep an answer or the round (the contract)


def add_quiz_parser(sub: Any) -> None:
    """`quiz`: a round in the app, or over stdin and stdout with --jsonl."""
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
                        help="question kinds: patterns, total, counts, win, split "
                             "(default: settings)")
    script.add_argument("--clock", metavar="ISO-8601", default=None,
                        help="fix 'now' for scheduling, streaks and history, e.g. "
                             "2026-01-31T09:00:00Z")
    add_app_options(quiz, sub=True)


def check_set(name: str) -> str | None:
    """Why `--set NAME` cannot be played, or None when it can."""
    from mj_trainer.quizzes.session import SessionError, _set_hands

    try:
        _set_hands(name)
    except SessionError as err:
        return str(err)
    return None


def check_random(difficulty: str | None, target: str | None, ruleset: str) -> str | None:
    from mj_trainer.engine.generator import GenerationError, plan
    from mj_trainer.engine.ruleset import RulesetError

    level = None if difficulty in (None, "mixed") else difficulty
    try:
        plan(target=target, difficulty=level, ruleset=ruleset)
    except (GenerationError, RulesetError) as err:
        return str(err)
    return None



def run_quiz(args: argparse.Namespace) -> int:
    """`quiz --jsonl` speaks the protocol; `quiz` alone opens the app in a round."""
    if args.jsonl:
        return run_quiz_jsonl(args)
    from mj_trainer.cli.app import RandomStart, SetStart, open_app
    from mj_trainer.quizzes.config import ConfigFile

    given = {"--review": args.review, "--lesson": args.lesson, "--count": args.count,
             "--seed": args.seed, "--ruleset": args.ruleset, "--kinds": args.kinds,
             "--clock": args.clock}
    scripted = [flag for flag, value in given.items() if value not in (None, False)]
    if scripted:
        return fail([f"{', '.join(scripted)}: only with --jsonl"])
    settings = ConfigFile.load(args.config).settings
    if args.set_name is not None:
        if args.difficulty is not None or args.target is not None:
            return fail(["--difficulty and --target go with --random, not --set"])
        problem = check_set(args.set_name)
        if problem:
            return fail(problem.splitlines())
        return open_app(args, SetStart(args.set_name, shuffled=args.shuffle,
                                       resume=not args.restart))
    if args.shuffle or args.restart:
        return fail(["--shuffle and --restart go with --set NAME"])
    difficulty = args.difficulty or settings.difficulty
    problem = check_random(difficulty, args.target, settings.ruleset)
    if problem:
        return fail(problem.splitlines())
    return open_app(args, RandomStart(difficulty=difficulty, target=args.target))



# The range of --clock: review schedules a card up to 100 years ahead (FSRS's longest
# interval, 36,500 days), which must stay before the year 10000; local days and
# streaks need a time the system's clock functions take, from 1970 on.
CLOCK_FROM: Final = datetime(1970, 1, 1, tzinfo=UTC)
CLOCK_TO: Final = datetime(9899, 12, 31, 23, 59, 59, tzinfo=UTC)


def parse_clock(text: str) -> datetime:
    """--clock: an ISO-8601 moment from 1970 to 9899; one without a zone is UTC."""
    moment: datetime | None
    try:
        moment = datetime.fromisoformat(text.strip())
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        moment = moment.astimezone(UTC)
    except ValueError:
        raise ValueError(f"--clock: not an ISO-8601 date and time: {text!r} "
                         "(e.g. 2026-01-31T09:00:00Z)") from None
    except OverflowError:  # a zone that moves it past the year 1 or 9999
        moment = None
    if moment is None or not CLOCK_FROM <= moment <= CLOCK_TO:
        raise ValueError(f"--clock: {text.strip()} is out of range: give a time from "
                         f"{CLOCK_FROM:%Y-%m-%d} to {CLOCK_TO:%Y-%m-%d} (review schedules "
                         "up to 100 years ahead)")
    return moment


def _fixed(moment: datetime) -> Callable[[], datetime]:
    def now() -> datetime:
        return moment

    return now


def _lines(stream: IO[bytes]) -> Iterator[str]:
    """Client lines, decoded; an over-long or undecodable line comes as a marker the
    protocol refuses (so it is answered by an error, never a crash)."""
    from mj_trainer.quizzes.protocol import MAX_LINE

    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while True:  # skip the rest of the line
                more = stream.readline(MAX_LINE + 1)
                if not more or more.endswith(b"\n"):
                    break
            yield "x" * (MAX_LINE + 1)
            continue
        try:
            yield raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            yield "\x00 not UTF-8"


class OptionError(ValueError):
    """Options that cannot make a round; the lines say why (stderr, exit status 2)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class NothingDue(Exception):
    """A review round with nothing due: an empty round, not a failure."""


@dataclass(frozen=True)
class Options:
    """The checked options: the settings to play with, the clock and the seed."""

    settings: Any  # quizzes.config.Settings
    now: Callable[[], datetime]
    seed: int


def check_options(args: argparse.Namespace) -> Options:
    """The settings file with the command line's changes, checked; OptionError."""
    from mj_trainer.engine.ruleset import RulesetError, load
    from mj_trainer.quizzes.config import MAX_ROUND, MIN_ROUND, ConfigFile
    from mj_trainer.quizzes.protocol import parse_kinds
    from mj_trainer.quizzes.review import utc

    settings = ConfigFile.load(args.config).settings
    changes: dict[str, Any] = {}
    if args.count is not None:
        if not MIN_ROUND <= args.count <= MAX_ROUND:
            raise OptionError([f"--count must be {MIN_ROUND} to {MAX_ROUND}, got {args.count}"])
        changes["round_length"] = args.count
    if args.kinds is not None:
        try:
            changes["kinds"] = parse_kinds(args.kinds)
        except ValueError as err:
            raise OptionError([f"--kinds: {err}"]) from None
    if args.ruleset is not None:
        changes["ruleset"] = args.ruleset
    settings = settings.with_(**changes)
    try:
        load(settings.ruleset)
    except RulesetError as err:
        raise OptionError(str(err).splitlines()) from None
    now: Callable[[], datetime] = utc
    if args.clock is not None:
        try:
            now = _fixed(parse_clock(args.clock))
        except ValueError as err:
            raise OptionError([str(err)]) from None
    if args.set_name is not None and (args.difficulty or args.target):
        raise OptionError(["--difficulty and --target go with --random, not --set"])
    if args.set_name is None and (args.shuffle or args.restart):
        raise OptionError(["--shuffle and --restart go with --set NAME"])
    if args.review and (args.difficulty or args.target):
        raise OptionError(["--difficulty and --target go with --random, not --review"])
    if args.lesson is not None and (args.difficulty or args.target):
        raise OptionError(["--difficulty and --target go with --random, not --lesson"])
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    return Options(settings, now, seed)


def protocol_round(args: argparse.Namespace, store: Any) -> Any:
    """The round the options ask for, built by the app's own plans, in the protocol.

    Returns a `quizzes.protocol.ProtocolRound`; raises OptionError, or NothingDue for
    a review with nothing due.  The benchmark drives rounds through this too.
    """
    from mj_trainer.cli.app import RandomStart, SetStart
    from mj_trainer.quizzes.protocol import ProtocolRound
    from mj_trainer.quizzes.session import SessionError, random_plan, review_plan, set_plan
    from mj_trainer.quizzes.sources import SourceUnavailable

    opts = check_options(args)
    settings, now, seed = opts.settings, opts.now, opts.seed
    if args.lesson is not None:
        return ProtocolRound(_lesson_round(args, opts, store))
    try:
        if args.set_name is not None:
            plan: Any = set_plan(SetStart(args.set_name, args.shuffle, not args.restart),
                                 settings, store=store, seed=seed, now=now, count=args.count)
        elif args.review:
            plan = review_plan(None, settings, store=store, seed=seed, now=now)
        else:
            from mj_trainer.engine.ruleset import load
            from mj_trainer.quizzes.course import starting_difficulty

            level = args.difficulty or starting_difficulty(
                store, load(settings.ruleset), settings.difficulty,
                easy_start=settings.easy_start)
            plan = random_plan(RandomStart(level, args.target), settings, store=store,
                               seed=seed, now=now)
    except SessionError as err:
        if args.review:
            raise NothingDue(str(err)) from None
        raise OptionError(str(err).splitlines()) from None
    try:
        return ProtocolRound(plan.build())
    except SourceUnavailable as err:
        raise OptionError([str(err)]) from None


def _lesson_round(args: argparse.Namespace, opts: Options, store: Any) -> Any:
    from mj_trainer.engine.ruleset import load
    from mj_trainer.quizzes.course import lesson_round
    from mj_trainer.quizzes.sources import SourceUnavailable

    rules = load(opts.settings.ruleset)
    try:
        return lesson_round(rules, args.lesson, seed=opts.seed, store=store,
                            length=args.count,
                            kinds=opts.settings.kinds if args.kinds else None, now=opts.now)
    except KeyError as err:
        raise OptionError([str(err.args[0])]) from None
    except SourceUnavailable as err:
        raise OptionError([str(err)]) from None


def run_quiz_jsonl(args: argparse.Namespace, *, stdin: IO[bytes] | None = None,
                   stdout: IO[bytes] | None = None) -> int:
    """Check the options, build the round, then speak the protocol until it ends.

    A progress store that cannot be opened, or refuses the round's start, is a fatal
    `error` message and exit status 1 (docs/quiz-protocol.md, "Exit status").
    """
    from mj_trainer.quizzes.review import Reviewer
    from mj_trainer.quizzes.store import ProgressStore, StoreError

    try:
        opts = check_options(args)
    except OptionError as err:
        return fail(err.lines)
    write = _writer(stdout)
    try:
        store = ProgressStore.open(
            args.data_dir,
            reviewer=Reviewer.with_retention(opts.settings.desired_retention))
    except StoreError as err:
        return _fatal(write, f"Your progress file cannot be used: {err}")
    _tell_notices(store)
    try:
        try:
            pr = protocol_round(args, store)
        except NothingDue as why:
            return _speak_empty(stdout, str(why))
        except OptionError as err:
            return fail(err.lines)
        except StoreError as err:
            return _fatal(write, f"This round could not be started: {err}")
        return _speak(pr, stdin, stdout, store)
    finally:
        store.close()


def _fatal(write: Callable[[dict[str, Any]], None], message: str) -> int:
    """The fatal error before any round started; exit status 1."""
    fatal = _fatal_message(message)
    with contextlib.suppress(BrokenPipeError):
        write(fatal)
    return EXIT_STORE


def _tell_notices(store: Any) -> None:
    """What the store has to say (answers recovered or set aside, rows left out), on
    stderr, now and as it comes."""
    store.on_notice = lambda text: print(f"mj-trainer: {text}", file=sys.stderr)
    for notice in store.notices:
        store.on_notice(notice)
    store.notices.clear()


def _writer(stdout: IO[bytes] | None) -> Callable[[dict[str, Any]], None]:
    out = stdout if stdout is not None else sys.stdout.buffer

    def write(message: dict[str, Any]) -> None:
        out.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
        out.flush()

    return write


def _speak_empty(stdout: IO[bytes] | None, why: str) -> int:
    write = _writer(stdout)
    with contextlib.suppress(BrokenPipeError):
        write({"type": "summary", "questions": 0, "answered": 0, "credit": 0.0,
               "missed": {}, "wrong": {}, "skipped": 0, "correct": 0, "note": why})
    return EXIT_OK


class _Speaker:
    """Writes the round's messages, marking what the progress file could not keep."""

    def __init__(self, pr: Any, stdout: IO[bytes] | None, store: Any) -> None:
        self.pr = pr
        self.write = _writer(stdout)
        self.store = store
        self.unsaved: list[int] = []  # questions whose answer was kept nowhere
        self.failed = False

    def say(self, messages: list[dict[str, Any]]) -> None:
        rnd = self.pr.round
        for message in messages:
            kind = message.get("type")
            if kind == "grade":
                self._mark(message, rnd.save_problem)
            elif kind == "summary" and rnd.end_error is not None:
                self.failed = True
                self.write(_fatal_message(f"The end of this round could not be saved: "
                                          f"{rnd.end_error}"))
            self.write(message)

    def _mark(self, grade: dict[str, Any], problem: Any) -> None:
        if problem is None:
            return
        n = grade.get("n")
        if problem.kept:
            print(f"mj-trainer: answer {n} is not in the progress file yet "
                  f"({problem}); it waits in the journal beside it and is saved later",
                  file=sys.stderr)
            return
        grade["saved"] = False
        self.unsaved.append(int(n) if isinstance(n, int) else 0)
        print(f"mj-trainer: answer {n} could not be saved anywhere ({problem})",
              file=sys.stderr)

    def status(self) -> int:
        """1 when an answer or the round's end was not kept, else 0; says why."""
        if self.unsaved:
            lost = self.store.unkept()
            if lost:
                print(f"mj-trainer: {lost} answer{'s' if lost != 1 else ''} could not be "
                      "saved and {} lost: {}".format("is" if lost == 1 else "are",
                                                     self.store.unkept_problem),
                      file=sys.stderr)
            else:
                print("mj-trainer: the answers first reported unsaved were saved later",
                      file=sys.stderr)
        return EXIT_STORE if self.unsaved or self.failed else EXIT_OK


def _fatal_message(message: str) -> dict[str, Any]:
    """The protocol's fatal error (also said on stderr, for a person watching)."""
    print(f"mj-trainer: {message}", file=sys.stderr)
    return {"type": "error", "fatal": True, "message": message}


def _speak(pr: Any, stdin: IO[bytes] | None, stdout: IO[bytes] | None, store: Any) -> int:
    speaker = _Speaker(pr, stdout, store)
    source = stdin if stdin is not None else sys.stdin.buffer
    try:
        speaker.say(pr.start())
        if not pr.done:
            for line in _lines(source):
                speaker.say(pr.handle(line))
                if pr.done:
                    break
        speaker.say(pr.close())  # EOF mid-round: every answer so far is recorded
    except BrokenPipeError:  # the client went away: keep what was answered
        pr.close()
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)  # no flush error at exit
        os.dup2(devnull, sys.stdout.fileno())
    except KeyboardInterrupt:
        pr.close()
        return 130
    return speaker.status()
