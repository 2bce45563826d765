"""The learner's progress in SQLite: rounds, answers, per-pattern statistics, review
cards and curated-set positions.

Where the file lives: the `data_dir` argument, else the ``MJ_TRAINER_DATA_DIR``
environment variable, else the user data directory of ``mj-trainer``
(`platformdirs`).  The file is ``progress.sqlite3`` inside it.

Safety:

* every answer is committed in its own transaction the moment it is given, in WAL
  mode with full syncs, so a crash or a kill loses nothing already answered;
* the schema version is ``PRAGMA user_version``; older files are migrated in place
  (one transaction per step, after a backup copy ``progress.sqlite3.v<N>.bak``);
* a file that is not an SQLite database, fails its integrity check, belongs to some
  other program, or was written by a newer mj-trainer is reported with a `StoreError`
  naming the file and the problem, and is never modified, overwritten or deleted.

Schema (version 5)::

    meta(key PRIMARY KEY, value)                   app = 'mj-trainer', created_at
    rounds(id, started_at, finished_at, source, source_name, ruleset, kinds,
           planned, answered, score, correct, seconds)
    answers(id, round_id -> rounds, seq, answered_at, day, hand_id, hand, ruleset,
            kind, target, answer JSON, expected JSON, credit, correct, seconds,
            mistakes JSON)                          UNIQUE(round_id, seq)
    answer_items(answer_id -> answers, item, ok, outcome)   what each answer tested
                                                    (outcome: version 4)
    item_stats(item PRIMARY KEY, attempts, correct, streak, best_streak,
               first_seen, last_seen, last_ok)      per pattern and per family
    set_progress(set_name PRIMARY KEY, position, size, ord, seed, rounds,
                 best_score, best_accuracy, updated_at)
    cards(item PRIMARY KEY, card JSON, due, state)  version 2: FSRS cards
    review_log(id, item, rating, reviewed_at, duration_ms, answer_id)   version 2

Times are UTC, written as ``YYYY-MM-DDTHH:MM:SS.ffffffZ``; ``answers.day`` is the
learner's local calendar day, for the daily streak.

Items (``answer_items.item``, ``item_stats.item``, ``cards.item``, ``review_log.item``)
are ``pattern:ID`` and ``family:ID`` for the default ruleset and ``pattern:ID@RULESET``
for any other (version 3; see `quizzes.grading.pattern_item`), because one id names
different patterns in different rulesets.  Version 3's migration moves the items that
version 2 recorded for answers of another ruleset to their qualified keys and rebuilds
the statistics and review cards of every item it touched from the answers and the
review log.  Version 5 replays every review card from the review log with right
answers of the same sitting counted once (`quizzes.review.counts_now`).

The ``answer`` and ``expected`` JSON of a patterns question is ``{"patterns": {ID:
count}, "total": N}``, plus ``"points"`` and ``"doubles"`` under the doubling scheme
(`classical`); an answer without them reads back with them as None.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Final, TypeVar

from mj_trainer.quizzes.pending import PendingAnswer, PendingJournal, RoundInfo
from mj_trainer.quizzes.recorder import Unsaved
from mj_trainer.quizzes.records import (
    AnswerRecord,
    DayStreak,
    ItemStats,
    RoundRecord,
    SetPosition,
    SetProgress,
)
from mj_trainer.quizzes.review import (
    Card,
    DueItem,
    Rating,
    Reviewer,
    State,
    rating_for_outcome,
    utc,
)
from mj_trainer.quizzes.store_files import (
    FULL_BELOW,
    LEAVE_IT,
    CorruptDatabaseError,
    ForeignDatabaseError,
    NewerDatabaseError,
    StoreError,
    check_file,
    data_dir,
    database_path,
    disk_full,
    enter_wal,
    inspect_file,
    plain_problem,
    user_version,
)
from mj_trainer.quizzes.store_schema import (
    SCHEMA_VERSION,
    bump_stats,
    local_day,
    migrate,
    parse_stamp,
    review_item,
    stamp,
)

__all__ = [  # the store's public names, wherever they are defined
    "SCHEMA_VERSION",
    "AnswerRecord",
    "CorruptDatabaseError",
    "DayStreak",
    "ForeignDatabaseError",
    "ItemStats",
    "NewerDatabaseError",
    "ProgressStore",
    "RoundRecord",
    "SetPosition",
    "SetProgress",
    "StoreError",
    "data_dir",
    "database_path",
    "stamp",
]

# --------------------------------------------------------------------------- the store


# How long a write waits for another program's lock before the answer goes to the
# pending journal instead (tests shorten it).
BUSY_TIMEOUT_MS = 5000


_OUTCOMES_SINCE: Final = 4  # the schema version that keeps each item's outcome


class ProgressStore:
    """The progress database.  Open with `ProgressStore.open()`; use as a context manager."""

    def __init__(self, path: Path, conn: sqlite3.Connection, reviewer: Reviewer) -> None:
        self.path = path
        self._conn = conn
        self.reviewer = reviewer
        # The UI may read statistics from a worker thread: one lock serialises use.
        self._lock = threading.RLock()
        self.journal = PendingJournal(path)
        self._rounds: dict[int, RoundInfo] = {}  # rounds started here, for the journal
        self._moved: dict[int, int] = {}  # a journal's round id -> the round recreated
        # What the learner should hear about (answers recovered or set aside); the app
        # shows these, the commands print them on stderr.
        self.notices: list[str] = []
        # Where notices go once someone listens (the app), instead of `notices`.
        self.on_notice: Callable[[str], None] | None = None
        self._told: set[str] = set()
        self.unkept_problem = ""  # why the answers held only in memory are there

    # ---- opening

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, *,
             reviewer: Reviewer | None = None, path: str | os.PathLike[str] | None = None
             ) -> ProgressStore:
        """Open (creating or migrating) the progress file; raises StoreError."""
        file = Path(path) if path is not None else database_path(data_dir)
        reviewer = reviewer or Reviewer()
        if disk_full(file):
            # Not even opened: SQLite maps its shared-memory file, and on a full disk a
            # write to that map can kill the process (SIGBUS, seen on ext4).
            raise StoreError(file, "cannot open: the disk is full (less than "
                                   f"{FULL_BELOW // 1024} KB free)",
                             "Free some space on it, then start again; the file was "
                             "not changed")
        check_file(file)
        if file.exists() and file.stat().st_size:
            inspect_file(file)
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(file, "cannot create the data directory: "
                                   f"{plain_problem(err)}") from None
        try:
            conn = sqlite3.connect(file, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                                   check_same_thread=False)
        except sqlite3.Error as err:
            raise StoreError(file, f"cannot open: {err}") from None
        try:
            version = user_version(conn)
            if version > SCHEMA_VERSION:  # written by a newer version since the check
                raise NewerDatabaseError(file, version, SCHEMA_VERSION)
            enter_wal(conn, BUSY_TIMEOUT_MS / 1000)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
            migrate(file, conn, version, reviewer)
        except sqlite3.OperationalError as err:  # locked, read-only, out of space...
            conn.close()
            raise StoreError(file, f"cannot open: {plain_problem(err, file)}") from None
        except sqlite3.DatabaseError as err:
            conn.close()
            raise CorruptDatabaseError(file, f"unreadable database: {err}", LEAVE_IT) from None
        except BaseException:
            conn.close()
            raise
        store = cls(file, conn, reviewer)
        store.journal.reserve()  # room for answers on a disk that fills up later
        with suppress(StoreError):
            store.flush_pending()  # answers a failed write left behind last time
        return store

    def close(self) -> None:
        with self._lock:
            with suppress(StoreError):
                self.flush_pending()  # the last chance for answers held in memory
            self._conn.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self._query("PRAGMA user_version")[0][0])

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed as a whole, or rolled back as a whole."""
        with self._lock:
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.DatabaseError as err:
                raise StoreError(self.path,
                                 f"cannot write: {plain_problem(err, self.path)}") from None
            try:
                yield conn
            except BaseException as err:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                # Locked, full disk, missing table, read-only, damaged: the file's state,
                # not a bug of ours (an IntegrityError is one, and stays itself).
                if isinstance(err, sqlite3.DatabaseError) and not isinstance(
                        err, sqlite3.IntegrityError):
                    raise StoreError(
                        self.path, f"cannot save: {plain_problem(err, self.path)}") from None
                raise
            try:
                conn.execute("COMMIT")
            except sqlite3.DatabaseError as err:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise StoreError(self.path,
                                 f"cannot save: {plain_problem(err, self.path)}") from None

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as err:
                raise StoreError(self.path,
                                 f"cannot read: {plain_problem(err, self.path)}") from None

    # ---- rounds and answers

    def start_round(self, *, source: str, source_name: str, ruleset: str,
                    kinds: Sequence[str], planned: int, now: datetime | None = None) -> int:
        info = RoundInfo(stamp(utc(now)), source, source_name, ruleset, ",".join(kinds),
                         planned)
        with self._tx() as conn:
            round_id = _insert_round(conn, info)
        self._rounds[round_id] = info
        return round_id

    def record_answer(self, round_id: int, record: AnswerRecord, *,
                      set_position: SetPosition | None = None,
                      now: datetime | None = None) -> int:
        """Save one answer, its statistics and review ratings, in one transaction."""
        if record.answered_at is None:
            record = replace(record, answered_at=utc(now))
        with self._tx() as conn:
            return self._insert_answer(conn, round_id, record, set_position)

    def _insert_answer(self, conn: sqlite3.Connection, round_id: int, record: AnswerRecord,
                       set_position: SetPosition | None) -> int:
        when = utc(record.answered_at)
        at = stamp(when)
        outcomes_kept = user_version(conn) >= _OUTCOMES_SINCE
        cur = conn.execute(
            "INSERT INTO answers (round_id, seq, answered_at, day, hand_id, hand, ruleset, "
            "kind, target, answer, expected, credit, correct, seconds, mistakes) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (round_id, record.seq, at, local_day(when), record.hand_id, record.hand,
             record.ruleset, record.kind, record.target,
             None if record.answer is None else json.dumps(record.answer),
             json.dumps(record.expected), record.credit, int(record.correct),
             record.seconds, json.dumps(record.mistakes)),
        )
        answer_id = cur.lastrowid
        assert answer_id is not None
        for item, ok in sorted(record.items.items()):
            outcome = record.outcome(item)
            if outcomes_kept:
                conn.execute("INSERT INTO answer_items (answer_id, item, ok, outcome) "
                             "VALUES (?, ?, ?, ?)",
                             (answer_id, item, int(ok), outcome.value))
            else:  # a file of an older schema (the migration tests write them)
                conn.execute("INSERT INTO answer_items (answer_id, item, ok) "
                             "VALUES (?, ?, ?)", (answer_id, item, int(ok)))
            bump_stats(conn, item, ok, at)
            # Review learns from what happened: a skip teaches nothing, an outranked
            # claim is a near miss (see review.rating_for_outcome).
            rating = rating_for_outcome(outcome, record.seconds, record.fast_seconds)
            if rating is not None:
                review_item(conn, self.reviewer, item, rating=rating, when=when,
                             seconds=record.seconds, answer_id=answer_id)
        conn.execute(
            "UPDATE rounds SET answered = answered + 1, score = score + ?, "
            "correct = correct + ?, seconds = seconds + ? WHERE id = ?",
            (record.credit, int(record.correct), record.seconds or 0.0, round_id),
        )
        if set_position is not None:
            _save_position(conn, set_position, at)
        return answer_id

    # ---- answers that could not be written yet (see pending.py)

    def save_answer(self, round_id: int, record: AnswerRecord, *,
                    set_position: SetPosition | None = None) -> Unsaved | None:
        """Record an answer, never losing it silently: None when it is in the database,
        else why not, and whether it waits on disk (the pending journal, written by a
        later call) or only in memory (`unkept`: lost if the program ends first)."""
        if record.answered_at is None:
            record = replace(record, answered_at=utc())
        pending = PendingAnswer(round_id, record, set_position, self._rounds.get(round_id))
        self.flush_pending()
        try:
            self._write_pending(pending)
        except StoreError as err:
            problem = err.problem
        except sqlite3.DatabaseError as err:  # refused by the file's content
            problem = f"cannot save: {plain_problem(err, self.path)}"
        else:
            return None
        kept = self.journal.add(pending)
        if not kept:
            self.unkept_problem = problem
        return Unsaved(problem, kept)

    def unkept(self) -> int:
        """How many answers only this process holds (neither in the database nor in the
        journal), after trying once more to write them."""
        with suppress(StoreError):
            self.flush_pending()
        if self.journal.unkept:
            for waiting in self.journal.unkept:  # the journal may have room again
                self.journal.add(waiting)
        return len(self.journal.unkept)

    def flush_pending(self) -> int:
        """Write the waiting answers, oldest first; returns how many still wait.

        An answer whose round is gone, or whose place in its round is taken by another
        answer (the database was replaced or restored), is written into its round
        recreated; one the database refuses for any other reason than the file's state
        (a lock, a full disk) is set aside in the aside file, with a notice: no answer
        stops the others."""
        waiting = self.journal.load()
        self._notice_damaged()
        if not waiting:
            return 0
        done: list[PendingAnswer] = []
        aside: list[PendingAnswer] = []
        stuck = 0
        for i, item in enumerate(waiting):
            try:
                self._write_pending(item)
            except StoreError:
                stuck = len(waiting) - i
                for rest in waiting[i:]:
                    if rest.in_memory:
                        self.journal.add(rest)  # on disk, if the journal has room again
                break
            except (sqlite3.DatabaseError, ValueError, TypeError, OverflowError) as err:
                aside.append(item)
                self._notice(
                    f"An answer given {_when(item)} could not be saved ({err}); it was set "
                    f"aside in {self.journal.aside}.")
            else:
                done.append(item)
        if aside:
            self.journal.set_aside(aside)
        self.journal.remove(done)
        return stuck

    def _notice_damaged(self) -> None:
        if self.journal.damaged:
            n = self.journal.damaged
            self.journal.damaged = 0
            self._notice(
                f"{n} damaged line{'s' if n != 1 else ''} of the journal of unsaved answers "
                f"({self.journal.path}) could not be read; set aside in {self.journal.aside}.")

    def _notice(self, text: str) -> None:
        """Tell the learner once: through `on_notice`, else kept in `notices`."""
        if text in self._told:
            return
        self._told.add(text)
        if self.on_notice is not None:
            self.on_notice(text)
        else:
            self.notices.append(text)

    def _readable(self, table: str, rows: Iterable[Sequence[Any]],
                  make: Callable[[Sequence[Any]], _T]) -> list[_T]:
        """`make` of each row; a row that cannot be read (a time that is not one, JSON
        that is not JSON: a file damaged by hand or by a disk) is told and left out."""
        out: list[_T] = []
        for row in rows:
            try:
                out.append(make(row))
            except _UNREADABLE as err:
                why = str(err) if isinstance(err, _BadColumn) else f"it cannot be read ({err})"
                self._notice(f"{self.path}: {table} row {row[0]!r}: {why}; it is left out")
        return out

    def _write_pending(self, item: PendingAnswer) -> None:
        """Write one waiting answer into its round (recreated if need be), unless the
        database holds it already."""
        with self._tx() as conn:
            round_id = self._round_for(conn, item)
            same = _same_answer(conn, round_id, item.record)
            if same is None:  # its place in the round holds another answer
                round_id = self._recreate_round(conn, item)
            elif same:
                return  # written before (a crash between the commit and the journal)
            self._insert_answer(conn, round_id, item.record, item.position)

    def _round_for(self, conn: sqlite3.Connection, item: PendingAnswer) -> int:
        """The id of the answer's round in this database, recreating a round gone."""
        round_id = self._moved.get(item.round_id, item.round_id)
        row = conn.execute("SELECT started_at FROM rounds WHERE id = ?",
                           (round_id,)).fetchone()
        if row is not None and (item.info is None or row[0] == item.info.started_at):
            return round_id
        return self._recreate_round(conn, item, same_id=row is None)

    def _recreate_round(self, conn: sqlite3.Connection, item: PendingAnswer, *,
                        same_id: bool = False) -> int:
        info = item.info or RoundInfo(
            stamp(utc(item.record.answered_at)), "recovered",
            "answers saved after a fault", item.record.ruleset, item.record.kind, 0)
        round_id = _insert_round(conn, info, item.round_id if same_id else None)
        self._moved[item.round_id] = round_id
        self._notice(
            f"An answer given {_when(item)} belonged to a round that is no longer in "
            f"{self.path}; it was saved in that round, recreated.")
        return round_id

    def discard_round(self, round_id: int) -> None:
        """Forget a round that has no answer (a round left before its first answer)."""
        round_id = self._moved.get(round_id, round_id)
        with self._tx() as conn:
            conn.execute("DELETE FROM rounds WHERE id = ? AND NOT EXISTS "
                         "(SELECT 1 FROM answers WHERE round_id = ?)", (round_id, round_id))

    def finish_round(self, round_id: int, *, now: datetime | None = None,
                     set_name: str | None = None) -> RoundRecord:
        """Mark a round finished and update its set's best score."""
        with suppress(StoreError):
            self.flush_pending()  # the round's answers first, if any still wait
        round_id = self._moved.get(round_id, round_id)
        at = stamp(utc(now))
        with self._tx() as conn:
            conn.execute("UPDATE rounds SET finished_at = COALESCE(finished_at, ?) WHERE id = ?",
                         (at, round_id))
            row = conn.execute(_ROUND_SELECT + " WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise KeyError(f"no round {round_id}")
            try:
                record = _round(row)
            except _UNREADABLE as err:
                raise StoreError(self.path, f"rounds row {round_id}: {err}") from None
            if set_name is not None:
                conn.execute("UPDATE set_progress SET rounds = rounds + 1, updated_at = ? "
                             "WHERE set_name = ?", (at, set_name))
                if record.planned and record.answered >= record.planned:
                    # Only a round played to the end can set a best score.
                    conn.execute(
                        "UPDATE set_progress SET "
                        "best_score = MAX(COALESCE(best_score, 0), ?), "
                        "best_accuracy = MAX(COALESCE(best_accuracy, 0), ?) "
                        "WHERE set_name = ?",
                        (record.score / record.planned, record.correct / record.planned,
                         set_name),
                    )
            return record

    def rounds(self, limit: int | None = None) -> list[RoundRecord]:
        """Round history, newest first."""
        sql = _ROUND_SELECT + " ORDER BY started_at DESC, id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return self._readable("rounds", self._query(sql), _round)

    def round(self, round_id: int) -> RoundRecord | None:
        rows = self._readable("rounds", self._query(_ROUND_SELECT + " WHERE id = ?",
                                                    (round_id,)), _round)
        return rows[0] if rows else None

    def answers(self, round_id: int | None = None) -> list[AnswerRecord]:
        """Answers in the order given (of one round, or all)."""
        where = " WHERE a.round_id = ?" if round_id is not None else ""
        args: tuple[Any, ...] = (round_id,) if round_id is not None else ()
        rows = self._query(
            "SELECT a.id, a.round_id, a.seq, a.answered_at, a.hand_id, a.hand, a.ruleset, "
            "a.kind, a.target, a.answer, a.expected, a.credit, a.correct, a.seconds, "
            "a.mistakes FROM answers a" + where + " ORDER BY a.answered_at, a.id", args)
        items: dict[int, dict[str, bool]] = {}
        outcomes: dict[int, dict[str, str]] = {}
        outcome_column = "outcome" if self.schema_version >= _OUTCOMES_SINCE else "NULL"
        for answer_id, item, ok, outcome in self._query(
                f"SELECT answer_id, item, ok, {outcome_column} FROM answer_items"):
            items.setdefault(answer_id, {})[item] = bool(ok)
            if outcome:
                outcomes.setdefault(answer_id, {})[item] = str(outcome)

        def record(row: Sequence[Any]) -> AnswerRecord:
            (aid, rid, seq, at, hand_id, hand, ruleset, kind, target, answer, expected,
             credit, correct, seconds, mistakes) = row
            return AnswerRecord(
                seq=seq, hand_id=hand_id, hand=hand, ruleset=ruleset, kind=kind,
                target=target,
                answer=None if answer is None else _col("answer", json.loads, answer),
                expected=_col("expected", json.loads, expected), credit=credit,
                correct=bool(correct), seconds=seconds,
                mistakes=_col("mistakes", json.loads, mistakes), items=items.get(aid, {}),
                answered_at=_col("answered_at", parse_stamp, at), round_id=rid, id=aid,
                outcomes=outcomes.get(aid, {}),
            )

        return self._readable("answers", rows, record)

    # ---- statistics

    def item_stats(self, kind: str | None = None, *, ruleset: str | None = None
                   ) -> list[ItemStats]:
        """Per-pattern ("pattern") and per-family ("family") statistics, or both; of one
        ruleset (by id) or of all."""
        sql = ("SELECT item, attempts, correct, streak, best_streak, first_seen, last_seen, "
               "last_ok FROM item_stats")
        args: tuple[Any, ...] = ()
        if kind is not None:
            sql += " WHERE item LIKE ?"
            args = (f"{kind}:%",)
        rows = self._query(sql + " ORDER BY item", args)
        outcomes = self._outcome_counts(args[0] if args else "%")
        found = self._readable("item_stats", rows, lambda r: ItemStats(
            r[0], r[1], r[2], r[3], r[4], _col("first_seen", parse_stamp, r[5]),
            _col("last_seen", parse_stamp, r[6]), bool(r[7]), outcomes.get(r[0], {})))
        if ruleset is not None:
            found = [s for s in found if s.ruleset == ruleset]
        return found

    def _outcome_counts(self, like: str) -> dict[str, dict[str, int]]:
        """item -> {outcome: answers}, for the items whose key is LIKE `like`."""
        if self.schema_version < _OUTCOMES_SINCE:
            return {}
        out: dict[str, dict[str, int]] = {}
        for item, outcome, n in self._query(
                "SELECT item, outcome, COUNT(*) FROM answer_items WHERE item LIKE ? "
                "AND outcome IS NOT NULL GROUP BY item, outcome", (like,)):
            out.setdefault(str(item), {})[str(outcome)] = int(n)
        return out

    def stats_for(self, item: str) -> ItemStats | None:
        return next((s for s in self.item_stats() if s.item == item), None)

    def missed_most(self, kind: str = "pattern", limit: int = 5, *,
                    ruleset: str | None = None) -> list[ItemStats]:
        """The items with the most mistakes (then the lowest accuracy), of one ruleset or
        of all; a skipped question is not a mistake (`ItemStats.misses`)."""
        found = [s for s in self.item_stats(kind, ruleset=ruleset) if s.misses]
        found.sort(key=lambda s: (-s.misses, s.accuracy, s.item))
        return found[:limit]

    def day_streak(self, today: date | None = None) -> DayStreak:
        """Days practised in a row (ending today, or yesterday if not yet today).

        A day counts once a question was answered on it: skipped questions alone (no
        answer kept) are not practice."""
        days = sorted(set(self._readable(
            "answers", self._query("SELECT MIN(id), day FROM answers"
                                   " WHERE answer IS NOT NULL GROUP BY day"),
            lambda r: _col("day", date.fromisoformat, r[1]))))
        if not days:
            return DayStreak(0, 0, 0)
        today = today or datetime.now().astimezone().date()
        best = run = 1
        for a, b in itertools.pairwise(days):
            run = run + 1 if b - a == timedelta(days=1) else 1
            best = max(best, run)
        have = set(days)
        start = today if today in have else today - timedelta(days=1)
        current = 0
        while start in have:
            current += 1
            start -= timedelta(days=1)
        return DayStreak(current, best, len(days), today in have)

    # ---- curated sets

    def set_progress(self, set_name: str) -> SetProgress | None:
        rows = self._readable("set_progress", self._query(
            _SET_SELECT + " WHERE set_name = ?", (set_name,)), _set)
        return rows[0] if rows else None

    def all_set_progress(self) -> list[SetProgress]:
        return self._readable("set_progress",
                              self._query(_SET_SELECT + " ORDER BY set_name"), _set)

    def save_set_position(self, position: SetPosition, now: datetime | None = None) -> None:
        with self._tx() as conn:
            _save_position(conn, position, stamp(utc(now)))

    # ---- small named values (course state)

    def meta_items(self, prefix: str) -> list[tuple[str, str]]:
        """(key, value) of the meta entries whose key starts with `prefix`."""
        rows = self._query("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? "
                           "ORDER BY key", (len(prefix), prefix))
        return [(str(k), str(v)) for k, v in rows]

    def set_meta(self, key: str, value: str) -> None:
        """Save a named value (the course's passed lessons); 'app' and the like are not
        for callers."""
        if ":" not in key:
            raise ValueError(f"meta keys written by callers are namespaced: {key!r}")
        with self._tx() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) "
                         "DO UPDATE SET value = excluded.value", (key, value))

    # ---- review

    def card(self, item: str) -> Card | None:
        cards = self._readable("cards", self._query(
            "SELECT item, card FROM cards WHERE item = ?", (item,)),
            lambda r: _col("card", Card.from_json, r[1]))
        return cards[0] if cards else None

    def review_cards(self) -> list[DueItem]:
        """Every card, soonest due first."""
        rows = self._query("SELECT item, card FROM cards ORDER BY due, item")

        def due(row: Sequence[Any]) -> DueItem:
            card = _col("card", Card.from_json, row[1])
            return DueItem(row[0], card.due, _col("card", State, card.state), card.stability)

        return self._readable("cards", rows, due)

    def due_items(self, now: datetime | None = None, *, limit: int | None = None,
                  kind: str | None = None, ruleset: str | None = None) -> list[DueItem]:
        """Cards due by `now`, most overdue first (patterns before families on ties);
        of one ruleset (by id) or of all."""
        cutoff = stamp(utc(now))
        found = [d for d in self.review_cards() if stamp(d.due) <= cutoff
                 and (kind is None or d.kind == kind)
                 and (ruleset is None or d.ruleset == ruleset)]
        found.sort(key=lambda d: (d.due, d.kind != "pattern", d.item))
        return found[:limit] if limit is not None else found

    def review_log(self, item: str | None = None) -> list[tuple[str, Rating, datetime]]:
        sql = "SELECT id, item, rating, reviewed_at FROM review_log"
        args: tuple[Any, ...] = ()
        if item is not None:
            sql += " WHERE item = ?"
            args = (item,)
        return self._readable("review_log", self._query(sql + " ORDER BY id", args),
                              lambda r: (r[1], _col("rating", Rating, r[2]),
                                         _col("reviewed_at", parse_stamp, r[3])))


