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

Schema (version 3)::

    meta(key PRIMARY KEY, value)                   app = 'mj-trainer', created_at
    rounds(id, started_at, finished_at, source, source_name, ruleset, kinds,
           planned, answered, score, correct, seconds)
    answers(id, round_id -> rounds, seq, answered_at, day, hand_id, hand, ruleset,
            kind, target, answer JSON, expected JSON, credit, correct, seconds,
            mistakes JSON)                          UNIQUE(round_id, seq)
    answer_items(answer_id -> answers, item, ok)    what each answer tested
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
review log.

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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine.ruleset import DEFAULT
from mj_trainer.quizzes.grading import (
    Grade,
    ItemKey,
    Tally,
    family_item,
    pattern_item,
    split_item,
)
from mj_trainer.quizzes.questions import answer_to_json
from mj_trainer.quizzes.review import Card, DueItem, Rating, Reviewer, State, rating_for, utc

APP_NAME: Final = "mj-trainer"
ENV_VAR: Final = "MJ_TRAINER_DATA_DIR"
FILE_NAME: Final = "progress.sqlite3"
SQLITE_HEADER: Final = b"SQLite format 3\x00"


# --------------------------------------------------------------------------- errors


class StoreError(Exception):
    """The progress file cannot be used; it has been left exactly as it was."""

    def __init__(self, path: Path, problem: str, advice: str = "") -> None:
        self.path = path
        self.problem = problem
        self.advice = advice
        text = f"{path}: {problem}"
        if advice:
            text += f". {advice}"
        super().__init__(text)


class CorruptDatabaseError(StoreError):
    """The file is not a readable SQLite database or fails its integrity check."""


