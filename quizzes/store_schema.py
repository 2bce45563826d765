"""The progress file's schema and its migrations, and the writes that keep the
per-item statistics and review cards (shared by answers and migrations).

Older files are migrated in place, one transaction per step, after a backup copy
``progress.sqlite3.v<N>.bak``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Final

from mj_trainer.engine.ruleset import DEFAULT
from mj_trainer.quizzes.items import family_item, pattern_item, split_item
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.review import Card, Rating, Reviewer, rating_for, utc

APP_NAME: Final = "mj-trainer"  # written into the meta table; the file checks look for it


def stamp(moment: datetime) -> str:
    """A sortable UTC text form of a time, ``YYYY-MM-DDTHH:MM:SS.ffffffZ``, four digits
    of year always (strftime wrote the year 1 as ``1``, which does not read back)."""
    return utc(moment).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def parse_stamp(text: str) -> datetime:
    """A time written by `stamp` (or by an older mj-trainer, whose years before 1000
    were not padded); ValueError for anything else."""
    head, dash, rest = text.partition("-")
    if dash and head.isdigit() and len(head) < 4:
        text = head.zfill(4) + dash + rest
    return utc(datetime.fromisoformat(text.replace("Z", "+00:00")))


def local_day(moment: datetime) -> str:
    return utc(moment).astimezone().date().isoformat()


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
        review_item(conn, reviewer, item, rating=rating_for(bool(ok), None, None),
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
        rebuild_item(conn, reviewer, item)


def _v4(conn: sqlite3.Connection, reviewer: Reviewer) -> None:
    """Each answer item keeps what happened to it (right, missed, wrongly claimed, hint,
    skipped...).  Older answers get what their stored answer shows: a skipped question,
    or for a patterns answer whether the pattern was claimed too often or not enough;
    a wrong claim whose kind cannot be told is "wrong"."""
    conn.execute("ALTER TABLE answer_items ADD COLUMN outcome TEXT")
    rows = conn.execute(
        "SELECT i.answer_id, i.item, i.ok, a.answer, a.expected FROM answer_items i "
        "JOIN answers a ON a.id = i.answer_id").fetchall()
    for answer_id, item, ok, answer, expected in rows:
        outcome = _old_outcome(item, bool(ok), answer, expected)
        conn.execute("UPDATE answer_items SET outcome = ? WHERE answer_id = ? AND item = ?",
                     (outcome.value, answer_id, item))


def _old_outcome(item: str, ok: bool, answer: str | None, expected: str) -> ItemOutcome:
    if ok:
        return ItemOutcome.RIGHT
    if answer is None:
        return ItemOutcome.SKIPPED
    kind, ref = split_item(item)
    try:
        given = json.loads(answer).get("patterns")
        wanted = json.loads(expected).get("patterns")
    except (ValueError, AttributeError):
        return ItemOutcome.MISSED
    if kind != "pattern" or not isinstance(given, dict) or not isinstance(wanted, dict):
        return ItemOutcome.MISSED
    claimed, counts = given.get(ref, 0), wanted.get(ref, 0)
    if not isinstance(claimed, int) or not isinstance(counts, int) or claimed <= counts:
        return ItemOutcome.MISSED
    return ItemOutcome.TOO_MANY if counts else ItemOutcome.WRONG


def rebuild_item(conn: sqlite3.Connection, reviewer: Reviewer, item: str) -> None:
    """An item's statistics and review card computed again from the history."""
    conn.execute("DELETE FROM item_stats WHERE item = ?", (item,))
    conn.execute("DELETE FROM cards WHERE item = ?", (item,))
    answers = conn.execute(
        "SELECT a.answered_at, i.ok FROM answer_items i JOIN answers a ON a.id = i.answer_id "
        "WHERE i.item = ? ORDER BY a.answered_at, a.id", (item,)).fetchall()
    for at, ok in answers:
        bump_stats(conn, item, bool(ok), at)
    rebuild_card(conn, reviewer, item)


