"""Score many hands as a stream: in order, in bounded memory, on every core.

`score --json` reads a list as blocks of raw text (see `json_stream`), scores each
block in this process or in one of `--jobs` worker processes, and writes each block's
results as soon as the ones before it are written, so memory stays flat however many
hands come in and the output is byte for byte what scoring them one by one would give.
The reading process only cuts the text and writes what comes back: a worker decodes
a whole block with one `json.loads` and returns its results as one string, so that
two processes get through the work in little more than half the time of one.

The contract's all-or-nothing rule for a JSON list (one bad hand: exit 2, nothing on
stdout) is kept by holding the list's results back until the input has been read to
its end: in memory up to `SPOOL_MEMORY` characters, beyond that in an unnamed
temporary file that the system deletes when the command exits (it never appears in
any folder).  Once a bad hand is seen the remaining hands are only checked, not
scored.  JSON Lines input (`--jsonl`) needs no holding back: every line gets its
result, or an error object, on its own output line at once.
"""

from __future__ import annotations

import atexit
import gc
import json
import os
import signal
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TextIO, TypeVar

from mj_trainer.cli.hand_structs import plain_hand, plain_hands
from mj_trainer.cli.json_stream import (
    MAX_ITEM_CHARS,
    Block,
    JSONReader,
    Lines,
    StreamError,
    decode_problem,
)
from mj_trainer.engine.hand import Hand, Problem
from mj_trainer.engine.jsonio import (
    HandJSONError,
    hand_from_json,
    losers_from_json,
    score_json_text,
)
from mj_trainer.engine.ruleset import Ruleset, RulesetError, load
from mj_trainer.engine.scoring import score
from mj_trainer.engine.settlement import settle_table, table_problems

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

BATCH: Final = 200  # JSON Lines per task: ~20 ms of work, so the processes stay busy
BLOCK_CHARS: Final = 1 << 16  # characters of a JSON list per task: about 200 hands
SPOOL_MEMORY: Final = 16 << 20  # characters of held-back results kept in memory
MAX_SHOWN_PROBLEMS: Final = 10_000  # error lines kept for stderr; the rest are counted

# One hand's outcome: its result as JSON text, or the problems found (without the
# "hand N: " prefix, which the caller adds).
Outcome = tuple[str | None, list[str]]


@contextmanager
def quiet_collector() -> Iterator[None]:
    """Fewer passes of the cycle collector while a batch is scored.

    Scoring makes no reference cycles, but it makes many objects and keeps what it
    learns of new hands, so with the default thresholds the collector walks a growing
    heap again and again: a tenth of the CPU of 20,000 new hands.  What exists on entry
    is frozen (never walked again; worker processes inherit that), and the young
    objects are looked at every 50,000 allocations instead of 700.  All is as it was on
    exit, but for one thing: when the interpreter ends, everything is frozen first, so
    that its last collection does not walk what scoring kept (0.15 s of CPU after
    20,000 new hands, for memory the system takes back anyway).
    """
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


@dataclass(slots=True)
class Options:
    """What every hand of one call is scored with; rulesets are loaded once per process."""

    ruleset: str | None = None  # --ruleset: overrides each hand's own
    all_arrangements: bool = False
    _rules: dict[str, Ruleset | RulesetError] = field(default_factory=dict)

    def rules(self, name: str) -> Ruleset:
        """The ruleset named by a hand, loaded once per call (errors too)."""
        got = self._rules.get(name)
        if got is None:
            try:
                got = load(name)
            except RulesetError as err:
                got = err
            self._rules[name] = got
        if isinstance(got, RulesetError):
            raise got
        return got


def problem_text(p: Problem) -> str:
    return str(p) if p.field else p.message