class NewerDatabaseError(StoreError):
    """The file was written by a newer mj-trainer, with a schema this one does not know."""

    def __init__(self, path: Path, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(
            path,
            f"progress database schema version {found} is newer than this mj-trainer "
            f"supports (version {supported})",
            "Upgrade mj-trainer to use it; the file was not changed",
        )


class ForeignDatabaseError(StoreError):
    """An SQLite file that is not an mj-trainer progress database."""


_LEAVE_IT = ("The file was left untouched; move it aside (or choose another data "
             "directory) to start a fresh progress file")


# --------------------------------------------------------------------------- paths


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The directory for progress data: argument, then $MJ_TRAINER_DATA_DIR, then the
    platform's user data directory."""
    if override is not None and str(override):
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def database_path(override: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(override) / FILE_NAME


# --------------------------------------------------------------------------- time


def stamp(moment: datetime) -> str:
    """A sortable UTC text form of a time."""
    return utc(moment).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_stamp(text: str) -> datetime:
    return utc(datetime.fromisoformat(text.replace("Z", "+00:00")))


def local_day(moment: datetime) -> str:
    return utc(moment).astimezone().date().isoformat()


# --------------------------------------------------------------------------- schema


def _script(conn: sqlite3.Connection, sql: str) -> None:
    """Run statements one by one (executescript would commit the open transaction)."""
    for statement in sql.split(";"):
        if statement.strip():
            conn.execute(statement)


def _v1(conn: sqlite3.Connection, reviewer: Reviewer) -> None:
    _script(conn,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE rounds (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            source TEXT NOT NULL,
            source_name TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            kinds TEXT NOT NULL,
            planned INTEGER NOT NULL,
            answered INTEGER NOT NULL DEFAULT 0,
            score REAL NOT NULL DEFAULT 0,
            correct INTEGER NOT NULL DEFAULT 0,
            seconds REAL NOT NULL DEFAULT 0
        );
        CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            round_id INTEGER NOT NULL REFERENCES rounds(id),
            seq INTEGER NOT NULL,
            answered_at TEXT NOT NULL,
            day TEXT NOT NULL,
            hand_id TEXT NOT NULL,
            hand TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            kind TEXT NOT NULL,
            target TEXT,
            answer TEXT,
            expected TEXT NOT NULL,
            credit REAL NOT NULL,
            correct INTEGER NOT NULL,
            seconds REAL,
            mistakes TEXT NOT NULL,
            UNIQUE (round_id, seq)
        );
        CREATE INDEX answers_day ON answers(day);
        CREATE TABLE answer_items (
            answer_id INTEGER NOT NULL REFERENCES answers(id),
            item TEXT NOT NULL,
            ok INTEGER NOT NULL,
            PRIMARY KEY (answer_id, item)
        );
        CREATE TABLE item_stats (
            item TEXT PRIMARY KEY,
            attempts INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            streak INTEGER NOT NULL,
            best_streak INTEGER NOT NULL,
            first_seen TEXT NOT NULL,
            last_seen TEXT NOT NULL,
            last_ok INTEGER NOT NULL
        );
        CREATE TABLE set_progress (
            set_name TEXT PRIMARY KEY,
            position INTEGER NOT NULL,
            size INTEGER NOT NULL,
            ord TEXT NOT NULL,
            seed INTEGER,
            rounds INTEGER NOT NULL DEFAULT 0,
            best_score REAL,
            best_accuracy REAL,
            updated_at TEXT NOT NULL
        );
        """
    )
    conn.execute("INSERT INTO meta VALUES ('app', ?)", (APP_NAME,))
    conn.execute("INSERT INTO meta VALUES ('created_at', ?)", (stamp(utc()),))


def _v2(conn: sqlite3.Connection, reviewer: Reviewer) -> None:
    """Review cards; cards for answers given before version 2 are built from history."""
    _script(conn,
        """
        CREATE TABLE cards (
            item TEXT PRIMARY KEY,
            card TEXT NOT NULL,
            due TEXT NOT NULL,
            state INTEGER NOT NULL
        );
        CREATE INDEX cards_due ON cards(due);
        CREATE TABLE review_log (
            id INTEGER PRIMARY KEY,
            item TEXT NOT NULL,
            rating INTEGER NOT NULL,
            reviewed_at TEXT NOT NULL,
            duration_ms INTEGER,
            answer_id INTEGER REFERENCES answers(id)
        );
        """
    )
    rows = conn.execute(
        "SELECT a.id, a.answered_at, a.seconds, i.item, i.ok FROM answer_items i "
        "JOIN answers a ON a.id = i.answer_id ORDER BY a.answered_at, a.id, i.item"
    ).fetchall()
    for answer_id, at, seconds, item, ok in rows:
        # History has no "fast" threshold, so a right answer rates Good.
        _review_item(conn, reviewer, item, rating=rating_for(bool(ok), None, None),
                     when=parse_stamp(at), seconds=seconds, answer_id=answer_id)


def _v3(conn: sqlite3.Connection, reviewer: Reviewer) -> None:
    """Items of answers given under another ruleset than the default get that ruleset's
    name (``pattern:1.1`` -> ``pattern:1.1@classical``); the statistics and cards of the
    items involved are rebuilt from the answers and the review log, ratings kept."""
    rows = conn.execute(
        "SELECT i.answer_id, i.item, a.ruleset FROM answer_items i "
        "JOIN answers a ON a.id = i.answer_id WHERE a.ruleset != ? AND i.item NOT LIKE ?",
        (DEFAULT, "%@%"),
    ).fetchall()
    touched: set[str] = set()
    for answer_id, item, ruleset in rows:
        kind, ref = split_item(item)
        new = pattern_item(ref, ruleset) if kind == "pattern" else family_item(ref, ruleset)
        if new == item:
            continue
        conn.execute("UPDATE answer_items SET item = ? WHERE answer_id = ? AND item = ?",
                     (new, answer_id, item))
        conn.execute("UPDATE review_log SET item = ? WHERE answer_id = ? AND item = ?",
                     (new, answer_id, item))
        touched.update((item, new))
    for item in sorted(touched):
        _rebuild_item(conn, reviewer, item)


def _rebuild_item(conn: sqlite3.Connection, reviewer: Reviewer, item: str) -> None:
    """An item's statistics and review card computed again from the history."""
    conn.execute("DELETE FROM item_stats WHERE item = ?", (item,))
    conn.execute("DELETE FROM cards WHERE item = ?", (item,))
    answers = conn.execute(
        "SELECT a.answered_at, i.ok FROM answer_items i JOIN answers a ON a.id = i.answer_id "
        "WHERE i.item = ? ORDER BY a.answered_at, a.id", (item,)).fetchall()
    for at, ok in answers:
        _bump_stats(conn, item, bool(ok), at)
    reviews = conn.execute(
        "SELECT rating, reviewed_at, duration_ms FROM review_log WHERE item = ? ORDER BY id",
        (item,)).fetchall()
    card: Card | None = None
    for rating, at, ms in reviews:
        when = parse_stamp(at)
        card = card or reviewer.new_card(item, when)
        card, _log = reviewer.review(card, Rating(rating), when, ms)
    if card is not None:
        conn.execute("INSERT INTO cards (item, card, due, state) VALUES (?, ?, ?, ?)",
                     (item, card.to_json(), stamp(card.due), int(card.state)))


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection, Reviewer], None], ...]] = (
    _v1, _v2, _v3)