# --------------------------------------------------------------------------- helpers

_ROUND_SELECT: Final = (
    "SELECT id, started_at, finished_at, source, source_name, ruleset, kinds, planned, "
    "answered, score, correct, seconds FROM rounds"
)
_SET_SELECT: Final = (
    "SELECT set_name, position, size, ord, seed, rounds, best_score, best_accuracy, "
    "updated_at FROM set_progress"
)


_T = TypeVar("_T")
_UNREADABLE: Final = (ValueError, TypeError, KeyError, AttributeError, OverflowError)


class _BadColumn(ValueError):
    """One column of a row that does not hold what it should."""

    def __init__(self, column: str, value: object) -> None:
        shown = repr(value)
        if len(shown) > 40:
            shown = shown[:39] + "…"
        super().__init__(f"its {column} cannot be read ({shown})")


def _col(column: str, read: Callable[[Any], _T], value: Any) -> _T:
    try:
        return read(value)
    except _UNREADABLE:
        raise _BadColumn(column, value) from None


def _round(r: Sequence[Any]) -> RoundRecord:
    return RoundRecord(
        id=r[0], started_at=_col("started_at", parse_stamp, r[1]),
        finished_at=_col("finished_at", parse_stamp, r[2]) if r[2] else None,
        source=r[3], source_name=r[4], ruleset=r[5],
        kinds=tuple(k for k in _col("kinds", lambda t: t.split(","), r[6]) if k), planned=r[7],
        answered=r[8], score=r[9], correct=r[10], seconds=r[11],
    )