def score_object(obj: Any, options: Options, check_only: bool = False) -> Outcome:
    """One contract hand object: its result JSON, or every problem found."""
    try:
        hand: Hand = hand_from_json(obj)
        losers = losers_from_json(obj, hand)
    except HandJSONError as err:
        return None, [problem_text(p) for p in err.problems]
    if options.ruleset is not None:
        hand = replace(hand, ruleset=options.ruleset)
    try:
        rules = options.rules(hand.ruleset)
    except RulesetError as err:
        return None, [f"ruleset: {line}" for line in err.problems]
    if losers is not None:
        if rules.payoff != "classical":
            return None, [f"losers: the {rules.id} ruleset does not settle between losers; "
                          "use --ruleset classical"]
        problems = table_problems(hand, losers)
        if problems:
            return None, [problem_text(p) for p in problems]
    if check_only:
        return "", []
    result = score(hand, rules, valid=True)  # hand_from_json validated it
    table = settle_table(result, losers) if losers is not None and result.winning else None
    return score_json_text(result, all_arrangements=options.all_arrangements, table=table), []


def _score_plain(hand: Hand, options: Options, check_only: bool) -> str | None:
    """A plain hand's result (`hand_structs`), or None when its ruleset does not load
    (the caller then reads the hand the long way, which reports it)."""
    try:
        rules = options.rules(hand.ruleset)
    except RulesetError:
        return None
    if check_only:
        return ""
    return score_json_text(score(hand, rules, valid=True),
                           all_arrangements=options.all_arrangements)


def score_text(raw: str, options: Options, check_only: bool = False) -> Outcome:
    """One hand object given as JSON text (a line of JSON Lines, or a list element)."""
    hand = plain_hand(raw, options.ruleset)
    if hand is not None:
        out = _score_plain(hand, options, check_only)
        if out is not None:
            return out, []
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as err:
        return None, [f"not valid JSON: {err.msg} (column {err.colno})"]
    except (RecursionError, ValueError) as err:
        return None, [decode_problem(err)]
    return score_object(obj, options, check_only)


# --- batches of hands and their outcomes, in order -------------------------------------

# What one batch gives back, in one message: how many hands it held, their results as
# the text that goes out as it is (joined by ", " for a list, one line each for JSON
# Lines), and the problems found, each with the index of its hand in the batch.
BatchOutcome = tuple[int, str, list[tuple[int, list[str]]]]


@dataclass(slots=True)
class Progress:
    """Shared between the writer and the scheduler: once a hand is bad, the rest of a
    JSON list is only checked."""

    check_only: bool = False


def score_block(text: str, options: Options, check_only: bool) -> BatchOutcome | None:
    """The hands of a `Block`, decoded at once; None when the block does not decode
    (the reader then reads it again one element at a time)."""
    hands = plain_hands("[" + text + "]", options.ruleset)
    if hands is not None:
        plain = [_score_plain(hand, options, check_only) for hand in hands]
        if None not in plain:
            return len(hands), ", ".join(out for out in plain if out), []
    try:
        objs = json.loads("[" + text + "]")
    except (RecursionError, ValueError):
        return None
    outs: list[str] = []
    problems: list[tuple[int, list[str]]] = []
    for i, obj in enumerate(objs):
        out, bad = score_object(obj, options, check_only)
        if bad:
            problems.append((i, bad))
            check_only = True  # nothing of this call will be written
        elif out:
            outs.append(out)
    return len(objs), ", ".join(outs), problems


def score_lines(lines: list[tuple[int, str | None]], options: Options) -> BatchOutcome:
    """Numbered JSON Lines (None: a line too long): the output lines, an error object
    in place of each bad line; problems are indexed by line number."""
    out: list[str] = []
    problems: list[tuple[int, list[str]]] = []
    for line_no, text in lines:
        if text is None:
            result, bad = None, [f"longer than {MAX_ITEM_CHARS:,} characters: not a hand"]
        else:
            result, bad = score_text(text, options)
        if bad:
            problems.append((line_no, bad))
            out.append(json.dumps({"line": line_no, "errors": bad}, ensure_ascii=False))
        else:
            out.append(result or "")
        out.append("\n")
    return len(lines), "".join(out), problems