SCHEMA_VERSION: Final = len(MIGRATIONS)


def _review_item(conn: sqlite3.Connection, reviewer: Reviewer, item: str, *, rating: Rating,
                 when: datetime, seconds: float | None, answer_id: int | None) -> Card:
    row = conn.execute("SELECT card FROM cards WHERE item = ?", (item,)).fetchone()
    card = Card.from_json(row[0]) if row else reviewer.new_card(item, when)
    ms = int(seconds * 1000) if seconds is not None else None
    card, _log = reviewer.review(card, rating, when, ms)
    conn.execute(
        "INSERT INTO cards (item, card, due, state) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(item) DO UPDATE SET card = excluded.card, due = excluded.due, "
        "state = excluded.state",
        (item, card.to_json(), stamp(card.due), int(card.state)),
    )
    conn.execute(
        "INSERT INTO review_log (item, rating, reviewed_at, duration_ms, answer_id) "
        "VALUES (?, ?, ?, ?, ?)",
        (item, int(rating), stamp(when), ms, answer_id),
    )
    return card


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """One answer as stored: enough to show it again, export it and count it."""

    seq: int
    hand_id: str
    hand: str  # notation
    ruleset: str
    kind: str
    target: str | None
    answer: dict[str, Any] | None
    expected: dict[str, Any]
    credit: float
    correct: bool
    seconds: float | None
    mistakes: list[dict[str, Any]]
    items: dict[str, bool]
    fast_seconds: float | None = None
    answered_at: datetime | None = None
    round_id: int | None = None
    id: int | None = None

    @classmethod
    def from_grade(cls, seq: int, grade: Grade, *, fast_seconds: float | None = None,
                   answered_at: datetime | None = None) -> AnswerRecord:
        from mj_trainer.engine.notation import format_hand

        q = grade.question
        return cls(
            seq=seq,
            hand_id=q.hand_id,
            hand=format_hand(q.hand),
            ruleset=q.ruleset.id,
            kind=q.kind.value,
            target=q.target,
            answer=answer_to_json(grade.answer),
            expected=answer_to_json(q.expected()) or {},
            credit=grade.credit,
            correct=grade.correct,
            seconds=grade.seconds,
            mistakes=[{"kind": e.kind.value, "pattern_id": e.pattern_id, "rule_id": e.rule_id}
                      for e in grade.explanations],
            items=dict(grade.items),
            fast_seconds=fast_seconds,
            answered_at=answered_at,
        )


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round as the history keeps it (unfinished when the app stopped mid-round)."""

    id: int
    started_at: datetime
    finished_at: datetime | None
    source: str
    source_name: str
    ruleset: str
    kinds: tuple[str, ...]
    planned: int
    answered: int
    score: float
    correct: int
    seconds: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class ItemStats(ItemKey, Tally):
    """Attempts and accuracy of one pattern or family."""

    item: str
    attempts: int
    correct: int
    streak: int  # right answers in a row, up to the last one
    best_streak: int
    first_seen: datetime
    last_seen: datetime
    last_ok: bool


@dataclass(frozen=True, slots=True)
class SetProgress:
    """How far the learner is through a curated set, and their best round on it."""

    set_name: str
    position: int  # the next hand to ask, in the set's order
    size: int
    order: str  # "in_order" or "shuffled"
    seed: int | None
    rounds: int
    best_score: float | None  # best round score as a fraction of its questions
    best_accuracy: float | None
    updated_at: datetime

    @property
    def finished(self) -> bool:
        return self.position >= self.size > 0


@dataclass(frozen=True, slots=True)
class DayStreak:
    """Practice days: the current run, the longest run, and the days practised at all."""

    current: int  # consecutive days with practice, ending today or yesterday
    best: int
    days: int  # days with any practice
    practised_today: bool = False


@dataclass(frozen=True, slots=True)
class SetPosition:
    """Where a curated set stands after an answer (saved with the answer)."""

    set_name: str
    position: int
    size: int
    order: str
    seed: int | None


# --------------------------------------------------------------------------- the store


class ProgressStore:
    """The progress database.  Open with `ProgressStore.open()`; use as a context manager."""

    def __init__(self, path: Path, conn: sqlite3.Connection, reviewer: Reviewer) -> None:
        self.path = path
        self._conn = conn
        self.reviewer = reviewer
        # The UI may read statistics from a worker thread: one lock serialises use.
        self._lock = threading.RLock()

    # ---- opening

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, *,
             reviewer: Reviewer | None = None, path: str | os.PathLike[str] | None = None
             ) -> ProgressStore:
        """Open (creating or migrating) the progress file; raises StoreError."""
        file = Path(path) if path is not None else database_path(data_dir)
        reviewer = reviewer or Reviewer()
        _check_file(file)
        if file.exists() and file.stat().st_size:
            _inspect(file)
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(file, f"cannot create the data directory: {err.strerror}") from None
        try:
            conn = sqlite3.connect(file, isolation_level=None, timeout=5.0,
                                   check_same_thread=False)
        except sqlite3.Error as err:
            raise StoreError(file, f"cannot open: {err}") from None
        try:
            version = _user_version(conn)
            if version > SCHEMA_VERSION:  # written by a newer version since the check
                raise NewerDatabaseError(file, version, SCHEMA_VERSION)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA busy_timeout = 5000")
            _migrate(file, conn, version, reviewer)
        except sqlite3.OperationalError as err:  # locked, read-only, out of space...
            conn.close()
            raise StoreError(file, f"cannot open: {err}") from None
        except sqlite3.DatabaseError as err:
            conn.close()
            raise CorruptDatabaseError(file, f"unreadable database: {err}", _LEAVE_IT) from None
        except BaseException:
            conn.close()
            raise
        return cls(file, conn, reviewer)

    def close(self) -> None:
        with self._lock:
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
                raise StoreError(self.path, f"cannot write: {err}") from None
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            try:
                conn.execute("COMMIT")
            except sqlite3.DatabaseError as err:
                raise StoreError(self.path, f"cannot save: {err}") from None

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as err:
                raise StoreError(self.path, f"cannot read: {err}") from None

    # ---- rounds and answers

    def start_round(self, *, source: str, source_name: str, ruleset: str,
                    kinds: Sequence[str], planned: int, now: datetime | None = None) -> int:
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO rounds (started_at, source, source_name, ruleset, kinds, planned) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (stamp(utc(now)), source, source_name, ruleset, ",".join(kinds), planned),
            )
            assert cur.lastrowid is not None
            return cur.lastrowid

    def record_answer(self, round_id: int, record: AnswerRecord, *,
                      set_position: SetPosition | None = None,
                      now: datetime | None = None) -> int:
        """Save one answer, its statistics and review ratings, in one transaction."""
        when = utc(record.answered_at or now)
        at = stamp(when)
        with self._tx() as conn:
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
                conn.execute("INSERT INTO answer_items VALUES (?, ?, ?)",
                             (answer_id, item, int(ok)))
                _bump_stats(conn, item, ok, at)
                rating = rating_for(ok, record.seconds, record.fast_seconds)
                _review_item(conn, self.reviewer, item, rating=rating, when=when,
                             seconds=record.seconds, answer_id=answer_id)
            conn.execute(
                "UPDATE rounds SET answered = answered + 1, score = score + ?, "
                "correct = correct + ?, seconds = seconds + ? WHERE id = ?",
                (record.credit, int(record.correct), record.seconds or 0.0, round_id),
            )
            if set_position is not None:
                _save_position(conn, set_position, at)
            return answer_id

    def finish_round(self, round_id: int, *, now: datetime | None = None,
                     set_name: str | None = None) -> RoundRecord:
        """Mark a round finished and update its set's best score."""
        at = stamp(utc(now))
        with self._tx() as conn:
            conn.execute("UPDATE rounds SET finished_at = COALESCE(finished_at, ?) WHERE id = ?",
                         (at, round_id))
            row = conn.execute(_ROUND_SELECT + " WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise KeyError(f"no round {round_id}")
            record = _round(row)
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
        return [_round(r) for r in self._query(sql)]

    def round(self, round_id: int) -> RoundRecord | None:
        rows = self._query(_ROUND_SELECT + " WHERE id = ?", (round_id,))
        return _round(rows[0]) if rows else None

    def answers(self, round_id: int | None = None) -> list[AnswerRecord]:
        """Answers in the order given (of one round, or all)."""
        where = " WHERE a.round_id = ?" if round_id is not None else ""
        args: tuple[Any, ...] = (round_id,) if round_id is not None else ()
        rows = self._query(
            "SELECT a.id, a.round_id, a.seq, a.answered_at, a.hand_id, a.hand, a.ruleset, "
            "a.kind, a.target, a.answer, a.expected, a.credit, a.correct, a.seconds, "
            "a.mistakes FROM answers a" + where + " ORDER BY a.answered_at, a.id", args)
        items: dict[int, dict[str, bool]] = {}
        for answer_id, item, ok in self._query(
                "SELECT answer_id, item, ok FROM answer_items"):
            items.setdefault(answer_id, {})[item] = bool(ok)
        out = []
        for (aid, rid, seq, at, hand_id, hand, ruleset, kind, target, answer, expected,
             credit, correct, seconds, mistakes) in rows:
            out.append(AnswerRecord(
                seq=seq, hand_id=hand_id, hand=hand, ruleset=ruleset, kind=kind,
                target=target, answer=None if answer is None else json.loads(answer),
                expected=json.loads(expected), credit=credit, correct=bool(correct),
                seconds=seconds, mistakes=json.loads(mistakes), items=items.get(aid, {}),
                answered_at=parse_stamp(at), round_id=rid, id=aid,
            ))
        return out

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
        found = [ItemStats(r[0], r[1], r[2], r[3], r[4], parse_stamp(r[5]),
                           parse_stamp(r[6]), bool(r[7])) for r in rows]
        if ruleset is not None:
            found = [s for s in found if s.ruleset == ruleset]
        return found

    def stats_for(self, item: str) -> ItemStats | None:
        return next((s for s in self.item_stats() if s.item == item), None)

    def missed_most(self, kind: str = "pattern", limit: int = 5, *,
                    ruleset: str | None = None) -> list[ItemStats]:
        """The items with the most misses (then the lowest accuracy), of one ruleset or
        of all."""
        found = [s for s in self.item_stats(kind, ruleset=ruleset) if s.misses]
        found.sort(key=lambda s: (-s.misses, s.accuracy, s.item))
        return found[:limit]

    def day_streak(self, today: date | None = None) -> DayStreak:
        """Days practised in a row (ending today, or yesterday if not yet today)."""
        days = sorted({date.fromisoformat(r[0]) for r in
                       self._query("SELECT DISTINCT day FROM answers")})
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
        rows = self._query(_SET_SELECT + " WHERE set_name = ?", (set_name,))
        return _set(rows[0]) if rows else None

    def all_set_progress(self) -> list[SetProgress]:
        return [_set(r) for r in self._query(_SET_SELECT + " ORDER BY set_name")]

    def save_set_position(self, position: SetPosition, now: datetime | None = None) -> None:
        with self._tx() as conn:
            _save_position(conn, position, stamp(utc(now)))

    # ---- review

    def card(self, item: str) -> Card | None:
        rows = self._query("SELECT card FROM cards WHERE item = ?", (item,))
        return Card.from_json(rows[0][0]) if rows else None

    def review_cards(self) -> list[DueItem]:
        """Every card, soonest due first."""
        rows = self._query("SELECT item, card FROM cards ORDER BY due, item")
        out = []
        for item, text in rows:
            card = Card.from_json(text)
            out.append(DueItem(item, card.due, State(card.state), card.stability))
        return out

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
        sql = "SELECT item, rating, reviewed_at FROM review_log"
        args: tuple[Any, ...] = ()
        if item is not None:
            sql += " WHERE item = ?"
            args = (item,)
        return [(r[0], Rating(r[1]), parse_stamp(r[2]))
                for r in self._query(sql + " ORDER BY id", args)]


# --------------------------------------------------------------------------- helpers

_ROUND_SELECT: Final = (
    "SELECT id, started_at, finished_at, source, source_name, ruleset, kinds, planned, "
    "answered, score, correct, seconds FROM rounds"
)
_SET_SELECT: Final = (
    "SELECT set_name, position, size, ord, seed, rounds, best_score, best_accuracy, "
    "updated_at FROM set_progress"
)


def _round(r: Sequence[Any]) -> RoundRecord:
    return RoundRecord(
        id=r[0], started_at=parse_stamp(r[1]),
        finished_at=parse_stamp(r[2]) if r[2] else None, source=r[3], source_name=r[4],
        ruleset=r[5], kinds=tuple(k for k in r[6].split(",") if k), planned=r[7],
        answered=r[8], score=r[9], correct=r[10], seconds=r[11],
    )


def _set(r: Sequence[Any]) -> SetProgress:
    return SetProgress(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], parse_stamp(r[8]))