def _set(r: Sequence[Any]) -> SetProgress:
    return SetProgress(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
                       _col("updated_at", parse_stamp, r[8]))


def _insert_round(conn: sqlite3.Connection, info: RoundInfo, round_id: int | None = None
                  ) -> int:
    cur = conn.execute(
        "INSERT INTO rounds (id, started_at, source, source_name, ruleset, kinds, planned) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (round_id, info.started_at, info.source, info.source_name, info.ruleset, info.kinds,
         info.planned),
    )
    assert cur.lastrowid is not None
    return cur.lastrowid


def _same_answer(conn: sqlite3.Connection, round_id: int, record: AnswerRecord
                 ) -> bool | None:
    """False: the round has no answer at this place; True: it has this very answer;
    None: it has another one there."""
    row = conn.execute("SELECT answered_at, hand_id, hand, kind, answer FROM answers "
                       "WHERE round_id = ? AND seq = ?", (round_id, record.seq)).fetchone()
    if row is None:
        return False
    answer = None if record.answer is None else json.dumps(record.answer)
    mine = (stamp(utc(record.answered_at)), record.hand_id, record.hand, record.kind, answer)
    return True if tuple(row) == mine else None


def _when(item: PendingAnswer) -> str:
    at = item.record.answered_at
    return f"on {utc(at):%Y-%m-%d at %H:%M} UTC" if at is not None else "earlier"


def _save_position(conn: sqlite3.Connection, p: SetPosition, at: str) -> None:
    conn.execute(
        "INSERT INTO set_progress (set_name, position, size, ord, seed, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(set_name) DO UPDATE SET "
        "position = excluded.position, size = excluded.size, ord = excluded.ord, "
        "seed = excluded.seed, updated_at = excluded.updated_at",
        (p.set_name, p.position, p.size, p.order, p.seed, at),
    )