T_co = TypeVar("T_co", covariant=True)


class Pending(Protocol[T_co]):
    """A result to come: a worker's future, or one computed here already."""

    def result(self) -> T_co: ...


class Done(Generic[T_co]):
    """A result computed in this process."""

    __slots__ = ("_value",)

    def __init__(self, value: T_co) -> None:
        self._value = value

    def result(self) -> T_co:
        return self._value


_WORKER_OPTIONS = Options()


def _worker_start(options: Options) -> None:
    global _WORKER_OPTIONS  # noqa: PLW0603 - one per worker process, set once
    _WORKER_OPTIONS = options
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent alone answers Ctrl-C


def _worker_block(task: tuple[str, bool]) -> BatchOutcome | None:
    return score_block(task[0], _WORKER_OPTIONS, task[1])


def _worker_lines(lines: list[tuple[int, str | None]]) -> BatchOutcome:
    return score_lines(lines, _WORKER_OPTIONS)


def _pool(stack: ExitStack, options: Options, jobs: int) -> ProcessPoolExecutor:
    """Worker processes, shut down with the stack.  Not `multiprocessing.Pool`: its
    worker-handling thread wakes whenever a result waits in the pipe, and spins on a
    stream of large results (0.7 s of CPU in 100,000 hands)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_start,
                               initargs=(options,))
    stack.callback(pool.shutdown, wait=True, cancel_futures=True)
    return pool


def list_batches(reader: JSONReader, options: Options, jobs: int,
                 progress: Progress) -> Iterator[BatchOutcome]:
    """The outcomes of a JSON list's hands (or of the single hand), in input order.

    The reader cuts the list into blocks of raw text; each is decoded and scored in one
    go, by one of `jobs` processes.  A pool is started only when there is more than one
    block.  A block that does not decode is read again one element at a time here,
    which finds the true elements or the syntax error, worded as `json.loads` words it.
    """
    queued = 2 * jobs if jobs > 1 else 0  # blocks in flight: memory stays flat
    pending: deque[tuple[Block, Pending[BatchOutcome | None]]] = deque()
    index = 0  # hands before the oldest pending block
    with ExitStack() as stack:
        pool: ProcessPoolExecutor | None = None
        while True:
            # Settle the oldest block while too many are in flight, and all of them at
            # the end or before an element read one by one (it needs its index).
            while pending and (len(pending) > queued or reader.done or not reader.fast):
                block, result = pending.popleft()
                got = result.result()
                if got is None:
                    pending.clear()
                    reader.rewind(block, index)
                    break
                reader.settle(block)
                index += got[0]
                yield got
            if reader.done:
                return
            if not reader.fast:
                reader.index = index
            piece = reader.next_piece()
            if isinstance(piece, Block):
                if pool is None and jobs > 1 and not piece.last:
                    pool = _pool(stack, options, jobs)
                pending.append((piece, Done(score_block(piece.text, options,
                                                        progress.check_only))
                                if pool is None else
                                pool.submit(_worker_block,
                                            (piece.text, progress.check_only))))
            elif piece is not None:
                out, bad = score_object(piece.value, options, progress.check_only)
                index += 1
                yield 1, out or "", [(0, bad)] if bad else []


def line_batches(lines: Lines, options: Options, jobs: int) -> Iterator[BatchOutcome]:
    """The outcomes of JSON Lines in order, `BATCH` lines at a time, as the lines arrive.

    Lines that arrive together are scored together: here, or on `jobs` processes once
    more than a batch arrives at once (a long file; a pool is started only then).  When
    the next lines are not there yet, every outcome still pending is given before the
    wait, so that a writer who waits for an answer gets it.  Input that cannot be read
    on (a NUL, text that is not UTF-8) ends the outcomes after those of the lines
    before it."""
    pending: deque[Pending[BatchOutcome]] = deque()
    with ExitStack() as stack:
        pool: ProcessPoolExecutor | None = None
        try:
            for arrived in lines:
                if pool is None and jobs > 1 and len(arrived) > BATCH:
                    pool = _pool(stack, options, jobs)
                for start in range(0, len(arrived), BATCH):
                    batch = arrived[start:start + BATCH]
                    pending.append(Done(score_lines(batch, options)) if pool is None
                                   else pool.submit(_worker_lines, batch))
                    while len(pending) > 2 * jobs:
                        yield pending.popleft().result()
                if not lines.more_ready():
                    while pending:
                        yield pending.popleft().result()
        except (StreamError, UnicodeDecodeError):
            while pending:
                yield pending.popleft().result()
            raise
        while pending:
            yield pending.popleft().result()


# --- writing --------------------------------------------------------------------------

class Spool:
    """Text held back until it may be written: in memory, then an unnamed temp file."""

    def __init__(self, memory: int | None = None) -> None:
        self._parts: list[str] = []
        self._size = 0
        self._memory = SPOOL_MEMORY if memory is None else memory
        self._file: TextIO | None = None

    def write(self, text: str) -> None:
        if self._file is not None:
            self._file.write(text)
            return
        self._parts.append(text)
        self._size += len(text)
        if self._size > self._memory:
            self._file = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
            self._file.write("".join(self._parts))
            self._parts = []

    def copy_to(self, out: TextIO) -> None:
        if self._file is None:
            out.write("".join(self._parts))
            return
        self._file.seek(0)
        while chunk := self._file.read(1 << 20):
            out.write(chunk)

    @property
    def spilled(self) -> bool:
        """Whether the text went to a temporary file."""
        return self._file is not None

    def close(self) -> None:
        self._parts = []
        if self._file is not None:
            self._file.close()
            self._file = None


class Problems:
    """Error lines for stderr, kept up to a bound; beyond it only counted."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.hidden = 0

    def add(self, label: str, messages: list[str]) -> None:
        for message in messages:
            if len(self.lines) < MAX_SHOWN_PROBLEMS:
                self.lines.append(f"{label}: {message}")
            else:
                self.hidden += 1

    def __bool__(self) -> bool:
        return bool(self.lines)

    def all_lines(self) -> list[str]:
        if self.hidden:
            return [*self.lines, f"input: {self.hidden:,} more problems not shown"]
        return self.lines