def rebuild_card(conn: sqlite3.Connection, reviewer: Reviewer, item: str) -> None:
    """An item's review card replayed from its review log (`Reviewer.answer`: right
    answers of the same sitting count once).  A log row that cannot be read is passed
    over; an item none of whose rows can be read keeps the card it has."""
    reviews = conn.execute(
        "SELECT rating, reviewed_at, duration_ms FROM review_log WHERE item = ? ORDER BY id",
        (item,)).fetchall()
    card: Card | None = None
    for rating, at, ms in reviews:
        try:
            when, rated = parse_stamp(at), Rating(rating)
        except (ValueError, TypeError, AttributeError):
            continue
        card = card or reviewer.new_card(item, when)
        card = reviewer.answer(card, rated, when, ms if isinstance(ms, int) else None)
    if card is not None:
        conn.execute("DELETE FROM cards WHERE item = ?", (item,))
        conn.execute("INSERT INTO cards (item, card, due, state) VALUES (?, ?, ?, ?)",
                     (item, card.to_json(), stamp(card.due), int(card.state)))


def _v5(conn: sqlite3.Connection, reviewer: Reviewer) -> None:
    """Review cards replayed from the review log with right answers of the same sitting
    counted once: cards that a long round had pushed out by months or years come back
    to what one answer a day earns.  Statistics and the log itself are unchanged."""
    items = [row[0] for row in conn.execute(
        "SELECT DISTINCT item FROM review_log WHERE item IS NOT NULL ORDER BY item")]
    for item in items:
        rebuild_card(conn, reviewer, str(item))


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection, Reviewer], None], ...]] = (
    _v1, _v2, _v3, _v4, _v5)


SCHEMA_VERSION: Final = len(MIGRATIONS)


def review_item(conn: sqlite3.Connection, reviewer: Reviewer, item: str, *, rating: Rating,
                 when: datetime, seconds: float | None, answer_id: int | None) -> Card:
    row = conn.execute("SELECT card FROM cards WHERE item = ?", (item,)).fetchone()
    card = None
    if row:
        # A card that cannot be read (damaged by hand or by a disk) starts again rather
        # than refuse every answer about its item; the review log keeps the history.
        with contextlib.suppress(ValueError, TypeError, KeyError, AttributeError):
            card = Card.from_json(row[0])
    card = card or reviewer.new_card(item, when)
    ms = int(seconds * 1000) if seconds is not None else None
    card = reviewer.answer(card, rating, when, ms)  # a same-sitting right answer confirms
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


def bump_stats(conn: sqlite3.Connection, item: str, ok: bool, at: str) -> None:
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


def migrate(path: Path, conn: sqlite3.Connection, version: int, reviewer: Reviewer) -> None:
    """Bring the file from `version` (as read when it was opened) to `SCHEMA_VERSION`.

    Other processes may open the same file at the same moment (three first starts on a
    fresh folder), so each step reads the version again once it holds the write lock
    and skips what another process has done meanwhile. A new file is built in one
    transaction: another process sees it absent or whole, never half made.
    """
    if version >= SCHEMA_VERSION:
        return
    if version > 0:
        backup(path, conn, version)
    # (first, last) version of each transaction
    spans = [(1, SCHEMA_VERSION)] if version == 0 else [
        (target, target) for target in range(version + 1, SCHEMA_VERSION + 1)]
    for first, last in spans:
        conn.execute("BEGIN IMMEDIATE")
        try:
            done = int(conn.execute("PRAGMA user_version").fetchone()[0])
            for target in range(max(first, done + 1), last + 1):
                MIGRATIONS[target - 1](conn, reviewer)
            if done < last:
                conn.execute(f"PRAGMA user_version = {last}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def backup(path: Path, conn: sqlite3.Connection, version: int) -> None:
    """A copy of the file as it was, before migrating it (kept if one already exists).

    The copy is made in a fresh temporary file and linked into place only where no
    file and no link stands: a symbolic link planted at the backup's name is never
    followed (the copy then takes the next free name, ``.v2.1.bak`` and so on).
    """
    target = path.with_name(f"{path.name}.v{version}.bak")
    if target.is_file() and not target.is_symlink():
        return
    n = 0
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.v{version}.{n}.bak")
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        dest = sqlite3.connect(tmp_name)
        try:
            conn.backup(dest)
        finally:
            dest.close()
        with contextlib.suppress(FileExistsError):
            os.link(tmp_name, target)
    finally:
        os.unlink(tmp_name)
