"""Score many hands as a stream: in order, in bounded memory, on every core.

`score --json` reads its hands one at a time (see `json_stream`), scores them in
batches, in this process or in `--jobs` worker processes, and writes each result as
soon as the results before it are written, so memory stays flat however many hands
come in and the output is byte for byte what scoring them one by one would give.

The contract's all-or-nothing rule for a JSON list (one bad hand: exit 2, nothing on
stdout) is kept by holding the list's results back until the input has been read to
its end: in memory up to `SPOOL_MEMORY` characters, beyond that in an unnamed
temporary file that the system deletes when the command exits (it never appears in
any folder).  Once a bad hand is seen the remaining hands are only checked, not
scored.  JSON Lines input (`--jsonl`) needs no holding back: every line gets its
result, or an error object, on its own output line at once.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import islice
from multiprocessing.pool import AsyncResult
from typing import Any, Final, TextIO

from mj_trainer.engine.hand import Hand, Problem
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json, losers_from_json, score_to_json
from mj_trainer.engine.ruleset import Ruleset, RulesetError, load
from mj_trainer.engine.scoring import score
from mj_trainer.engine.settlement import settle_table, table_problems
from mj_trainer.tui.json_stream import decode_problem

BATCH: Final = 200  # hands per task: ~40 ms of work, so the processes stay busy
SPOOL_MEMORY: Final = 16 << 20  # characters of held-back results kept in memory
MAX_SHOWN_PROBLEMS: Final = 10_000  # error lines kept for stderr; the rest are counted

# One hand's outcome: its result as JSON text, or the problems found (without the
# "hand N: " prefix, which the caller adds).
Outcome = tuple[str | None, list[str]]


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
    out = score_to_json(result, all_arrangements=options.all_arrangements, table=table)
    return json.dumps(out, ensure_ascii=False), []


def score_text(raw: str, options: Options, check_only: bool = False) -> Outcome:
    """One hand object given as JSON text (a line of JSON Lines, or a list element)."""
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as err:
        return None, [f"not valid JSON: {err.msg} (column {err.colno})"]
    except (RecursionError, ValueError) as err:
        return None, [decode_problem(err)]
    return score_object(obj, options, check_only)


# --- the items of a call and their outcomes, in order ---------------------------------

@dataclass(slots=True)
class Item:
    """One hand to score: its label for messages ('hand 3', 'line 7'), its JSON text,
    the decoded value when the reader already has it, or problems found on reading."""

    label: str
    raw: str
    value: Any = None
    decoded: bool = False
    problems: list[str] | None = None


@dataclass(slots=True)
class Progress:
    """Shared between the writer and the scheduler: once a hand is bad, the rest of a
    JSON list is only checked."""

    check_only: bool = False


def _one(item: Item, options: Options, check_only: bool) -> Outcome:
    if item.problems is not None:
        return None, item.problems
    if item.decoded:
        return score_object(item.value, options, check_only)
    return score_text(item.raw, options, check_only)


_WORKER_OPTIONS = Options()


def _worker_start(options: Options) -> None:
    global _WORKER_OPTIONS  # noqa: PLW0603 - one per worker process, set once
    _WORKER_OPTIONS = options
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent alone answers Ctrl-C


def _worker_batch(task: tuple[list[str | list[str]], bool]) -> list[Outcome]:
    entries, check_only = task
    out: list[Outcome] = []
    for entry in entries:
        if isinstance(entry, list):
            out.append((None, entry))
        else:
            out.append(score_text(entry, _WORKER_OPTIONS, check_only))
    return out


def outcomes(items: Iterable[Item], options: Options, jobs: int,
             progress: Progress) -> Iterator[tuple[Item, Outcome]]:
    """Each item with its outcome, in input order, scored on `jobs` processes.

    A pool is started only when there is more than one batch of work.
    """
    stream = iter(items)
    first = list(islice(stream, BATCH + 1))
    if jobs <= 1 or len(first) <= BATCH:
        for item in _chain(first, stream):
            yield item, _one(item, options, progress.check_only)
        return
    yield from _pooled(_chain(first, stream), options, jobs, progress)


def _chain(first: list[Item], rest: Iterator[Item]) -> Iterator[Item]:
    yield from first
    yield from rest


def _pooled(items: Iterator[Item], options: Options, jobs: int,
            progress: Progress) -> Iterator[tuple[Item, Outcome]]:
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pending: deque[tuple[list[Item], AsyncResult[list[Outcome]]]] = deque()
    with ctx.Pool(jobs, initializer=_worker_start, initargs=(options,)) as pool:
        while True:
            batch = list(islice(items, BATCH))
            if batch:
                entries: list[str | list[str]] = [
                    it.problems if it.problems is not None else it.raw for it in batch]
                pending.append((batch, pool.apply_async(
                    _worker_batch, ((entries, progress.check_only),))))
            # Keep a few batches queued per worker, no more: memory stays flat.
            while pending and (len(pending) > 2 * jobs or not batch):
                done, result = pending.popleft()
                yield from zip(done, result.get(), strict=True)
            if not batch:
                return


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


def write_list(pairs: Iterable[tuple[Item, Outcome]], spool: Spool, problems: Problems,
               progress: Progress, *, is_list: bool = True) -> None:
    """The results into `spool`, exactly as json.dumps writes the list of them (or the
    one result when the input was not a list); stops writing, and makes the rest
    check-only, at the first bad hand."""
    if is_list:
        spool.write("[")
    sep = ""
    for item, (text, bad) in pairs:
        if bad:
            problems.add(item.label, bad)
            if not progress.check_only:
                progress.check_only = True
                spool.close()
            continue
        if not progress.check_only and text is not None:
            spool.write(sep)
            spool.write(text)
            sep = ", "
    if not progress.check_only:
        spool.write("]\n" if is_list else "\n")


def write_lines(pairs: Iterable[tuple[Item, Outcome]], out: TextIO,
                report: Callable[[str], None]) -> int:
    """One output line per input line: its result, or an error object in its place.

    Returns how many lines were bad.  Each bad line is also reported on stderr.
    """
    bad_lines = 0
    for item, (text, bad) in pairs:
        if bad:
            bad_lines += 1
            line_no = int(item.label.split()[1])
            out.write(json.dumps({"line": line_no, "errors": bad}, ensure_ascii=False))
            out.write("\n")
            for message in bad:
                report(f"{item.label}: {message}")
        else:
            out.write(text or "")
            out.write("\n")
    return bad_lines


def stderr_line(line: str) -> None:
    print(line, file=sys.stderr)