def _bump_stats(conn: sqlite3.Connection, item: str, ok: bool, at: str) -> None:
    row = conn.execute("SELECT streak, best_streak FROM item_stats WHERE item = ?",
                       (item,)).fetchone()
    if row is None:
        streak = 1 if ok else 0
        conn.execute("INSERT INTO item_stats VALUES (?, 1, ?, ?, ?, ?, ?, ?)",
                     (item, int(ok), streak, streak, at, at, int(ok)))
        return
    streak = row[0] + 1 if ok else 0
    conn.execute(
        "UPDATE item_stats SET attempts = attempts + 1, correct = correct + ?, streak = ?, "
        "best_streak = ?, last_seen = ?, last_ok = ? WHERE item = ?",
        (int(ok), streak, max(row[1], streak), at, int(ok), item),
    )


def _save_position(conn: sqlite3.Connection, p: SetPosition, at: str) -> None:
    conn.execute(
        "INSERT INTO set_progress (set_name, position, size, ord, seed, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(set_name) DO UPDATE SET "
        "position = excluded.position, size = excluded.size, ord = excluded.ord, "
        "seed = excluded.seed, updated_at = excluded.updated_at",
        (p.set_name, p.position, p.size, p.order, p.seed, at),
    )


def _check_file(path: Path) -> None:
    """Read the header without SQLite: refuse non-databases and newer schemas untouched."""
    if path.is_dir():
        raise StoreError(path, "is a directory, not a progress file")
    if not path.exists():
        return
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as err:
        raise StoreError(path, f"cannot read: {err.strerror}") from None
    if not header:
        return  # an empty file is a new database
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise CorruptDatabaseError(path, "not an SQLite database (the file header is wrong)",
                                   _LEAVE_IT)
    version = int.from_bytes(header[60:64], "big")
    if version > SCHEMA_VERSION:
        raise NewerDatabaseError(path, version, SCHEMA_VERSION)