def write_list(batches: Iterable[BatchOutcome], spool: Spool, problems: Problems,
               progress: Progress, *, is_list: bool = True) -> None:
    """The results into `spool`, exactly as json.dumps writes the list of them (or the
    one result when the input was not a list); stops writing, and makes the rest
    check-only, at the first bad hand."""
    if is_list:
        spool.write("[")
    sep = ""
    index = 0
    for count, text, bad in batches:
        if bad:
            for i, messages in bad:
                problems.add(f"hand {index + i}", messages)
            if not progress.check_only:
                progress.check_only = True
                spool.close()
        elif not progress.check_only:
            spool.write(sep)
            spool.write(text)
            sep = ", "
        index += count
    if not progress.check_only:
        spool.write("]\n" if is_list else "\n")


def write_lines(batches: Iterable[BatchOutcome], out: TextIO,
                report: Callable[[str], None]) -> int:
    """One output line per input line: its result, or an error object in its place.

    Returns how many lines were bad.  Each bad line is also reported on stderr.
    """
    bad_lines = 0
    for _, text, bad in batches:
        out.write(text)
        out.flush()  # a batch at a time, or a line at a time for a writer who waits
        bad_lines += len(bad)
        for line_no, messages in bad:
            for message in messages:
                report(f"line {line_no}: {message}")
    return bad_lines


def stderr_line(line: str) -> None:
    print(line, file=sys.stderr)