def _user_version(conn: sqlite3.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def _inspect(path: Path) -> None:
    """Check an existing file through a read-only connection, so nothing is written.

    Reading a WAL-mode file makes SQLite create the ``-wal`` and ``-shm`` side files;
    when the file is refused, side files that this check created (and left empty) are
    removed again, so a refused file's directory looks exactly as it did.
    """
    sides = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = [p.exists() for p in sides]
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                               isolation_level=None, timeout=5.0)
    except sqlite3.Error as err:
        raise StoreError(path, f"cannot open: {err}") from None
    try:
        _check_connection(path, conn)
        if _user_version(conn):
            _check_meta(path, conn)
    except sqlite3.OperationalError as err:  # locked or unreadable, not damaged
        conn.close()
        _tidy(sides, existed)
        raise StoreError(path, f"cannot read: {err}") from None
    except sqlite3.DatabaseError as err:
        conn.close()
        _tidy(sides, existed)
        raise CorruptDatabaseError(path, f"the database is damaged: {err}", _LEAVE_IT) from None
    except StoreError:
        conn.close()
        _tidy(sides, existed)
        raise
    conn.close()


def _tidy(sides: list[Path], existed: list[bool]) -> None:
    wal = sides[0]
    if existed[0] or (wal.exists() and wal.stat().st_size):
        return
    for side, was_there in zip(sides, existed, strict=True):
        if not was_there:
            side.unlink(missing_ok=True)


def _check_connection(path: Path, conn: sqlite3.Connection) -> None:
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as err:
        raise CorruptDatabaseError(path, f"the database is damaged: {err}", _LEAVE_IT) from None
    problems = [str(r[0]) for r in rows if r and r[0] != "ok"]
    if problems:
        shown = "; ".join(problems[:3])
        raise CorruptDatabaseError(path, f"the database is damaged: {shown}", _LEAVE_IT)
    version = _user_version(conn)
    if version > SCHEMA_VERSION:
        raise NewerDatabaseError(path, version, SCHEMA_VERSION)
    if version == 0:
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            raise ForeignDatabaseError(
                path, "an SQLite database, but not an mj-trainer progress file", _LEAVE_IT)


def _check_meta(path: Path, conn: sqlite3.Connection) -> None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row is None or row[0] != APP_NAME:
        raise ForeignDatabaseError(
            path, "an SQLite database, but not an mj-trainer progress file", _LEAVE_IT)


def _migrate(path: Path, conn: sqlite3.Connection, version: int, reviewer: Reviewer) -> None:
    if version >= SCHEMA_VERSION:
        return
    if version > 0:
        _backup(path, conn, version)
    for target in range(version + 1, SCHEMA_VERSION + 1):
        step = MIGRATIONS[target - 1]
        conn.execute("BEGIN IMMEDIATE")
        try:
            step(conn, reviewer)
            conn.execute(f"PRAGMA user_version = {target}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def _backup(path: Path, conn: sqlite3.Connection, version: int) -> None:
    """A copy of the file as it was, before migrating it (kept if one already exists)."""
    target = path.with_name(f"{path.name}.v{version}.bak")
    if target.exists():
        return
    dest = sqlite3.connect(target)
    try:
        conn.backup(dest)
    finally:
        dest.close()
